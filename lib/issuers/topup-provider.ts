import 'server-only';

/** What the top-up provider (eps) needs to deliver one top-up. */
export interface TopUpRequest {
  /** The same key for the same order on every retry: the provider delivers it once. */
  idempotencyKey: string;
  operatorId: string;
  productId: string;
  /** The product's face value in euro cents: what the operator credits (lib/topups/seed-data.ts). */
  faceValueCents: number;
  /** E.164. */
  phone: string;
  delivery: 'DIRECT' | 'PIN';
  /**
   * The provider was asked for this key before and we do not know what came of it (the answer was lost, or the
   * server died): the provider must be asked what it registered under the key, never sent the top-up again.
   */
  askedBefore: boolean;
}

/** DIRECT: the provider's reference of the credit; PIN: also the code the buyer redeems. */
export interface TopUpDelivered {
  reference: string;
  pin?: string;
  /** What the provider charged us, in its currency's minor units, when it says. */
  cost?: { amountMinor: number; currency: string };
}

/**
 * Delivers a top-up once per key. Failures are IssueErrors (lib/issuers/vignette-issuer.ts): temporary ones are
 * retried on the next pass, a permanent one (the provider refused the number, the operator or the amount) fails the
 * order at once, its message in plain words for staff. The adapter: lib/issuers/reloadly/client.ts.
 */
export interface TopUpProvider {
  deliver(request: TopUpRequest): Promise<TopUpDelivered>;
}
