import 'server-only';

import { createHash } from 'node:crypto';
import { recordSandboxIssuance } from './sandbox-issuances';

/** What the vignette issuer (nmps) needs to register one vignette. */
export interface IssueRequest {
  /** The same key for the same item on every retry: the issuer registers it once. */
  idempotencyKey: string;
  categoryCode: string;
  type: string;
  county?: string | null;
  plate: string;
  country: string;
  firstDay: string;
  lastDay: string;
}

export class IssueError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
  ) {
    super(message);
    this.name = 'IssueError';
  }
}

export interface VignetteIssuer {
  issue(request: IssueRequest): Promise<{ issuedId: string }>;
}

/**
 * The issuer's sandbox: the same key always gives the same id and registers one vignette, as an idempotent issuer's
 * would (its register: lib/issuers/sandbox-issuances.ts). A plate beginning
 * with FAIL (e.g. FAIL123 from Germany) is refused as a temporary outage, to exercise retries and
 * FULFILLMENT_FAILED, like the payment sandbox's test cards.
 */
export const sandboxVignetteIssuer: VignetteIssuer = {
  async issue(request) {
    if (request.plate.startsWith('FAIL')) throw new IssueError('sandbox issuer outage for test plate', true);
    const digest = createHash('sha256')
      .update(request.idempotencyKey)
      .digest('hex')
      .slice(0, 12)
      .toUpperCase();
    return { issuedId: await recordSandboxIssuance('VIGNETTE', request.idempotencyKey, `HU-EM-${digest}`) };
  },
};
