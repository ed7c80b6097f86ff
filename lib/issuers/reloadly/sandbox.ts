import 'server-only';

import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { readBodyBytes } from '@/lib/api/request';
import { getConfig, type Config } from '@/lib/config/env';
import { sandboxIsServed } from '@/lib/config/live-mode';
import { getDb, type Db } from '@/lib/db/client';
import { sandboxIssuances, settings } from '@/lib/db/schema';
import { generatedSecret } from '@/lib/db/generated-secrets';
import type { TopUpProvider } from '../topup-provider';
import { reloadlyTopUpProvider } from './client';
import {
  RELOADLY_PATHS,
  reloadlyDate,
  type ReloadlyError,
  type ReloadlyErrorCode,
  type ReloadlyOperator,
  type ReloadlyPage,
  type ReloadlyTopUpRequest,
  type ReloadlyTransaction,
} from './contract';

/**
 * The built-in top-up sandbox (docs/decisions/0014-built-in-sandbox-providers.md and 0019): a faithful fake of
 * Reloadly's Airtime API, served by the shop under /api/topup-sandbox/ (`/auth/oauth/token`, and under `/api`:
 * `/operators/countries/RO`, `/topups`, `/topups/reports/transactions`) when TOPUP_PROVIDER=sandbox and the shop is
 * not live, 404 otherwise; and reached in-process by `reloadlySandboxFetch`. Same JSON, statuses and error bodies as
 * Reloadly. Its client credentials and token key are generated once into `settings`; its tokens are signed JWTs that
 * expire; its register is `sandbox_issuances` (kind TOPUP, key = customIdentifier, record = the transaction).
 *
 * Test numbers (after +40, i.e. 0799 9x…):
 * - `+4079999…`: Reloadly is unavailable (503) every time: retries, then FULFILLMENT_FAILED;
 * - `+4079998…`: refused as an invalid number (400 INVALID_RECIPIENT_PHONE): FULFILLMENT_FAILED at once;
 * - `+4079997…`: the top-up is made, then the answer is lost (504 from the gateway): the next attempt finds it;
 * - `+4079996…`: the first ask of a key is answered 503 with nothing made, the next one as any other: a provider
 *   outage that clears by the next pass, so tests and a person trying the shop see a retry that succeeds.
 */

export const RELOADLY_SANDBOX_PATH = '/api/topup-sandbox';
/** The host the in-process sandbox answers under; any host does. */
const IN_PROCESS_ORIGIN = 'http://topup-sandbox.internal';

export const SANDBOX_TEST_NUMBERS = {
  unavailable: '+4079999',
  invalid: '+4079998',
  answerLost: '+4079997',
  unavailableOnce: '+4079996',
} as const;

/** Whether the sandbox's routes answer: only when it is the configured provider and the shop is not live. */
export const reloadlySandboxIsServed = (config: Config = getConfig()) =>
  sandboxIsServed(config.TOPUP_PROVIDER === 'sandbox', config);

export interface ReloadlySandboxOptions {
  /** How long its tokens last; Reloadly's last days, tests make them short. */
  tokenLifetimeSeconds?: number;
  /** The sandbox's clock, for tests that let a token expire. */
  now?: () => number;
}

const DEFAULT_TOKEN_LIFETIME_SECONDS = 86_400;
/** What the sandbox's account holds before its first top-up, in its currency. */
const OPENING_BALANCE = 10_000;
const ACCOUNT_CURRENCY = 'EUR';
/** Reloadly's commission on Romanian operators, kept back as `discount`. */
const DISCOUNT_RATE = 0.04;
const BALANCE_SETTING = 'topupSandbox.balance';

/** The sandbox's own client credentials, generated once: what RELOADLY_CLIENT_ID/SECRET are for Reloadly. */
export async function sandboxReloadlyCredentials(
  db: Db,
): Promise<{ clientId: string; clientSecret: string }> {
  const [clientId, clientSecret] = await Promise.all([
    generatedSecret(db, 'topupSandbox.clientId'),
    generatedSecret(db, 'topupSandbox.clientSecret'),
  ]);
  return { clientId, clientSecret };
}

