import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyRequest } from 'ky';
import { ApiRequestError, type ApiErrorBody } from './api-error';
import type { Catalog } from '@/lib/catalog/catalog';
import type { VignetteOrderInput } from '@/lib/validations/vignette-order';
import type { TopUpOrderInput } from '@/lib/validations/topup-order';
import { XSRF_COOKIE, XSRF_HEADER, XSRF_TOKEN_PATH } from '@/lib/security/xsrf';
import { readCookie } from './cookies';
import { loading } from './loading';

/**
 * The browser's one HTTP client for the payments API (docs/api.md, The browser's client): every call of the shop and
 * the back-office goes through `api`, so that the loading bar, the anti-forgery header, the admin token and the error
 * shape are the same everywhere.
 */

/** Where the browser sends `/api` calls: NEXT_PUBLIC_PAYMENTS_API_URL, or the page's own origin when unset. */
const API_PREFIX = process.env.NEXT_PUBLIC_PAYMENTS_API_URL || undefined;

/** docs/api.md, The browser's client: the URLs that carry the signed-in admin's token. */
const SECURED_PATHS = [
  '/api/logout',
  '/api/users',
  '/api/admin',
  '/api/invoice',
  '/api/eps/utils/transaction/details',
  '/api/nmps/utils/transaction/details',
];

/** docs/screens.md, Back-office session: the browser-storage keys of the signed-in admin. */
export const CURRENT_USER_KEY = 'currentUser';
export const PRINCIPAL_KEY = 'principal';

// The error class lives apart so that pages can tell an API failure without loading the client itself (ky).
export { ApiRequestError, isApiRequestError, type ApiErrorBody, type ApiIssue } from './api-error';

const isErrorBody = (data: unknown): data is ApiErrorBody =>
  typeof data === 'object' &&
  data !== null &&
  'error' in data &&
  typeof (data as { error: unknown }).error === 'object' &&
  (data as { error: unknown }).error !== null;

const sameOrigin = (url: string) =>
  typeof location !== 'undefined' && new URL(url, location.href).origin === location.origin;

const isSecured = (url: string) => {
  const { pathname } = new URL(url, typeof location === 'undefined' ? 'http://localhost' : location.href);
  return SECURED_PATHS.some((path) => pathname.includes(path));
};

function storedToken(): string | undefined {
  try {
    const raw = localStorage.getItem(CURRENT_USER_KEY);
    const token = raw ? (JSON.parse(raw) as { token?: unknown }).token : undefined;
    return typeof token === 'string' && token ? token : undefined;
  } catch {
    // Storage disabled, or a value that is not ours: as signed out.
    return undefined;
  }
}

/**
 * docs/api.md, The browser's client: a secured call answered 401 signs the admin out and sends the browser to /admin.
 */
function signOut() {
  try {
    localStorage.removeItem(CURRENT_USER_KEY);
    localStorage.removeItem(PRINCIPAL_KEY);
  } catch {
    // nothing stored to remove
  }
  if (typeof window !== 'undefined' && window.location.pathname !== '/admin') {
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose: /admin is its own root layout and signing out drops every client state
    window.location.assign('/admin');
  }
}

/**
 * The pending-request count behind the loading bar is kept around the fetch that ky calls rather than in its hooks:
 * each attempt (retries included) starts and always ends it, whether it answers, fails or is aborted, which the
 * hooks alone cannot promise (an aborted call reaches neither `afterResponse` nor always `beforeError`).
 */
const countedFetch: typeof fetch = async (input, init) => {
  loading.requestStarted();
  try {
    return await fetch(input, init);
  } finally {
    loading.requestEnded();
  }
};

/**
 * The anti-forgery cookie's value; asked for first when the browser has none yet (public pages do not hand it out:
 * docs/decisions/0010), once for all calls waiting on it.
 */
let tokenAsked: Promise<unknown> | undefined;
async function xsrfToken(): Promise<string | undefined> {
  const token = readCookie(XSRF_COOKIE);
  if (token) return token;
  tokenAsked ??= countedFetch(new URL(XSRF_TOKEN_PATH, location.href), {
    credentials: 'same-origin',
    cache: 'no-store',
  })
    .catch(() => undefined)
    .finally(() => (tokenAsked = undefined));
  await tokenAsked;
  return readCookie(XSRF_COOKIE);
}

