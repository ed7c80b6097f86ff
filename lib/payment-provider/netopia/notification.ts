/**
 * Netopia Payments API v2 — the notification (IPN) the provider POSTs to our notify URL.
 *
 * Wire format (as the official SDKs read it: netopiapayments/sdk-php src/Ipn.php, netopiapayments/go-sdk
 * ipn.go, netopiapayments/python-sdk netopia_sdk/ipn.py, the WooCommerce plugin v2/lib/ipn.php):
 *
 * - body: JSON, `{ "payment": { "method", "ntpID", "status", "amount", "currency", "code", "message", ... },
 *   "order": { "orderID" } }`; `amount` is a decimal number of the currency unit (RON, not bani).
 * - header `Verification-token`: a JWT signed RS512 with Netopia's key. Claims: `iss` "NETOPIA Payments",
 *   `aud` the POS signature (Netopia sends an array; a string is accepted too), `sub` base64 (standard, padded)
 *   of the SHA-512 of the raw body bytes, plus `iat` and `exp` (and perhaps `nbf`).
 * - time claims: the official PHP SDK checks them against `time() * 1000`, so Netopia's `exp` (and perhaps `iat`/
 *   `nbf`) are in milliseconds, while the Go SDK's own test signs seconds and the Python SDK's PyJWT reads them as
 *   seconds. Both units are therefore read: a value beyond 10^11 (the year 5138 in seconds, 1973 in
 *   milliseconds) is taken as milliseconds. A standard JWT library, reading seconds only, would take a
 *   millisecond `nbf` for a date 50 000 years ahead and refuse every genuine notification.
 * - answer: `{ errorType, errorCode, errorMessage }`; errorType 0 done, 1 temporary (the provider retries),
 *   2 permanent.
 *
 * Framework-free: used by the notify route, by the built-in sandbox provider (which signs with
 * {@link signNotification}) and by tests.
 */
import { createHash, createPrivateKey, createPublicKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { compactVerify, decodeProtectedHeader, importPKCS8, importSPKI, SignJWT, type CryptoKey } from 'jose';
import { z } from 'zod';
import { text } from '@/lib/validations/text';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';

/** The only algorithm Netopia signs IPNs with; anything else is refused before any key is used. */
export const NETOPIA_JWT_ALGORITHM = 'RS512';
export const NETOPIA_ISSUER = 'NETOPIA Payments';
/** Allowed clock skew between the provider and us when checking `iat`, `exp` and `nbf`. */
export const NOTIFICATION_CLOCK_TOLERANCE_SECONDS = 60;
/**
 * The oldest notification token accepted, counted from its `iat`, whatever its `exp` says: a captured token
 * cannot be replayed for ever. The provider signs each delivery afresh; a notification refused for age is
 * recovered by the pending reconciler, which asks the provider itself.
 */
export const NOTIFICATION_MAX_AGE_SECONDS = 60 * 60;
/** A NumericDate above this is in milliseconds (see the header). */
const MILLISECOND_DATES_FROM = 1e11;
/** Lifetime of the tokens {@link signNotification} makes unless told otherwise. */
export const DEFAULT_NOTIFICATION_TTL_SECONDS = 300;
/** A real token is well under 1 KB; anything far larger is refused without being parsed. */
const MAX_TOKEN_LENGTH = 16 * 1024;

export type PaymentOutcome = 'PAID' | 'FAILED' | 'CANCELED' | 'EXPIRED' | 'PENDING';

/**
 * What a status means for an order (docs/domain.md, Order statuses): 3 and 5 pay it; 12, 11 and 13 fail it; 4 cancels
 * it; 23 expires it; anything else (3-D Secure, pending, refunds, chargebacks ...) leaves it as it is.
 */
export function outcomeOfStatus(status: number): PaymentOutcome {
  switch (status) {
    case NETOPIA_STATUS.PAID:
    case NETOPIA_STATUS.CONFIRMED:
      return 'PAID';
    case NETOPIA_STATUS.DECLINED:
    case NETOPIA_STATUS.ERROR:
    case NETOPIA_STATUS.FRAUD:
      return 'FAILED';
    case NETOPIA_STATUS.CANCELED:
      return 'CANCELED';
    case NETOPIA_STATUS.EXPIRED:
      return 'EXPIRED';
    default:
      return 'PENDING';
  }
}

export interface PaymentNotification {
  orderId: string;
  ntpId: string;
  status: number;
  /** `payment.amount` converted exactly from decimal units to integer minor units (bani). */
  amountBani: number;
  currency: string;
  code?: string;
  message?: string;
}

export type NotificationRejection =
  | 'MISSING_TOKEN'
  | 'MALFORMED_TOKEN'
  | 'BAD_ALGORITHM'
  | 'BAD_SIGNATURE'
  | 'BAD_ISSUER'
  | 'BAD_AUDIENCE'
  | 'EXPIRED'
  | 'TOO_OLD'
  | 'NOT_YET_VALID'
  | 'MISSING_TIME_CLAIMS'
  | 'BODY_MISMATCH'
  | 'MALFORMED_BODY';

export type VerifyNotificationResult =
  { ok: true; notification: PaymentNotification } | { ok: false; reason: NotificationRejection };

// ---------------------------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------------------------

const DECIMAL_AMOUNT = /^(\d+)(?:\.(\d+))?$/;

/**
 * Converts a decimal amount of currency units (a JSON number or a numeric string) to integer minor units without
 * floating-point arithmetic: the number's shortest round-trip decimal form is used (JSON `123.45` → "123.45" →
 * 12345). Answers null for negatives, exponent forms, more than two significant decimals (a value such as
 * 0.30000000000000004 is not an amount), or values beyond the safe integer range.
 */
export function decimalToMinorUnits(value: number | string): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
  } else {
    text = value.trim();
  }
  const match = DECIMAL_AMOUNT.exec(text);
  if (!match) return null;
  const units = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (/[1-9]/.test(fraction.slice(2))) return null;
  const minor = BigInt(units) * 100n + BigInt((fraction.slice(0, 2) + '00').slice(0, 2));
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Body
// ---------------------------------------------------------------------------------------------------------

