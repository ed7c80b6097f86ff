import { expect, test } from '@playwright/test';
import { XSRF_HEADERS } from './support/xsrf';

/*
 * Anti-forgery through the running server (docs/decisions/0010-anti-forgery-double-submit.md): the cookie is handed
 * out, and a non-GET API call that does not echo it is refused before any handler runs, whoever the caller claims to
 * be.
 */

test('a first response sets the XSRF-TOKEN cookie, readable by the page and kept for the session', async ({
  request,
}) => {
  const response = await request.get('/api/health');
  const cookie = response
    .headersArray()
    .find((header) => header.name.toLowerCase() === 'set-cookie' && header.value.startsWith('XSRF-TOKEN='));
  expect(cookie?.value).toMatch(/^XSRF-TOKEN=[0-9a-f-]{36}; Path=\//);
  expect(cookie?.value).not.toMatch(/HttpOnly|Expires|Max-Age/i);
});

// The purchase walks (vignette-flow, purchase-recovery) post from such a page: the client asks /api/xsrf-token first.
test('a public page carries no Set-Cookie, so a shared cache may keep it', async ({ request }) => {
  for (const path of ['/ro', '/ro/faq', '/hu/vignette/car', '/en/prepay/orange']) {
    const response = await request.get(path, { headers: { cookie: '' } });
    expect(response.status()).toBe(200);
    expect(response.headersArray().filter((header) => header.name.toLowerCase() === 'set-cookie')).toEqual(
      [],
    );
  }
});

for (const [method, path] of [
  ['POST', '/api/login'],
  ['POST', '/api/eps/order'],
  ['PATCH', '/api/admin/payment'],
  ['DELETE', '/api/users/user?uuid=x'],
] as const) {
  test(`${method} ${path} without X-XSRF-TOKEN is refused with 403`, async ({ playwright, baseURL }) => {
    // A fresh context: no cookie at all, as a forged cross-site form post would arrive.
    const request = await playwright.request.newContext({ baseURL });
    const response = await request.fetch(path, { method, data: {} });
    expect(response.status()).toBe(403);
    expect((await response.json()).error.code).toBe('FORBIDDEN');
    // The same call with a cookie and a header that differ is refused too.
    const mismatched = await request.fetch(path, {
      method,
      data: {},
      headers: { cookie: 'XSRF-TOKEN=one-value', 'x-xsrf-token': 'another-value' },
    });
    expect(mismatched.status()).toBe(403);
    await request.dispose();
  });
}

test('with the cookie echoed, the call reaches its handler', async ({ request }) => {
  const response = await request.post('/api/login', {
    headers: XSRF_HEADERS,
    data: { username: 'nobody', password: 'wrong' },
  });
  expect(response.status()).toBe(401);
});

test("the payment provider's notification needs no anti-forgery header: its signature is checked instead", async ({
  request,
}) => {
  const response = await request.post('/api/payments/netopia/notify', { data: {} });
  // Past the anti-forgery check, refused by the handler for its missing signature, in the provider's answer shape.
  expect(response.status()).toBe(401);
  expect(await response.json()).toMatchObject({ errorType: 2 });
});
