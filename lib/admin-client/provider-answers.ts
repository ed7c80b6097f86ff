import type { ReloadlyErrorCode } from '@/lib/issuers/reloadly/contract';
import { declineReasonOf, type DeclineReason } from '@/lib/payment-provider/decline-reasons';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';

/*
 * What the providers answered, as staff read it: each known answer of the payment provider, the vignette issuer and
 * the top-up provider by a kind the back-office words in the reader's language (`Admin.providerAnswers`), and
 * `unknown` for an answer no rule here knows. The raw answer, in the provider's words, stays behind the screen's
 * "details" toggle. The rules read the texts lib/payments/refunds.ts, lib/issuers/issuer-api/client.ts and
 * lib/issuers/reloadly/client.ts store; an answer whose text changes there falls back to `unknown`, never to a wrong
 * line.
 */

/** What the payment provider answered to a refund (`refunds.provider_answer`). */
export const REFUND_ANSWERS = [
  'credited',
  'refused',
  'noAnswer',
  'chargebackOpened',
  'chargebackAccepted',
  'reversed',
  'unknown',
] as const;
export type RefundAnswer = (typeof REFUND_ANSWERS)[number];

/** The provider's refund statuses (`provider status 8`), as a notification or the reconciler reported them. */
const REFUND_STATUS: Partial<Record<number, RefundAnswer>> = {
  [NETOPIA_STATUS.CREDIT]: 'credited',
  [NETOPIA_STATUS.CHARGEBACK_INIT]: 'chargebackOpened',
  [NETOPIA_STATUS.CHARGEBACK_ACCEPT]: 'chargebackAccepted',
  [NETOPIA_STATUS.REVERSED]: 'reversed',
};

export function refundAnswerOf(answer: string): RefundAnswer {
  const text = answer.trim();
  if (text === 'credited') return 'credited';
  if (/^no answer\b/i.test(text)) return 'noAnswer';
  const status = /^provider status (\d+)$/.exec(text);
  if (status) return REFUND_STATUS[Number(status[1])] ?? 'unknown';
  // `<code>: <message>`: the provider's refusal of the credit.
  if (/^[\w-]{1,16}: \S/.test(text)) return 'refused';
  return 'unknown';
}

/**
 * The provider's answer inside the server's refusal of a refund the provider refused at once (409, the words of
 * lib/payments/refunds.ts), or undefined for any other refusal.
 */
export const refundRefusalOf = (message: string): string | undefined =>
  /^The payment provider refused the refund \((.+)\)$/s.exec(message.trim())?.[1];

/** Why a card payment did not pay, for staff: the buyer's page's reasons (lib/payment-provider/decline-reasons.ts). */
export type PaymentFailure = DeclineReason | 'unknown';

/**
 * The payment provider's messages its sandbox and Netopia send most, for events recorded with the message alone
 * (before they kept the result code).
 */
const DECLINE_OF_MESSAGE: Record<string, DeclineReason> = {
  'insufficient funds': 'insufficientFunds',
  'expired card': 'cardExpired',
  'invalid cvv': 'wrongCardDetails',
  'invalid card': 'wrongCardDetails',
  'invalid card number': 'wrongCardDetails',
  'transaction not permitted': 'notPermitted',
  'transaction not permitted to cardholder': 'notPermitted',
  'suspected fraud': 'securityCheck',
  '3-d secure authentication failed': 'authenticationFailed',
  'issuer unavailable': 'bankUnavailable',
};

/** Why a payment failed, from the event's `code` (the provider's result code) or, failing that, its `message`. */
export function paymentFailureOf(params: { code?: unknown; message?: unknown }): PaymentFailure {
  if (typeof params.code === 'string' && params.code !== '') {
    const reason = declineReasonOf({ status: 'FAILED', paymentErrorCode: params.code });
    if (reason !== 'declined') return reason;
  }
  if (typeof params.message === 'string') {
    const known = DECLINE_OF_MESSAGE[params.message.trim().toLowerCase()];
    if (known) return known;
  }
  return 'unknown';
}

/** Why the vignette issuer or the top-up provider did not deliver an item (`order_items.issue_error`). */
export const DELIVERY_ERRORS = [
  'issuerUnreachable',
  'issuerCredentials',
  'issuerUnavailable',
  'issuerMisconfigured',
  'issuerBadAnswer',
  'nationalSystemRefused',
  'issuerRefused',
  'correctionRefused',
  'topUpUnreachable',
  'topUpCredentials',
  'topUpUnavailable',
  'topUpProcessing',
  'topUpInvalidNumber',
  'topUpNumberRefused',
  'topUpOperatorUnavailable',
  'topUpAmountNotOffered',
  'topUpBalance',
  'topUpRecentlyRecharged',
  'topUpDailyLimit',
  'topUpAccount',
  'topUpNoPin',
  'topUpBadRequest',
  'topUpFailed',
  'unknown',
] as const;
export type DeliveryError = (typeof DELIVERY_ERRORS)[number];

