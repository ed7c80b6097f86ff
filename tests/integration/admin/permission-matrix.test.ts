import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { GET as eps } from '@/app/api/eps/utils/transaction/details/route';
import { GET as auditLog } from '@/app/api/admin/audit/route';
import { GET as topUpProducts, PUT as saveTopUpProducts } from '@/app/api/admin/catalog/topup-products/route';
import {
  GET as vignettePrices,
  PUT as saveVignettePrices,
} from '@/app/api/admin/catalog/vignette-prices/route';
import { GET as exchangeRate, PUT as setExchangeRate } from '@/app/api/admin/exchange-rate/route';
import { GET as invoiceList } from '@/app/api/admin/invoices/route';
import { GET as daily } from '@/app/api/admin/payment/daily/route';
import { GET as exportExcel } from '@/app/api/admin/payment/export/excel/route';
import { GET as exportXml } from '@/app/api/admin/payment/export/xml/route';
import { GET as payments, PATCH as markActive } from '@/app/api/admin/payment/route';
import { POST as cancelOrder } from '@/app/api/admin/payment/cancel/route';
import { PATCH as correctBilling } from '@/app/api/admin/payment/billing/route';
import { PATCH as changeEmail } from '@/app/api/admin/payment/email/route';
import { PATCH as correctItem } from '@/app/api/admin/payment/item/route';
import { POST as refund } from '@/app/api/admin/payment/refund/route';
import { POST as staffResend } from '@/app/api/admin/payment/resend/route';
import { POST as retry } from '@/app/api/admin/payment/retry/route';
import { GET as invoicePdf } from '@/app/api/invoice/route';
import { GET as nmps } from '@/app/api/nmps/utils/transaction/details/route';
import { POST as changePass } from '@/app/api/users/change-pass/route';
import { POST as reset } from '@/app/api/users/reset/route';
import { GET as roles } from '@/app/api/users/roles/route';
import { GET as users } from '@/app/api/users/route';
import { POST as signUp } from '@/app/api/users/sign-up/route';
import { DELETE as removeUser, GET as user } from '@/app/api/users/user/route';
import { ROLE_PERMISSIONS, type Authority } from '@/lib/auth/permissions';
import { currentBudapestYear } from '@/lib/catalog/price-table';
import { hashPassword } from '@/lib/auth/password';
import { issueToken, signingSecret } from '@/lib/auth/tokens';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { orderItems, sandboxPayments, users as userTable } from '@/lib/db/schema';
import { fulfilPaidOrders, MAX_ISSUE_ATTEMPTS } from '@/lib/orders/fulfilment';
import { createTopUpOrder } from '@/lib/orders/create-topup-order';
import { createVignetteOrder } from '@/lib/orders/create-vignette-order';
import { applyPaymentStatus } from '@/lib/payments/notifications';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';

/*
 * Every secured endpoint × every kind of caller: no token, a tampered token, an expired token, a removed
 * user's token → 401; OPERATOR → 200 only with the authority its role grants, else 403; ADMIN → success.
 */

type Env = Awaited<ReturnType<typeof useProcessDatabase>>;
let env: Env;
const db = () => env.database.db;

type Call = (authorization: string | undefined) => Promise<Response>;
interface Endpoint {
  name: string;
  authority: Authority;
  call: Call;
}

const headers = (authorization?: string): Record<string, string> => (authorization ? { authorization } : {});
const get =
  (handler: (request: Request, context: typeof noParams) => Promise<Response>, url: string): Call =>
  (auth) =>
    handler(jsonRequest(url, { headers: headers(auth) }), noParams);

let vignetteOrderId = '';
/** Orders each write action acts on once, as ADMIN (every other caller is refused before anything changes). */
const targets = {
  refund: '',
  cancel: '',
  retry: '',
  adminRetry: '',
  correct: '',
  correctItemId: 0,
  undelivered: '',
  undeliveredItemId: 0,
};
let topUpOrderId = '';
let counter = 0;
const today = new Date().toISOString().slice(0, 10);

async function staffUser(username: string, role: 'ADMIN' | 'OPERATOR') {
  const [row] = await db()
    .insert(userTable)
    .values({ username, passwordHash: await hashPassword(`${username}-password`), roleName: role })
    .returning();
  return row!;
}
const bearer = async (row: { id: string; tokenVersion: number }) =>
  `Bearer ${await issueToken(db(), { sub: row.id, ver: row.tokenVersion })}`;

/** A user made for one call that changes users, so that every caller finds its own target. */
const target = async () => staffUser(`target-${++counter}`, 'OPERATOR');