const tokenKey = async (db: Db) =>
  new TextEncoder().encode(await generatedSecret(db, 'topupSandbox.tokenKey'));

const romania = { isoName: 'RO', name: 'Romania' };
const operator = (
  id: number,
  name: string,
  shape: { pin?: boolean; bundle?: boolean; fixed?: number[] },
): ReloadlyOperator => ({
  id,
  operatorId: id,
  name,
  bundle: shape.bundle ?? false,
  data: false,
  pin: shape.pin ?? false,
  supportsLocalAmounts: true,
  denominationType: shape.fixed ? 'FIXED' : 'RANGE',
  senderCurrencyCode: ACCOUNT_CURRENCY,
  destinationCurrencyCode: 'EUR',
  minAmount: shape.fixed ? null : 1,
  maxAmount: shape.fixed ? null : 100,
  localMinAmount: shape.fixed ? null : 1,
  localMaxAmount: shape.fixed ? null : 100,
  fixedAmounts: shape.fixed ?? [],
  localFixedAmounts: shape.fixed ?? [],
  country: romania,
  fx: { rate: 1, currencyCode: 'EUR' },
});

/** Romania's operators as the sandbox sells them: credit (any amount from 1 to 100 EUR), PINs and a bundle. */
export const SANDBOX_OPERATORS: readonly ReloadlyOperator[] = [
  operator(1401, 'Orange Romania', {}),
  operator(1402, 'Orange Romania Bundles', { bundle: true, fixed: [5, 10] }),
  operator(1411, 'Vodafone Romania', {}),
  operator(1412, 'Vodafone PIN Romania', { pin: true, fixed: [5, 10, 15, 20] }),
  operator(1421, 'Digi Mobil Romania', {}),
  operator(1422, 'Digi Mobil PIN Romania', { pin: true, fixed: [5, 6, 10] }),
];

const json = (body: unknown, status = 200) => Response.json(body, { status });
/** Reloadly's error body. */
const failure = (status: number, path: string, errorCode: ReloadlyErrorCode | null, message: string) =>
  json(
    {
      timeStamp: reloadlyDate(new Date()),
      message,
      path,
      errorCode,
      infoLink: null,
      details: [],
    } satisfies ReloadlyError,
    status,
  );
const gatewayError = (status: 503 | 504) =>
  new Response(
    `<html><body><h1>${status} ${status === 503 ? 'Service Unavailable' : 'Gateway Time-out'}</h1></body></html>`,
    {
      status,
      headers: { 'content-type': 'text/html' },
    },
  );

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await readBodyBytes(request)));
  } catch (error) {
    if (error instanceof Error && error.name === 'ApiError') throw error;
    return undefined;
  }
}

const audienceIsOurs = (audience: unknown) =>
  typeof audience === 'string' && audience.replace(/\/+$/, '').endsWith(`${RELOADLY_SANDBOX_PATH}/api`);

