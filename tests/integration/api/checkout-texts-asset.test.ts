import fs from 'node:fs';
import path from 'node:path';
import { GET } from '@/app/assets/checkout-texts/[file]/route';
import { checkoutTextsOf } from '@/lib/i18n/checkout-texts';
import { locales } from '@/lib/i18n/routing';
import { UNVERSIONED_CACHE_CONTROL, VERSIONED_CACHE_CONTROL } from '@/lib/i18n/texts-address';
import { messagesVersion } from '@/lib/i18n/texts-version.mjs';
import { withTextsVersion } from '@/tests/support/texts-version';

/** The version next.config.mjs gives a build of these messages. */
const VERSION = messagesVersion();
const ask = (file: string) =>
  GET(new Request(`http://shop.test/assets/checkout-texts/${file}`), { params: Promise.resolve({ file }) });

describe('GET /assets/checkout-texts/{lang}.{version}.json', () => {
  withTextsVersion(VERSION);

  it.each(locales)(
    "%s: answers the checkout's texts from that language's message file, kept for good",
    async (locale) => {
      const response = await ask(`${locale}.${VERSION}.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('cache-control')).toBe(VERSIONED_CACHE_CONTROL);
      const onDisk = JSON.parse(fs.readFileSync(path.join('messages', `${locale}.json`), 'utf8'));
      expect(await response.json()).toEqual(checkoutTextsOf(onDisk));
    },
  );

  it("answers an older release's address (a page still open) the current texts, kept a few minutes", async () => {
    for (const file of ['ro.000000000000.json', 'ro.json']) {
      const response = await ask(file);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe(UNVERSIONED_CACHE_CONTROL);
      expect(await response.json()).toEqual(await (await ask(`ro.${VERSION}.json`)).json());
    }
  });

  it.each(['xx.json', `xx.${VERSION}.json`, 'ro', 'ro.a%2Fb.json'])('answers 404 to %j', async (file) => {
    expect((await ask(file)).status).toBe(404);
  });
});
