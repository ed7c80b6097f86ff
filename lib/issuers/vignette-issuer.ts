import 'server-only';

import type { PlateAndCountry } from '@/lib/vignettes/plate-correction';

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

/**
 * A delivery that did not happen, in words for staff. `temporary`: asking again later may succeed (an outage, a lost
 * answer); otherwise the provider said no and asking again gives the same answer.
 */
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
