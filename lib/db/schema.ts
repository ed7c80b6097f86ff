import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CreditNoteDocument, SalesInvoiceDocument } from '@/lib/db/document-snapshots';
import type { InvoiceData } from './invoice-data';
import { NETOPIA_STATUS } from './netopia-status';
import { VIGNETTE_TYPES } from '@/lib/vignettes/periods';

/** Hungarian e-vignette categories (docs/domain.md, Vehicle categories): the code is the API's key. */
export const vignetteCategories = pgTable('vignette_categories', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  sortOrder: smallint('sort_order').notNull(),
  sellable: boolean('sellable').notNull().default(true),
  /** Why a category is shown but cannot be bought (B2 since HU-GO). */
  notSoldReason: text('not_sold_reason'),
});

export const vignetteType = pgEnum('vignette_type', VIGNETTE_TYPES);

/** Official gross prices in forints, per category, period and calendar year. */
export const vignettePrices = pgTable(
  'vignette_prices',
  {
    id: serial('id').primaryKey(),
    categoryCode: text('category_code')
      .notNull()
      .references(() => vignetteCategories.code),
    type: vignetteType('type').notNull(),
    year: smallint('year').notNull(),
    priceHuf: integer('price_huf').notNull(),
  },
  (table) => [unique('vignette_prices_category_type_year').on(table.categoryCode, table.type, table.year)],
);

/** Forints per leu on a day, with where the figure came from (BNR feed, seed, admin). */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    ron2huf: numeric('ron2huf', { precision: 12, scale: 6 }).notNull(),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('exchange_rates_date_source').on(table.rateDate, table.source)],
);

export const roles = pgTable('roles', {
  name: text('name').primaryKey(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleName: text('role_name')
      .notNull()
      .references(() => roles.name, { onDelete: 'cascade' }),
    authority: text('authority').notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleName, table.authority] })],
);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  roleName: text('role_name')
    .notNull()
    .references(() => roles.name),
  /** Set for generated and reset passwords: the next sign-in must choose a new one. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** Bumped on password change or reset: tokens carry it, so older tokens stop working. */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const topUpDeliveries = ['DIRECT', 'PIN'] as const;
export const topUpDelivery = pgEnum('topup_delivery', topUpDeliveries);

/**
 * Romanian mobile operators whose prepaid credit is sold (docs/domain.md, Top-ups); the id is the API's and the URL's
 * key.
 */
export const topUpOperators = pgTable('topup_operators', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The operator's name of its prepaid offer: PrePay, Cartela. */
  plan: text('plan').notNull(),
  sortOrder: smallint('sort_order').notNull(),
  active: boolean('active').notNull().default(true),
});

/**
 * What an operator sells: credit of a face value in EUR (operators price prepaid credit in EUR without VAT), at a
 * price in bani with VAT, delivered to the number (DIRECT) or as a PIN code in the e-mail.
 */