/** `POST /auth/oauth/token`: the client-credentials grant, answered with a signed JWT. */
export async function sandboxReloadlyToken(
  db: Db,
  request: Request,
  options: ReloadlySandboxOptions = {},
): Promise<Response> {
  const path = RELOADLY_PATHS.token;
  const body = (await jsonBody(request)) as Record<string, unknown> | undefined;
  if (!body || body.grant_type !== 'client_credentials')
    return failure(400, path, 'INVALID_REQUEST', 'grant_type client_credentials expected');
  const credentials = await sandboxReloadlyCredentials(db);
  if (body.client_id !== credentials.clientId || body.client_secret !== credentials.clientSecret)
    return failure(401, path, 'INVALID_CREDENTIALS', 'Access Denied');
  if (!audienceIsOurs(body.audience))
    return failure(401, path, 'INVALID_AUDIENCE', 'The provided audience is not valid');
  const lifetime = options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
  const issuedAt = Math.floor((options.now ?? Date.now)() / 1000);
  const accessToken = await new SignJWT({ scope: 'send-topups read-operators read-topups-history' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(credentials.clientId)
    .setAudience(String(body.audience))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetime)
    .setJti(randomUUID())
    .sign(await tokenKey(db));
  return json({
    access_token: accessToken,
    scope: 'send-topups read-operators read-topups-history',
    expires_in: lifetime,
    token_type: 'Bearer',
  });
}

/** The refusal of a request without a valid token, or undefined when it has one. */
async function unauthorized(
  db: Db,
  request: Request,
  path: string,
  options: ReloadlySandboxOptions,
): Promise<Response | undefined> {
  const token = /^Bearer (\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token)
    return failure(401, path, 'INVALID_TOKEN', 'Full authentication is required to access this resource');
  try {
    await jwtVerify(token, await tokenKey(db), {
      algorithms: ['HS256'],
      currentDate: new Date((options.now ?? Date.now)()),
    });
    return undefined;
  } catch (error) {
    return error instanceof joseErrors.JWTExpired
      ? failure(401, path, 'TOKEN_EXPIRED', 'Access token has expired')
      : failure(
          401,
          path,
          'INVALID_TOKEN',
          'Invalid token, make sure token is valid for the given environment',
        );
  }
}

/** `GET /operators/countries/{iso}`: Romania's operators; bundles and data plans left out when asked. */
export async function sandboxReloadlyOperators(
  db: Db,
  request: Request,
  country: string,
  options: ReloadlySandboxOptions = {},
): Promise<Response> {
  const path = RELOADLY_PATHS.operatorsOf(country);
  const refused = await unauthorized(db, request, path, options);
  if (refused) return refused;
  if (country.toUpperCase() !== 'RO')
    return failure(404, path, 'COUNTRY_NOT_SUPPORTED', 'Country not found and/or not currently supported');
  const query = new URL(request.url).searchParams;
  const excluded = (flag: string) => query.get(flag) === 'false';
  return json(
    SANDBOX_OPERATORS.filter(
      (candidate) =>
        !(excluded('includeBundles') && candidate.bundle) &&
        !(excluded('includeData') && candidate.data) &&
        !(excluded('includePin') && candidate.pin),
    ),
  );
}

const isTopUpRequest = (body: unknown): body is ReloadlyTopUpRequest => {
  const value = body as Partial<ReloadlyTopUpRequest> | undefined;
  return Boolean(
    value && typeof value === 'object' && value.recipientPhone && typeof value.recipientPhone === 'object',
  );
};

/** A Romanian mobile number as Reloadly takes it: `40 7xx xxx xxx`, with or without `+`. */
const romanianMobile = (number: unknown) =>
  typeof number === 'string' && /^\+?407\d{8}$/.test(number.replace(/\s/g, ''))
    ? `+${number.replace(/\D/g, '')}`
    : undefined;

/** The sandbox's transaction id for a key: stable, so a lost answer and its look-up agree. */
const transactionIdOf = (key: string) =>
  1_000_000 + (createHash('sha256').update(key).digest().readUInt32BE(0) % 900_000_000);

/** A 16-digit code, as Romanian operators' recharge PINs are. */
const pinOf = (key: string) =>
  [...createHash('sha256').update(`pin:${key}`).digest().subarray(0, 16)].map((byte) => byte % 10).join('');

/** The account's balance after charging `cost`: one atomic update, so concurrent top-ups each see their own. */
async function charge(db: Db, cost: number): Promise<{ oldBalance: number; newBalance: number }> {
  await db
    .insert(settings)
    .values({ key: BALANCE_SETTING, value: String(OPENING_BALANCE) })
    .onConflictDoNothing();
  const [row] = await db
    .update(settings)
    .set({ value: sql`round(${settings.value}::numeric - ${cost}, 2)::text` })
    .where(eq(settings.key, BALANCE_SETTING))
    .returning({ value: settings.value });
  const newBalance = Number(row!.value);
  return { oldBalance: Math.round((newBalance + cost) * 100) / 100, newBalance };
}

/** `POST /topups`: validated as Reloadly does, registered once per customIdentifier, answered with the transaction. */
export async function sandboxReloadlyTopUp(
  db: Db,
  request: Request,
  options: ReloadlySandboxOptions = {},
): Promise<Response> {
  const path = RELOADLY_PATHS.topUps;
  const refused = await unauthorized(db, request, path, options);
  if (refused) return refused;
  const body = await jsonBody(request);
  if (!isTopUpRequest(body)) return failure(400, path, 'INVALID_REQUEST', 'Request is not well-formed');
  const chosen = SANDBOX_OPERATORS.find((candidate) => candidate.operatorId === Number(body.operatorId));
  if (!chosen) return failure(404, path, 'OPERATOR_NOT_FOUND', 'Operator not found');
  const amount = Number(body.amount);
  if (!Number.isFinite(amount) || amount <= 0)
    return failure(400, path, 'INVALID_AMOUNT', 'Amount must be a positive number');
  const offered =
    chosen.denominationType === 'FIXED'
      ? (body.useLocalAmount ? chosen.localFixedAmounts : chosen.fixedAmounts).includes(amount)
      : amount >= (chosen.minAmount ?? 0) && amount <= (chosen.maxAmount ?? 0);
  if (!offered)
    return failure(
      400,
      path,
      'INVALID_AMOUNT_FOR_OPERATOR',
      `The amount ${amount} is not valid for ${chosen.name}`,
    );
  const phone =
    body.recipientPhone.countryCode === 'RO' ? romanianMobile(body.recipientPhone.number) : undefined;
  if (!phone || phone.startsWith(SANDBOX_TEST_NUMBERS.invalid))
    return failure(400, path, 'INVALID_RECIPIENT_PHONE', 'Recipient phone number is not valid');
  if (phone.startsWith(SANDBOX_TEST_NUMBERS.unavailable)) return gatewayError(503);
  const key =
    typeof body.customIdentifier === 'string' && body.customIdentifier ? body.customIdentifier : randomUUID();
  if (phone.startsWith(SANDBOX_TEST_NUMBERS.unavailableOnce)) {
    const [first] = await db
      .insert(sandboxIssuances)
      .values({ idempotencyKey: `unavailable:${key}`, kind: 'TOPUP_UNAVAILABLE', issuedId: '' })
      .onConflictDoNothing()
      .returning({ key: sandboxIssuances.idempotencyKey });
    if (first) return gatewayError(503);
  }

  const transactionId = transactionIdOf(key);
  const [taken] = await db
    .insert(sandboxIssuances)
    .values({ idempotencyKey: key, kind: 'TOPUP', issuedId: String(transactionId) })
    .onConflictDoNothing()
    .returning({ key: sandboxIssuances.idempotencyKey });
  if (!taken)
    return failure(400, path, 'CUSTOM_IDENTIFIER_ALREADY_USED', `Custom identifier ${key} was already used`);
  const discount = Math.round(amount * DISCOUNT_RATE * 100) / 100;
  const balance = await charge(db, Math.round((amount - discount) * 100) / 100);
  const at = new Date();
  const transaction: ReloadlyTransaction = {
    transactionId,
    status: 'SUCCESSFUL',
    operatorTransactionId: chosen.pin ? null : `${transactionId}:OrderConfirmed`,
    customIdentifier: key,
    recipientPhone: phone.slice(1),
    recipientEmail: null,
    senderPhone: null,
    countryCode: 'RO',
    operatorId: chosen.operatorId,
    operatorName: chosen.name,
    discount,
    discountCurrencyCode: ACCOUNT_CURRENCY,
    requestedAmount: amount,
    requestedAmountCurrencyCode: ACCOUNT_CURRENCY,
    deliveredAmount: amount,
    deliveredAmountCurrencyCode: 'EUR',
    transactionDate: reloadlyDate(at),
    pinDetail: chosen.pin
      ? {
          serial: String(transactionId),
          info1: 'Formează *100*PIN# pentru a reîncărca',
          info2: null,
          info3: null,
          value: null,
          code: pinOf(key),
          ivr: null,
          validity: '30 days',
        }
      : null,
    balanceInfo: {
      ...balance,
      currencyCode: ACCOUNT_CURRENCY,
      currencyName: 'Euro',
      updatedAt: reloadlyDate(at),
    },
  };
  await db
    .update(sandboxIssuances)
    .set({ record: transaction as unknown as Record<string, unknown> })
    .where(eq(sandboxIssuances.idempotencyKey, key));
  if (phone.startsWith(SANDBOX_TEST_NUMBERS.answerLost)) return gatewayError(504);
  return json(transaction);
}

/** `GET /topups/reports/transactions?customIdentifier=&page=&size=`: the register, newest first, a page at a time. */
export async function sandboxReloadlyTransactions(
  db: Db,
  request: Request,
  options: ReloadlySandboxOptions = {},
): Promise<Response> {
  const path = RELOADLY_PATHS.transactions;
  const refused = await unauthorized(db, request, path, options);
  if (refused) return refused;
  const query = new URL(request.url).searchParams;
  const page = Math.max(1, Math.trunc(Number(query.get('page') ?? 1)) || 1);
  const size = Math.min(200, Math.max(1, Math.trunc(Number(query.get('size') ?? 200)) || 200));
  const key = query.get('customIdentifier');
  const filter = and(
    eq(sandboxIssuances.kind, 'TOPUP'),
    key === null ? undefined : eq(sandboxIssuances.idempotencyKey, key),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ record: sandboxIssuances.record })
      .from(sandboxIssuances)
      .where(filter)
      .orderBy(desc(sandboxIssuances.createdAt), desc(sandboxIssuances.idempotencyKey))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(sandboxIssuances)
      .where(filter),
  ]);
  const content = rows.flatMap((row) => (row.record ? [row.record as unknown as ReloadlyTransaction] : []));
  const total = counted?.total ?? 0;
  const totalPages = Math.ceil(total / size);
  return json({
    content,
    totalElements: total,
    totalPages,
    size,
    number: page - 1,
    numberOfElements: content.length,
    first: page === 1,
    last: page >= totalPages,
    empty: content.length === 0,
  } satisfies ReloadlyPage<ReloadlyTransaction>);
}

