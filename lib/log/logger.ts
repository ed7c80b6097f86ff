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

/** drizzle's failed-query message ends with `params: ...` (in the message, and so in the stack's first lines). */
const QUERY_PARAMETERS_IN_MESSAGE = /\nparams: [\s\S]*$/;
const QUERY_PARAMETERS_IN_STACK = /\nparams: [\s\S]*?(?=\n\s+at |\ncaused by: |$)/g;

type SerializedError = Record<string, unknown>;

function withoutQueryData(serialized: SerializedError): SerializedError {
  const copy: SerializedError = { ...serialized };
  // The values of a failed statement are the buyer's e-mail, invoice data, or a signing key being stored; PostgreSQL's
  // `detail` repeats a conflicting value ("Key (email)=(...) already exists"). The statement's text stays: it holds
  // placeholders only, and says what failed.
  delete copy.params;
  if (typeof copy.detail === 'string') copy.detail = '[redacted]';
  if (typeof copy.message === 'string')
    copy.message = copy.message.replace(QUERY_PARAMETERS_IN_MESSAGE, '\nparams: [redacted]');
  if (typeof copy.stack === 'string')
    copy.stack = copy.stack.replace(QUERY_PARAMETERS_IN_STACK, '\nparams: [redacted]');
  for (const [key, value] of Object.entries(copy)) {
    if (Array.isArray(value))
      copy[key] = value.map((item) => (isObject(item) ? withoutQueryData(item) : item));
    else if (isObject(value)) copy[key] = withoutQueryData(value);
  }
  return copy;
}

const isObject = (value: unknown): value is SerializedError => typeof value === 'object' && value !== null;

/** pino's error serializer, without the data of a failed database statement. */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  return isObject(serialized) ? withoutQueryData(serialized) : serialized;
}

/** E-mail addresses in a text (a mail server's refusal names its recipient). */
const EMAIL_ADDRESS = /[^\s<>"'(),;:@]+@([^\s<>"'(),;:@]+\.[^\s<>"'(),;:@]+)/g;

/**
 * A text with every e-mail address in it masked to its domain (`***@example.ro`): the domain tells an operator which
 * mail server refused, the rest is the buyer's.
 */
export const withoutEmailAddresses = (text: string) => text.replace(EMAIL_ADDRESS, '***@$1');

/** An address as logged: its path only. The query string is what a visitor or staff typed (a search, an order id). */
export function withoutQuery(url: unknown): unknown {
  return typeof url === 'string' ? url.replace(/[?#][\s\S]*$/, '') : url;
}

/**
 * Structured JSON logs on stdout. Whatever might carry a secret is redacted by key, so a careless
 * `logger.info({ body })` cannot leak a password, a token or a card number; a logged error loses the values of the
 * statement that failed.
 */
export const LOGGER_OPTIONS = {
  level: process.env.LOG_LEVEL || 'info',
  base: { service: 'road-partners-shop' },
  redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  serializers: { err: serializeError, url: withoutQuery, path: withoutQuery },
} satisfies pino.LoggerOptions;

export const logger = pino(LOGGER_OPTIONS);

/** A child logger that tags every line with the request's id (set by proxy.ts). */
export function requestLogger(request: Request) {
  return logger.child({ requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined });
}
