import { z } from 'zod';
import type { ErrorCode } from '@/lib/api/error-body';
import type { HttpMethod } from '@/lib/api/routes';
import { transactionDetailsQuerySchema } from '@/lib/admin/transaction-details-handler';
import { auditLogQuerySchema } from '@/lib/validations/admin-audit';
import { spreadsheetLanguageQuerySchema } from '@/lib/validations/admin-exports';
import {
  invoiceListQuerySchema,
  invoiceQuerySchema,
  markActiveSchema,
  transactionListQuerySchema,
  transactionRangeQuerySchema,
} from '@/lib/validations/admin-transactions';
import {
  exchangeRateUpdateSchema,
  topUpCatalogUpdateSchema,
  vignettePriceYearQuerySchema,
  vignettePricesUpdateSchema,
} from '@/lib/validations/catalog';
import { documentQuerySchema } from '@/lib/validations/document-query';
import { efacturaResendSchema } from '@/lib/validations/efactura';
import { myOrdersLinkSchema, myOrdersSessionSchema } from '@/lib/validations/my-orders';
import {
  billingCorrectionSchema,
  emailChangeSchema,
  itemCorrectionSchema,
  orderActionSchema,
  refundSchema,
  staffResendSchema,
} from '@/lib/validations/order-actions';
import { plateCheckSchema } from '@/lib/validations/plate-check';
import { topUpOrderSchema } from '@/lib/validations/topup-order';
import {
  changePasswordSchema,
  loginSchema,
  signUpSchema,
  userIdQuerySchema,
  usernameQuerySchema,
} from '@/lib/validations/users';
import { vignetteOrderSchema, vignetteQuoteSchema } from '@/lib/validations/vignette-order';
import * as answers from './answers';

/** A sandbox that stands in for a provider: its routes exist only while it is served (lib/security/xsrf.ts). */
export type Sandbox = 'payments' | 'efactura' | 'issuer' | 'topups';

export interface SuccessAnswer {
  status: number;
  description: string;
  /** A JSON body; absent for an answer without one (204, a redirect) or of another media type. */
  schema?: z.ZodType;
  /** The media type of a body that is not JSON. */
  mediaType?: string;
}

export interface Operation {
  summary: string;
  tag:
    | 'catalogue'
    | 'orders'
    | 'my orders'
    | 'validity check'
    | 'reminders'
    | 'payments'
    | 'staff'
    | 'health'
    | 'sandbox'
    | 'description';
  /** Needs a staff token (`Authorization: Bearer`, from `POST /api/login`): 401 without one, 403 without the authority. */
  staff?: { authority?: string };
  /** Needs the buyer's session cookie of "my orders" (`POST /api/my-orders/session`). */
  buyerSession?: boolean;
  /** Limited per client address: 429 with `Retry-After`. */
  rateLimited?: boolean;
  /** Only while this sandbox is served. */
  sandbox?: Sandbox;
  query?: z.ZodType;
  /** The path's bracketed segments. */
  path?: z.ZodType;
  /** A JSON body, validated with this schema (422 naming the fields). */
  body?: z.ZodType;
  /** An HTML form's body (application/x-www-form-urlencoded). */
  form?: z.ZodType;
  /** Takes an optional `Idempotency-Key` header. */
  idempotent?: boolean;
  answers: SuccessAnswer[];
  /** The shape of its failures when it is not the API's `Error` (a provider's protocol). */
  failure?: z.ZodType;
  /** Failures beyond those every operation of its kind has (./document.ts, `errorsOf`). */
  errors?: ErrorCode[];
}

const json = (status: number, description: string, schema: z.ZodType): SuccessAnswer => ({
  status,
  description,
  schema,
});
const noContent = (description: string): SuccessAnswer => ({ status: 204, description });
const ok = (schema: z.ZodType, description = 'OK') => json(200, description, schema);
const staff = (authority?: string) => ({ staff: authority ? { authority } : {} });
const orderIdPath = z.object({ orderId: z.string().max(64) });
const pdf: SuccessAnswer = { status: 200, description: 'The PDF', mediaType: 'application/pdf' };
const xml: SuccessAnswer = { status: 200, description: 'The XML', mediaType: 'application/xml' };