/** How many top-ups the sandbox made: what tests count to prove none went twice. */
export async function sandboxReloadlyTopUpCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(sandboxIssuances)
    .where(eq(sandboxIssuances.kind, 'TOPUP'));
  return row?.total ?? 0;
}

/**
 * The sandbox reached in-process: a `fetch` that answers its paths under any host, so the shop's Reloadly adapter
 * runs exactly as against Reloadly without a network round trip.
 */
export const reloadlySandboxFetch =
  (database?: Db, options: ReloadlySandboxOptions = {}): typeof fetch =>
  async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^.*?\/api\/topup-sandbox/, '');
    const db = database ?? (await getDb());
    const country = /^\/api\/operators\/countries\/([^/]+)$/.exec(path)?.[1];
    if (request.method === 'POST' && path === `/auth${RELOADLY_PATHS.token}`)
      return sandboxReloadlyToken(db, request, options);
    if (request.method === 'GET' && country) return sandboxReloadlyOperators(db, request, country, options);
    if (request.method === 'POST' && path === `/api${RELOADLY_PATHS.topUps}`)
      return sandboxReloadlyTopUp(db, request, options);
    if (request.method === 'GET' && path === `/api${RELOADLY_PATHS.transactions}`)
      return sandboxReloadlyTransactions(db, request, options);
    return json({ timeStamp: reloadlyDate(new Date()), status: 404, error: 'Not Found', path }, 404);
  };

/**
 * The shop's Reloadly adapter talking to this sandbox in-process, with the sandbox's own credentials (read from the
 * database when first needed, so this stays synchronous): the top-up provider of TOPUP_PROVIDER=sandbox.
 */
export function sandboxReloadlyTopUpProvider(
  database?: Db,
  sandbox: ReloadlySandboxOptions = {},
  adapter: { now?: () => number } = {},
): TopUpProvider {
  const credentials = async () => sandboxReloadlyCredentials(database ?? (await getDb()));
  return reloadlyTopUpProvider({
    authUrl: `${IN_PROCESS_ORIGIN}${RELOADLY_SANDBOX_PATH}/auth`,
    apiUrl: `${IN_PROCESS_ORIGIN}${RELOADLY_SANDBOX_PATH}/api`,
    clientId: async () => (await credentials()).clientId,
    clientSecret: async () => (await credentials()).clientSecret,
    fetch: reloadlySandboxFetch(database, sandbox),
    now: adapter.now,
  });
}