/** A PUT whose body is made per call: each caller that may write changes a value of its own, a real change. */
const put =
  (
    handler: (request: Request, context: typeof noParams) => Promise<Response>,
    url: string,
    body: () => unknown,
  ): Call =>
  (auth) =>
    handler(jsonRequest(url, { method: 'PUT', body: body(), headers: headers(auth) }), noParams);

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/users', authority: 'USER_READ', call: get(users, '/api/users') },
  { name: 'GET /api/users/roles', authority: 'USER_READ', call: get(roles, '/api/users/roles') },
  {
    name: 'GET /api/users/user (another user)',
    authority: 'USER_READ',
    call: get(user, '/api/users/user?username=admin'),
  },
  {
    name: 'POST /api/users/sign-up',
    authority: 'USER_WRITE',
    call: (auth) =>
      signUp(
        jsonRequest('/api/users/sign-up', {
          body: { username: `new-${++counter}`, password: 'a-long-password', role: 'OPERATOR' },
          headers: headers(auth),
        }),
        noParams,
      ),
  },
  {
    name: 'POST /api/users/reset',
    authority: 'USER_WRITE',
    call: async (auth) =>
      reset(
        jsonRequest(`/api/users/reset?uuid=${(await target()).id}`, {
          method: 'POST',
          headers: headers(auth),
        }),
        noParams,
      ),
  },
  {
    name: 'DELETE /api/users/user',
    authority: 'USER_WRITE',
    call: async (auth) =>
      removeUser(
        jsonRequest(`/api/users/user?uuid=${(await target()).id}`, {
          method: 'DELETE',
          headers: headers(auth),
        }),
        noParams,
      ),
  },
  {
    name: 'GET /api/admin/payment',
    authority: 'PAYMENT_READ',
    call: get(payments, '/api/admin/payment?q=HD12ABC'),
  },
  {
    name: 'GET /api/admin/payment/daily',
    authority: 'PAYMENT_READ',
    call: get(daily, `/api/admin/payment/daily?from=${today}&to=${today}`),
  },
  {
    name: 'PATCH /api/admin/payment',
    authority: 'PAYMENT_WRITE',
    call: (auth) =>
      markActive(
        jsonRequest('/api/admin/payment', {
          method: 'PATCH',
          body: { id: vignetteOrderId, active: true },
          headers: headers(auth),
        }),
        noParams,
      ),
  },
  {
    name: 'GET /api/admin/payment/export/xml',
    authority: 'PAYMENT_EXPORT',
    call: get(exportXml, `/api/admin/payment/export/xml?from=${today}&to=${today}`),
  },
  {
    name: 'GET /api/admin/payment/export/excel',
    authority: 'PAYMENT_EXPORT',
    call: get(exportExcel, `/api/admin/payment/export/excel?from=${today}&to=${today}`),
  },
  {
    name: 'GET /api/admin/audit',
    authority: 'AUDIT_READ',
    call: get(auditLog, '/api/admin/audit?action=payment.markActive'),
  },
  {
    name: 'GET /api/admin/invoices',
    authority: 'INVOICE_READ',
    call: get(invoiceList, '/api/admin/invoices'),
  },
  {
    name: 'GET /api/invoice',
    authority: 'INVOICE_READ',
    call: (auth) => get(invoicePdf, `/api/invoice?orderId=${vignetteOrderId}`)(auth),
  },
  {
    name: 'GET /api/nmps/utils/transaction/details',
    authority: 'PAYMENT_READ',
    call: (auth) => get(nmps, `/api/nmps/utils/transaction/details?id=${vignetteOrderId}`)(auth),
  },
  {
    name: 'GET /api/eps/utils/transaction/details',
    authority: 'PAYMENT_READ',
    call: (auth) => get(eps, `/api/eps/utils/transaction/details?id=${topUpOrderId}`)(auth),
  },
  {
    name: 'GET /api/admin/catalog/vignette-prices',
    authority: 'CATALOG_READ',
    call: get(vignettePrices, '/api/admin/catalog/vignette-prices'),
  },
  {
    name: 'PUT /api/admin/catalog/vignette-prices',
    authority: 'CATALOG_WRITE',
    call: put(saveVignettePrices, '/api/admin/catalog/vignette-prices', () => ({
      year: currentBudapestYear() + 1,
      prices: [{ categoryCode: 'CAR', type: 'YEAR', priceHuf: 64000 + ++counter }],
    })),
  },
  {
    name: 'GET /api/admin/catalog/topup-products',
    authority: 'CATALOG_READ',
    call: get(topUpProducts, '/api/admin/catalog/topup-products'),
  },
  {
    name: 'PUT /api/admin/catalog/topup-products',
    authority: 'CATALOG_WRITE',
    call: put(saveTopUpProducts, '/api/admin/catalog/topup-products', () => ({
      products: [
        {
          id: 'orange-10',
          operatorId: 'orange',
          faceValueCents: 1000,
          priceBani: 6200 + ++counter,
          delivery: 'DIRECT',
          active: true,
        },
      ],
    })),
  },
  {
    name: 'GET /api/admin/exchange-rate',
    authority: 'CATALOG_READ',
    call: get(exchangeRate, '/api/admin/exchange-rate'),
  },
  {
    name: 'PUT /api/admin/exchange-rate',
    authority: 'CATALOG_WRITE',
    call: put(setExchangeRate, '/api/admin/exchange-rate', () => ({ RON2HUF: 76 + ++counter / 100 })),
  },
];

