import pino from 'pino';
import { REQUEST_ID_HEADER } from './request-id';

/** Keys whose values never reach a log line, at the top of a logged object and one level down. */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  'newPass',
  '*.newPass',
  'oldPass',
  '*.oldPass',
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.cookie',
  '*.headers.cookie',
  'cardNumber',
  '*.cardNumber',
  'cvv',
  '*.cvv',
  // A top-up's code is money; the provider's token and the buyer's address have no business in a log either.
  'pin',
  '*.pin',
  '["verification-token"]',
  '*["verification-token"]',
  'verificationToken',
  '*.verificationToken',
  'email',
  '*.email',
];

/**
 * Structured JSON logs on stdout. Whatever might carry a secret is redacted by key, so a careless
 * `logger.info({ body })` cannot leak a password, a token or a card number.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL || 'info',
  base: { service: 'road-partners-shop' },
  redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
});

/** A child logger that tags every line with the request's id (set by proxy.ts). */
export function requestLogger(request: Request) {
  return logger.child({ requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined });
}
