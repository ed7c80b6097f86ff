import { escapeHtml, isWebUrl, linkButtonHtml, mailLocale } from '@/lib/mail/layout';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('mailLocale', () => {
  it('keeps a language the shop speaks and falls back to Romanian otherwise', () => {
    expect(mailLocale('hu')).toBe('hu');
    expect(mailLocale('fr')).toBe('ro');
    expect(mailLocale('constructor')).toBe('ro');
  });
});

describe('linkButtonHtml', () => {
  it('links only http(s) addresses', () => {
    expect(isWebUrl('https://shop.example/a')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(linkButtonHtml('https://shop.example/a?b=1&c=2', 'Open')).toContain(
      'href="https://shop.example/a?b=1&amp;c=2"',
    );
    const unsafe = linkButtonHtml('javascript:alert("x")', 'Open');
    expect(unsafe).not.toContain('href=');
    expect(unsafe).toContain('javascript:alert(&quot;x&quot;)');
  });
});