const identifier = z.union([text().trim().min(1).max(255), z.number().int().nonnegative().transform(String)]);
const optionalText = z
  .union([text(), z.number().transform(String)])
  .nullish()
  .transform((value) => value ?? undefined);

const notificationBodySchema = z.object({
  order: z.object({ orderID: identifier }),
  payment: z.object({
    ntpID: identifier,
    status: z.union([
      z.number().int().nonnegative(),
      z
        .string()
        .regex(/^\d{1,4}$/)
        .transform(Number),
    ]),
    amount: z.union([z.number(), z.string()]).transform((value, ctx) => {
      const minor = decimalToMinorUnits(value);
      if (minor === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'amount must be a non-negative decimal with at most 2 places',
        });
        return z.NEVER;
      }
      return minor;
    }),
    currency: z.string().regex(/^[A-Z]{3}$/),
    code: optionalText,
    message: optionalText,
  }),
});

function parseNotificationBody(rawBody: string): PaymentNotification | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = notificationBodySchema.safeParse(json);
  if (!parsed.success) return null;
  const { order, payment } = parsed.data;
  const notification: PaymentNotification = {
    orderId: order.orderID,
    ntpId: payment.ntpID,
    status: payment.status,
    amountBani: payment.amount,
    currency: payment.currency,
  };
  if (payment.code !== undefined) notification.code = payment.code;
  if (payment.message !== undefined) notification.message = payment.message;
  return notification;
}

export interface NotificationBodyInput {
  orderId: string;
  ntpId: string;
  status: number;
  amountBani: number;
  currency: string;
  /** Provider's result code, e.g. "00" approved. */
  code?: string;
  message?: string;
  /** Defaults to "card". */
  method?: string;
  operationDate?: Date;
}

/**
 * The notification body in Netopia's v2 shape, as a JSON string (the exact bytes to sign and send).
 * Used by the sandbox provider and tests. Throws for an amount that is not a non-negative integer of bani.
 */
