import {
  deliveryErrorOf,
  paymentFailureOf,
  refundAnswerOf,
  refundRefusalOf,
  type DeliveryError,
} from '@/lib/admin-client/provider-answers';

/*
 * The texts below are the ones the adapters store (lib/payments/refunds.ts, lib/issuers/issuer-api/client.ts,
 * lib/issuers/reloadly/client.ts), so that a change of wording there shows here rather than as "an answer this screen
 * does not know" on the back-office.
 */

describe('refundAnswerOf', () => {
  it.each([
    ['credited', 'credited'],
    ['no answer: socket hang up', 'noAnswer'],
    ['provider status 8', 'credited'],
    ['provider status 9', 'chargebackOpened'],
    ['provider status 10', 'chargebackAccepted'],
    ['provider status 17', 'reversed'],
    ['provider status 99', 'unknown'],
    ['51: Insufficient funds', 'refused'],
    ['99: Operation not allowed on this payment', 'refused'],
    ['something else entirely', 'unknown'],
    ['', 'unknown'],
  ])('%j is %s', (answer, kind) => {
    expect(refundAnswerOf(answer)).toBe(kind);
  });
});

describe('refundRefusalOf', () => {
  it('finds the provider’s answer in the refusal of a refund it refused at once', () => {
    expect(refundRefusalOf('The payment provider refused the refund (51: Insufficient funds)')).toBe(
      '51: Insufficient funds',
    );
    expect(refundRefusalOf('Nothing is left to refund on this order')).toBeUndefined();
  });
});

describe('paymentFailureOf', () => {
  it('reads the result code first, as the buyer’s page does', () => {
    expect(paymentFailureOf({ code: '51', message: 'whatever the bank said' })).toBe('insufficientFunds');
    expect(paymentFailureOf({ code: '54' })).toBe('cardExpired');
    expect(paymentFailureOf({ code: '3D', message: '3-D Secure authentication failed' })).toBe(
      'authenticationFailed',
    );
  });

  it('reads the message of events recorded before they kept the code', () => {
    expect(paymentFailureOf({ message: 'Insufficient funds' })).toBe('insufficientFunds');
    expect(paymentFailureOf({ message: 'Expired card' })).toBe('cardExpired');
    expect(paymentFailureOf({ message: 'Invalid CVV' })).toBe('wrongCardDetails');
    expect(paymentFailureOf({ message: 'Transaction not permitted' })).toBe('notPermitted');
  });

  it('says it does not know an answer it cannot read', () => {
    expect(paymentFailureOf({ code: 'XX', message: 'Ceva nou' })).toBe('unknown');
    expect(paymentFailureOf({ message: 'PROVIDER_UNAVAILABLE' })).toBe('unknown');
    expect(paymentFailureOf({})).toBe('unknown');
  });
});

describe('deliveryErrorOf', () => {
  const what = 'issue of q3x:0';
  it.each<[string, DeliveryError]>([
    [`${what}: the issuer did not answer (The operation was aborted due to timeout)`, 'issuerUnreachable'],
    [
      `${what}: the issuer refused the shop's token (VIGNETTE_ISSUER_TOKEN): HTTP 401 UNAUTHORIZED: bad token`,
      'issuerCredentials',
    ],
    [
      `${what}: the issuer is unavailable: HTTP 503 UNAVAILABLE: outage, retry after 30 s`,
      'issuerUnavailable',
    ],
    [
      'look-up of q3x:0: no issuer API at https://issuer.example (check VIGNETTE_ISSUER_URL)',
      'issuerMisconfigured',
    ],
    [`${what}: the issuer's answer (HTTP 200) is not a vignette`, 'issuerBadAnswer'],
    [
      `${what}: the national system refused it: HTTP 422 REFUSED (PLATE_REFUSED): The plate is refused`,
      'nationalSystemRefused',
    ],
    [`${what}: the issuer refused the request: HTTP 422 VALIDATION: invalid plate`, 'issuerRefused'],
    ['correction refused: the vignette is already valid', 'correctionRefused'],
    [
      "Reloadly refused the shop's credentials (RELOADLY_CLIENT_ID, RELOADLY_CLIENT_SECRET): Reloadly: HTTP 401",
      'topUpCredentials',
    ],
    ['Reloadly did not answer the top-up (fetch failed)', 'topUpUnreachable'],
    ['Reloadly answered a token request without a token', 'topUpUnavailable'],
    ['Reloadly is still processing top-up 1234; asked again later', 'topUpProcessing'],
    ['Reloadly says key q3x:0 was used but does not list it yet; asked again later', 'topUpProcessing'],
    ["Reloadly delivered top-up 1234 without a PIN code: ask Reloadly's support for it", 'topUpNoPin'],
    ['Reloadly offers no PIN top-up for 341 in Romania', 'topUpOperatorUnavailable'],
    ["Reloadly's Orange Romania does not offer 7.5 EUR", 'topUpAmountNotOffered'],
    ['Reloadly: top-up 1234 failed', 'topUpFailed'],
    [
      'Reloadly: the number is not a valid mobile number for the operator (INVALID_RECIPIENT_PHONE: Invalid phone)',
      'topUpInvalidNumber',
    ],
    [
      'Reloadly: the operator refuses top-ups to this number (PHONE_BANNED_BY_OPERATOR)',
      'topUpNumberRefused',
    ],
    [
      'Reloadly: the Reloadly account has too little balance: top it up, the delivery is retried (INSUFFICIENT_BALANCE: low)',
      'topUpBalance',
    ],
    [
      'Reloadly: the number was topped up minutes ago (PHONE_RECENTLY_RECHARGED: wait)',
      'topUpRecentlyRecharged',
    ],
    [
      "Reloadly: the account's daily amount is reached (MAX_DAILY_TRANSACTION_AMOUNT_REACHED: x)",
      'topUpDailyLimit',
    ],
    ['Reloadly: HTTP 400 (INVALID_REQUEST: bad body)', 'topUpBadRequest'],
    ['Reloadly: HTTP 503', 'topUpUnavailable'],
    ['Reloadly: HTTP 418', 'unknown'],
    ['issuer unavailable', 'unknown'],
    ['', 'unknown'],
  ])('%j is %s', (message, kind) => {
    expect(deliveryErrorOf(message)).toBe(kind);
  });
});