export const topUpProducts = pgTable(
  'topup_products',
  {
    id: text('id').primaryKey(),
    operatorId: text('operator_id')
      .notNull()
      .references(() => topUpOperators.id),
    faceValueCents: integer('face_value_cents').notNull(),
    priceBani: integer('price_bani').notNull(),
    delivery: topUpDelivery('delivery').notNull(),
    sortOrder: smallint('sort_order').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (table) => [index('topup_products_operator').on(table.operatorId)],
);

export const orderStatuses = [
  'PENDING_PAYMENT',
  'PAID',
  'FULFILLED',
  'FAILED',
  'CANCELED',
  'EXPIRED',
  'FULFILLMENT_FAILED',
  'REFUND_PENDING',
  'REFUNDED',
] as const;
export const orderStatus = pgEnum('order_status', orderStatuses);
export const orderKind = pgEnum('order_kind', ['VIGNETTE', 'TOPUP']);

/** One payment: one or more vignettes, or one top-up (docs/domain.md, Orders). Money in bani. */
export const orders = pgTable(
  'orders',
  {
    /** Unguessable: it is the buyer's only key to the order page. */
    id: text('id').primaryKey(),
    kind: orderKind('kind').notNull(),
    status: orderStatus('status').notNull().default('PENDING_PAYMENT'),
    email: text('email').notNull(),
    phone: text('phone'),
    locale: text('locale').notNull(),
    amountBani: integer('amount_bani').notNull(),
    currency: text('currency').notNull().default('RON'),
    /** The rate the amount was computed with, kept as proof of the price. */
    ron2huf: numeric('ron2huf', { precision: 12, scale: 6 }),
    rateDate: date('rate_date', { mode: 'string' }),
    /** What the buyer asked the invoice to name; null for an invoice in their e-mail's name. */
    invoiceData: jsonb('invoice_data').$type<InvoiceData>(),
    /** The provider's id of the payment (Netopia ntpID). */
    providerPaymentId: text('provider_payment_id'),
    /**
     * The orderID the provider knows the payment by: the order's id, or `<id>.<suffix>` for a payment started again
     * (lib/payment-provider/payment-reference.ts). Null before the payment is recorded, and on orders older than the
     * column.
     */
    paymentReference: text('payment_reference'),
    paymentUrl: text('payment_url'),
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    /**
     * How many payments were started for the order: the first, and each "pay again" after a decline or an expiry
     * (lib/payments/pay-again.ts), which stops at a few so that an order cannot be used to test stolen cards.
     */
    paymentAttempts: integer('payment_attempts').notNull().default(1),
    /**
     * The provider's code of the last payment that did not pay (`51` insufficient funds, `54` expired card, ...), from
     * which the buyer's page says why in their language (lib/payment-provider/decline-reasons.ts). Null once paid
     * again.
     */
    paymentErrorCode: text('payment_error_code'),
    /** A payment that arrived after the order expired: kept, never dropped, for a person to settle. */
    needsReview: boolean('needs_review').notNull().default(false),
    idempotencyKey: text('idempotency_key').unique(),
    requestHash: text('request_hash'),
    active: boolean('active').notNull().default(false),
    activeBy: text('active_by'),
    activeAt: timestamp('active_at', { withTimezone: true }),
    /**
     * What the order sells, as the admin's product filter names it: its kind, then the categories of its vignettes
     * or the operator of its top-up, each once, sorted (`{VIGNETTE,CAR,VAN}`, `{TOPUP,orange}`). Kept on the order
     * so that the filter is one indexed predicate here, where a join to the items made counting half the orders
     * slow. Written once, with the items (lib/orders/create-order.ts); the items of an order never change.
     */
    productKeys: text('product_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The short reference a buyer reads out on the phone, `RP-7K3-9QX` (lib/orders/order-reference.ts). The shop
     * writes it at creation; the database's default (a function of drizzle/0018_order_reference.sql, the same rule)
     * gives one to an order inserted without it. Null only on a database older than the column.
     */
    reference: text('reference').default(sql`order_reference_new()`),
    /**
     * The buyer's separate, unticked-by-default consent to be reminded before the order's vignettes end: when it was
     * given and the version of the text it was given to (lib/reminders/consent.ts). Null: not given.
     */
    reminderConsentAt: timestamp('reminder_consent_at', { withTimezone: true }),
    reminderConsentVersion: text('reminder_consent_version'),
    /** The expiry reminder whose "buy the same again" link the order was placed from (expiry_reminders.id). */
    fromReminderId: integer('from_reminder_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_status_created').on(table.status, table.createdAt),
    index('orders_email').on(table.email),
    // The admin's transactions list (lib/admin/transactions.ts): its default order, the keyset of the exports and
    // date ranges; the amount sort; the e-mail search and sort, on the very expression the queries use; the phone.
    index('orders_created_id').on(table.createdAt, table.id),
    index('orders_amount_created').on(table.amountBani, table.createdAt),
    index('orders_email_lower').on(sql`lower(${table.email}) collate "C"`),
    index('orders_phone').on(table.phone),
    index('orders_product_keys').using('gin', table.productKeys),
    uniqueIndex('orders_reference').on(table.reference),
    // The daily series of money received (MONEY_RECEIVED in lib/admin/transactions.ts, whose query writes these
    // states the same way): an index-only scan of the range, where with (status, created_at) every order's row was
    // read for its amount.
    index('orders_money_received_created')
      .on(table.createdAt, table.amountBani)
      .where(sql`${table.status} in ('PAID', 'FULFILLED', 'FULFILLMENT_FAILED')`),
    index('orders_from_reminder')
      .on(table.fromReminderId)
      .where(sql`${table.fromReminderId} is not null`),
  ],
);

/**
 * An order's {@link orders.productKeys}: its kind, then each vignette category or top-up operator once, in byte
 * order, exactly as the backfill of drizzle/0006_order_product_keys.sql computes them from the items.
 */
export function orderProductKeys(
  kind: (typeof orderKind.enumValues)[number],
  products: readonly string[],
): string[] {
  return [kind, ...[...new Set(products)].sort()];
}

/** A vignette of an order, with its validity, or its top-up; once delivered, the provider's reference. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    categoryCode: text('category_code').references(() => vignetteCategories.code),
    vignetteType: vignetteType('vignette_type'),
    county: text('county'),
    plate: text('plate'),
    country: text('country'),
    firstDay: date('first_day', { mode: 'string' }),
    lastDay: date('last_day', { mode: 'string' }),
    priceHuf: integer('price_huf'),
    priceBani: integer('price_bani').notNull(),
    /** A top-up: the product bought and the mobile number to credit (E.164). */
    topUpProductId: text('topup_product_id').references(() => topUpProducts.id),
    phone: text('phone'),
    /** The issuer's (nmps) or top-up provider's (eps) reference, once delivered. */
    issuedId: text('issued_id'),
    /** A PIN top-up's code, kept to show the buyer again (the e-mail can be re-sent); never logged. */
    deliveredPin: text('delivered_pin'),
    issueAttempts: integer('issue_attempts').notNull().default(0),
    issueError: text('issue_error'),
    /**
     * When the provider was last asked to deliver the item, written before the ask: an item asked before and still
     * undelivered has an unknown outcome, so the next attempt looks its key up at the provider before asking again.
     */
    deliveryAskedAt: timestamp('delivery_asked_at', { withTimezone: true }),
    /** What the top-up cost us at the provider, in its currency's minor units (Reloadly: its account's currency). */
    providerCostMinor: integer('provider_cost_minor'),
    providerCostCurrency: text('provider_cost_currency'),
    /**
     * How many times staff corrected the item's plate or country (lib/orders/corrections.ts). Part of the delivery's
     * idempotency key, so that a vignette corrected before it was issued is asked for again, with its new plate.
     */
    revision: integer('revision').notNull().default(0),
  },
  (table) => [
    unique('order_items_order_position').on(table.orderId, table.position),
    index('order_items_plate').on(table.plate),
    index('order_items_phone').on(table.phone),
    // The transactions list's product filter: the orders with a vignette of a category, or a top-up of an operator.
    index('order_items_category_order').on(table.categoryCode, table.orderId),
    index('order_items_topup_product_order').on(table.topUpProductId, table.orderId),
  ],
);

