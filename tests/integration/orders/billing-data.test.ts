import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { POST as postTopUpOrder } from '@/app/api/eps/order/route';
import { POST as postVignetteOrder } from '@/app/api/nmps/orders/order/route';
import { POST as notify } from '@/app/api/payments/netopia/notify/route';
import { invoices, orders } from '@/lib/db/schema';
import { orderInvoiceDocument } from '@/lib/invoices/frozen';
import { deliverSandboxNotifications, sandboxPay } from '@/lib/payment-provider/sandbox/sandbox';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import en from '@/messages/en.json';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';

/*
 * The structured billing data of both order endpoints (docs/api.md, `invoice`): what the API accepts and refuses,
 * what it stores, and whom the paid order's invoice names, for the PDF and the e-Factura XML alike.
 */

const ACCEPTED_CARD = '9900004810225098';
const toNotifyHandler: typeof fetch = async (input, init) =>
  notify(new Request(String(input), init), noParams);

const BUCHAREST_COMPANY = {
  kind: 'COMPANY',
  name: 'Dante International SA',
  taxId: 'ro 14399840',
  tradeRegister: 'J40/372/2002',
  street: 'Șos. Virtuții 148',
  city: 'Sector 6',
  county: 'ro-b',
  postalCode: '060787',
  country: 'RO',
};
const GERMAN_PERSON = {
  kind: 'PERSON',
  name: 'Jürgen Weiß',
  street: 'Hauptstraße 5',
  city: 'Berlin',
  postalCode: '10115',
  country: 'DE',
};

const topUpBody = (invoice: unknown) => ({
  operatorId: 'orange',
  productId: 'orange-10',
  phone: '0722 123 456',
  email: 'contabilitate@example.ro',
  locale: 'ro',
  acceptTerms: true,
  invoice,
});
const vignetteBody = (invoice: unknown) => ({
  items: [
    {
      categoryCode: 'CAR',
      type: 'WEEK',
      startDate: DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!,
      plate: 'B123ABC',
      country: 'DE',
    },
  ],
  email: 'j@example.de',
  locale: 'de',
  acceptTerms: true,
  invoice,
});

const post = async (handler: typeof postTopUpOrder, url: string, body: unknown) => {
  const response = await handler(jsonRequest(url, { body }), noParams);
  return { status: response.status, body: await response.json() };
};
const orderTopUp = (invoice: unknown) => post(postTopUpOrder, '/api/eps/order', topUpBody(invoice));
const orderVignette = (invoice: unknown) =>
  post(postVignetteOrder, '/api/nmps/orders/order', vignetteBody(invoice));

let env: Awaited<ReturnType<typeof useProcessDatabase>>;
const db = () => env.database.db;

beforeAll(async () => {
  env = await useProcessDatabase();
});
afterAll(async () => env.cleanup());

const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

/** Pays on the sandbox's card form and lets its notification reach the shop: the order is PAID, its invoice issued. */
async function pay(orderId: string) {
  const order = await orderRow(orderId);
  const paid = await sandboxPay(db(), {
    ntpId: order.providerPaymentId!,
    cardNumber: ACCEPTED_CARD,
    cvv: '111',
    expiry: '12/30',
  });
  expect(paid.kind).toBe('DONE');
  await deliverSandboxNotifications(db(), toNotifyHandler);
  expect((await orderRow(orderId)).status).toBe('PAID');
}

describe('structured billing data through the order endpoints', () => {
  it('stores a Romanian company in Bucharest as CIUS-RO codes it, and its invoice names it in parts', async () => {
    const { status, body } = await orderTopUp(BUCHAREST_COMPANY);
    expect(status).toBe(201);
    const stored = {
      kind: 'COMPANY',
      name: 'Dante International SA',
      taxId: 'RO14399840',
      tradeRegister: 'J40/372/2002',
      street: 'Șos. Virtuții 148',
      city: 'SECTOR6',
      county: 'RO-B',
      postalCode: '060787',
      country: 'RO',
    };
    expect((await orderRow(body.orderId)).invoiceData).toEqual(stored);

    await pay(body.orderId);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, body.orderId));
    expect(invoice!.buyer).toEqual(stored);
    const document = (await orderInvoiceDocument(db(), body.orderId))!;
    // Named by the billing data: the order's contact e-mail is not on the invoice.
    expect(document.buyer).toEqual(stored);
    expect(document.buyer).not.toHaveProperty('address');
  });

  it('stores a foreign person of a vignette order without a county, and the invoice names them so', async () => {
    const { status, body } = await orderVignette({ ...GERMAN_PERSON, county: 'Berlin', country: 'de' });
    expect(status).toBe(201);
    expect((await orderRow(body.orderId)).invoiceData).toEqual(GERMAN_PERSON);

    await pay(body.orderId);
    const document = (await orderInvoiceDocument(db(), body.orderId))!;
    expect(document.buyer).toEqual(GERMAN_PERSON);
  });

  it("keeps an older order's free-text address on its invoice", async () => {
    const { body } = await orderTopUp(undefined);
    const legacy = {
      kind: 'COMPANY' as const,
      name: 'ACME SRL',
      taxId: 'RO14399840',
      address: 'Str. Mare 1, Deva',
    };
    await db().update(orders).set({ invoiceData: legacy }).where(eq(orders.id, body.orderId));
    await pay(body.orderId);
    const document = (await orderInvoiceDocument(db(), body.orderId))!;
    expect(document.buyer).toEqual(legacy);
  });

  it.each([
    [{ ...BUCHAREST_COMPANY, taxId: 'RO14399841' }, ['invoice.taxId:taxIdControlDigit']],
    [{ ...BUCHAREST_COMPANY, city: 'București' }, ['invoice.city:billingSectorRequired']],
    [{ ...BUCHAREST_COMPANY, county: undefined }, ['invoice.county:billingCountyRequired']],
    [{ ...BUCHAREST_COMPANY, postalCode: '60787' }, ['invoice.postalCode:postalCodeInvalid']],
    [{ ...GERMAN_PERSON, country: 'XX' }, ['invoice.country:billingCountryUnknown']],
    [
      { kind: 'PERSON', name: 'Ion Popescu', address: 'Str. Mare 1, Deva' },
      ['invoice.street:required', 'invoice.city:required', 'invoice.country:billingCountryUnknown'],
    ],
  ])('refuses %j with a 422 naming the field, on both endpoints', async (invoice, expected) => {
    for (const answer of [await orderTopUp(invoice), await orderVignette(invoice)]) {
      expect(answer.status).toBe(422);
      const issues = answer.body.error.issues.map(
        (issue: { path: string; code: string }) => `${issue.path}:${issue.code}`,
      );
      expect(issues).toEqual(expected);
      // Each code has its English explanation, for clients that do not translate.
      for (const issue of answer.body.error.issues) expect(issue.message).not.toBe(en.Validation.invalid);
    }
  });
});