/** A staff action on one order: 404 for no such order, 409 when its state does not allow it. */
const staffAction = (
  summary: string,
  authority: string,
  body: z.ZodType,
  answer = ok(answers.staffObjectAnswer),
): Operation => ({
  summary,
  tag: 'staff',
  ...staff(authority),
  body,
  answers: [answer],
  errors: ['NOT_FOUND', 'CONFLICT'],
});

/** An order and its payment: 201, or 200 with the same order for a repeated `Idempotency-Key`. */
const orderOperation = (summary: string, body: z.ZodType): Operation => ({
  summary,
  tag: 'orders',
  rateLimited: true,
  idempotent: true,
  body,
  answers: [
    json(201, 'Created: pay at `paymentUrl`', answers.orderCreatedAnswer),
    json(200, 'The same order, for an `Idempotency-Key` already used', answers.orderCreatedAnswer),
  ],
  errors: ['CONFLICT', 'PRODUCT_LINE_CLOSED'],
});

/**
 * The sandbox routes speak their provider's contract (JSON, XML, its own errors), documented by that provider: here
 * they are only listed, every answer as the provider's (./document.ts).
 */
const sandboxOperation = (sandbox: Sandbox, summary: string, extra: Partial<Operation> = {}): Operation => ({
  summary,
  tag: 'sandbox',
  sandbox,
  answers: [],
  ...extra,
});

/**
 * Every operation of the API, by route (as in `API_ROUTE_METHODS`, lib/api/routes.ts) and method: the schemas the
 * handlers validate with and those of their answers. The metrics (`/api/metrics`) and the server's own
 * `/api/internal/...` are left out on purpose: they answer 404 to anyone but the server's operator, as if they did not
 * exist, and a public description would advertise them.
 */