export function buildNotificationBody(input: NotificationBodyInput): string {
  if (!Number.isSafeInteger(input.amountBani) || input.amountBani < 0) {
    throw new RangeError(`amountBani must be a non-negative integer, got ${input.amountBani}`);
  }
  const payment: Record<string, unknown> = {
    method: input.method ?? 'card',
    ntpID: input.ntpId,
    status: input.status,
    // An integer divided by 100 is the double nearest to the decimal, and JSON prints its shortest form:
    // 12345 → 123.45, 1000 → 10, 30 → 0.3.
    amount: input.amountBani / 100,
    currency: input.currency,
  };
  if (input.code !== undefined) payment.code = input.code;
  if (input.message !== undefined) payment.message = input.message;
  if (input.operationDate !== undefined) payment.operationDate = input.operationDate.toISOString();
  return JSON.stringify({ payment, order: { orderID: input.orderId } });
}

// ---------------------------------------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------------------------------------

const MAX_CACHED_KEYS = 8;
const publicKeys = new Map<string, Promise<CryptoKey>>();
const privateKeys = new Map<string, Promise<CryptoKey>>();

function cached(
  cache: Map<string, Promise<CryptoKey>>,
  pem: string,
  load: () => Promise<CryptoKey>,
): Promise<CryptoKey> {
  const hit = cache.get(pem);
  if (hit) return hit;
  const loading = load();
  if (cache.size >= MAX_CACHED_KEYS) cache.clear();
  cache.set(pem, loading);
  loading.catch(() => cache.delete(pem));
  return loading;
}

function requireRsa(key: KeyObject, what: string): void {
  if (key.asymmetricKeyType !== 'rsa') {
    throw new Error(`${what} must be an RSA key, got ${key.asymmetricKeyType ?? 'unknown'}`);
  }
}

/** Accepts an SPKI public key, a PKCS#1 RSA public key or an X.509 certificate, in PEM. */
function netopiaPublicKey(publicKeyPem: string): Promise<CryptoKey> {
  return cached(publicKeys, publicKeyPem, async () => {
    let key: KeyObject;
    try {
      key = createPublicKey(publicKeyPem);
    } catch {
      throw new Error('The Netopia public key is not a valid PEM public key or certificate');
    }
    requireRsa(key, 'The Netopia public key');
    return importSPKI(key.export({ type: 'spki', format: 'pem' }).toString(), NETOPIA_JWT_ALGORITHM);
  });
}

