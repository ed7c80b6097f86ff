import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '@/lib/api/error-body';
import { AUTHORITIES } from '@/lib/auth/permissions';
import { PRODUCT_LINES } from '@/lib/config/live-mode';
import { orderStatuses } from '@/lib/db/schema';
import { DECLINE_REASONS } from '@/lib/payment-provider/decline-reasons';
import { VIGNETTE_TYPES } from '@/lib/vignettes/periods';

/*
 * The success answers of the API as zod schemas, for the OpenAPI document (./document.ts). The request schemas are
 * the handlers' own (lib/validations); these describe what the handlers' projections return, and the contract test
 * (tests/integration/api/openapi-answers.test.ts, with every answer of the integration suite checked in
 * tests/support/openapi-contract.ts) holds them to the answers actually sent.
 */

/** A calendar day, `YYYY-MM-DD`. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An instant, ISO 8601 in UTC. */
const instant = z.iso.datetime({ offset: true });
/** Bani, whatever the field's name says (docs/api.md, Conventions: Money). */
const bani = z.number().int();
const orderStatus = z.enum(orderStatuses);
const orderKind = z.enum(['VIGNETTE', 'TOPUP']);
const vignetteType = z.enum(VIGNETTE_TYPES);

/** The JSON error of every endpoint (lib/api/error-body.ts). */
export const errorAnswer = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    issues: z
      .array(
        z.object({
          path: z.string().describe('The field, as a dotted path: `items.0.plate`.'),
          code: z.string().optional().describe('A key of the `Validation` messages.'),
          params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
          message: z.string(),
        }),
      )
      .optional(),
  }),
});

export const statusAnswer = z.object({ status: z.literal('ok') });

export const rateAnswer = z.object({ RON2HUF: z.number(), date: day, source: z.string() });

export const vignettePricesAnswer = z.record(
  z.string(),
  z.array(z.object({ type: vignetteType, price: z.number().int() })),
);

export const catalogAnswer = z.object({
  date: day,
  RON2HUF: z.number(),
  rateDate: day,
  categories: z.array(
    z.object({
      code: z.string(),
      title: z.string(),
      sellable: z.boolean(),
      notSoldReason: z.string().nullable(),
    }),
  ),
  counties: z.array(z.object({ id: z.string(), name: z.string() })),
  products: z.array(
    z.object({
      categoryCode: z.string(),
      type: vignetteType,
      year: z.number().int(),
      priceHuf: z.number().int(),
      priceRon: bani,
      earliestStart: day,
      latestStart: day,
    }),
  ),
});

export const operatorsAnswer = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    plan: z.string(),
    products: z.array(
      z.object({
        id: z.string(),
        faceValue: z.number(),
        currency: z.literal('EUR'),
        priceRon: bani,
        delivery: z.enum(['DIRECT', 'PIN']),
      }),
    ),
  }),
);

export const quoteAnswer = z.object({
  items: z.array(
    z.object({
      categoryCode: z.string(),
      type: vignetteType,
      plate: z.string(),
      country: z.string(),
      county: z.string().optional(),
      firstDay: day,
      lastDay: day,
      priceHuf: z.number().int(),
      priceRon: bani,
    }),
  ),
  totalRon: bani,
  RON2HUF: z.number(),
  rateDate: day,
});

/** `orderCreatedResponse` (lib/orders/create-order.ts): a new order, or one paid again. */
export const orderCreatedAnswer = z.object({
  orderId: z.string(),
  status: orderStatus,
  amountRon: bani,
  paymentUrl: z.string().nullable(),
});

/** `buyerOrderAnswer` (lib/orders/buyer-order.ts). */
export const buyerOrderAnswer = z.object({
  orderId: z.string(),
  reference: z.string().nullable(),
  status: orderStatus,
  email: z.string().describe('Masked: `a***@example.ro`.'),
  amountRon: bani,
  createdAt: instant,
  kind: orderKind,
  payment: z
    .object({
      declineReason: z.enum(DECLINE_REASONS),
      canPayAgain: z.boolean(),
      payAgainUntil: instant,
    })
    .optional(),
  items: z.array(
    z.union([
      z.object({
        productId: z.string(),
        phone: z.string().describe('Masked.'),
        priceRon: bani,
        reference: z.string().nullable(),
      }),
      z.object({
        categoryCode: z.string().nullable(),
        categoryTitle: z.string().nullable(),
        type: vignetteType.nullable(),
        county: z.string().nullable(),
        plate: z.string().nullable(),
        country: z.string().nullable(),
        firstDay: day.nullable(),
        lastDay: day.nullable(),
        priceRon: bani,
        issuedId: z.string().nullable(),
      }),
    ]),
  ),
});

/** The re-send of a confirmation or of the documents' links: queued, or not within the wait. */
export const queuedAnswer = z.union([
  z.object({ queued: z.literal(true) }),
  z.object({ queued: z.literal(false), retryAfterSeconds: z.number().int() }),
]);

export const plateCheckAnswer = z.object({
  plate: z.string(),
  country: z.string(),
  vignettes: z.array(
    z.object({
      categoryCode: z.string(),
      categoryTitle: z.string().nullable(),
      type: vignetteType,
      county: z.string().nullable(),
      firstDay: day,
      lastDay: day,
      status: z.enum(['ACTIVE', 'UPCOMING', 'ENDED', 'REFUNDED']),
    }),
  ),
});