/** A write with a JSON body, as the back-office sends it. */
const write =
  (
    handler: (request: Request, context: typeof noParams) => Promise<Response>,
    method: string,
    url: string,
    body: () => unknown,
  ): Call =>
  (auth) =>
    handler(jsonRequest(url, { method, body: body(), headers: headers(auth) }), noParams);

ENDPOINTS.push(
  {
    name: 'POST /api/admin/payment/refund',
    authority: 'PAYMENT_REFUND',
    call: write(refund, 'POST', '/api/admin/payment/refund', () => ({
      id: targets.refund,
      reason: 'matrix',
    })),
  },
  {
    name: 'GET /api/invoice?type=credit-note',
    authority: 'INVOICE_READ',
    call: (auth) => get(invoicePdf, `/api/invoice?orderId=${targets.refund}&type=credit-note`)(auth),
  },
  {
    name: 'POST /api/admin/payment/retry',
    authority: 'ORDER_SUPPORT',
    // The operator's retry leaves its order being delivered again: the admin retries one of its own.
    call: (auth) =>
      write(retry, 'POST', '/api/admin/payment/retry', () => ({
        id: auth === callers.ADMIN ? targets.adminRetry : targets.retry,
      }))(auth),
  },
  {
    name: 'PATCH /api/admin/payment/item (a vignette not delivered yet)',
    authority: 'ORDER_SUPPORT',
    // Each caller that may correct it gives it a plate of its own, a real change.
    call: write(correctItem, 'PATCH', '/api/admin/payment/item', () => ({
      orderId: targets.undelivered,
      itemId: targets.undeliveredItemId,
      plate: `CJ${10 + (++counter % 90)}DDD`,
    })),
  },
  {
    name: 'PATCH /api/admin/payment/item (an issued vignette)',
    authority: 'PAYMENT_WRITE',
    call: write(correctItem, 'PATCH', '/api/admin/payment/item', () => ({
      orderId: targets.correct,
      itemId: targets.correctItemId,
      plate: 'CJ10CCD',
    })),
  },
  {
    name: 'PATCH /api/admin/payment/email',
    authority: 'ORDER_SUPPORT',
    call: write(changeEmail, 'PATCH', '/api/admin/payment/email', () => ({
      id: vignetteOrderId,
      email: 'driver@example.ro',
    })),
  },
  {
    name: 'PATCH /api/admin/payment/billing',
    authority: 'PAYMENT_WRITE',
    call: write(correctBilling, 'PATCH', '/api/admin/payment/billing', () => ({
      id: vignetteOrderId,
      invoice: {
        kind: 'PERSON',
        name: 'Ana Popescu',
        street: 'Str. Lungă 1',
        city: 'Brașov',
        county: 'RO-BV',
        country: 'RO',
      },
    })),
  },
  {
    name: 'POST /api/admin/payment/resend',
    authority: 'ORDER_SUPPORT',
    call: write(staffResend, 'POST', '/api/admin/payment/resend', () => ({ id: vignetteOrderId })),
  },
  {
    name: 'POST /api/admin/payment/cancel',
    authority: 'PAYMENT_WRITE',
    call: write(cancelOrder, 'POST', '/api/admin/payment/cancel', () => ({ id: targets.cancel })),
  },
);

/** A vignette order for `plate`, paid, and delivered (or failed for good, for a FAIL plate); with `paid: false`, only created. */
async function vignetteFor(plate: string, { paid = true } = {}) {
  const { order } = await createVignetteOrder({
    items: [
      {
        categoryCode: 'CAR',
        type: 'WEEK',
        startDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        plate,
        country: 'RO',
        county: undefined,
      },
    ],
    email: 'driver@example.ro',
    locale: 'ro',
    acceptTerms: true,
  });
  if (!paid) return order.id;
  // Paid at the sandbox too, so that it has money to give back.
  await db()
    .update(sandboxPayments)
    .set({ status: 3 })
    .where(eq(sandboxPayments.ntpId, order.providerPaymentId!));
  await applyPaymentStatus(db(), order, {
    status: 3,
    ntpId: order.providerPaymentId!,
    reason: 'paid',
    actor: 'test',
  });
  for (let attempt = 0; attempt < MAX_ISSUE_ATTEMPTS; attempt++)
    await fulfilPaidOrders(db(), sandboxDeliverers);
  return order.id;
}

