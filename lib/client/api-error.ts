import type { ErrorBody, ErrorIssue } from '@/lib/api/error-body';

// No HTTP client here: a page tells a failed call from a bug with this alone, and fetches lib/client/api (ky) when it
// first calls the API (docs/architecture.md, Page weight).

/** A field issue of a 422 answer, as the route handlers write it. */
export type ApiIssue = ErrorIssue;

/** The JSON error body of every endpoint, as the route handlers write it. */
export type ApiErrorBody = ErrorBody;

/**
 * A failed call, as the spec describes it (docs/api.md, The browser's client): the status (0 when no answer came:
 * network down, timeout), the status text, the message `Http failure response for {url}: {status} {statusText}`, and
 * the parsed error body.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly body: ApiErrorBody | undefined;

  constructor(
    url: string,
    status: number,
    statusText: string,
    body?: ApiErrorBody,
    options?: { cause?: unknown },
  ) {
    super(`Http failure response for ${url}: ${status} ${statusText}`, options);
    this.name = 'ApiRequestError';
    this.url = url;
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }

  /** The field issues of a 422 answer; empty for any other failure. */
  get issues(): ApiIssue[] {
    return this.body?.error.issues ?? [];
  }
}

export const isApiRequestError = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError;

/** The shop does not sell this product online at the moment (a page rendered before it closed): nothing was charged. */
export const isProductLineClosed = (error: unknown) =>
  isApiRequestError(error) && error.body?.error.code === 'PRODUCT_LINE_CLOSED';