export const OPERATIONS: Record<string, Partial<Record<HttpMethod, Operation>>> = {
  '/api/admin/audit': {
    GET: {
      summary: 'One page of the audit log, newest first',
      tag: 'staff',
      ...staff('AUDIT_READ'),
      query: auditLogQuerySchema,
      answers: [ok(answers.auditPageAnswer)],
    },
  },
  '/api/admin/catalog/topup-products': {
    GET: {
      summary: 'Every top-up operator and product, withdrawn ones too',
      tag: 'staff',
      ...staff('CATALOG_READ'),
      answers: [ok(answers.staffObjectAnswer)],
    },
    PUT: {
      summary: 'Changes and additions to the top-up products, never deletions',
      tag: 'staff',
      ...staff('CATALOG_WRITE'),
      body: topUpCatalogUpdateSchema,
      answers: [ok(answers.staffObjectAnswer)],
      errors: ['CONFLICT'],
    },
  },
  '/api/admin/catalog/vignette-prices': {
    GET: {
      summary: "A year's vignette prices and the pairs that have none",
      tag: 'staff',
      ...staff('CATALOG_READ'),
      query: vignettePriceYearQuerySchema,
      answers: [ok(answers.staffObjectAnswer)],
    },
    PUT: {
      summary: "This or next year's vignette prices",
      tag: 'staff',
      ...staff('CATALOG_WRITE'),
      body: vignettePricesUpdateSchema,
      answers: [ok(answers.staffObjectAnswer)],
      errors: ['CONFLICT'],
    },
  },
  '/api/admin/exchange-rate': {
    GET: {
      summary: "The rate in use and the BNR feed's last success and failure",
      tag: 'staff',
      ...staff('CATALOG_READ'),
      answers: [ok(answers.exchangeRateStatusAnswer)],
    },
    PUT: {
      summary: 'A rate set by hand, in use until the feed brings a new one',
      tag: 'staff',
      ...staff('CATALOG_WRITE'),
      body: exchangeRateUpdateSchema,
      answers: [ok(answers.exchangeRateStatusAnswer)],
    },
  },
  '/api/admin/invoices': {
    GET: {
      summary: 'One page of invoices, newest first',
      tag: 'staff',
      ...staff('INVOICE_READ'),
      query: invoiceListQuerySchema,
      answers: [ok(answers.invoicePageAnswer)],
    },
  },
  '/api/admin/mail/retry': {
    POST: {
      summary: 'Every e-mail given up after its last try is tried again',
      tag: 'staff',
      ...staff('PAYMENT_WRITE'),
      answers: [json(202, 'Queued: the outbox sends them', z.object({ requeued: z.number().int() }))],
    },
  },
  '/api/admin/payment': {
    GET: {
      summary: 'One page of transactions, filtered, searched and sorted',
      tag: 'staff',
      ...staff('PAYMENT_READ'),
      query: transactionListQuerySchema,
      answers: [ok(answers.transactionPageAnswer)],
    },
    PATCH: {
      summary: 'Marks a transaction active, or undoes it',
      tag: 'staff',
      ...staff('PAYMENT_WRITE'),
      body: markActiveSchema,
      answers: [ok(answers.staffObjectAnswer)],
      errors: ['NOT_FOUND'],
    },
  },
  '/api/admin/payment/billing': {
    PATCH: staffAction(
      "Corrects whom the order's invoice names (an issued invoice is reversed and replaced)",
      'PAYMENT_WRITE',
      billingCorrectionSchema,
    ),
  },
  '/api/admin/payment/cancel': {
    POST: staffAction('Cancels an order still waiting for its payment', 'PAYMENT_WRITE', orderActionSchema),
  },
  '/api/admin/payment/daily': {
    GET: {
      summary: 'Orders and money received per day of a range',
      tag: 'staff',
      ...staff('PAYMENT_READ'),
      query: transactionRangeQuerySchema,
      answers: [ok(answers.dailySalesAnswer)],
    },
  },
  '/api/admin/payment/efactura': {
    POST: staffAction(
      "Sends an order's invoice or credit note to RO e-Factura again after a fix",
      'PAYMENT_WRITE',
      efacturaResendSchema,
      ok(z.object({ efactura: z.looseObject({}) })),
    ),
  },
  '/api/admin/payment/email': {
    PATCH: {
      summary: "Changes the buyer's e-mail address",
      tag: 'staff',
      ...staff('ORDER_SUPPORT'),
      body: emailChangeSchema,
      answers: [ok(answers.staffObjectAnswer)],
      errors: ['NOT_FOUND'],
    },
  },
  '/api/admin/payment/export/excel': {
    GET: {
      summary: "A range's transactions as an .xlsx workbook",
      tag: 'staff',
      ...staff('PAYMENT_EXPORT'),
      query: transactionRangeQuerySchema.and(spreadsheetLanguageQuerySchema),
      answers: [
        {
          status: 200,
          description: 'The workbook',
          mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
    },
  },
  '/api/admin/payment/export/xml': {
    GET: {
      summary: "A range's transactions as XML",
      tag: 'staff',
      ...staff('PAYMENT_EXPORT'),
      query: transactionRangeQuerySchema,
      answers: [xml],
    },
  },
  '/api/admin/payment/item': {
    PATCH: staffAction(
      "Corrects a vignette's plate or country, or a failed top-up's number",
      'ORDER_SUPPORT',
      itemCorrectionSchema,
    ),
  },
  '/api/admin/payment/refund': {
    POST: staffAction(
      "Gives the order's money back through the payment provider",
      'PAYMENT_REFUND',
      refundSchema,
    ),
  },
  '/api/admin/payment/resend': {
    POST: staffAction(
      'Queues the confirmation with its invoice again',
      'ORDER_SUPPORT',
      staffResendSchema,
      json(202, 'Queued: the outbox sends it', answers.staffObjectAnswer),
    ),
  },
  '/api/admin/payment/retry': {
    POST: staffAction(
      'Delivers an order whose delivery failed again, now',
      'ORDER_SUPPORT',
      orderActionSchema,
    ),
  },
  '/api/admin/reminders': {
    GET: {
      summary:
        "Expiry reminders sent on the range's days, and the paid orders and buyers that came back through one",
      tag: 'staff',
      ...staff('PAYMENT_READ'),
      query: transactionRangeQuerySchema,
      answers: [ok(answers.reminderFiguresAnswer)],
    },
  },
  '/api/admin/shop-status': {
    GET: {
      summary: 'Live or sandbox, closed product lines, e-Factura, what waits for staff',
      tag: 'staff',
      ...staff('PAYMENT_READ'),
      answers: [ok(answers.shopStatusAnswer)],
    },
  },
  '/api/currency/nmps/rate': {
    GET: {
      summary: 'The exchange rate in use (forints per leu)',
      tag: 'catalogue',
      answers: [ok(answers.rateAnswer)],
    },
  },
  '/api/efactura-sandbox/descarcare': {
    GET: sandboxOperation('efactura', "ANAF's download of an answer (sandbox)"),
  },
  '/api/efactura-sandbox/listaMesajeFactura': {
    GET: sandboxOperation('efactura', "ANAF's list of messages (sandbox)"),
  },
  '/api/efactura-sandbox/stareMesaj': {
    GET: sandboxOperation('efactura', "ANAF's state of an upload (sandbox)"),
  },
  '/api/efactura-sandbox/token': {
    POST: sandboxOperation('efactura', "ANAF's OAuth2 token (sandbox)"),
  },
  '/api/efactura-sandbox/upload': {
    POST: sandboxOperation('efactura', "ANAF's upload of a UBL invoice (sandbox)"),
  },
  '/api/eps/order': {
    POST: orderOperation('A top-up order and its payment', topUpOrderSchema),
  },
  '/api/eps/utils/operators': {
    GET: {
      summary: 'The top-up operators and products on sale',
      tag: 'catalogue',
      answers: [ok(answers.operatorsAnswer)],
    },
  },
  '/api/eps/utils/transaction/details': {
    GET: {
      summary: 'One top-up order, for staff',
      tag: 'staff',
      ...staff('PAYMENT_READ'),
      query: transactionDetailsQuerySchema,
      answers: [ok(answers.staffObjectAnswer)],
      errors: ['NOT_FOUND'],
    },
  },
  '/api/health': {
    GET: { summary: 'Up, with its database', tag: 'health', answers: [ok(answers.statusAnswer)] },
  },
  '/api/health/live': {
    GET: { summary: 'Liveness: the process answers', tag: 'health', answers: [ok(answers.statusAnswer)] },
  },
  '/api/health/ready': {
    GET: {
      summary: 'Readiness: the database answers and the server is not stopping',
      tag: 'health',
      answers: [ok(answers.statusAnswer)],
    },
  },
  '/api/invoice': {
    GET: {
      summary: "An order's invoice or credit note, as PDF or as RO e-Factura UBL XML, for staff",
      tag: 'staff',
      ...staff('INVOICE_READ'),
      query: invoiceQuerySchema,
      answers: [{ ...pdf, description: 'The PDF, or with `format=xml` the UBL XML' }, xml],
      errors: ['NOT_FOUND', 'CONFLICT'],
    },
  },
  '/api/issuer-sandbox/v1/health': {
    GET: sandboxOperation('issuer', "The vignette issuer's health (sandbox)"),
  },
  '/api/issuer-sandbox/v1/vignettes': {
    GET: sandboxOperation('issuer', 'Vignettes issued (sandbox)'),
    POST: sandboxOperation('issuer', 'Issues a vignette (sandbox)'),
  },
  '/api/issuer-sandbox/v1/vignettes/[id]': {
    GET: sandboxOperation('issuer', 'One vignette (sandbox)', { path: z.object({ id: z.string() }) }),
  },
  '/api/issuer-sandbox/v1/vignettes/[id]/corrections': {
    POST: sandboxOperation('issuer', "Corrects a vignette's plate (sandbox)", {
      path: z.object({ id: z.string() }),
    }),
  },
  '/api/login': {
    POST: {
      summary: 'Staff sign-in: the token comes in the `Authorization` answer header',
      tag: 'staff',
      rateLimited: true,
      body: loginSchema,
      answers: [ok(answers.signedInAnswer, 'Signed in; `Authorization: Bearer <token>` in the headers')],
      errors: ['UNAUTHORIZED'],
    },
  },
  '/api/logout': {
    POST: {
      summary: "The request's token stops working on every server",
      tag: 'staff',
      ...staff(),
      answers: [noContent('Signed out')],
    },
  },
  '/api/my-orders': {
    GET: {
      summary: "The orders of the session's e-mail, newest first",
      tag: 'my orders',
      buyerSession: true,
      rateLimited: true,
      answers: [ok(answers.myOrdersAnswer)],
    },
  },
  '/api/my-orders/[orderId]': {
    GET: {
      summary: "One order of the session's e-mail (404 for any other)",
      tag: 'my orders',
      buyerSession: true,
      rateLimited: true,
      path: orderIdPath,
      answers: [ok(answers.myOrderAnswer)],
      errors: ['NOT_FOUND'],
    },
  },
  '/api/my-orders/link': {
    POST: {
      summary: 'Mails a sign-in link to the address if it has orders; the same answer if it has none',
      tag: 'my orders',
      rateLimited: true,
      body: myOrdersLinkSchema,
      answers: [json(202, 'Accepted, whether or not the address has orders', answers.myOrdersLinkAnswer)],
    },
  },
  '/api/my-orders/session': {
    POST: {
      summary: 'Redeems a sign-in link and opens a day-long session (cookie `buyerSession`)',
      tag: 'my orders',
      rateLimited: true,
      body: myOrdersSessionSchema,
      answers: [json(201, 'Signed in', answers.myOrdersSessionAnswer)],
      errors: ['NOT_FOUND', 'GONE'],
    },
    DELETE: {
      summary: "Ends the browser's session",
      tag: 'my orders',
      answers: [noContent('Ended, with or without a session')],
    },
  },
  '/api/nmps/orders/order': {
    POST: orderOperation('A vignette order and its payment', vignetteOrderSchema),
  },
  '/api/nmps/orders/quote': {
    POST: {
      summary: "Each vignette's validity and price, and the total",
      tag: 'orders',
      rateLimited: true,
      body: vignetteQuoteSchema,
      answers: [ok(answers.quoteAnswer)],
      errors: ['PRODUCT_LINE_CLOSED'],
    },
  },
  '/api/nmps/utils/transaction/details': {
    GET: {
      summary: 'One vignette order, for staff',
      tag: 'staff',
      ...staff('PAYMENT_READ'),
      query: transactionDetailsQuerySchema,
      answers: [ok(answers.staffObjectAnswer)],
      errors: ['NOT_FOUND'],
    },
  },
  '/api/nmps/utils/vignette/catalog': {
    GET: {
      summary: 'What can be bought today, at what price, from which start days',
      tag: 'catalogue',
      answers: [ok(answers.catalogAnswer)],
    },
  },
  '/api/nmps/utils/vignette/prices': {
    GET: {
      summary: "This year's vignette prices in forints, by category",
      tag: 'catalogue',
      answers: [ok(answers.vignettePricesAnswer)],
    },
  },
  '/api/openapi.json': {
    GET: {
      summary: 'This description of the API (OpenAPI 3.1)',
      tag: 'description',
      answers: [ok(z.looseObject({ openapi: z.string() }))],
    },
  },
  '/api/orders/[orderId]': {
    GET: {
      summary: "The order's public state (the e-mail masked); the unguessable id is the key",
      tag: 'orders',
      rateLimited: true,
      path: orderIdPath,
      answers: [ok(answers.buyerOrderAnswer)],
      errors: ['NOT_FOUND'],
    },
  },
  '/api/orders/[orderId]/documents': {
    POST: {
      summary: "E-mails the links to the order's invoice and credit notes to the order's own address",
      tag: 'orders',
      rateLimited: true,
      path: orderIdPath,
      answers: [json(202, 'Queued, or not within two minutes of the last', answers.queuedAnswer)],
      errors: ['NOT_FOUND', 'CONFLICT'],
    },
  },
  '/api/orders/[orderId]/invoice': {
    GET: {
      summary: "The buyer's invoice or credit note PDF (with the order's key `t` or the browser's cookie)",
      tag: 'orders',
      rateLimited: true,
      path: orderIdPath,
      query: documentQuerySchema,
      answers: [pdf],
      errors: ['FORBIDDEN', 'NOT_FOUND'],
    },
  },
  '/api/orders/[orderId]/payment': {
    POST: {
      summary: 'Pays a declined, expired or left order again: a new payment form',
      tag: 'orders',
      rateLimited: true,
      path: orderIdPath,
      answers: [ok(answers.orderCreatedAnswer)],
      errors: ['NOT_FOUND', 'CONFLICT', 'PRODUCT_LINE_CLOSED'],
    },
  },
  '/api/orders/[orderId]/resend': {
    POST: {
      summary: 'Queues the confirmation e-mail again',
      tag: 'orders',
      rateLimited: true,
      path: orderIdPath,
      answers: [json(202, 'Queued, or not within two minutes of the last', answers.queuedAnswer)],
      errors: ['NOT_FOUND', 'CONFLICT'],
    },
  },
  '/api/payments/netopia/notify': {
    POST: {
      summary: "The payment provider's signed notification (IPN)",
      tag: 'payments',
      rateLimited: true,
      answers: [ok(answers.notificationAnswer, "Netopia's acknowledgement")],
      // Refused, or to be sent again (errorType 1), in Netopia's protocol; a body too large in the API's shape.
      failure: z.union([answers.notificationAnswer, answers.errorAnswer]),
      errors: ['UNAUTHORIZED', 'PAYLOAD_TOO_LARGE'],
    },
  },
  '/api/reminders/unsubscribe': {
    GET: {
      summary:
        "The reminder's List-Unsubscribe address opened in a browser: to the page whose button unsubscribes",
      tag: 'reminders',
      query: z.object({ token: z.string().optional(), lang: z.string().optional() }),
      answers: [{ status: 303, description: 'To the unsubscribe page (a GET never unsubscribes)' }],
    },
    POST: {
      summary:
        'One-click unsubscribe (RFC 8058) from the expiry reminders, by the signed token, without a session',
      tag: 'reminders',
      query: z.object({ token: z.string() }),
      answers: [ok(answers.reminderUnsubscribeAnswer, 'Unsubscribed (once, however often it is asked)')],
      errors: ['NOT_FOUND'],
    },
  },
  '/api/payments/return': {
    GET: {
      summary: 'Where the provider sends the buyer back: a redirect to the outcome page',
      tag: 'payments',
      rateLimited: true,
      query: z.object({ orderId: z.string() }),
      answers: [{ status: 303, description: 'To the outcome page' }],
    },
  },
  '/api/payments/sandbox/3ds': {
    POST: sandboxOperation('payments', 'The sandbox card form: the 3-D Secure step'),
  },
  '/api/payments/sandbox/operation/status': {
    POST: sandboxOperation('payments', "Netopia's operation status (sandbox)"),
  },
  '/api/payments/sandbox/pay': {
    GET: sandboxOperation('payments', 'The sandbox card form: back to the shop'),
    POST: sandboxOperation('payments', 'The sandbox card form: pay'),
  },
  '/api/payments/sandbox/payment/card/start': {
    POST: sandboxOperation('payments', "Netopia's payment start (sandbox)"),
  },
  '/api/topup-sandbox/api/operators/countries/[countryCode]': {
    GET: sandboxOperation('topups', "Reloadly's operators of a country (sandbox)", {
      path: z.object({ countryCode: z.string() }),
    }),
  },
  '/api/topup-sandbox/api/topups': {
    POST: sandboxOperation('topups', "Reloadly's top-up (sandbox)"),
  },
  '/api/topup-sandbox/api/topups/reports/transactions': {
    GET: sandboxOperation('topups', "Reloadly's transactions report (sandbox)"),
  },
  '/api/topup-sandbox/auth/oauth/token': {
    POST: sandboxOperation('topups', "Reloadly's OAuth2 token (sandbox)"),
  },
  '/api/users': {
    GET: {
      summary: 'Every staff user with their role',
      tag: 'staff',
      ...staff('USER_READ'),
      answers: [ok(z.array(answers.userAnswer))],
    },
  },
  '/api/users/change-pass': {
    POST: {
      summary: "One's own new password; the new token in the `Authorization` answer header",
      tag: 'staff',
      ...staff(),
      body: changePasswordSchema,
      answers: [
        ok(answers.signedInAnswer, 'Changed; the new `Authorization: Bearer <token>` in the headers'),
      ],
      // A wrong old password counts as a failed sign-in.
      errors: ['TOO_MANY_REQUESTS'],
    },
  },
  '/api/users/reset': {
    POST: {
      summary: "A temporary password, shown once; the user's tokens stop working",
      tag: 'staff',
      ...staff('USER_WRITE'),
      query: userIdQuerySchema,
      answers: [ok(z.object({ temporaryPassword: z.string() }), 'The temporary password, shown once')],
      errors: ['NOT_FOUND'],
    },
  },
  '/api/users/roles': {
    GET: {
      summary: 'The roles a new user can get, with their authorities',
      tag: 'staff',
      ...staff('USER_READ'),
      answers: [ok(z.array(answers.roleAnswer))],
    },
  },
  '/api/users/sign-up': {
    POST: {
      summary: 'A new staff user with a role and an initial password to change',
      tag: 'staff',
      ...staff('USER_WRITE'),
      body: signUpSchema,
      answers: [json(201, 'Created', answers.userAnswer)],
      errors: ['CONFLICT'],
    },
  },
  '/api/users/user': {
    GET: {
      summary: 'A user with their role and permissions (oneself always, others with USER_READ)',
      tag: 'staff',
      ...staff(),
      query: usernameQuerySchema,
      answers: [ok(answers.userAnswer)],
      errors: ['NOT_FOUND'],
    },
    DELETE: {
      summary: 'Removes a user (409 for oneself or the last admin)',
      tag: 'staff',
      ...staff('USER_WRITE'),
      query: userIdQuerySchema,
      answers: [noContent('Removed')],
      errors: ['NOT_FOUND', 'CONFLICT'],
    },
  },
  '/api/vignettes/check': {
    GET: {
      summary: 'The vignettes this shop delivered for a plate; nothing of who bought them',
      tag: 'validity check',
      rateLimited: true,
      query: plateCheckSchema,
      answers: [ok(answers.plateCheckAnswer)],
      errors: ['BAD_REQUEST'],
    },
  },
  '/api/xsrf-token': {
    GET: {
      summary: 'Sets the anti-forgery cookie; the body is empty',
      tag: 'health',
      answers: [noContent('The cookie is in `Set-Cookie` when the request had none')],
    },
  },
};

/** Routes of `API_ROUTE_METHODS` that the document leaves out, and why (see `OPERATIONS`). */
export const UNDOCUMENTED_ROUTES: Readonly<Record<string, string>> = {
  '/api/metrics': "the operator's: 404 to anyone else, as if it did not exist",
  '/api/internal/catalog-revalidation': "the server's own call to itself: 404 to anyone else",
};