/** Every change of an order's state, with who or what made it: the history the admin reads. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatus('from_status'),
    toStatus: orderStatus('to_status').notNull(),
    /** In English, for the logs and for events older than `code`. */
    reason: text('reason').notNull(),
    /**
     * What happened, as a key the back-office translates (lib/orders/event-codes.ts), with its values in `params`;
     * null on events recorded before codes existed, which show `reason`.
     */
    code: text('code'),
    params: jsonb('params').$type<Record<string, string | number>>(),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order').on(table.orderId)],
);

/** Mail to send, written in the same transaction as the state change that calls for it. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    /**
     * ORDER_CONFIRMATION, DELIVERY_FAILED, REFUND_CONFIRMATION, STAFF_ALERT, EFACTURA_HELD_BACK (no order; details:
     * the day and its counts), BUYER_SIGN_IN (no order; details: the link and its sealed token), EXPIRY_REMINDER
     * (details: the reminder's id) (lib/mail/outbox.ts).
     */
    kind: text('kind').notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** Where to send it instead of the order's e-mail: a re-send to another address, a staff alert. */
    recipient: text('recipient'),
    /** What the message is about beyond its order: the refund of a REFUND_CONFIRMATION. */
    refundId: integer('refund_id').references(() => refunds.id),
    /** What a STAFF_ALERT is about: `{ reason, detail }` (lib/mail/staff-alert-queue.ts). */
    details: jsonb('details').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_pending').on(table.sentAt, table.nextAttemptAt)],
);

