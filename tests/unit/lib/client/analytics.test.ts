import { beaconPath, beaconReferrer } from '@/lib/client/analytics';

describe('the page-view beacon', () => {
  it.each([
    ['ro', '/', '/ro'],
    ['en', '/faq/vignette', '/en/faq/vignette'],
    ['de', '/order/Xy7-abc_123', '/de/order/[orderId]'],
    ['hu', '/order/Xy7-abc_123/anything', '/hu/order/[orderId]/anything'],
  ])('in %s, %s is reported as %s', (locale, pathname, expected) => {
    expect(beaconPath(locale, pathname)).toBe(expected);
  });

  it('names only the referring site, never its path (a shop page with an order id)', () => {
    expect(beaconReferrer('https://shop.example/ro/order/Xy7-abc_123?x=1')).toBe('https://shop.example');
    expect(beaconReferrer('')).toBeUndefined();
    expect(beaconReferrer('not a url')).toBeUndefined();
  });
});
