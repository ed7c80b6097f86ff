import { GET as cardForm } from '@/app/sandbox-pay/[ntpId]/route';
import { sandboxPayments } from '@/lib/db/schema';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';
import { LIVE_SHOP_ENV, useProcessDatabase, withEnv } from '../../support/process-database';

/* The sandbox provider's card form (`GET /sandbox-pay/{ntpId}`), a route that answers HTML. */

let env: Awaited<ReturnType<typeof useProcessDatabase>>;
beforeAll(async () => {
  env = await useProcessDatabase();
}, 120_000);
afterAll(() => env.cleanup());

const open = (ntpId: string) =>
  cardForm(new Request(`http://localhost/sandbox-pay/${ntpId}`), { params: Promise.resolve({ ntpId }) });

const payment = (ntpId: string, status: number, language = 'de') => ({
  ntpId,
  orderId: `order-${ntpId}`,
  amountBani: 12345,
  currency: 'RON',
  description: 'd',
  email: 'a@b.ro',
  language,
  notifyUrl: 'http://127.0.0.1:3000/api/payments/netopia/notify',
  redirectUrl: 'http://localhost:3000/api/payments/return?orderId=x',
  expiresAt: new Date(Date.now() + 600_000),
  status,
});

beforeAll(async () => {
  await env.database.db
    .insert(sandboxPayments)
    .values([
      payment('open-row-001', NETOPIA_STATUS.NEW),
      payment('paid-row-001', NETOPIA_STATUS.PAID),
      payment('3ds--row-001', NETOPIA_STATUS.THREE_D_AUTH),
    ]);
});

it("shows an open payment's form in its language, as a page that is never kept", async () => {
  const answer = await open('open-row-001');
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  const html = await answer.text();
  expect(html).toContain('<html lang="de">');
  expect(html).toMatch(/data-testid="sandbox-amount">123,45\sRON</);
  expect(html).toContain('name="ntpId" value="open-row-001"');
});

it('sends a settled payment back through the sandbox, and a payment waiting for 3-D Secure to its step', async () => {
  const settled = await open('paid-row-001');
  expect(settled.status).toBe(303);
  expect(settled.headers.get('location')).toBe('/api/payments/sandbox/pay?ntpId=paid-row-001');
  const threeDs = await open('3ds--row-001');
  expect(threeDs.status).toBe(303);
  expect(threeDs.headers.get('location')).toBe('/sandbox-pay/3ds--row-001/3ds');
});

it('says so for a payment it does not know', async () => {
  const answer = await open('no-such-pay1');
  expect(answer.status).toBe(200);
  expect(await answer.text()).not.toContain('<form');
});

it('is not there unless the sandbox is the provider', async () => {
  await withEnv(LIVE_SHOP_ENV, async () => {
    expect((await open('open-row-001')).status).toBe(404);
  });
});
