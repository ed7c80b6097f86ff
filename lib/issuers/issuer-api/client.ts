/**
 * The vignette issuer adapter: the shop's side of its own issuer contract (docs/issuer-api.md), a JSON API over HTTPS
 * that an integrator's gateway to the national system serves at VIGNETTE_ISSUER_URL. The same code talks to that
 * gateway and to the built-in sandbox (./sandbox.ts); only `fetch` differs.
 *
 * Every failure becomes an IssueError that says, for staff, what happened and whether asking again may help:
 *
 * - temporary: no answer (timeout, connection cut), a 5xx, 408, 409 (the key is being processed), 429, a refused token,
 *   an answer that is not the contract's. The vignette may have been registered all the same, so the next attempt
 *   (`askedBefore`) looks it up by its key before it asks again.
 * - permanent: the issuer understood and said no (400, 422, another 4xx): asking again would give the same answer.
 */
import 'server-only';

import type { CorrectionRequest, IssueRequest, VignetteIssuer } from '../vignette-issuer';
import { IssueError } from '../vignette-issuer';
import {
  errorBodySchema,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_QUERY,
  vignetteSchema,
  type IssueRequestBody,
  type IssuedVignette,
} from './contract';

export interface HttpVignetteIssuerOptions {
  /** The contract's base URL, version included: `https://gateway.example/v1`. */
  baseUrl: string;
  /** VIGNETTE_ISSUER_TOKEN, or a function that reads it (the sandbox's is kept in the database). */
  token: string | (() => Promise<string>);
  fetch?: typeof fetch;
  /** How long one call may take before its answer counts as lost (default 20 s). */
  timeoutMs?: number;
}

type Answer = { status: number; body: unknown; retryAfter: string | null };

const causeCode = (error: unknown): string | undefined => {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
};

/** A thrown error in a few words (a DOMException is not always an Error of this realm, hence the duck typing). */
const describe = (error: unknown) => {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (name === 'TimeoutError' || name === 'AbortError') return 'no answer in time';
  const code = causeCode(error);
  return typeof message === 'string' ? `${message}${code ? ` (${code})` : ''}` : String(error);
};

/** The issuer's own words from an error answer: `CODE: message (reason)`, or the status alone. */
function errorText(answer: Answer): string {
  const parsed = errorBodySchema.safeParse(answer.body);
  if (!parsed.success) return `HTTP ${answer.status}`;
  const { code, message, reason, issues } = parsed.data.error;
  const fields = issues?.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return `HTTP ${answer.status} ${code}${reason ? ` (${reason})` : ''}: ${message}${fields ? ` [${fields}]` : ''}`;
}

/** Statuses that say nothing final: the same request may succeed later. */
const isTemporaryStatus = (status: number) =>
  status >= 500 || status === 408 || status === 409 || status === 425 || status === 429;

export function httpVignetteIssuer(options: HttpVignetteIssuerOptions): VignetteIssuer {
  const fetcher = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const base = options.baseUrl.replace(/\/+$/, '');
  const token = typeof options.token === 'string' ? async () => options.token as string : options.token;

  /** One call: its status and JSON body, or a temporary IssueError when no answer came. */
  async function call(
    what: string,
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> },
  ): Promise<Answer> {
    let response: Response;
    let text: string;
    try {
      response = await fetcher(`${base}${path}`, {
        method: init.method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${await token()}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      throw new IssueError(`${what}: the issuer did not answer (${describe(error)})`, true);
    }
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a proxy's error page): judged by the status alone.
    }
    return { status: response.status, body, retryAfter: response.headers.get('retry-after') };
  }

  /** The IssueError of an answer that is not a success. */
  function failure(what: string, answer: Answer): IssueError {
    const text = errorText(answer);
    if (answer.status === 401 || answer.status === 403)
      return new IssueError(
        `${what}: the issuer refused the shop's token (VIGNETTE_ISSUER_TOKEN): ${text}`,
        true,
      );
    if (isTemporaryStatus(answer.status))
      return new IssueError(
        `${what}: the issuer is unavailable: ${text}${answer.retryAfter ? `, retry after ${answer.retryAfter} s` : ''}`,
        true,
      );
    const code = errorBodySchema.safeParse(answer.body).data?.error.code;
    if (code === 'REFUSED') return new IssueError(`${what}: the national system refused it: ${text}`, false);
    return new IssueError(`${what}: the issuer refused the request: ${text}`, false);
  }

  /** A vignette in a success answer; an answer that is not one is as good as lost. */
  function vignetteOf(what: string, answer: Answer): IssuedVignette {
    const parsed = vignetteSchema.safeParse(answer.body);
    if (!parsed.success)
      throw new IssueError(`${what}: the issuer's answer (HTTP ${answer.status}) is not a vignette`, true);
    return parsed.data;
  }

  /** What the issuer registered under the key, or null when it registered nothing. */
  async function lookUp(idempotencyKey: string): Promise<IssuedVignette | null> {
    const what = `look-up of ${idempotencyKey}`;
    const query = new URLSearchParams({ [IDEMPOTENCY_QUERY]: idempotencyKey });
    const answer = await call(what, `/vignettes?${query}`, { method: 'GET' });
    if (answer.status === 200) return vignetteOf(what, answer);
    // 404 with the contract's body: nothing under this key. A bare 404 is a wrong base URL, not an answer.
    if (answer.status === 404 && errorBodySchema.safeParse(answer.body).data?.error.code === 'NOT_FOUND')
      return null;
    if (answer.status === 404)
      throw new IssueError(`${what}: no issuer API at ${base} (check VIGNETTE_ISSUER_URL)`, true);
    throw failure(what, answer);
  }

  return {
    async issue(request: IssueRequest) {
      if (request.askedBefore) {
        const found = await lookUp(request.idempotencyKey);
        if (found) return { issuedId: found.id };
      }
      const what = `issue of ${request.idempotencyKey}`;
      const body: IssueRequestBody = {
        category: request.categoryCode as IssueRequestBody['category'],
        type: request.type as IssueRequestBody['type'],
        county: (request.county ?? null) as IssueRequestBody['county'],
        plate: request.plate,
        country: request.country,
        firstDay: request.firstDay,
        lastDay: request.lastDay,
      };
      const answer = await call(what, '/vignettes', {
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: request.idempotencyKey },
      });
      if (answer.status === 200 || answer.status === 201) return { issuedId: vignetteOf(what, answer).id };
      throw failure(what, answer);
    },

    async correct(request: CorrectionRequest) {
      const what = `correction of ${request.issuedId}`;
      const answer = await call(what, `/vignettes/${encodeURIComponent(request.issuedId)}/corrections`, {
        method: 'POST',
        body: { plate: request.to.plate, country: request.to.country },
      });
      if (answer.status === 200) {
        vignetteOf(what, answer);
        return;
      }
      if (
        answer.status === 422 &&
        errorBodySchema.safeParse(answer.body).data?.error.code === 'CORRECTION_REFUSED'
      )
        throw new IssueError(
          `correction refused: ${errorBodySchema.parse(answer.body).error.message}`,
          false,
        );
      throw failure(what, answer);
    },
  };
}
