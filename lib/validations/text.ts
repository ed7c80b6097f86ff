import { z } from 'zod';

/** A NUL, or a UTF-16 surrogate that is not half of a pair. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text the database can store as it was sent: no NUL (PostgreSQL refuses U+0000 in text, and the query would fail
 * with a 500) and no lone UTF-16 surrogate (not a character: it has no UTF-8 form, so it would be stored as U+FFFD,
 * another text than the one validated). Written without String.prototype.isWellFormed, which older browsers lack:
 * the forms run the same schemas.
 */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/**
 * `z.string()` for every text a visitor or a client sends (body fields, query parameters, ids): the same string
 * schema, refusing unstorable text first with the `textInvalid` message. Chain `.trim()`, `.min()`, `.regex()`... as
 * on `z.string()`.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { message: 'textInvalid', abort: true });
