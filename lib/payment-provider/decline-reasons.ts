import { NETOPIA_STATUS } from '@/lib/db/netopia-status';

/**
 * Why a card payment did not go through, as the buyer can act on it (`PaymentDecline.<reason>` in the messages):
 * each reason says what happened and what to do next.
 */
export const DECLINE_REASONS = [
  'insufficientFunds',
  'cardExpired',
  'wrongCardDetails',
  'notPermitted',
  'securityCheck',
  'authenticationFailed',
  'bankUnavailable',
  'timeRanOut',
  'canceled',
  'declined',
  'notFinished',
] as const;

export type DeclineReason = (typeof DECLINE_REASONS)[number];

/**
 * The provider's result codes, by what they mean for the buyer. Netopia's v2 notification carries in `payment.code`
 * the card issuer's answer as ISO 8583 codes (the ones its sandbox cards produce: 51, 54, 57, 59, 82, 96); its older
 * protocol's codes (16-38) are kept beside them, since the same merchant account may still report them. `3D` is the
 * failed 3-D Secure step of the built-in sandbox.
 */
const REASON_OF_CODE: Record<string, DeclineReason> = {
  '51': 'insufficientFunds',
  '61': 'insufficientFunds',
  '65': 'insufficientFunds',
  '20': 'insufficientFunds',
  '54': 'cardExpired',
  '19': 'cardExpired',
  '14': 'wrongCardDetails',
  '17': 'wrongCardDetails',
  '21': 'wrongCardDetails',
  '82': 'wrongCardDetails',
  N7: 'wrongCardDetails',
  '57': 'notPermitted',
  '34': 'notPermitted',
  '62': 'notPermitted',
  '59': 'securityCheck',
  '16': 'securityCheck',
  '36': 'securityCheck',
  '3D': 'authenticationFailed',
  '96': 'bankUnavailable',
  '91': 'bankUnavailable',
  '22': 'bankUnavailable',
  '23': 'timeRanOut',
};

/**
 * The reason for an order whose payment did not pay: its code first (declineCodeOf), then what its state says (the
 * form expired, or was cancelled), else a plain "declined by the bank".
 */
export function declineReasonOf(order: { status: string; paymentErrorCode: string | null }): DeclineReason {
  const byCode = order.paymentErrorCode ? REASON_OF_CODE[order.paymentErrorCode] : undefined;
  if (byCode) return byCode;
  // Still waiting for a payment whose form was left (lib/orders/pay-again-rules.ts, isAbandoned).
  if (order.status === 'PENDING_PAYMENT') return 'notFinished';
  if (order.status === 'EXPIRED') return 'timeRanOut';
  if (order.status === 'CANCELED') return 'canceled';
  return 'declined';
}

/**
 * The code kept on the order for a payment that did not pay: the provider's own, or one its status implies when it
 * sent none (a hold by the risk checks, an error at the bank), so the page can still say why.
 */
export function declineCodeOf(providerStatus: number, code: string | undefined): string | null {
  if (code && code !== '00') return code;
  if (providerStatus === NETOPIA_STATUS.FRAUD) return '59';
  if (providerStatus === NETOPIA_STATUS.ERROR) return '96';
  if (providerStatus === NETOPIA_STATUS.EXPIRED) return '23';
  return null;
}
