import type { invoices } from '@/lib/db/schema';
import type { LoadedItem, LoadedOrder } from '@/lib/orders/order-read';
import type { OrderItemRow, OrderRow } from '@/lib/orders/orders';

/** Orders as lib/orders/order-read.ts loads them, for the projections' unit tests: no database needed. */

const order = (overrides: Partial<OrderRow>): OrderRow => ({
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  kind: 'VIGNETTE',
  status: 'FULFILLED',
  email: 'driver@example.ro',
  phone: null,
  locale: 'ro',
  amountBani: 0,
  currency: 'RON',
  ron2huf: null,
  rateDate: null,
  invoiceData: null,
  providerPaymentId: null,
  paymentReference: null,
  paymentUrl: null,
  paymentExpiresAt: null,
  paymentAttempts: 1,
  paymentErrorCode: null,
  needsReview: false,
  idempotencyKey: null,
  requestHash: null,
  active: false,
  activeBy: null,
  activeAt: null,
  productKeys: [],
  reference: null,
  reminderConsentAt: null,
  reminderConsentVersion: null,
  fromReminderId: null,
  createdAt: new Date('2026-03-01T10:00:00Z'),
  updatedAt: new Date('2026-03-01T10:05:00Z'),
  ...overrides,
});

const item = (overrides: Partial<OrderItemRow>): OrderItemRow => ({
  id: 1,
  orderId: 'AAAAAAAAAAAAAAAAAAAAAA',
  position: 0,
  categoryCode: null,
  vignetteType: null,
  county: null,
  plate: null,
  country: null,
  firstDay: null,
  lastDay: null,
  priceHuf: null,
  priceBani: 0,
  topUpProductId: null,
  phone: null,
  issuedId: null,
  deliveredPin: null,
  issueAttempts: 0,
  issueError: null,
  deliveryAskedAt: null,
  providerCostMinor: null,
  providerCostCurrency: null,
  revision: 0,
  ...overrides,
});

/** Two vignettes, the second a county one not issued yet. */
export const vignetteOrder = (overrides: Partial<OrderRow> = {}): LoadedOrder => ({
  order: order({ amountBani: 12345, ...overrides }),
  items: [
    {
      item: item({
        id: 11,
        categoryCode: 'CAR',
        vignetteType: 'WEEK',
        plate: 'HD12ABC',
        country: 'RO',
        firstDay: '2026-03-02',
        lastDay: '2026-03-11',
        priceHuf: 6000,
        priceBani: 10000,
        issuedId: 'HU-EM-ABC',
      }),
      categoryTitle: 'D1',
    },
    {
      item: item({
        id: 12,
        position: 1,
        categoryCode: 'VAN',
        vignetteType: 'COUNTY_YEAR',
        county: 'pest',
        plate: 'B123XYZ',
        country: 'RO',
        firstDay: '2026-01-01',
        lastDay: '2027-01-31',
        priceHuf: 20000,
        priceBani: 2345,
        issueAttempts: 2,
        issueError: 'issuer timeout',
      }),
      categoryTitle: 'D2',
    },
  ],
});

const pinTopUp: LoadedItem['topUp'] = {
  product: {
    id: 'vodafone-pin-10',
    operatorId: 'vodafone',
    faceValueCents: 1000,
    priceBani: 6200,
    delivery: 'PIN',
    sortOrder: 1,
    active: false,
  },
  operator: { id: 'vodafone', name: 'Vodafone', plan: 'Cartela', sortOrder: 2, active: true },
};

/** A delivered PIN top-up whose product is no longer on sale. */
export const topUpOrder = (overrides: Partial<OrderRow> = {}): LoadedOrder => ({
  order: order({
    kind: 'TOPUP',
    email: 'a@b.ro',
    phone: '+40722123456',
    locale: 'de',
    amountBani: 6200,
    ...overrides,
  }),
  items: [
    {
      item: item({
        id: 21,
        topUpProductId: 'vodafone-pin-10',
        phone: '+40722123456',
        priceBani: 6200,
        issuedId: 'REF-9',
        deliveredPin: '123456789012',
      }),
      categoryTitle: null,
      topUp: pinTopUp,
    },
  ],
});

/** The invoice of an order: number 42 of 2026 in the given series. */
export const invoiceRow = (
  series: string,
  overrides: Partial<typeof invoices.$inferSelect> = {},
): typeof invoices.$inferSelect => ({
  id: 1,
  orderId: 'AAAAAAAAAAAAAAAAAAAAAA',
  series,
  year: 2026,
  number: 42,
  issuedAt: new Date('2026-03-01T22:30:00Z'),
  totalBani: 0,
  vatBani: 0,
  buyer: { kind: 'PERSON', email: 'driver@example.ro' },
  snapshot: null,
  replacedOrderId: null,
  replacedById: null,
  ...overrides,
});