/**
 * Every Reloadly error code (lib/issuers/reloadly/contract.ts), by what staff can do about it: a code added there
 * fails the type check until it has its line here.
 */
const RELOADLY_CODES: Record<ReloadlyErrorCode, DeliveryError> = {
  TOKEN_EXPIRED: 'topUpCredentials',
  INVALID_TOKEN: 'topUpCredentials',
  INVALID_CREDENTIALS: 'topUpCredentials',
  INVALID_AUDIENCE: 'topUpCredentials',
  TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT: 'topUpUnavailable',
  SERVICE_TO_OPERATOR_TEMPORARILY_UNAVAILABLE: 'topUpUnavailable',
  PROVIDER_INTERNAL_ERROR: 'topUpUnavailable',
  CUSTOM_IDENTIFIER_ALREADY_USED: 'topUpProcessing',
  INVALID_REQUEST: 'topUpBadRequest',
  INVALID_RECIPIENT_PHONE: 'topUpInvalidNumber',
  INVALID_PHONE_NUMBER: 'topUpInvalidNumber',
  PHONE_BANNED_BY_OPERATOR: 'topUpNumberRefused',
  RECIPIENT_PHONE_INACTIVE: 'topUpNumberRefused',
  COUNTRY_NOT_SUPPORTED: 'topUpOperatorUnavailable',
  OPERATOR_NOT_FOUND: 'topUpOperatorUnavailable',
  OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE: 'topUpOperatorUnavailable',
  OPERATOR_NOT_IN_SERVICE: 'topUpOperatorUnavailable',
  INVALID_AMOUNT: 'topUpAmountNotOffered',
  INVALID_AMOUNT_FOR_OPERATOR: 'topUpAmountNotOffered',
  INVALID_AMOUNT_FOR_RECIPIENT_PHONE: 'topUpAmountNotOffered',
  IMPOSSIBLE_AMOUNT: 'topUpAmountNotOffered',
  TOPUP_TRANSACTION_FAILED: 'topUpFailed',
  INSUFFICIENT_BALANCE: 'topUpBalance',
  PHONE_RECENTLY_RECHARGED: 'topUpRecentlyRecharged',
  MAX_DAILY_TRANSACTION_COUNT_REACHED: 'topUpDailyLimit',
  MAX_DAILY_TRANSACTION_AMOUNT_REACHED: 'topUpDailyLimit',
  INACTIVE_ACCOUNT: 'topUpAccount',
  ACCOUNT_NOT_FOUND: 'topUpAccount',
};

/** The issuer's and Reloadly's texts, first match wins: the more particular before the more general. */
const DELIVERY_RULES: [RegExp, DeliveryError][] = [
  [/^correction refused\b/, 'correctionRefused'],
  [/: no issuer API at /, 'issuerMisconfigured'],
  [/: the issuer refused the shop's token\b/, 'issuerCredentials'],
  [/: the issuer did not answer\b/, 'issuerUnreachable'],
  [/: the issuer is unavailable\b/, 'issuerUnavailable'],
  [/: the issuer's answer \(HTTP \d+\) is not a vignette/, 'issuerBadAnswer'],
  [/: the national system refused it\b/, 'nationalSystemRefused'],
  [/: the issuer refused the request\b/, 'issuerRefused'],
  [/^Reloadly refused the shop's credentials\b/, 'topUpCredentials'],
  [/^Reloadly did not answer\b/, 'topUpUnreachable'],
  [/^Reloadly answered a token request without a token/, 'topUpUnavailable'],
  [/^Reloadly is still processing\b/, 'topUpProcessing'],
  [/^Reloadly says key \S+ was used but does not list it yet/, 'topUpProcessing'],
  [/^Reloadly delivered top-up \S+ without a PIN code/, 'topUpNoPin'],
  [/^Reloadly offers no \S+ top-up for /, 'topUpOperatorUnavailable'],
  [/^Reloadly's .+ does not offer /, 'topUpAmountNotOffered'],
  [/^Reloadly: top-up \S+ \w+$/, 'topUpFailed'],
];

export function deliveryErrorOf(message: string): DeliveryError {
  const text = message.trim();
  for (const [pattern, kind] of DELIVERY_RULES) if (pattern.test(text)) return kind;
  if (text.startsWith('Reloadly: ')) {
    const code = /\(([A-Z_]+)(?::|\))/.exec(text)?.[1];
    if (code && Object.hasOwn(RELOADLY_CODES, code)) return RELOADLY_CODES[code as ReloadlyErrorCode];
    if (/^Reloadly: HTTP (5\d\d|429)\b/.test(text)) return 'topUpUnavailable';
  }
  return 'unknown';
}
