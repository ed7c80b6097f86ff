/**
 * The JSON error shape of every endpoint and its codes, as plain data: the browser's client (lib/client/api.ts)
 * reads the very type the route handlers write (./errors.ts) without importing the server's side.
 */

/** The error codes (docs/api.md, Conventions), each with its HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** A single-use or short-lived key that was good once: a buyer's sign-in link used or expired. */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** The product line is not sold online at the moment (lib/config/live-mode.ts): no payment is started. */
  PRODUCT_LINE_CLOSED: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorIssue {
  /** The field, as a dotted path: `items.0.plate`. */
  path: string;
  /** A stable key of the `Validation` messages, for clients that translate it. */
  code?: string;
  /** The values the code's message names (`{"position": 5, "char": "O", "other": "0"}`), when it names any. */
  params?: Record<string, string | number>;
  message: string;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; issues?: ErrorIssue[] };
}
