import { NextResponse } from 'next/server';
import { ERROR_STATUS, type ErrorBody, type ErrorCode, type ErrorIssue } from './error-body';

/** An expected failure a handler throws; `apiHandler` turns it into its JSON answer. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
    /** Sent as `Retry-After` (429, 503). */
    readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** The JSON answer of this failure, with its Retry-After when it has one. */
  toResponse() {
    const { retryAfterSeconds } = this.options;
    return errorResponse(
      this.code,
      this.message,
      this.issues,
      retryAfterSeconds ? { headers: { 'Retry-After': String(retryAfterSeconds) } } : undefined,
    );
  }
}

export const errorBody = (code: ErrorCode, message: string, issues?: ErrorIssue[]): ErrorBody => ({
  error: { code, message, ...(issues ? { issues } : {}) },
});

export function errorResponse(code: ErrorCode, message: string, issues?: ErrorIssue[], init?: ResponseInit) {
  return NextResponse.json(errorBody(code, message, issues), { ...init, status: ERROR_STATUS[code] });
}

/** The code of an HTTP status, for answers whose status someone else chose; BAD_REQUEST for one without a code. */
export function errorCodeOf(status: number): ErrorCode {
  const codes = Object.keys(ERROR_STATUS) as ErrorCode[];
  return codes.find((code) => ERROR_STATUS[code] === status) ?? 'BAD_REQUEST';
}

/**
 * The answer of an address under /api that is no endpoint, never cached; also what an endpoint that must not
 * advertise itself (the metrics) answers a caller it refuses, so that the two cannot be told apart.
 */
export const noEndpointResponse = () =>
  errorResponse('NOT_FOUND', 'There is no endpoint at this address', undefined, {
    headers: { 'Cache-Control': 'no-store' },
  });
