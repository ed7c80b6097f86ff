import 'server-only';

import { logger } from '@/lib/log/logger';
import type { TopUpDelivered, TopUpProvider, TopUpRequest } from '../topup-provider';
import { IssueError } from '../vignette-issuer';
import {
  RELOADLY_MEDIA_TYPE,
  RELOADLY_PATHS,
  type ReloadlyError,
  type ReloadlyErrorCode,
  type ReloadlyOperator,
  type ReloadlyPage,
  type ReloadlyToken,
  type ReloadlyTokenRequest,
  type ReloadlyTopUpRequest,
  type ReloadlyTransaction,
} from './contract';

/** A value given as is, or looked up when first needed (the sandbox's credentials live in the database). */
type Lazy = string | (() => Promise<string>);

export interface ReloadlyOptions {
  /** Reloadly's OAuth2 server, `https://auth.reloadly.com` (RELOADLY_AUTH_URL). */
  authUrl: string;
  /** The Airtime API, `https://topups.reloadly.com` (RELOADLY_API_URL); also the token's audience. */
  apiUrl: string;
  clientId: Lazy;
  clientSecret: Lazy;
  fetch?: typeof fetch;
  /** Per HTTP call; well under fulfilment's claim on an item (lib/orders/fulfilment.ts, DELIVERY_CLAIM_SECONDS). */
  timeoutMs?: number;
  now?: () => number;
}

/** The country the shop sells top-ups for. */
const COUNTRY = 'RO';
const DEFAULT_TIMEOUT_MS = 20_000;
/** A token is renewed this long before Reloadly says it ends, so that none expires on the way. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * What each code means for the order: permanent refusals fail it at once with these words for staff; every other
 * code (and 5xx, 429, no answer) is temporary and retried on the next pass. Insufficient balance, daily limits, an
 * inactive account and a number recharged minutes ago are temporary: staff or time can fix them, and staff see the
 * reason on the item meanwhile.
 */
const PERMANENT: Partial<Record<ReloadlyErrorCode, string>> = {
  INVALID_RECIPIENT_PHONE: 'the number is not a valid mobile number for the operator',
  INVALID_PHONE_NUMBER: 'the number is not valid',
  PHONE_BANNED_BY_OPERATOR: 'the operator refuses top-ups to this number',
  RECIPIENT_PHONE_INACTIVE: 'the number is not active at the operator',
  COUNTRY_NOT_SUPPORTED: 'Romania is not served by the account',
  OPERATOR_NOT_FOUND: 'the operator is unknown',
  OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE: 'the operator is not available',
  OPERATOR_NOT_IN_SERVICE: 'the operator is not in service',
  INVALID_AMOUNT: 'the amount is not valid',
  INVALID_AMOUNT_FOR_OPERATOR: 'the operator does not offer this amount',
  INVALID_AMOUNT_FOR_RECIPIENT_PHONE: 'this amount cannot be sent to this number',
  IMPOSSIBLE_AMOUNT: 'the operator does not offer this amount',
  TOPUP_TRANSACTION_FAILED: 'the operator refused the top-up',
};

const TEMPORARY: Partial<Record<ReloadlyErrorCode, string>> = {
  INSUFFICIENT_BALANCE: 'the Reloadly account has too little balance: top it up, the delivery is retried',
  PHONE_RECENTLY_RECHARGED: 'the number was topped up minutes ago; Reloadly waits 2 minutes between top-ups',
  MAX_DAILY_TRANSACTION_COUNT_REACHED: "the account's daily number of top-ups is reached",
  MAX_DAILY_TRANSACTION_AMOUNT_REACHED: "the account's daily amount is reached",
  INACTIVE_ACCOUNT: 'the Reloadly account is deactivated: contact Reloadly',
  ACCOUNT_NOT_FOUND: 'the Reloadly account is not found: check RELOADLY_CLIENT_ID',
};

const describeError = (status: number, error: Partial<ReloadlyError> | undefined) => {
  const code = error?.errorCode ?? null;
  const words = (code && (PERMANENT[code] ?? TEMPORARY[code])) || `HTTP ${status}`;
  const detail = [code, error?.message].filter(Boolean).join(': ');
  return `Reloadly: ${words}${detail ? ` (${detail})` : ''}`;
};

/** Reloadly's error body, when the answer has one. */
async function errorOf(response: Response): Promise<Partial<ReloadlyError> | undefined> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Partial<ReloadlyError>) : undefined;
  } catch {
    return undefined;
  }
}

/** The failure a non-2xx answer stands for: permanent only for a 4xx with a code that says so. */
function failureOf(status: number, error: Partial<ReloadlyError> | undefined): IssueError {
  const code = error?.errorCode;
  const permanent = status >= 400 && status < 500 && Boolean(code && code in PERMANENT);
  return new IssueError(describeError(status, error), !permanent);
}

const failureOfResponse = async (response: Response) => failureOf(response.status, await errorOf(response));

const minorDigits = (currency: string) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits!;
  } catch {
    return 2;
  }
};

