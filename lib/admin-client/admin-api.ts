import type { DailySales, TransactionItem, TransactionProduct } from '@/lib/admin/transactions';
import type { listAuditLog } from '@/lib/admin/audit';
import type { listInvoices } from '@/lib/admin/invoices';
import type { UserView } from '@/lib/auth/users';
import type { Locale } from '@/lib/i18n/routing';
import { api } from '@/lib/client/api';
import type { OrderStatus } from '@/lib/orders/status';
import type { transactionDetails } from '@/lib/admin/transaction-details';

/**
 * The back-office's calls (docs/api.md, Staff, and Transactions, exports and invoices), all through the shop's one
 * `api` client so that the token, the anti-forgery header and the 401 sign-out (docs/api.md, The browser's client)
 * apply. Amounts are in bani, times ISO 8601, days `YYYY-MM-DD`. The answers' types are the server's own (type imports
 * only: no server code reaches the browser).
 */

/** ky clones a POST for its retries in advance, which streams a JSON body; a write is never retried anyway. */
const NO_RETRY = 0;

export const LOGIN_URL = '/api/login';
export const USER_URL = '/api/users/user';
export const USERS_URL = '/api/users';
export const ROLES_URL = '/api/users/roles';
export const PAYMENTS_URL = '/api/admin/payment';
export const DAILY_SALES_URL = '/api/admin/payment/daily';
export const INVOICES_URL = '/api/admin/invoices';
export const AUDIT_URL = '/api/admin/audit';
export const SHOP_STATUS_URL = '/api/admin/shop-status';
export const REMINDER_FIGURES_URL = '/api/admin/reminders';
export const MAIL_RETRY_URL = '/api/admin/mail/retry';

export type { Authority } from '@/lib/auth/permissions';
export type { ShopStatus } from '@/lib/admin/shop-status';

export interface Role {
  name: string;
  permissions: { authority: string }[];
}

/**
 * `GET /api/users/user?username=`: the signed-in user's record, stored as `principal`
 * (docs/screens.md, Back-office session).
 */
export interface Principal {
  uuid: string;
  username: string;
  role: Role;
  mustChangePassword?: boolean;
}

/** `GET /api/users`'s rows. */
export type StaffUser = UserView;

export interface LoginAnswer {
  username: string;
  mustChangePassword: boolean;
}

export type { OrderStatus };
export type OrderKind = Payment['kind'];

/** Every order state, for the filter (the list in lib/db/schema would bring the database code into the browser). */
export const ORDER_STATUSES = [
  'PENDING_PAYMENT',
  'PAID',
  'FULFILLED',
  'FULFILLMENT_FAILED',
  'REFUND_PENDING',
  'FAILED',
  'CANCELED',
  'EXPIRED',
  'REFUNDED',
] as const satisfies readonly OrderStatus[];

/** One row of `GET /api/admin/payment` (and `PATCH`'s answer). */
export type Payment = TransactionItem;
export type { DailySales, TransactionProduct };
export type { ReminderFigures } from '@/lib/reminders/expiry-reminders';

export interface Page<T> {
  items: T[];
  total: number;
  /** 0-based. */
  page: number;
  size: number;
}

export type PaymentSort = 'createdAt' | 'amount' | 'status' | 'email';
export type SortDirection = 'asc' | 'desc';

/** The filters shared by the list and the chart; an empty value is no filter. */
export interface PaymentFilters {
  from: string;
  to: string;
  status: string;
  /** VIGNETTE, TOPUP, a vehicle category code or a top-up operator id. */
  product: string;
  active: '' | 'true' | 'false';
  q: string;
  /** Only the orders that need a hand (lib/admin-client/order-actions-api.ts); the list's filter, not the chart's. */
  attention: '' | 'true';
}

export interface PaymentQuery extends PaymentFilters {
  page: number;
  size: number;
  sort: PaymentSort;
  dir: SortDirection;
}

/** `.../transaction/details`: the order, its lines, its history (lib/admin/transaction-details.ts). */
export type TransactionDetails = NonNullable<Awaited<ReturnType<typeof transactionDetails>>>;
type OrderLine = TransactionDetails['items'][number];
export type VignetteLine = Extract<OrderLine, { firstDay: unknown }>;
export type TopUpLine = Exclude<OrderLine, VignetteLine>;
export type StatusEvent = TransactionDetails['events'][number];

/** `GET /api/admin/audit`: one page of the audit log and every action name it holds. */
export type AuditPage = Awaited<ReturnType<typeof listAuditLog>>;
export type AuditEntry = AuditPage['items'][number];

/** The audit screen's filters; an empty value is no filter. */
export interface AuditFilters {
  /** The actor's whole user name, in any case. */
  user: string;
  action: string;
  from: string;
  to: string;
}

/** One row of `GET /api/admin/invoices`. */
export type InvoiceRow = Awaited<ReturnType<typeof listInvoices>>['items'][number];

/** A URL with its non-empty parameters, in the given order (stable keys for SWR's cache). */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

const filterParams = ({ from, to, status, product, active, q }: PaymentFilters) => ({
  from,
  to,
  status,
  product,
  active,
  q: q.trim(),
});

