import { contentSecurityPolicy, needsNoncePolicy, STATIC_POLICY_SOURCE } from '@/lib/security/headers.mjs';

/** next.config's source as the regular expression Next makes of it (`/:path(<pattern>)`). */
const staticPolicyApplies = (pathname: string) =>
  new RegExp(`^/${/^\/:path\((.*)\)$/.exec(STATIC_POLICY_SOURCE)![1]}$`).test(pathname);

describe('which pages get the nonce policy', () => {
  const perRequest = [
    '/admin',
    '/admin/orders',
    '/ro/order/abc',
    '/de/order/abc',
    '/hu/payment/successful',
    '/en/payment/timeout',
    '/ro/order/abc/',
    '/hu/orders',
    '/ro/orders/sign-in',
    '/hu/reminders/again',
    '/de/reminders/unsubscribe',
  ];
  const prerendered = [
    '/',
    '/ro',
    '/ro/faq',
    '/ro/vignette/car',
    '/ro/orders/other',
    '/ro/order',
    '/ro/order/a/b',
    '/ro/payment',
    '/ro/payment/other',
    '/ro/payments',
    '/ro/reminders',
    '/administrator',
    '/api/orders/abc',
  ];

  it('the back-office and the buyer’s order, payment outcome and my orders pages, rendered per request', () => {
    for (const pathname of perRequest) expect(needsNoncePolicy(pathname)).toBe(true);
    for (const pathname of prerendered) expect(needsNoncePolicy(pathname)).toBe(false);
  });

  it('and next.config gives the static policy to exactly the others', () => {
    for (const pathname of perRequest) expect(staticPolicyApplies(pathname)).toBe(false);
    for (const pathname of prerendered) expect(staticPolicyApplies(pathname)).toBe(true);
  });

  it("allows only the nonce's scripts and the named hashes, never 'unsafe-inline'", () => {
    const policy = contentSecurityPolicy({}, { nonce: 'bm9uY2U=', hashes: ['sha256-abc='] });
    const scripts = policy.split('; ').find((directive) => directive.startsWith('script-src '))!;
    expect(scripts).toBe("script-src 'self' 'nonce-bm9uY2U=' 'sha256-abc=' 'strict-dynamic'");
    expect(contentSecurityPolicy({})).toContain("script-src 'self' 'unsafe-inline'");
  });
});