/** Invoice numbers per series and year, without gaps: the counter row is taken in the paying transaction. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    year: smallint('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.series, table.year] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** The order whose current invoice this is: null once a new invoice replaced it (see replacedOrderId). */
    orderId: text('order_id')
      .unique()
      .references(() => orders.id),
    series: text('series').notNull(),
    year: smallint('year').notNull(),
    number: integer('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    totalBani: integer('total_bani').notNull(),
    vatBani: integer('vat_bani').notNull(),
    /** The order's invoice data, or only the buyer's e-mail when the order had none. */
    buyer: jsonb('buyer').$type<InvoiceData | { kind: 'PERSON'; email: string }>().notNull(),
    /**
     * What the invoice states, as it was issued (lib/invoices/frozen.ts): its PDF and XML are made from this, never
     * from the order as it is now. Null on invoices issued before it existed, until their first rendering stores it.
     */
    snapshot: jsonb('snapshot').$type<SalesInvoiceDocument>(),
    /**
     * An invoice replaced by a new one (a storno and a new number, lib/orders/reissue.ts): `order_id` is then null,
     * since it names the order's current invoice, and this names the order; `replaced_by_id` the new invoice.
     */
    replacedOrderId: text('replaced_order_id').references(() => orders.id),
    replacedById: integer('replaced_by_id').references((): AnyPgColumn => invoices.id),
  },
  (table) => [
    unique('invoices_series_year_number').on(table.series, table.year, table.number),
    // The admin's invoice list: newest first, and the search by a bare number.
    index('invoices_issued').on(table.issuedAt, table.id),
    index('invoices_number').on(table.number),
  ],
);

export const refundStatuses = ['PENDING', 'CONFIRMED', 'REFUSED'] as const;
export const refundStatus = pgEnum('refund_status', refundStatuses);

/**
 * Money given back to a buyer (docs/domain.md, Refunds). STAFF: asked from the back-office, sent to the provider;
 * PROVIDER: done in the provider's own back-office (or a chargeback), learned from its notification. At most one is
 * PENDING per order, which is what makes concurrent requests for one order ask the provider once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    amountBani: integer('amount_bani').notNull(),
    reason: text('reason').notNull(),
    origin: text('origin').$type<'STAFF' | 'PROVIDER'>().notNull(),
    status: refundStatus('status').notNull().default('PENDING'),
    /** The order's state when the refund began: where a refused or partial refund leaves it. */
    previousStatus: orderStatus('previous_status').notNull(),
    /** The staff member's name, or `provider`. */
    requestedBy: text('requested_by').notNull(),
    /** The provider's answer: its error code and message, or the status it reported. */
    providerAnswer: text('provider_answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * The payment given back when it is not the invoiced one (the order's `provider_payment_id`): a duplicate payment
     * of an order paid twice, refunded without a credit note. Null: the invoiced payment.
     */
    providerPaymentId: text('provider_payment_id'),
  },
  (table) => [
    index('refunds_order').on(table.orderId),
    uniqueIndex('refunds_one_pending_per_order')
      .on(table.orderId)
      .where(sql`${table.status} = 'PENDING'`),
  ],
);

/**
 * The credit note (factură de stornare) of a confirmed refund: its own series and gap-free numbers per year (the
 * counter rows of invoice_counters), the refunded amount, and the invoice it corrects, which stays as it was.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** The refund it gives back; null for the storno of a whole invoice replaced by a new one. */
    refundId: integer('refund_id')
      .unique()
      .references(() => refunds.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** The storno of a correction: the new invoice issued with it, stating the corrected data. */
    replacementInvoiceId: integer('replacement_invoice_id').references(() => invoices.id),
    series: text('series').notNull(),
    year: smallint('year').notNull(),
    number: integer('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** What is credited, positive, in bani; the PDF prints it negative. */
    totalBani: integer('total_bani').notNull(),
    vatBani: integer('vat_bani').notNull(),
    /** What the credit note states, as it was issued; null on older ones until their first rendering stores it. */
    snapshot: jsonb('snapshot').$type<CreditNoteDocument>(),
  },
  (table) => [
    unique('credit_notes_series_year_number').on(table.series, table.year, table.number),
    index('credit_notes_order').on(table.orderId),
  ],
);

