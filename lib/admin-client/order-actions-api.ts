import { api } from '@/lib/client/api';
import type { correctBillingData, correctItem } from '@/lib/orders/staff-actions';
import type { correctTopUpPhone } from '@/lib/orders/topup-correction';
import type { EfacturaView } from '@/lib/efactura/submissions';
import type { RefundResult, RefundView } from '@/lib/payments/refunds';
import type { ItemCorrectionBody, RefundBody } from '@/lib/validations/order-actions';
import {
  PAYMENTS_URL,
  withQuery,
  type OrderStatus,
  type Page,
  type Payment,
  type TransactionDetails,
} from './admin-api';

/**
 * The calls that settle an order that went wrong (refund, retry the delivery, correct a vignette, change the buyer's
 * e-mail, re-send the confirmation, cancel a pending order, undo "active"), and what the list and the details answer
 * about it. Every write goes through the shop's one `api` client, never retried: a refund asked twice would move money
 * twice if the server did not refuse it.
 *
 * The answers' types are the server's own (type imports only: no server code reaches the browser). Amounts are in
 * bani, times ISO 8601.
 */

/** ky clones a body for its retries in advance, which streams the JSON; a write is never retried anyway. */
const NO_RETRY = 0;

export const REFUND_URL = `${PAYMENTS_URL}/refund`;
export const RETRY_DELIVERY_URL = `${PAYMENTS_URL}/retry`;
export const ITEM_URL = `${PAYMENTS_URL}/item`;
export const EMAIL_URL = `${PAYMENTS_URL}/email`;
export const RESEND_URL = `${PAYMENTS_URL}/resend`;
export const CANCEL_URL = `${PAYMENTS_URL}/cancel`;
export const EFACTURA_URL = `${PAYMENTS_URL}/efactura`;
export const BILLING_URL = `${PAYMENTS_URL}/billing`;

export { ATTENTION_REASONS, type AttentionReason } from '@/lib/orders/attention';

/** A row of `GET /api/admin/payment`, with the flag that puts it in the "needs attention" filter. */
export type PaymentRow = Payment;

/** `GET /api/admin/payment`'s answer: one page, and how many orders need a hand now, whatever the filters. */
export interface PaymentPage extends Page<PaymentRow> {
  attention: number;
}

/** A refund of the details (lib/payments/refunds.ts), with the number of its credit note. */
export type Refund = RefundView;

/** One line of the details, with what a correction needs: its id, and how many corrections it had. */
export type OrderLine = TransactionDetails['items'][number];

/**
 * A change in the order's history. `code` is a key of `Admin.events` with its values in `params`; null on events
 * recorded before codes existed, which show `reason`.
 */
export type OrderEvent = TransactionDetails['events'][number];

/** `.../transaction/details` with what settling the order needs. */
export type OrderDetails = TransactionDetails;

/** `POST /api/admin/payment/refund`'s body (lib/validations/order-actions.ts). */
export type RefundRequest = RefundBody;

export type RefundAnswer = RefundResult;

export type ItemCorrection = ItemCorrectionBody;

export type CorrectedItem = Awaited<ReturnType<typeof correctItem>>['item'];

/** `POST /api/admin/payment/refund` (PAYMENT_REFUND). */
export const postRefund = (body: RefundRequest) =>
  api.post(REFUND_URL, { json: body, retry: NO_RETRY }).json<RefundAnswer>();

/**
 * `POST /api/admin/payment/retry` (PAYMENT_WRITE): FULFILLED when the delivery worked now, PAID while it is still
 * being tried, FULFILLMENT_FAILED when it failed again.
 */
export const postRetryDelivery = (id: string) =>
  api.post(RETRY_DELIVERY_URL, { json: { id }, retry: NO_RETRY }).json<{ status: OrderStatus }>();

/** `PATCH /api/admin/payment/item` (PAYMENT_WRITE): only the fields that change are sent. */
export const patchItem = (body: ItemCorrection) =>
  api.patch(ITEM_URL, { json: body, retry: NO_RETRY }).json<{ item: CorrectedItem }>();

export type CorrectedPhone = Awaited<ReturnType<typeof correctTopUpPhone>>['item'];

/** `PATCH /api/admin/payment/item` with `phone` (ORDER_SUPPORT): the number of a top-up whose delivery failed. */
export const patchPhone = (body: { orderId: string; itemId: number; phone: string }) =>
  api.patch(ITEM_URL, { json: body, retry: NO_RETRY }).json<{ item: CorrectedPhone }>();

/** `PATCH /api/admin/payment/email` (PAYMENT_WRITE). */
export const patchEmail = (id: string, email: string) =>
  api.patch(EMAIL_URL, { json: { id, email }, retry: NO_RETRY }).json<{ email: string }>();

/** `POST /api/admin/payment/resend` (PAYMENT_WRITE), 202: queued, to the buyer's address unless `to` is given. */
export const postResend = (id: string, to?: string) =>
  api
    .post(RESEND_URL, { json: to ? { id, to } : { id }, retry: NO_RETRY })
    .json<{ queued: true; to: string }>();

export type CorrectedBilling = Awaited<ReturnType<typeof correctBillingData>>;

/**
 * `PATCH /api/admin/payment/billing` (PAYMENT_WRITE): whom the invoice names. `invoice` is the schema's input
 * (lib/validations/billing.ts); `documents` are the storno and the new invoice, null when nothing was invoiced or
 * nothing changed.
 */
export const patchBilling = (id: string, invoice: unknown) =>
  api.patch(BILLING_URL, { json: { id, invoice }, retry: NO_RETRY }).json<CorrectedBilling>();

/** `POST /api/admin/payment/cancel` (PAYMENT_WRITE): an order still waiting for its payment. */
export const postCancel = (id: string) =>
  api.post(CANCEL_URL, { json: { id }, retry: NO_RETRY }).json<{ status: 'CANCELED' }>();

/** `PATCH /api/admin/payment` `{active: false}` (PAYMENT_WRITE): undoes "mark as active"; the answer is the row. */
export const patchInactive = (id: string) =>
  api.patch(PAYMENTS_URL, { json: { id, active: false }, retry: NO_RETRY }).json<Payment>();

/** A refund's credit note as a PDF (INVOICE_READ), through the secured download helper. */
export const creditNotePdfUrl = (orderId: string, creditNoteId: number) =>
  withQuery('/api/invoice', { orderId, type: 'credit-note', creditNoteId });

/** The same credit note as its RO e-Factura UBL XML. */
export const creditNoteXmlUrl = (orderId: string, creditNoteId: number) =>
  withQuery('/api/invoice', { orderId, type: 'credit-note', creditNoteId, format: 'xml' });

/** A document's RO e-Factura submission as the details show it (lib/efactura/submissions.ts). */
export type Efactura = EfacturaView;

/**
 * `POST /api/admin/payment/efactura` (PAYMENT_WRITE): sends the invoice, or the credit note named, to RO e-Factura
 * again; the answer is its submission, PENDING again.
 */
export const postEfacturaResend = (id: string, creditNoteId?: number, invoiceId?: number) =>
  api
    .post(EFACTURA_URL, {
      json: creditNoteId ? { id, creditNoteId } : invoiceId ? { id, invoiceId } : { id },
      retry: NO_RETRY,
    })
    .json<{ efactura: Efactura }>();
