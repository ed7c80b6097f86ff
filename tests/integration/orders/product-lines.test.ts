import { count, eq } from 'drizzle-orm';
import { GET as shopStatusRoute } from '@/app/api/admin/shop-status/route';
import { POST as postTopUpOrder } from '@/app/api/eps/order/route';
import { POST as postVignetteOrder } from '@/app/api/nmps/orders/order/route';
import { POST as postQuote } from '@/app/api/nmps/orders/quote/route';
import { POST as payAgainRoute } from '@/app/api/orders/[orderId]/payment/route';
import { orders, sandboxPayments } from '@/lib/db/schema';
import { describeOnProcessDrivers, staff } from '../admin/admin-fixtures';
import { jsonRequest, noParams, withEnv } from '../../support/process-database';
import { hungarianDay, placeVignetteOrder } from '../../support/purchases';

/*
 * A closed product line (lib/config/live-mode.ts): in live mode, a line whose provider is still the sandbox is not
 * sold. Its quote, order and "pay again" answer 503 PRODUCT_LINE_CLOSED before anything is recorded and before the
 * payment provider is asked; the back-office is told which line and why.
 */

/** Live mode, the payment provider unreachable: a call to it would fail the test with something else than 503. */
const LIVE = {
  PAYMENT_PROVIDER: 'netopia',
  NETOPIA_API_URL: 'https://127.0.0.1:9/',
  NETOPIA_API_KEY: 'live-key',
  NETOPIA_POS_SIGNATURE: 'LIVE-POS',
  NETOPIA_PUBLIC_KEY: 'live-public-key',
  JWT_SECRET: 'a-live-secret-that-is-long-enough-to-sign',
  EFACTURA_PROVIDER: 'off',
  VIGNETTE_ISSUER: undefined,
  TOPUP_PROVIDER: undefined,
};
const ISSUER = {
  VIGNETTE_ISSUER: 'http',
  VIGNETTE_ISSUER_URL: 'https://issuer.example/v1',
  VIGNETTE_ISSUER_TOKEN: 'a-token-of-the-issuer-gateway',
};

const vignetteItems = [
  { categoryCode: 'CAR', type: 'WEEK', startDate: hungarianDay(1), plate: 'B123ABC', country: 'RO' },
];
const vignetteOrder = { items: vignetteItems, email: 'driver@example.ro', locale: 'ro', acceptTerms: true };
const topUpOrder = {
  operatorId: 'orange',
  productId: 'orange-5',
  phone: '0712345678',
  phoneConfirm: '0712345678',
  email: 'driver@example.ro',
  locale: 'ro',
  acceptTerms: true,
};

const closedAnswer = async (response: Response) => ({
  status: response.status,
  code: ((await response.json()) as { error: { code: string } }).error.code,
});

describeOnProcessDrivers('product lines', (db) => {
  const orderCount = async () => (await db().select({ n: count() }).from(orders))[0]!.n;

  it('in live mode with the sandboxes, the quote and the orders of both lines answer 503 PRODUCT_LINE_CLOSED and record nothing', async () => {
    const before = await orderCount();
    await withEnv(LIVE, async () => {
      expect(
        await closedAnswer(
          await postQuote(
            jsonRequest('/api/nmps/orders/quote', { body: { items: vignetteItems } }),
            noParams,
          ),
        ),
      ).toEqual({ status: 503, code: 'PRODUCT_LINE_CLOSED' });
      expect(
        await closedAnswer(
          await postVignetteOrder(jsonRequest('/api/nmps/orders/order', { body: vignetteOrder }), noParams),
        ),
      ).toEqual({ status: 503, code: 'PRODUCT_LINE_CLOSED' });
      expect(
        await closedAnswer(
          await postTopUpOrder(jsonRequest('/api/eps/order', { body: topUpOrder }), noParams),
        ),
      ).toEqual({ status: 503, code: 'PRODUCT_LINE_CLOSED' });
      // Even a body that is not valid: the line is closed whatever is asked.
      expect((await postTopUpOrder(jsonRequest('/api/eps/order', { body: {} }), noParams)).status).toBe(503);
    });
    expect(await orderCount()).toBe(before);
  });

  it('a line with a real provider is sold in live mode: its quote is answered', async () => {
    await withEnv({ ...LIVE, ...ISSUER }, async () => {
      const quote = await postQuote(
        jsonRequest('/api/nmps/orders/quote', { body: { items: vignetteItems } }),
        noParams,
      );
      expect(quote.status).toBe(200);
      expect(
        await closedAnswer(
          await postTopUpOrder(jsonRequest('/api/eps/order', { body: topUpOrder }), noParams),
        ),
      ).toEqual({ status: 503, code: 'PRODUCT_LINE_CLOSED' });
    });
  });

  it('"pay again" of an order of a closed line is refused before the provider is asked', async () => {
    const orderId = await placeVignetteOrder({ plates: ['CJ01ABC'] });
    await db().update(orders).set({ status: 'FAILED' }).where(eq(orders.id, orderId));
    const payments = async () => (await db().select({ n: count() }).from(sandboxPayments))[0]!.n;
    const paymentsBefore = await payments();
    await withEnv(LIVE, async () => {
      const answer = await payAgainRoute(jsonRequest(`/api/orders/${orderId}/payment`, { body: {} }), {
        params: Promise.resolve({ orderId }),
      });
      expect(await closedAnswer(answer)).toEqual({ status: 503, code: 'PRODUCT_LINE_CLOSED' });
    });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('FAILED');
    expect(order!.paymentAttempts).toBe(1);
    expect(await payments()).toBe(paymentsBefore);
  });

  it('the back-office is told which lines are closed and why, and that e-Factura is off; nothing in sandbox mode', async () => {
    const { token } = await staff(db(), 'status-operator', 'OPERATOR');
    const authorization = `Bearer ${token}`;
    const status = async () => {
      const answer = await shopStatusRoute(
        jsonRequest('/api/admin/shop-status', { headers: { authorization } }),
        noParams,
      );
      expect(answer.status).toBe(200);
      return answer.json();
    };
    await withEnv({ ...LIVE, ...ISSUER }, async () => {
      expect(await status()).toEqual({
        live: true,
        lines: [
          { line: 'vignettes', sold: true },
          { line: 'topUps', sold: false, variable: 'TOPUP_PROVIDER' },
        ],
        efactura: 'off',
        deadLetters: 0,
        failedDeliveries: 0,
        efacturaStuck: 0,
      });
    });
    expect(await status()).toMatchObject({
      live: false,
      lines: [
        { line: 'vignettes', sold: true },
        { line: 'topUps', sold: true },
      ],
    });
    const anonymous = await shopStatusRoute(jsonRequest('/api/admin/shop-status'), noParams);
    expect(anonymous.status).toBe(401);
  });
});