/**
 * What the top-up cost the account: the requested amount less Reloadly's discount, both in the account's currency
 * (in Reloadly's documented example this is exactly oldBalance − newBalance).
 */
function costOf(transaction: ReloadlyTransaction): TopUpDelivered['cost'] {
  const { requestedAmount, discount, requestedAmountCurrencyCode: currency } = transaction;
  if (!Number.isFinite(requestedAmount) || !currency) return undefined;
  const digits = minorDigits(currency);
  return {
    amountMinor: Math.round((requestedAmount - (Number(discount) || 0)) * 10 ** digits),
    currency,
  };
}

/**
 * The operator Reloadly sells our operator's top-ups under: among Romania's operators that are neither bundles nor
 * data plans, the one whose name has our operator's id as a word ("Orange Romania", "Vodafone PIN Romania",
 * "Digi Mobil Romania") and whose `pin` flag matches the delivery; the lowest id when several do.
 */
export function matchOperator(
  operators: ReloadlyOperator[],
  operatorId: string,
  delivery: 'DIRECT' | 'PIN',
): ReloadlyOperator | undefined {
  const word = new RegExp(`(^|[^a-z])${operatorId.toLowerCase()}([^a-z]|$)`);
  return operators
    .filter(
      (operator) =>
        !operator.bundle &&
        !operator.data &&
        operator.pin === (delivery === 'PIN') &&
        word.test(operator.name.toLowerCase()),
    )
    .sort((a, b) => a.operatorId - b.operatorId)[0];
}

/**
 * How to send a face value in euro so that the phone is credited exactly that: in the operator's own currency when
 * it is the euro and Reloadly takes local amounts (the account's currency and exchange rate then do not matter), else
 * in the account's currency when that is the euro. Undefined when the operator does not offer the amount.
 */
export function amountFor(
  operator: ReloadlyOperator,
  faceValueCents: number,
): { amount: number; useLocalAmount: boolean } | undefined {
  const amount = faceValueCents / 100;
  const offers = (fixed: number[], min: number | null, max: number | null) =>
    operator.denominationType === 'FIXED'
      ? fixed.some((value) => Math.round(value * 100) === faceValueCents)
      : min !== null && max !== null && amount >= min && amount <= max;
  if (
    operator.destinationCurrencyCode === 'EUR' &&
    operator.supportsLocalAmounts &&
    offers(operator.localFixedAmounts, operator.localMinAmount, operator.localMaxAmount)
  )
    return { amount, useLocalAmount: true };
  if (
    operator.senderCurrencyCode === 'EUR' &&
    offers(operator.fixedAmounts, operator.minAmount, operator.maxAmount)
  )
    return { amount, useLocalAmount: false };
  return undefined;
}

const resolve = async (value: Lazy) => (typeof value === 'string' ? value : value());
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The top-up provider over Reloadly's Airtime API (docs/decisions/0019-top-ups-through-reloadly.md): an OAuth2
 * client-credentials token, cached until shortly before it ends and renewed once when Reloadly refuses it; Romania's
 * operators listed once and matched by name; `POST /topups` with the shop's idempotency key as `customIdentifier`.
 * A key asked before is looked up in the transactions report first and never sent twice; an answer lost after
 * sending is a temporary failure, so the next attempt (asked before) looks it up.
 */
