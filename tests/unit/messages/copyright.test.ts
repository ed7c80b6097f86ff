import { COMPANY } from '@/lib/company';
import { locales } from '@/lib/i18n/routing';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

const messages = { ro, en, de, hu };

describe('the footer’s copyright line', () => {
  it.each(locales)('in %s writes the company name once, without a doubled full stop', (locale) => {
    const line = messages[locale].Footer.copyright
      .replace('{year}', String(COMPANY.foundingYear))
      .replace('{company}', COMPANY.name);
    expect(line).not.toMatch(/\.\./);
    expect(line.split(COMPANY.name)).toHaveLength(2);
  });
});
