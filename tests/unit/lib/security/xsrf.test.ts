import { issuesXsrfCookie, needsXsrfCheck, newXsrfToken, sameToken } from '@/lib/security/xsrf';

describe('the anti-forgery rule', () => {
  it.each([
    ['POST', '/api/nmps/orders/order', true],
    ['PATCH', '/api/admin/payment', true],
    ['DELETE', '/api/users/user', true],
    ['POST', '/api/login', true],
    ['GET', '/api/admin/payment', false],
    ['HEAD', '/api/health', false],
    ['OPTIONS', '/api/eps/order', false],
    // The provider's signed notification and the sandbox provider's own form posts.
    ['POST', '/api/payments/netopia/notify', false],
    ['POST', '/api/payments/sandbox/pay', false],
    ['POST', '/ro/contact', false],
  ])('%s %s needs the header: %s', (method, path, expected) => {
    expect(needsXsrfCheck(method, path)).toBe(expected);
  });

  it('accepts only the cookie’s own value', () => {
    const token = newXsrfToken();
    expect(sameToken(token, token)).toBe(true);
    expect(sameToken(token, newXsrfToken())).toBe(false);
    expect(sameToken(token, null)).toBe(false);
    expect(sameToken(undefined, token)).toBe(false);
    expect(sameToken(token, `${token}x`)).toBe(false);
    expect(sameToken('', '')).toBe(false);
  });

  it.each([
    ['/api/xsrf-token', true],
    ['/api/nmps/orders/order', true],
    ['/admin', true],
    ['/admin/transactions', true],
    ['/ro', false],
    ['/ro/faq', false],
    ['/ro/vignette/car', false],
    ['/', false],
    ['/apiary', false],
    ['/administration', false],
  ])('an answer to %s hands out the cookie: %s', (path, expected) => {
    expect(issuesXsrfCookie(path)).toBe(expected);
  });
});
