import 'server-only';

import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@/lib/api/errors';
import { signingSecret } from '@/lib/auth/tokens';
import { getConfig } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';

/*
 * Who may download an order's documents (its invoice and credit notes name the buyer, the address, the tax id, a
 * top-up's phone number). The order id alone is not enough: ids travel in URLs, forwarded e-mails and logs. The key
 * is a token derived from the id with the shop's secret, which the buyer holds in two ways: the links of the shop's
 * e-mails (the order page's address carries it as `?t=`), and a cookie the browser that placed the order was given.
 * Holding the id alone, the order page offers to send the documents to the order's own address.
 */

/** The order page's and the document route's query parameter that carries the token. */
export const DOCUMENT_TOKEN_PARAM = 't';

/** The cookie of the browser that placed orders: `id.token` pairs, newest first. */
export const ORDER_DOCUMENTS_COOKIE = 'orderDocuments';

/** The cookie keeps the keys of this many orders, the newest; an older one is opened from its e-mail. */
const COOKIE_ORDERS = 10;

/** Kept for as long as a buyer may come back for an invoice; the e-mail's link lasts as long as the order. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** The token of an order's documents: 22 base64url characters of an HMAC-SHA256 of its id under the shop's secret. */
export async function documentToken(db: Db, orderId: string): Promise<string> {
  const secret = await signingSecret(db);
  return createHmac('sha256', secret).update(`order-documents:${orderId}`).digest('base64url').slice(0, 22);
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The orders' tokens a cookie value holds, by order id. */
function cookieTokens(value: string | undefined): Map<string, string> {
  const pairs = (value ?? '')
    .split('~')
    .map((pair) => pair.split('.'))
    .filter((pair): pair is [string, string] => pair.length === 2 && Boolean(pair[0]) && Boolean(pair[1]));
  return new Map(pairs);
}

/** A cookie named `name` in a request's Cookie header. */
export function cookieOf(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Where the key may come from: the page's or the request's `?t=`, and the placing browser's cookie. */
export interface DocumentKeys {
  token?: string | null;
  cookie?: string;
}

/** Whether `keys` open the documents of `orderId`. */
export async function holdsDocumentAccess(db: Db, orderId: string, keys: DocumentKeys): Promise<boolean> {
  const candidates = [keys.token, cookieTokens(keys.cookie).get(orderId)].filter(
    (candidate): candidate is string => typeof candidate === 'string' && candidate.length > 0,
  );
  if (!candidates.length) return false;
  const expected = await documentToken(db, orderId);
  return candidates.some((candidate) => sameToken(candidate, expected));
}

/**
 * 403 unless the request holds the order's key (`?t=` or the cookie). The answer says how to get the documents,
 * for a client that shows it.
 */
export async function requireDocumentAccess(db: Db, request: Request, orderId: string): Promise<void> {
  const keys = {
    token: new URL(request.url).searchParams.get(DOCUMENT_TOKEN_PARAM),
    cookie: cookieOf(request, ORDER_DOCUMENTS_COOKIE),
  };
  if (await holdsDocumentAccess(db, orderId, keys)) return;
  throw new ApiError(
    'FORBIDDEN',
    "The order's documents open with the link in its e-mail, or in the browser that placed it; " +
      `POST /api/orders/${orderId}/documents sends them to the order's e-mail address`,
  );
}

/**
 * The Set-Cookie value that gives the browser placing an order the key to its documents, beside those of its
 * earlier orders (the newest `COOKIE_ORDERS`). httpOnly: no script reads it; strictly necessary, like the cart.
 */
export async function documentAccessCookie(db: Db, request: Request, orderId: string): Promise<string> {
  const held = cookieTokens(cookieOf(request, ORDER_DOCUMENTS_COOKIE));
  held.delete(orderId);
  const pairs = [[orderId, await documentToken(db, orderId)], ...held.entries()]
    .slice(0, COOKIE_ORDERS)
    .map(([id, token]) => `${id}.${token}`);
  const secure = new URL(request.url).protocol === 'https:' || getConfig().siteUrl.startsWith('https:');
  return [
    `${ORDER_DOCUMENTS_COOKIE}=${encodeURIComponent(pairs.join('~'))}`,
    'Path=/',
    `Max-Age=${COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The order page's address with its key, as the shop's e-mails link it. */
export async function buyerOrderUrl(db: Db, locale: string, orderId: string): Promise<string> {
  const token = await documentToken(db, orderId);
  return `${getConfig().siteUrl}/${locale}/order/${orderId}?${DOCUMENT_TOKEN_PARAM}=${token}`;
}