/** Accepts a PKCS#8 or PKCS#1 RSA private key in PEM. */
function signingKey(privateKeyPem: string): Promise<CryptoKey> {
  return cached(privateKeys, privateKeyPem, async () => {
    let key: KeyObject;
    try {
      key = createPrivateKey(privateKeyPem);
    } catch {
      throw new Error('The notification signing key is not a valid PEM private key');
    }
    requireRsa(key, 'The notification signing key');
    return importPKCS8(key.export({ type: 'pkcs8', format: 'pem' }).toString(), NETOPIA_JWT_ALGORITHM);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Sign and verify
// ---------------------------------------------------------------------------------------------------------

/** base64 (standard alphabet, padded) of the SHA-512 of the body bytes: the token's `sub`. */
export function bodyDigest(body: string | Uint8Array): string {
  return createHash('sha512')
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest('base64');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

function signatureRejectionOf(error: unknown): NotificationRejection {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return 'BAD_SIGNATURE';
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return 'BAD_ALGORITHM';
    default:
      return 'MALFORMED_TOKEN';
  }
}

/** A NumericDate claim in seconds, read from seconds or milliseconds; null when absent or not a number. */
function numericDateSeconds(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  return value > MILLISECOND_DATES_FROM ? value / 1000 : value;
}

/** The claims of a token whose signature checked out: issuer, audience and time, in that order. */
function checkClaims(
  payload: Record<string, unknown>,
  expected: { issuer: string; audience: string; nowSeconds: number },
): NotificationRejection | null {
  if (payload.iss !== expected.issuer) return 'BAD_ISSUER';
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(expected.audience)) return 'BAD_AUDIENCE';

  const tolerance = NOTIFICATION_CLOCK_TOLERANCE_SECONDS;
  const now = expected.nowSeconds;
  const issuedAt = numericDateSeconds(payload.iat);
  const expiresAt = numericDateSeconds(payload.exp);
  if (issuedAt === null || expiresAt === null) return 'MISSING_TIME_CLAIMS';
  if (payload.nbf !== undefined) {
    const notBefore = numericDateSeconds(payload.nbf);
    if (notBefore === null) return 'MALFORMED_TOKEN';
    if (notBefore > now + tolerance) return 'NOT_YET_VALID';
  }
  if (issuedAt > now + tolerance) return 'NOT_YET_VALID';
  if (expiresAt < now - tolerance) return 'EXPIRED';
  if (now - issuedAt > NOTIFICATION_MAX_AGE_SECONDS + tolerance) return 'TOO_OLD';
  return null;
}

export interface VerifyNotificationInput {
  /** The request body exactly as received: the text, or better its bytes. */
  rawBody: string | Uint8Array;
  /** The `Verification-token` header, or null when absent. */
  token: string | null;
  /** Netopia's public key (SPKI or PKCS#1 PEM, or its X.509 certificate). */
  publicKeyPem: string;
  /** Our POS signature, the token's expected audience. */
  posSignature: string;
  /** Defaults to "NETOPIA Payments". */
  issuer?: string;
  now?: Date;
}

/**
 * Checks a notification: the token is an RS512 JWT signed by Netopia's key, issued by Netopia for our POS, valid
 * now (it must carry `iat` and `exp`, seconds or milliseconds; 60 s tolerance; at most
 * {@link NOTIFICATION_MAX_AGE_SECONDS} old), and bound to these exact body bytes (`sub`); then reads the body.
 *
 * Never throws for anything the request carries; answers `{ ok: false, reason }`. It throws only when our own
 * configuration is unusable (an invalid public key, an empty POS signature): the route should answer that as a
 * temporary error so the provider retries once it is fixed.
 */
export async function verifyNotification(input: VerifyNotificationInput): Promise<VerifyNotificationResult> {
  if (input.posSignature.trim() === '') throw new Error('The POS signature is not configured');
  const key = await netopiaPublicKey(input.publicKeyPem);

  const token = input.token?.trim() ?? '';
  if (token === '') return { ok: false, reason: 'MISSING_TOKEN' };
  if (token.length > MAX_TOKEN_LENGTH || token.split('.').length !== 3)
    return { ok: false, reason: 'MALFORMED_TOKEN' };

  let alg: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    return { ok: false, reason: 'MALFORMED_TOKEN' };
  }
  // Refuse `none`, HS512 keyed with the public key, RS256, PS512, ES512 ... before any key is touched.
  if (alg !== NETOPIA_JWT_ALGORITHM) return { ok: false, reason: 'BAD_ALGORITHM' };

  let payload: Record<string, unknown>;
  try {
    const verified = await compactVerify(token, key, { algorithms: [NETOPIA_JWT_ALGORITHM] });
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(verified.payload)) as Record<
      string,
      unknown
    >;
  } catch (error) {
    return { ok: false, reason: signatureRejectionOf(error) };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { ok: false, reason: 'MALFORMED_TOKEN' };
  }
  const refused = checkClaims(payload, {
    issuer: input.issuer ?? NETOPIA_ISSUER,
    audience: input.posSignature,
    nowSeconds: (input.now ?? new Date()).getTime() / 1000,
  });
  if (refused) return { ok: false, reason: refused };

  const sub = payload.sub;
  if (typeof sub !== 'string' || !sameText(sub, bodyDigest(input.rawBody))) {
    return { ok: false, reason: 'BODY_MISMATCH' };
  }

  let text: string;
  try {
    text =
      typeof input.rawBody === 'string'
        ? input.rawBody
        : new TextDecoder('utf-8', { fatal: true }).decode(input.rawBody);
  } catch {
    return { ok: false, reason: 'MALFORMED_BODY' };
  }
  const notification = parseNotificationBody(text);
  return notification ? { ok: true, notification } : { ok: false, reason: 'MALFORMED_BODY' };
}

export interface SignNotificationInput {
  /** The exact body that will be sent. */
  body: string | Uint8Array;
  privateKeyPem: string;
  posSignature: string;
  /** Defaults to "NETOPIA Payments". */
  issuer?: string;
  /** Defaults to 300 s. */
  ttlSeconds?: number;
  now?: Date;
}

