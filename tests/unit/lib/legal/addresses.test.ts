import { splitAddresses } from '@/lib/legal/addresses';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

describe('the web addresses in a legal text', () => {
  it('leaves a text without an address whole', () => {
    expect(splitAddresses('Folosim cookie-uri.')).toEqual([{ text: 'Folosim cookie-uri.' }]);
    expect(splitAddresses('')).toEqual([{ text: '' }]);
  });

  it('cuts out an address with its scheme, its path and its query', () => {
    expect(splitAddresses('Google Chrome: https://support.google.com/chrome/answer/95647?hl=ro')).toEqual([
      { text: 'Google Chrome: ' },
      {
        address: 'https://support.google.com/chrome/answer/95647?hl=ro',
        href: 'https://support.google.com/chrome/answer/95647?hl=ro',
      },
    ]);
  });

  it('links a bare domain over https, and leaves the punctuation of the sentence out of every address', () => {
    expect(
      splitAddresses(
        'ANPC (anpc.ro), SAL: anpc.ro/ce-este-sal. Or http://example.org/a; www.dataprotection.ro!',
      ),
    ).toEqual([
      { text: 'ANPC (' },
      { address: 'anpc.ro', href: 'https://anpc.ro' },
      { text: '), SAL: ' },
      { address: 'anpc.ro/ce-este-sal', href: 'https://anpc.ro/ce-este-sal' },
      { text: '. Or ' },
      { address: 'http://example.org/a', href: 'http://example.org/a' },
      { text: '; ' },
      { address: 'www.dataprotection.ro', href: 'https://www.dataprotection.ro' },
      { text: '!' },
    ]);
  });

  it('leaves e-mail addresses, company forms and version numbers as words', () => {
    const text =
      'Scrieți la office@roadpartners.ro sau contact@anpc.ro: Road Partners S.R.L., versiunea 1.2.';
    expect(splitAddresses(text)).toEqual([{ text }]);
  });

  it('finds every address the legal texts hold, in all four languages, and loses no character', () => {
    for (const messages of [ro, en, de, hu]) {
      const texts = JSON.stringify([messages.CookiePolicyPage, messages.PrivacyPage, messages.TermsPage])
        .match(/"(?:[^"\\]|\\.)*"/g)!
        .map((quoted) => JSON.parse(quoted) as string);
      const links = texts.flatMap((text) => {
        const parts = splitAddresses(text);
        expect(parts.map((part) => ('text' in part ? part.text : part.address)).join('')).toBe(text);
        return parts.flatMap((part) => ('href' in part ? [part.href] : []));
      });
      expect(new Set(links.filter((href) => !href.includes('support.')))).toEqual(
        new Set(['https://www.dataprotection.ro', 'https://anpc.ro', 'https://anpc.ro/ce-este-sal']),
      );
      expect(links.filter((href) => href.includes('support.'))).toHaveLength(4);
      for (const href of links) expect(new URL(href).protocol).toBe('https:');
    }
  });
});