const sameAgainVignette = z.object({
  categoryCode: z.string(),
  type: vignetteType,
  plate: z.string(),
  country: z.string(),
  county: z.string().optional(),
  startDate: day,
  firstDay: day,
  lastDay: day,
});

/** One order of `GET /api/my-orders` (lib/buyers/my-orders.ts, `MyOrder`). */
export const myOrderAnswer = z.object({
  id: z.string(),
  reference: z.string(),
  kind: orderKind,
  status: orderStatus,
  createdAt: instant,
  amountBani: bani,
  vignettes: z.array(
    z.looseObject({
      kind: z.literal('VIGNETTE'),
      categoryCode: z.string().nullable(),
      categoryTitle: z.string().nullable(),
      type: vignetteType.nullable(),
      plate: z.string().nullable(),
      country: z.string().nullable(),
      firstDay: day.nullable(),
      lastDay: day.nullable(),
      priceBani: bani,
      standing: z.enum(['ACTIVE', 'UPCOMING', 'ENDED']).nullable(),
    }),
  ),
  topUps: z.array(
    z.looseObject({
      kind: z.literal('TOPUP'),
      productId: z.string(),
      phone: z.string().describe('Masked.'),
      priceBani: bani,
    }),
  ),
  documentQuery: z.string(),
  documents: z
    .object({
      invoice: z.string(),
      creditNotes: z.array(z.object({ id: z.number().int(), query: z.string() })),
    })
    .nullable(),
  mayResend: z.boolean(),
  sameAgain: z.array(sameAgainVignette),
});

export const myOrdersAnswer = z.object({ email: z.string(), orders: z.array(myOrderAnswer) });

export const myOrdersLinkAnswer = z.object({ accepted: z.literal(true) });

export const myOrdersSessionAnswer = z.object({ email: z.string(), expiresAt: instant });

export const signedInAnswer = z.object({ username: z.string(), mustChangePassword: z.boolean() });

const authority = z.enum(AUTHORITIES);

export const roleAnswer = z.looseObject({
  name: z.string(),
  permissions: z.array(z.looseObject({ authority })),
});

export const userAnswer = z.looseObject({
  uuid: z.string(),
  username: z.string(),
  role: roleAnswer,
});

const count = z.number().int().min(0);

/** `shopStatus` (lib/admin/shop-status.ts). */
export const shopStatusAnswer = z.object({
  live: z.boolean(),
  lines: z.array(
    z.union([
      z.object({ line: z.enum(PRODUCT_LINES), sold: z.literal(true) }),
      z.object({ line: z.enum(PRODUCT_LINES), sold: z.literal(false), variable: z.string() }),
    ]),
  ),
  efactura: z.string(),
  deadLetters: count,
  failedDeliveries: count,
  efacturaStuck: count,
});

/** One page of a back-office list: the transactions, the invoices, the audit log. */
const pageOf = <T extends z.ZodRawShape>(extra: T) =>
  z.object({ items: z.array(z.looseObject({})), total: count, page: count, size: count, ...extra });

export const transactionPageAnswer = pageOf({ attention: count });
export const invoicePageAnswer = pageOf({});
export const auditPageAnswer = pageOf({ actions: z.array(z.string()) });

/**
 * An answer the back-office reads whose fields are described in docs/api.md and typed in lib/admin-client, not yet
 * here: an object, whatever its fields.
 */
export const staffObjectAnswer = z.looseObject({});

/** Netopia's acknowledgement of a notification, also when it refuses it or asks for it again. */
export const notificationAnswer = z.object({
  errorType: z.number().int(),
  errorCode: z.number().int(),
  errorMessage: z.string(),
});

/** The expiry reminders' figures for staff (lib/reminders/expiry-reminders.ts, reminderFigures). */
export const reminderFiguresAnswer = z.object({
  sent: z.number().int().nonnegative(),
  ordersBack: z.number().int().nonnegative(),
  buyersBack: z.number().int().nonnegative(),
});

/** One-click unsubscribe (RFC 8058) from the expiry reminders. */
export const reminderUnsubscribeAnswer = z.object({ unsubscribed: z.literal(true) });

/** Orders and money received on each day of a range (lib/admin/transactions.ts, dailySales). */
export const dailySalesAnswer = z.array(
  z.object({ day, count: z.number().int().nonnegative(), amountRon: z.number().int() }),
);

/** The rate in use and the BNR feed's last success and failure (lib/catalog/admin-exchange-rate.ts). */
export const exchangeRateStatusAnswer = z.object({
  rate: z
    .object({
      RON2HUF: z.number().positive(),
      date: day,
      source: z.enum(['BNR', 'SEED', 'ADMIN']),
      recordedAt: instant,
    })
    .nullable(),
  feed: z.object({
    enabled: z.boolean(),
    lastSuccess: z.object({ at: instant, date: day, RON2HUF: z.number().positive() }).nullable(),
    lastFailure: z
      .object({
        at: instant,
        reason: z.string(),
        status: z.number().int().optional(),
        message: z.string(),
      })
      .nullable(),
  }),
});
