import 'server-only';
import { createHash } from 'node:crypto';
import { keepForHtml } from './html-only';

/**
 * Keeps `value` for the HTML renderer (lib/html-only.ts) under a key of 16 characters made from its hash, and gives
 * that key, which is all the page's payload carries: the same value, the same key.
 */
export function keepForHtmlUnderItsHash(value: unknown): string {
  const serialized = typeof value === 'string' ? value : JSON.stringify(value);
  const key = createHash('sha256').update(serialized).digest('base64url').slice(0, 16);
  keepForHtml(key, value);
  return key;
}