/**
 * The provider side: the `Verification-token` for a body, an RS512 JWT with `iss`, `aud` (an array holding the
 * POS signature, as Netopia sends it), `sub` = base64(SHA-512(body)), `iat`, `nbf` and `exp`.
 */
export async function signNotification(input: SignNotificationInput): Promise<string> {
  const ttl = input.ttlSeconds ?? DEFAULT_NOTIFICATION_TTL_SECONDS;
  if (!Number.isFinite(ttl) || ttl <= 0) throw new RangeError(`ttlSeconds must be positive, got ${ttl}`);
  const key = await signingKey(input.privateKeyPem);
  const issuedAt = Math.floor((input.now ?? new Date()).getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: NETOPIA_JWT_ALGORITHM, typ: 'JWT' })
    .setIssuer(input.issuer ?? NETOPIA_ISSUER)
    .setAudience([input.posSignature])
    .setSubject(bodyDigest(input.body))
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(issuedAt + Math.ceil(ttl))
    .sign(key);
}

// ---------------------------------------------------------------------------------------------------------
// Answer
// ---------------------------------------------------------------------------------------------------------

/** Error codes of the official SDKs for a refused notification. */
export const NETOPIA_IPN_ERROR_CODE = {
  VERIFICATION_FAILED_GENERAL: 0x10000101,
  VERIFICATION_FAILED_SIGNATURE: 0x10000102,
  VERIFICATION_FAILED_NBF_IAT: 0x10000103,
  VERIFICATION_FAILED_EXPIRED: 0x10000104,
  VERIFICATION_FAILED_AUDIENCE: 0x10000105,
  VERIFICATION_FAILED_TAINTED_PAYLOAD: 0x10000106,
  VERIFICATION_FAILED_PAYLOAD_FORMAT: 0x10000107,
} as const;

/** The SDK error code that fits a rejection, for the answer's `errorCode`. */
export function rejectionErrorCode(reason: NotificationRejection): number {
  switch (reason) {
    case 'BAD_SIGNATURE':
    case 'BAD_ALGORITHM':
      return NETOPIA_IPN_ERROR_CODE.VERIFICATION_FAILED_SIGNATURE;
    case 'NOT_YET_VALID':
    case 'MISSING_TIME_CLAIMS':
      return NETOPIA_IPN_ERROR_CODE.VERIFICATION_FAILED_NBF_IAT;
    case 'EXPIRED':
    case 'TOO_OLD':
      return NETOPIA_IPN_ERROR_CODE.VERIFICATION_FAILED_EXPIRED;
    case 'BAD_AUDIENCE':
      return NETOPIA_IPN_ERROR_CODE.VERIFICATION_FAILED_AUDIENCE;
    case 'BODY_MISMATCH':
      return NETOPIA_IPN_ERROR_CODE.VERIFICATION_FAILED_TAINTED_PAYLOAD;
    case 'MALFORMED_BODY':
      return NETOPIA_IPN_ERROR_CODE.VERIFICATION_FAILED_PAYLOAD_FORMAT;
    default:
      return NETOPIA_IPN_ERROR_CODE.VERIFICATION_FAILED_GENERAL;
  }
}

const ERROR_TYPE = { DONE: 0, TEMPORARY: 1, PERMANENT: 2 } as const;

export interface NotificationAnswer {
  errorType: 0 | 1 | 2;
  errorCode: number;
  errorMessage: string;
}

/**
 * The JSON answer to a notification: DONE (errorType 0) when it was taken into account, TEMPORARY (1) when the
 * provider should retry later, PERMANENT (2) when retrying cannot help. `errorCode` defaults to 0 when done and to
 * the SDKs' general verification failure otherwise.
 */
export function notificationAnswer(
  kind: 'DONE' | 'TEMPORARY' | 'PERMANENT',
  message: string,
  errorCode?: number,
): NotificationAnswer {
  return {
    errorType: ERROR_TYPE[kind],
    errorCode: errorCode ?? (kind === 'DONE' ? 0 : NETOPIA_IPN_ERROR_CODE.VERIFICATION_FAILED_GENERAL),
    errorMessage: message,
  };
}