async function addHeaders({ request }: { request: KyRequest }) {
  const method = request.method.toUpperCase();
  // docs/api.md, The browser's client: the anti-forgery header on non-GET calls to our own origin only, never leaking
  // the token elsewhere.
  if (method !== 'GET' && method !== 'HEAD' && sameOrigin(request.url)) {
    const token = await xsrfToken();
    if (token) request.headers.set(XSRF_HEADER, token);
  }
  if (isSecured(request.url)) {
    const token = storedToken();
    // The stored token is the login answer's Authorization header as it came ("Bearer ...").
    if (token) request.headers.set('Authorization', /^\w+ /.test(token) ? token : `Bearer ${token}`);
  }
}

function toApiRequestError({ request, error }: { request: KyRequest; error: Error }): Error {
  let failure: ApiRequestError;
  if (isHTTPError(error)) {
    const { status, statusText } = error.response;
    failure = new ApiRequestError(
      request.url,
      status,
      statusText,
      isErrorBody(error.data) ? error.data : undefined,
      {
        cause: error,
      },
    );
    if (status === 401 && isSecured(request.url)) signOut();
  } else if (isNetworkError(error) || isTimeoutError(error)) {
    failure = new ApiRequestError(request.url, 0, 'Unknown Error', undefined, { cause: error });
  } else {
    return error;
  }
  console.error(failure.message);
  return failure;
}

export const api = ky.create({
  ...(API_PREFIX ? { prefix: API_PREFIX } : {}),
  fetch: countedFetch,
  hooks: {
    beforeRequest: [addHeaders],
    beforeError: [toApiRequestError],
  },
});

// ---- Typed helpers of the vignette shop (docs/api.md, Vignette orders) ----------------------------------------------

export type { Catalog, CatalogProduct } from '@/lib/catalog/catalog';

export const CATALOG_URL = '/api/nmps/utils/vignette/catalog';

/*
 * ky never retries a POST, yet with retries enabled it clones every request in advance, which turns a JSON body into
 * a stream: sent as a streamed upload, it is missing from the browser's and the tests' view of the request.
 */
const NO_RETRY = 0;

/** One vignette of a quote or order request. */
export type VignetteRequestItem = VignetteOrderInput['items'][number];

export interface QuoteRequest {
  items: VignetteRequestItem[];
}

export interface QuotedVignette {
  categoryCode: string;
  type: string;
  plate: string;
  country: string;
  county?: string;
  firstDay: string;
  lastDay: string;
  priceHuf: number;
  /** In bani. */
  priceRon: number;
}

export interface QuoteResponse {
  items: QuotedVignette[];
  /** In bani. */
  totalRon: number;
  RON2HUF: number;
  rateDate?: string;
}

export type OrderRequest = VignetteOrderInput;

export interface OrderResponse {
  orderId: string;
  status: string;
  /** In bani. */
  amountRon: number;
  paymentUrl: string;
}

/** `GET /api/nmps/utils/vignette/catalog`: what can be bought today, at what price, from which start days. */
export const getCatalog = () => api.get(CATALOG_URL).json<Catalog>();

/** `POST /api/nmps/orders/quote`: each vignette's validity and price, and the total in bani; 422 names bad fields. */
export const postQuote = (body: QuoteRequest) =>
  api.post('/api/nmps/orders/quote', { json: body, retry: NO_RETRY }).json<QuoteResponse>();

/**
 * `POST /api/nmps/orders/order` → 201 with the payment form's address. The same `idempotencyKey` for a repeated
 * body (a double click, a retry after a lost answer) makes the server answer with the one order it created.
 */
export const postOrder = (body: OrderRequest, idempotencyKey: string) =>
  api
    .post('/api/nmps/orders/order', {
      json: body,
      headers: { 'Idempotency-Key': idempotencyKey },
      retry: NO_RETRY,
      // Starting a payment waits on the provider: more than ky's default 10 s, never retried (POST).
      timeout: 30_000,
    })
    .json<OrderResponse>();

// ---- Top-ups (docs/api.md, Top-ups) ---------------------------------------------------------------------------------

export type TopUpOrderRequest = TopUpOrderInput;

/** `POST /api/eps/order` → 201 with the payment form's address; the same key for a repeated body, as for vignettes. */
export const postTopUpOrder = (body: TopUpOrderRequest, idempotencyKey: string) =>
  api
    .post('/api/eps/order', {
      json: body,
      headers: { 'Idempotency-Key': idempotencyKey },
      retry: NO_RETRY,
      timeout: 30_000,
    })
    .json<OrderResponse>();
