import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { GET as eps } from '@/app/api/eps/utils/transaction/details/route';
import { GET as auditLog } from '@/app/api/admin/audit/route';
import { GET as invoiceList } from '@/app/api/admin/invoices/route';
import { GET as daily } from '@/app/api/admin/payment/daily/route';
import { GET as exportExcel } from '@/app/api/admin/payment/export/excel/route';
import { GET as exportXml } from '@/app/api/admin/payment/export/xml/route';
import { GET as payments, PATCH as markActive } from '@/app/api/admin/payment/route';
import { GET as invoicePdf } from '@/app/api/invoice/route';
import { GET as nmps } from '@/app/api/nmps/utils/transaction/details/route';
import { POST as changePass } from '@/app/api/users/change-pass/route';
import { POST as reset } from '@/app/api/users/reset/route';
import { GET as roles } from '@/app/api/users/roles/route';
import { GET as users } from '@/app/api/users/route';
import { POST as signUp } from '@/app/api/users/sign-up/route';
import { DELETE as removeUser, GET as user } from '@/app/api/users/user/route';
import { ROLE_PERMISSIONS, type Authority } from '@/lib/auth/permissions';
import { hashPassword } from '@/lib/auth/password';
import { issueToken, signingSecret } from '@/lib/auth/tokens';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { users as userTable } from '@/lib/db/schema';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
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
];

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

  const admin = await staffUser('matrix-admin', 'ADMIN');
  const operator = await staffUser('matrix-operator', 'OPERATOR');
  const removed = await staffUser('matrix-removed', 'ADMIN');
  callers.ADMIN = await bearer(admin);
  callers.OPERATOR = await bearer(operator);
  callers.removed = await bearer(removed);
  await db().delete(userTable).where(eq(userTable.id, removed.id));
  callers['no token'] = undefined;
  // The admin's token with one character of the signature changed.
  const signature = callers.ADMIN.slice(-1) === 'A' ? 'B' : 'A';
  callers.tampered = `${callers.ADMIN.slice(0, -1)}${signature}`;
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
    if (expected === 'success') expect([200, 201, 204]).toContain(response.status);
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
