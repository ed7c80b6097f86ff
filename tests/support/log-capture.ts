import { Writable } from 'node:stream';
import pino from 'pino';
import { LOGGER_OPTIONS } from '@/lib/log/logger';

/** A logger configured as the shop's (redaction, error serializer), writing to a string instead of stdout. */
export function captureLog() {
  let written = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      written += chunk;
      done();
    },
  });
  return { log: pino({ ...LOGGER_OPTIONS, level: 'info' }, sink), text: () => written };
}

/** Any e-mail address, as a buyer types it. */
const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
/** A query string on a logged address (`"url":"…/x?orderId=…"`, `"path":"…?q=…"`). */
const QUERY_STRING = /"(url|path)":"[^"]*\?/;

/**
 * Fails when logged text holds what a buyer or a person at the sign-in typed: an e-mail address, a query string, or
 * one of `typed` (a user name, a search). Takes a capture's text or the arguments of a spied logger's calls.
 */
export function expectNoBuyerData(logged: string | unknown[][], typed: string[] = []) {
  const text = typeof logged === 'string' ? logged : JSON.stringify(logged);
  expect(text).not.toMatch(EMAIL_ADDRESS);
  expect(text).not.toMatch(QUERY_STRING);
  for (const value of typed) expect(text).not.toContain(value);
}
