/**
 * Reloadly's Airtime API as the shop uses it (docs/decisions/0019-top-ups-through-reloadly.md): the media type, the
 * paths and the JSON shapes, shared by the adapter (client.ts) and the built-in sandbox (sandbox.ts) so both speak
 * one contract. Shapes are from Reloadly's OpenAPI description and its official SDKs' fixtures; only the fields the
 * shop reads or the sandbox answers are typed.
 */

/** The `Accept` of every API call: Reloadly versions its API by media type. */
export const RELOADLY_MEDIA_TYPE = 'application/com.reloadly.topups-v1+json';

export const RELOADLY_PATHS = {
  token: '/oauth/token',
  operatorsOf: (country: string) => `/operators/countries/${country}`,
  topUps: '/topups',
  transactions: '/topups/reports/transactions',
} as const;

/** `POST {auth}/oauth/token`, JSON: the client-credentials grant, for the API named by `audience`. */
export interface ReloadlyTokenRequest {
  client_id: string;
  client_secret: string;
  grant_type: 'client_credentials';
  audience: string;
}

export interface ReloadlyToken {
  access_token: string;
  scope?: string;
  /** Seconds. */
  expires_in: number;
  token_type: 'Bearer';
}

/** An operator of `GET /operators/countries/{iso}`. Amounts are numbers in the named currencies. */
export interface ReloadlyOperator {
  id: number;
  operatorId: number;
  name: string;
  bundle: boolean;
  data: boolean;
  pin: boolean;
  supportsLocalAmounts: boolean;
  denominationType: 'RANGE' | 'FIXED';
  /** The account's currency: what `amount` is in when `useLocalAmount` is false. */
  senderCurrencyCode: string;
  /** The operator's: what the phone is credited in, and `amount` when `useLocalAmount` is true. */
  destinationCurrencyCode: string;
  minAmount: number | null;
  maxAmount: number | null;
  localMinAmount: number | null;
  localMaxAmount: number | null;
  fixedAmounts: number[];
  localFixedAmounts: number[];
  country: { isoName: string; name: string };
  fx: { rate: number; currencyCode: string };
}

/** `POST /topups`. */
export interface ReloadlyTopUpRequest {
  operatorId: number;
  amount: number;
  useLocalAmount: boolean;
  /** The shop's idempotency key; Reloadly refuses a second top-up with it (CUSTOM_IDENTIFIER_ALREADY_USED). */
  customIdentifier: string;
  recipientPhone: { countryCode: string; number: string };
}

export type ReloadlyTransactionStatus = 'PROCESSING' | 'SUCCESSFUL' | 'REFUNDED' | 'FAILED';

/** A top-up, as `POST /topups` answers it and the transactions report lists it. */
export interface ReloadlyTransaction {
  transactionId: number;
  status: ReloadlyTransactionStatus;
  operatorTransactionId: string | null;
  customIdentifier: string | null;
  recipientPhone: string;
  recipientEmail: string | null;
  senderPhone: string | null;
  countryCode: string;
  operatorId: number;
  operatorName: string;
  /** The commission kept back, in the account's currency: the cost is requestedAmount − discount. */
  discount: number;
  discountCurrencyCode: string;
  requestedAmount: number;
  requestedAmountCurrencyCode: string;
  deliveredAmount: number;
  deliveredAmountCurrencyCode: string;
  /** `yyyy-MM-dd HH:mm:ss`, UTC. */
  transactionDate: string;
  pinDetail: {
    serial: string | null;
    info1: string | null;
    info2: string | null;
    info3: string | null;
    value: string | null;
    code: string;
    ivr: string | null;
    validity: string | null;
  } | null;
  balanceInfo: {
    oldBalance: number;
    newBalance: number;
    currencyCode: string;
    currencyName: string;
    updatedAt: string;
  } | null;
}

/** A page of the transactions report (Spring's page). */
export interface ReloadlyPage<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  size: number;
  number: number;
  numberOfElements: number;
  first: boolean;
  last: boolean;
  empty: boolean;
}

/**
 * The error codes the shop tells apart (Reloadly's "Error Codes" table, and codes seen in public integrations:
 * IMPOSSIBLE_AMOUNT, CUSTOM_IDENTIFIER_ALREADY_USED, …). Any other code is read as a temporary failure.
 */
export type ReloadlyErrorCode =
  | 'TOKEN_EXPIRED'
  | 'INVALID_TOKEN'
  | 'INVALID_CREDENTIALS'
  | 'INVALID_AUDIENCE'
  | 'COUNTRY_NOT_SUPPORTED'
  | 'INVALID_RECIPIENT_PHONE'
  | 'INVALID_PHONE_NUMBER'
  | 'PHONE_RECENTLY_RECHARGED'
  | 'PHONE_BANNED_BY_OPERATOR'
  | 'RECIPIENT_PHONE_INACTIVE'
  | 'OPERATOR_NOT_FOUND'
  | 'OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE'
  | 'OPERATOR_NOT_IN_SERVICE'
  | 'INACTIVE_ACCOUNT'
  | 'ACCOUNT_NOT_FOUND'
  | 'INVALID_AMOUNT'
  | 'INVALID_AMOUNT_FOR_OPERATOR'
  | 'INVALID_AMOUNT_FOR_RECIPIENT_PHONE'
  | 'IMPOSSIBLE_AMOUNT'
  | 'TOPUP_TRANSACTION_FAILED'
  | 'TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT'
  | 'SERVICE_TO_OPERATOR_TEMPORARILY_UNAVAILABLE'
  | 'PROVIDER_INTERNAL_ERROR'
  | 'MAX_DAILY_TRANSACTION_COUNT_REACHED'
  | 'MAX_DAILY_TRANSACTION_AMOUNT_REACHED'
  | 'INSUFFICIENT_BALANCE'
  | 'CUSTOM_IDENTIFIER_ALREADY_USED'
  | 'INVALID_REQUEST';

/** Every error Reloadly answers, whatever the status. */
export interface ReloadlyError {
  timeStamp: string;
  message: string;
  path: string;
  errorCode: ReloadlyErrorCode | null;
  infoLink: string | null;
  details: unknown[];
}

/** `yyyy-MM-dd HH:mm:ss` in UTC, Reloadly's date format. */
export const reloadlyDate = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');