async function firstItemOf(orderId: string) {
  const [item] = await db()
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return item!.id;
}

const callers: Record<string, string | undefined> = {};

beforeAll(async () => {
  env = await useProcessDatabase();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const { order: vignette } = await createVignetteOrder({
    items: [
      {
        categoryCode: 'CAR',
        type: 'WEEK',
        startDate: tomorrow,
        plate: 'HD12ABC',
        country: 'RO',
        county: undefined,
      },
    ],
    email: 'driver@example.ro',
    locale: 'ro',
    acceptTerms: true,
  });
  const { order: topUp } = await createTopUpOrder({
    operatorId: 'orange',
    productId: 'orange-10',
    phone: '+40722123456',
    email: 'driver@example.ro',
    locale: 'ro',
    acceptTerms: true,
  });
  for (const order of [vignette, topUp]) {
    await applyPaymentStatus(db(), order, {
      status: 3,
      ntpId: order.providerPaymentId!,
      reason: 'paid',
      actor: 'test',
    });
  }
  await fulfilPaidOrders(db(), sandboxDeliverers);
  vignetteOrderId = vignette.id;
  topUpOrderId = topUp.id;
  targets.refund = await vignetteFor('CJ10AAA');
  targets.cancel = await vignetteFor('CJ10BBB', { paid: false });
  targets.retry = await vignetteFor('FAIL1');
  targets.adminRetry = await vignetteFor('FAIL3');
  targets.correct = await vignetteFor('CJ10CCC');
  targets.correctItemId = await firstItemOf(targets.correct);
  targets.undelivered = await vignetteFor('FAIL2');
  targets.undeliveredItemId = await firstItemOf(targets.undelivered);

  const admin = await staffUser('matrix-admin', 'ADMIN');
  const operator = await staffUser('matrix-operator', 'OPERATOR');
  const removed = await staffUser('matrix-removed', 'ADMIN');
  callers.ADMIN = await bearer(admin);
  callers.OPERATOR = await bearer(operator);
  callers.removed = await bearer(removed);
  await db().delete(userTable).where(eq(userTable.id, removed.id));
  callers['no token'] = undefined;
  // The admin's token with the first character of the signature changed. Not the last: of its 6 bits only 4 are the
  // signature's (32 bytes in 43 characters), so 'A' → 'B' there decodes to the same signature, and the token passed.
  const start = callers.ADMIN!.lastIndexOf('.') + 1;
  const changed = callers.ADMIN![start] === 'A' ? 'B' : 'A';
  callers.tampered = `${callers.ADMIN!.slice(0, start)}${changed}${callers.ADMIN!.slice(start + 1)}`;
  const secret = await signingSecret(db());
  callers.expired = `Bearer ${await new SignJWT({ ver: admin.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(admin.id)
    .setIssuer('road-partners-shop')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3 * 3600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
    .sign(secret)}`;
});
afterAll(() => env.cleanup());

const expectedStatus = (caller: string, authority: Authority) => {
  if (caller === 'ADMIN') return 'success';
  if (caller === 'OPERATOR') return ROLE_PERMISSIONS.OPERATOR.includes(authority) ? 'success' : 403;
  return 401;
};

describe.each(ENDPOINTS)('$name', ({ authority, call }) => {
  it.each(['no token', 'tampered', 'expired', 'removed', 'OPERATOR', 'ADMIN'])('as %s', async (caller) => {
    const response = await call(callers[caller]);
    const expected = expectedStatus(caller, authority);
    if (expected === 'success') expect([200, 201, 202, 204]).toContain(response.status);
    else expect(response.status).toBe(expected);
    if (typeof expected === 'number')
      expect((await response.json()).error.code).toBe(expected === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
  });
});

it('a temporary password allows only reading oneself and changing it', async () => {
  const fresh = await staffUser('matrix-temporary', 'ADMIN');
  await db().update(userTable).set({ mustChangePassword: true }).where(eq(userTable.id, fresh.id));
  const token = await bearer(fresh);
  for (const { call } of ENDPOINTS) expect((await call(token)).status).toBe(403);
  expect((await get(user, '/api/users/user?username=matrix-temporary')(token)).status).toBe(200);
  const changed = await changePass(
    jsonRequest('/api/users/change-pass', {
      body: { uuid: fresh.id, oldPass: 'matrix-temporary-password', newPass: 'a-brand-new-password' },
      headers: { authorization: token },
    }),
    noParams,
  );
  expect(changed.status).toBe(200);
});