/** Every notification the provider sent, verified or not: proof, and the means to spot replays. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id'),
    providerPaymentId: text('provider_payment_id'),
    providerStatus: integer('provider_status'),
    bodySha512: text('body_sha512').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_notifications_order').on(table.orderId)],
);

/** Values the shop generates once and every server shares (the sandbox provider's signing keys). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in sandbox provider's own records: what a real provider keeps on its side. Only the sandbox reads them;
 * the shop knows a payment through the provider's answers and notifications, as with Netopia.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  ntpId: text('ntp_id').primaryKey(),
  orderId: text('order_id').notNull().unique(),
  amountBani: integer('amount_bani').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  email: text('email').notNull(),
  language: text('language').notNull(),
  notifyUrl: text('notify_url').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  /** A Netopia status: NEW until the form is paid, refused or expired; THREE_D_AUTH while 3-D Secure waits. */
  status: integer('status').notNull().default(NETOPIA_STATUS.NEW),
  /** What was given back by `POST /operation/credit` so far, in bani; the status is CREDIT once it is not 0. */
  creditedBani: integer('credited_bani').notNull().default(0),
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  notifyAttempts: integer('notify_attempts').notNull().default(0),
  notifyNextAt: timestamp('notify_next_at', { withTimezone: true }),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The issuers' sandboxes' own records (lib/issuers/issuer-api/sandbox.ts, lib/issuers/reloadly/sandbox.ts): one row
 * per idempotency key, as an idempotent issuer registers one vignette or top-up per key however often it is asked.
 * `requests` counts the requests that named the key (asks, and the issuer's look-ups by key), so a test sees a retry
 * that the key made harmless.
 */
export const sandboxIssuances = pgTable('sandbox_issuances', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  kind: text('kind').notNull(),
  issuedId: text('issued_id').notNull(),
  requests: integer('requests').notNull().default(1),
  /** What the sandbox registered, as its HTTP API answers it (the vignette's plate, the top-up's amounts, …). */
  record: jsonb('record').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastRequestAt: timestamp('last_request_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change an admin makes (docs/architecture.md, The back-office): who, what, to which record, when. Never updated,
 * never deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The user's id and name at the time: the record outlives the user. */
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_log_at').on(table.at),
    // The viewer's filters (lib/admin/audit.ts), each read newest first from its own index; the action's also
    // lists the distinct actions for the filter without reading the whole log.
    index('audit_log_action_at').on(table.action, table.at),
    index('audit_log_actor_at').on(sql`lower(${table.actorName})`, table.at),
  ],
);

/**
 * Sign-in attempts per key (an address, or an account at an address),
 * docs/decisions/0011-rate-limits-in-the-database.md: `failures` is a sliding-window count (it leaks away with time,
 * lib/auth/sign-in.ts), raised before the password is checked so that parallel guesses cannot all pass, and given back
 * when the password was right. Kept in the database so that every server of a scaled-out shop sees the same count.
 */
export const loginThrottle = pgTable('login_throttle', {
  address: text('address').primaryKey(),
  failures: doublePrecision('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Token buckets of the public endpoints' rate limits (lib/api/rate-limit.ts), one row per limit and client
 * address, shared by every server. `allowed` is the verdict of the last take, returned by the same statement.
 */
export const rateBuckets = pgTable(
  'rate_buckets',
  {
    key: text('key').primaryKey(),
    tokens: doublePrecision('tokens').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    allowed: boolean('allowed').notNull().default(true),
  },
  (table) => [index('rate_buckets_updated_at').on(table.updatedAt)],
);

/** Staff tokens signed out before they expire (`POST /api/logout`); a row is useless, and removed, after `expiresAt`. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Bytes as PostgreSQL keeps them (bytea): a Buffer whichever driver read it (PGlite gives a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const efacturaDocumentKinds = ['INVOICE', 'CREDIT_NOTE'] as const;
export const efacturaDocumentKind = pgEnum('efactura_document_kind', efacturaDocumentKinds);
/**
 * A document's way through RO e-Factura (lib/efactura/submissions.ts): PENDING until the job uploads it, UPLOADING
 * while it does (a row left so by a crash is never uploaded again by itself, docs/decisions/0017), UPLOADED with
 * ANAF's index while ANAF processes it, then ACCEPTED or REJECTED.
 */
export const efacturaStatuses = ['PENDING', 'UPLOADING', 'UPLOADED', 'ACCEPTED', 'REJECTED'] as const;
export const efacturaStatus = pgEnum('efactura_status', efacturaStatuses);

/** One row per issued invoice and credit note: its submission to ANAF's RO e-Factura and ANAF's answer. */
export const efacturaSubmissions = pgTable(
  'efactura_submissions',
  {
    id: serial('id').primaryKey(),
    kind: efacturaDocumentKind('kind').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** The invoice's id, or the id of the invoice a credit note corrects. */
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    creditNoteId: integer('credit_note_id')
      .unique()
      .references(() => creditNotes.id),
    status: efacturaStatus('status').notNull().default('PENDING'),
    /** ANAF's `index_incarcare`, the handle on the upload. */
    uploadId: text('upload_id'),
    /** ANAF's `id_descarcare` of its answer. */
    downloadId: text('download_id'),
    /** ANAF's error texts of a rejected document, as ANAF wrote them. */
    messages: jsonb('messages').$type<string[]>().notNull().default([]),
    /** The last temporary failure (network, 5xx), retried: shown to staff, not ANAF's verdict. */
    lastError: text('last_error'),
    /** Uploads tried (PENDING) or status questions asked (UPLOADED), for the backoff; reset between the two. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Which job pass holds the row, until when: two servers never work on one document at once. */
    claimToken: text('claim_token'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The document's issue time, and when it needs a person if ANAF has not accepted it by then. */
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    attentionAt: timestamp('attention_at', { withTimezone: true }).notNull(),
    /** When staff were mailed about it (rejected, overdue, upload unconfirmed): once until it is sent again. */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    /**
     * The XML as it was uploaded, written before the upload, and its SHA-256 (hex): every later download of the
     * document's XML is this text, byte for byte.
     */
    xml: text('xml'),
    xmlSha256: text('xml_sha256'),
    /** ANAF's answer archive: the document or its errors, and ANAF's signature (`semnatura_*.xml`). */
    answerZip: bytea('answer_zip'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // An invoice has one submission; each of its credit notes one more.
    uniqueIndex('efactura_submissions_invoice')
      .on(table.invoiceId)
      .where(sql`${table.creditNoteId} is null`),
    index('efactura_submissions_order').on(table.orderId),
    index('efactura_submissions_due').on(table.status, table.nextAttemptAt),
  ],
);

/**
 * The built-in e-Factura sandbox's own records (lib/efactura/sandbox.ts): what ANAF keeps of each upload. Only the
 * sandbox reads them; `outcome` UNAVAILABLE is an upload it answered 503 without taking it.
 */
export const efacturaSandboxUploads = pgTable('efactura_sandbox_uploads', {
  id: serial('id').primaryKey(),
  cif: text('cif').notNull(),
  standard: text('standard').notNull(),
  xml: text('xml').notNull(),
  /** SHA-256 of the XML: the document a 503 trigger answers once. */
  digest: text('digest').notNull(),
  outcome: text('outcome').$type<'ok' | 'nok' | 'UNAVAILABLE'>().notNull(),
  errors: jsonb('errors').$type<string[]>().notNull().default([]),
  /** Until then its status is `in prelucrare`. */
  readyAt: timestamp('ready_at', { withTimezone: true }).notNull(),
  /** The id `descarcare` answers to: random digits, so that one answer's id tells nothing of another's. */
  downloadId: text('download_id').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A buyer's request to see the orders of an e-mail address without an account (lib/buyers/sign-in.ts): the link
 * mailed to that address carries `{id}.{secret}`, and only the secret's SHA-256 is kept, so the table alone opens
 * nothing. Valid 30 minutes, once.
 */
export const buyerSignInLinks = pgTable(
  'buyer_sign_in_links',
  {
    id: uuid('id').primaryKey(),
    /** SHA-256 (base64url) of the link's secret; never the secret. */
    tokenHash: text('token_hash').notNull(),
    /** Trimmed and lower-cased, as the orders' e-mails are compared (`lower(email)`). */
    email: text('email').notNull(),
    /** The language the link's e-mail and page speak. */
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('buyer_sign_in_links_expires').on(table.expiresAt)],
);

/**
 * A browser's sight of one e-mail's orders, opened by a sign-in link: the cookie carries `{id}.{secret}`, the row the
 * secret's SHA-256. A day long, or until the buyer ends it.
 */
export const buyerSessions = pgTable(
  'buyer_sessions',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('buyer_sessions_expires').on(table.expiresAt)],
);

/**
 * The expiry reminder chosen for one delivered vignette (lib/reminders/expiry-reminders.ts): written with its outbox
 * row in one transaction, and unique per item, so a crash between choosing and sending still sends exactly one.
 */
export const expiryReminders = pgTable(
  'expiry_reminders',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased, as an unsubscribe names it. */
    email: text('email').notNull(),
    outboxId: integer('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('expiry_reminders_item').on(table.orderItemId),
    index('expiry_reminders_created').on(table.createdAt),
  ],
);

/**
 * An address that asked for no more expiry reminders (one click in a reminder, RFC 8058). A consent given on an order
 * placed after it counts again for that order.
 */
export const reminderUnsubscribes = pgTable('reminder_unsubscribes', {
  /** Trimmed and lower-cased. */
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
