import { GET as i18n } from '@/app/assets/i18n/[file]/route';
import { GET as payAgain } from '@/app/assets/pay-again-texts/[file]/route';
import { PENDING_CHECKOUT_TEXT_KEYS } from '@/components/order/pending-checkout-texts';
import { UNVERSIONED_CACHE_CONTROL, VERSIONED_CACHE_CONTROL } from '@/lib/i18n/texts-address';
import de from '@/messages/de.json';
import ro from '@/messages/ro.json';
import { withTextsVersion } from '@/tests/support/texts-version';

/*
 * The files of texts a page fetches later (the checkout's have their own file): at this build's version kept for
 * good, at any other address the same texts kept a few minutes (docs/decisions/0031-*.md).
 */

const VERSION = 'abcdef012345';
const ask = (route: typeof i18n, kind: string, file: string) =>
  route(new Request(`http://shop.test/assets/${kind}/${file}`), { params: Promise.resolve({ file }) });

withTextsVersion(VERSION);

describe('GET /assets/pay-again-texts/{lang}.{version}.json', () => {
  it('answers the offer to continue a payment in that language, without the outcome page’s other texts', async () => {
    const response = await ask(payAgain, 'pay-again-texts', `ro.${VERSION}.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(VERSIONED_CACHE_CONTROL);
    const texts = await response.json();
    expect(Object.keys(texts)).toEqual([...PENDING_CHECKOUT_TEXT_KEYS]);
    for (const key of PENDING_CHECKOUT_TEXT_KEYS) expect(texts[key]).toEqual(ro.PayAgain[key]);
  });

  it("answers another version's address the same texts, kept a few minutes", async () => {
    const response = await ask(payAgain, 'pay-again-texts', 'ro.012345abcdef.json');
    expect(response.headers.get('cache-control')).toBe(UNVERSIONED_CACHE_CONTROL);
    expect(Object.keys(await response.json())).toEqual([...PENDING_CHECKOUT_TEXT_KEYS]);
  });
});

describe('GET /assets/i18n/{lang}.{version}.json', () => {
  it("answers the language's dictionary, kept for good at this build's version", async () => {
    const response = await ask(i18n, 'i18n', `de.${VERSION}.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(VERSIONED_CACHE_CONTROL);
    expect(await response.json()).toEqual(de);
  });

  it('answers the address without a version (other clients: the mobile app) the same, kept a few minutes', async () => {
    const response = await ask(i18n, 'i18n', 'de.json');
    expect(response.headers.get('cache-control')).toBe(UNVERSIONED_CACHE_CONTROL);
    expect(await response.json()).toEqual(de);
  });

  it('answers 404 to a language that is not one of the four', async () => {
    expect((await ask(i18n, 'i18n', `xx.${VERSION}.json`)).status).toBe(404);
  });
});
