/*
 * The arguments of a Node response's `write` and `end`, for the wrappers that change an answer's bytes on their way
 * out (lib/server/response-compression.ts, lib/server/page-payload.ts).
 */
import type http from 'node:http';

export type Write = (...args: unknown[]) => boolean;
export type End = (...args: unknown[]) => http.ServerResponse;

export const toBuffer = (chunk: unknown, encoding: unknown): Buffer =>
  typeof chunk === 'string'
    ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    : Buffer.from(chunk as Uint8Array);

/** Splits `write`/`end`'s optional arguments: (chunk?, encoding?, callback?). */
export function writeArguments(args: unknown[]) {
  const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
  const chunk = typeof args[0] === 'function' ? undefined : args[0];
  const encoding = typeof args[1] === 'string' ? args[1] : undefined;
  return { chunk: chunk ?? undefined, encoding, callback };
}
