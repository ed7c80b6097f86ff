import fs from 'node:fs';
import path from 'node:path';
import { GET, generateStaticParams } from '@/app/assets/checkout-texts/[file]/route';
import { checkoutTextsOf } from '@/lib/i18n/checkout-texts';
import { locales } from '@/lib/i18n/routing';

describe('GET /assets/checkout-texts/{lang}.json', () => {
  it('is built for every language', () => {
    expect(generateStaticParams()).toEqual(locales.map((locale) => ({ file: `${locale}.json` })));
  });

  it.each(locales)("%s: answers the checkout's texts from that language's message file", async (locale) => {
    const response = await GET(new Request(`http://shop.test/assets/checkout-texts/${locale}.json`), {
      params: Promise.resolve({ file: `${locale}.json` }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const onDisk = JSON.parse(fs.readFileSync(path.join('messages', `${locale}.json`), 'utf8'));
    expect(await response.json()).toEqual(checkoutTextsOf(onDisk));
  });
});
