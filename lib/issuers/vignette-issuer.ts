import 'server-only';

import { createHash } from 'node:crypto';
import { checkCorrection, type PlateAndCountry } from '@/lib/vignettes/plate-correction';
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
  /**
   * The issuer was asked for this key before and we do not know what came of it: it must be asked what it
   * registered under the key before it is asked to issue (docs/issuer-api.md), never to issue twice.
   */
  askedBefore: boolean;
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

/** A correction of an issued vignette's plate or country (lib/vignettes/plate-correction.ts states the rules). */
export interface CorrectionRequest {
  issuedId: string;
  from: PlateAndCountry;
  to: PlateAndCountry;
  purchasedAt: Date;
}

export interface VignetteIssuer {
  issue(request: IssueRequest): Promise<{ issuedId: string }>;
  /** Corrects an issued vignette; an IssueError (not temporary) when the issuer's rules refuse it. */
  correct(request: CorrectionRequest): Promise<void>;
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
  // The issuer applies the official rules itself, whatever the shop checked before asking.
  async correct(request) {
    const refusal = checkCorrection({ ...request, issued: true, now: new Date() });
    if (refusal) throw new IssueError(`correction refused: ${refusal}`, false);
  },
};