export const paymentsUrl = (query: PaymentQuery) =>
  withQuery(PAYMENTS_URL, {
    page: query.page,
    size: query.size,
    sort: query.sort,
    dir: query.dir,
    ...filterParams(query),
    attention: query.attention,
  });

export const dailySalesUrl = (filters: PaymentFilters) => withQuery(DAILY_SALES_URL, filterParams(filters));

/** The expiry reminders' figures of the range's days (the list's other filters do not apply to them). */
export const reminderFiguresUrl = ({ from, to }: Pick<PaymentFilters, 'from' | 'to'>) =>
  withQuery(REMINDER_FIGURES_URL, { from, to });

export const transactionDetailsUrl = (kind: OrderKind, id: string) =>
  withQuery(
    kind === 'VIGNETTE' ? '/api/nmps/utils/transaction/details' : '/api/eps/utils/transaction/details',
    { id },
  );

export const invoicesUrl = (query: { page: number; size: number; q: string }) =>
  withQuery(INVOICES_URL, { page: query.page, size: query.size, q: query.q.trim() });

export const auditUrl = (query: AuditFilters & { page: number; size: number }) =>
  withQuery(AUDIT_URL, {
    page: query.page,
    size: query.size,
    user: query.user.trim(),
    action: query.action,
    from: query.from,
    to: query.to,
  });

/** Which of an order's documents: its current invoice (none given), a credit note, or an invoice by id (a replaced one). */
export interface DocumentRef {
  creditNoteId?: number | null;
  invoiceId?: number | null;
}

/** An order's invoice as its PDF, or the document `ref` names. */
export const invoicePdfUrl = (orderId: string, ref: DocumentRef = {}) =>
  withQuery('/api/invoice', { orderId, ...documentParams(ref) });

/** The same document as its RO e-Factura UBL XML. */
export const invoiceXmlUrl = (orderId: string, ref: DocumentRef = {}) =>
  withQuery('/api/invoice', { orderId, ...documentParams(ref), format: 'xml' });

const documentParams = ({ creditNoteId, invoiceId }: DocumentRef) =>
  creditNoteId != null ? { type: 'credit-note', creditNoteId } : invoiceId != null ? { invoiceId } : {};

/** An export of a range; the spreadsheet is written in `lang`, the admin's language (the XML has none). */
export const exportUrl = (format: 'xml' | 'excel', range: { from: string; to: string }, lang: Locale) =>
  withQuery(`/api/admin/payment/export/${format}`, { ...range, lang: format === 'excel' ? lang : undefined });

/** SWR's fetcher: a GET whose JSON answer is the data. */
export const getJson = <T>(url: string): Promise<T> => api.get(url).json<T>();

/**
 * `POST /api/login`: the answer's `Authorization` header is the token, as it came
 * (docs/screens.md, Back-office session).
 */
export async function postLogin(credentials: { username: string; password: string }) {
  const response = await api.post(LOGIN_URL, { json: credentials, retry: NO_RETRY });
  return { token: response.headers.get('Authorization'), answer: await response.json<LoginAnswer>() };
}

/** `POST /api/logout`: the server revokes the token, so a copy of it left anywhere stops working. */
export async function postLogout() {
  await api.post('/api/logout', { retry: NO_RETRY });
}

export const fetchPrincipal = (username: string) => getJson<Principal>(withQuery(USER_URL, { username }));

/** `POST /api/users/change-pass`: the old token is revoked; the answer's `Authorization` header is the new one. */
export async function postChangePassword(body: { oldPass: string; newPass: string; uuid: string }) {
  const response = await api.post('/api/users/change-pass', { json: body, retry: NO_RETRY });
  return { token: response.headers.get('Authorization') };
}

export const postSignUp = (body: { username: string; password: string; role: string }) =>
  api.post('/api/users/sign-up', { json: body, retry: NO_RETRY }).json<StaffUser>();

export const postResetPassword = (uuid: string) =>
  api
    .post(withQuery('/api/users/reset', { uuid }), { retry: NO_RETRY })
    .json<{ temporaryPassword: string }>();

export const deleteUser = async (uuid: string) => {
  await api.delete(withQuery(USER_URL, { uuid }), { retry: NO_RETRY });
};

export const patchActive = (id: string) =>
  api.patch(PAYMENTS_URL, { json: { id, active: true }, retry: NO_RETRY }).json<Payment>();

/** A secured file download: the body and the name the server gives it in Content-Disposition, if any. */
export async function fetchFile(url: string): Promise<{ blob: Blob; filename: string | undefined }> {
  // Exports of a long range take a while to build.
  const response = await api.get(url, { timeout: 60_000 });
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) };
}

/** The file name of a Content-Disposition header: `filename*=UTF-8''...` first, else `filename="..."`. */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/.exec(disposition)?.[1]?.trim() || undefined;
}

/** `POST /api/admin/mail/retry` (PAYMENT_WRITE), 202: every e-mail given up after its last try is tried again. */
export const retryDeadMail = () => api.post(MAIL_RETRY_URL, { retry: NO_RETRY }).json<{ requeued: number }>();
