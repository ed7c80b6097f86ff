import 'server-only';

import { createHash } from 'node:crypto';
import { recordSandboxIssuance } from './sandbox-issuances';
import { IssueError } from './vignette-issuer';

/** What the top-up provider (eps) needs to deliver one top-up. */
export interface TopUpRequest {
  /** The same key for the same order on every retry: the provider delivers it once. */
  idempotencyKey: string;
  operatorId: string;
  productId: string;
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

export interface TopUpProvider {
  deliver(request: TopUpRequest): Promise<TopUpDelivered>;
}

/** Numbers in this range make the sandbox fail, to exercise retries and FULFILLMENT_FAILED (like test cards). */
export const SANDBOX_FAILING_PHONE_PREFIX = '+4079999';

/**
 * The provider's sandbox: the same key always gives the same reference and PIN and delivers once, as an idempotent
 * provider's would (its register: lib/issuers/sandbox-issuances.ts).
 * A PIN is 16 digits, as operators' recharge codes are.
 */
export const sandboxTopUpProvider: TopUpProvider = {
  async deliver(request) {
    if (request.phone.startsWith(SANDBOX_FAILING_PHONE_PREFIX)) {
      throw new IssueError('sandbox top-up provider outage for test number', true);
    }
    const digest = createHash('sha256').update(request.idempotencyKey).digest();
    const reference = await recordSandboxIssuance(
      'TOPUP',
      request.idempotencyKey,
      `EPS-${digest.subarray(0, 6).toString('hex').toUpperCase()}`,
    );
    if (request.delivery === 'DIRECT') return { reference };
    const pin = [...digest.subarray(6, 22)].map((byte) => byte % 10).join('');
    return { reference, pin };
  },
};
