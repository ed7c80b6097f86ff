import { NextResponse } from 'next/server';

/** The error codes of DESIGN.md §12, each with its HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorIssue {
  /** The field, as a dotted path: `items.0.plate`. */
  path: string;
  /** A stable key of the `Validation` messages, for clients that translate it. */
  code?: string;
  message: string;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; issues?: ErrorIssue[] };
}

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