export function reloadlyTopUpProvider(options: ReloadlyOptions): TopUpProvider {
  const http = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const authUrl = trimSlash(options.authUrl);
  const apiUrl = trimSlash(options.apiUrl);
  let token: { value: Promise<string>; renewAt: number } | undefined;
  let operators: Promise<ReloadlyOperator[]> | undefined;

  const call = async (url: string, init: RequestInit, what: string) => {
    try {
      // Every call carries the client secret or the bearer token: a redirect is refused, never followed with it.
      return await http(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new IssueError(`Reloadly did not answer ${what} (${reason})`, true);
    }
  };

  const requestToken = async (): Promise<{ value: string; renewAt: number }> => {
    const body: ReloadlyTokenRequest = {
      client_id: await resolve(options.clientId),
      client_secret: await resolve(options.clientSecret),
      grant_type: 'client_credentials',
      audience: apiUrl,
    };
    const response = await call(
      `${authUrl}${RELOADLY_PATHS.token}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      },
      'for a token',
    );
    if (!response.ok) {
      const error = await errorOf(response);
      throw new IssueError(
        `Reloadly refused the shop's credentials (RELOADLY_CLIENT_ID, RELOADLY_CLIENT_SECRET): ${describeError(response.status, error)}`,
        true,
      );
    }
    const answer = (await response.json()) as Partial<ReloadlyToken>;
    if (!answer.access_token) throw new IssueError('Reloadly answered a token request without a token', true);
    const lifetimeMs = (Number(answer.expires_in) || 0) * 1000;
    return {
      value: answer.access_token,
      renewAt: now() + lifetimeMs - Math.min(TOKEN_MARGIN_MS, lifetimeMs / 2),
    };
  };

  /** The cached token; concurrent deliveries share one request for a new one. */
  const accessToken = (renew = false): Promise<string> => {
    if (!token || renew || now() >= token.renewAt) {
      const pending = requestToken();
      const entry = { value: pending.then((got) => got.value), renewAt: Infinity };
      token = entry;
      pending.then(
        (got) => (entry.renewAt = got.renewAt),
        () => {
          if (token === entry) token = undefined;
        },
      );
    }
    return token.value;
  };

  /** An API call with the token; a refused token (expired, revoked, another server's) is renewed once. */
  const api = async (path: string, init: RequestInit, what: string): Promise<Response> => {
    const send = async (renew: boolean) =>
      call(
        `${apiUrl}${path}`,
        {
          ...init,
          headers: {
            ...(init.body ? { 'content-type': 'application/json' } : {}),
            accept: RELOADLY_MEDIA_TYPE,
            authorization: `Bearer ${await accessToken(renew)}`,
          },
        },
        what,
      );
    const first = await send(false);
    if (first.status !== 401) return first;
    await first.body?.cancel();
    return send(true);
  };

  const romanianOperators = (): Promise<ReloadlyOperator[]> => {
    operators ??= (async () => {
      const response = await api(
        `${RELOADLY_PATHS.operatorsOf(COUNTRY)}?includeBundles=false&includeData=false&suggestedAmounts=false&suggestedAmountsMap=false`,
        { method: 'GET' },
        "with Romania's operators",
      );
      if (!response.ok) throw await failureOfResponse(response);
      return (await response.json()) as ReloadlyOperator[];
    })();
    // A failed listing is asked again by the next delivery.
    operators.catch(() => (operators = undefined));
    return operators;
  };

  /** What Reloadly registered under the key, if anything. */
  const lookUp = async (key: string): Promise<ReloadlyTransaction | undefined> => {
    const query = new URLSearchParams({ customIdentifier: key, page: '1', size: '10' });
    const response = await api(
      `${RELOADLY_PATHS.transactions}?${query}`,
      { method: 'GET' },
      `to the look-up of ${key}`,
    );
    if (!response.ok) throw await failureOfResponse(response);
    const page = (await response.json()) as Partial<ReloadlyPage<ReloadlyTransaction>>;
    const found = (page.content ?? []).filter((transaction) => transaction.customIdentifier === key);
    if (found.length > 1)
      logger.warn(
        { key, transactions: found.map((transaction) => transaction.transactionId) },
        'Reloadly holds several top-ups under one key',
      );
    return found.find((transaction) => transaction.status === 'SUCCESSFUL') ?? found[0];
  };

  const deliveredOf = (transaction: ReloadlyTransaction, request: TopUpRequest): TopUpDelivered => {
    const reference = String(transaction.transactionId);
    if (transaction.status === 'PROCESSING')
      throw new IssueError(`Reloadly is still processing top-up ${reference}; asked again later`, true);
    if (transaction.status !== 'SUCCESSFUL')
      throw new IssueError(`Reloadly: top-up ${reference} ${transaction.status.toLowerCase()}`, false);
    const pin = transaction.pinDetail?.code ?? undefined;
    if (request.delivery === 'PIN' && !pin)
      throw new IssueError(
        `Reloadly delivered top-up ${reference} without a PIN code: ask Reloadly's support for it`,
        false,
      );
    return { reference, ...(pin ? { pin: String(pin) } : {}), cost: costOf(transaction) };
  };

  const send = async (request: TopUpRequest): Promise<TopUpDelivered> => {
    const operator = matchOperator(await romanianOperators(), request.operatorId, request.delivery);
    if (!operator)
      throw new IssueError(
        `Reloadly offers no ${request.delivery} top-up for ${request.operatorId} in Romania`,
        false,
      );
    const amount = amountFor(operator, request.faceValueCents);
    if (!amount)
      throw new IssueError(
        `Reloadly's ${operator.name} does not offer ${request.faceValueCents / 100} EUR`,
        false,
      );
    const body: ReloadlyTopUpRequest = {
      operatorId: operator.operatorId,
      ...amount,
      customIdentifier: request.idempotencyKey,
      recipientPhone: { countryCode: COUNTRY, number: request.phone.replace(/^\+/, '') },
    };
    const response = await api(
      RELOADLY_PATHS.topUps,
      { method: 'POST', body: JSON.stringify(body) },
      `to top-up ${request.idempotencyKey}`,
    );
    if (response.ok) return deliveredOf((await response.json()) as ReloadlyTransaction, request);
    const error = await errorOf(response);
    if (error?.errorCode === 'CUSTOM_IDENTIFIER_ALREADY_USED') {
      const found = await lookUp(request.idempotencyKey);
      if (found) return deliveredOf(found, request);
      throw new IssueError(
        `Reloadly says key ${request.idempotencyKey} was used but does not list it yet; asked again later`,
        true,
      );
    }
    throw failureOf(response.status, error);
  };

  return {
    async deliver(request) {
      if (request.askedBefore) {
        const found = await lookUp(request.idempotencyKey);
        if (found) return deliveredOf(found, request);
      }
      return send(request);
    },
  };
}
