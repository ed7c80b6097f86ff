import 'server-only';

import type { z } from 'zod';
import { getConfig } from '@/lib/config/env';
import { fill } from '@/lib/i18n/format';
import {
  addressBucket,
  PEER_ADDRESS_HEADER,
  PEER_FOR_HEADER,
  stampedPeerAddress,
} from '@/lib/security/peer-address';
import en from '@/messages/en.json';
import type { ErrorIssue } from './error-body';
import { ApiError } from './errors';

/** The largest body any endpoint reads: the largest real one (an order of 10 vignettes with invoice data) is ~6 KB. */
export const MAX_BODY_BYTES = 64 * 1024;
const VALIDATION_TEXT: Record<string, string> = en.Validation;

const tooLarge = (limit: number) => new ApiError('PAYLOAD_TOO_LARGE', `The body exceeds ${limit} bytes`);

/**
 * The request's body as bytes, never more than `limit` of them: a declared Content-Length over the limit is refused
 * before a byte is read, and a body without one (chunked) is read as a stream and refused as soon as it passes the
 * limit, the rest left unread. 413 either way. Every handler that reads a body reads it through here.
 */
export async function readBodyBytes(
  request: Request,
  limit = MAX_BODY_BYTES,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= limit)) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The media type of the body, lower case, without parameters (`application/json; charset=utf-8` → `application/json`). */
const mediaTypeOf = (request: Request) =>
  (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/** A body as text; 400 when it is not UTF-8 (no JSON or form can be read from it). */
function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('BAD_REQUEST', 'The body is not UTF-8 text');
  }
}

/** The JSON body of a request: 415 if it is not JSON, 413 if it is too large, 400 if it does not parse. */
export async function readJson(request: Request): Promise<unknown> {
  if (mediaTypeOf(request) !== 'application/json') {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  }
  const raw = utf8(await readBodyBytes(request));
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError('BAD_REQUEST', 'The body is not valid JSON');
  }
}

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * The text fields of an HTML form post (urlencoded or multipart; files are dropped), with the same size limit: 415
 * for any other body, 400 for one that does not parse as its type says.
 */
export async function readForm(request: Request): Promise<Record<string, string>> {
  if (!FORM_TYPES.has(mediaTypeOf(request))) {
    throw new ApiError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the body as a form (application/x-www-form-urlencoded)',
    );
  }
  const body = await readBodyBytes(request);
  let form: FormData;
  try {
    form = await new Response(body, {
      headers: { 'content-type': request.headers.get('content-type')! },
    }).formData();
  } catch {
    throw new ApiError('BAD_REQUEST', 'The body is not a valid form');
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value;
  return fields;
}

/**
 * Issues of a failed validation, each naming its field, its message key and an English explanation; a custom issue's
 * `params` (a plate's position or county code) fill the explanation and travel with it, for clients that translate.
 */
export function toIssues(error: z.ZodError): ErrorIssue[] {
  return error.issues.map((issue) => {
    const key = VALIDATION_TEXT[issue.message] ? issue.message : 'invalid';
    const params: ErrorIssue['params'] = issue.code === 'custom' ? issue.params : undefined;
    const named = params && Object.keys(params).length > 0 ? params : undefined;
    const text = VALIDATION_TEXT[key];
    return {
      path: issue.path.join('.'),
      code: key,
      message: text ? fill(text, named ?? {}) : issue.message,
      ...(named && { params: named }),
    };
  });
}

/** Validates with the shared schema; 422 naming every bad field otherwise. */
export function validate<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success)
    throw new ApiError('VALIDATION', 'The request has invalid fields', toIssues(result.error));
  return result.data;
}

/** One issue of a rule checked beyond the schema (against the catalog, the clock), in the same shape. */
export const validationIssue = (path: string, code: string): ErrorIssue => ({
  path,
  code,
  message: VALIDATION_TEXT[code] ?? VALIDATION_TEXT.invalid ?? code,
});

/** The optional `Idempotency-Key` of an order request: 8 to 128 letters, digits, dashes or underscores. */
export function idempotencyKeyOf(request: Request): string | undefined {
  const key = request.headers.get('idempotency-key') ?? undefined;
  if (key !== undefined && !/^[\w-]{8,128}$/.test(key)) {
    throw new ApiError(
      'BAD_REQUEST',
      'Idempotency-Key must be 8 to 128 letters, digits, dashes or underscores',
    );
  }
  return key;
}

/** A request's query parameters, validated like a body: 422 naming the parameter. */
export function readQuery<T extends z.ZodType>(request: Request, schema: T): z.output<T> {
  return validate(schema, Object.fromEntries(new URL(request.url).searchParams));
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1)$/;

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
const normalAddress = (address: string) =>
  address
    .trim()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
    .toLowerCase();

/**
 * The client's address, for rate limits and sign-in throttling. With TRUSTED_PROXY_HOPS=0 (the default) it is the
 * socket's peer (PEER_ADDRESS_HEADER, stamped by the server itself); behind n trusted proxies it is the n-th
 * `X-Forwarded-For` entry from the right, the one the outermost trusted proxy appended (entries further left are
 * the client's word). A request that carries no peer stamp of this process (the first requests while the server
 * starts, a server started without the hook, a client that sent the header itself) counts as "unknown", never as an
 * address the client chose.
 */
export function clientAddress(request: Request): string {
  const own = stampedPeerAddress(request.headers.get(PEER_ADDRESS_HEADER));
  // The shop asking itself for a visitor (lib/orders/order-lookup.ts): the visitor's stamp, passed on.
  const onBehalf =
    own !== undefined && LOOPBACK.test(normalAddress(own))
      ? stampedPeerAddress(request.headers.get(PEER_FOR_HEADER))
      : undefined;
  const peer = onBehalf ?? own;
  const hops = getConfig().TRUSTED_PROXY_HOPS;
  if (!peer) return 'unknown';
  if (hops === 0) return normalAddress(peer);
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map(normalAddress)
    .filter(Boolean);
  // The chain as the shop sees it, nearest first: the peer, then what each trusted proxy appended.
  const chain = [normalAddress(peer), ...forwarded.reverse()];
  return chain[Math.min(hops, chain.length - 1)]!;
}

/** What the per-address limits count the client as: its address, or its /64 for IPv6 (lib/security/peer-address.ts). */
export const clientBucket = (request: Request): string => addressBucket(clientAddress(request));

/**
 * Whether the request came over this machine's loopback interface, by the socket's peer that the server stamped
 * (never X-Forwarded-For, whatever TRUSTED_PROXY_HOPS says: a proxy on this machine would make every visitor local).
 */
export function isLoopbackPeer(request: Request): boolean {
  const peer = stampedPeerAddress(request.headers.get(PEER_ADDRESS_HEADER));
  return peer !== undefined && LOOPBACK.test(normalAddress(peer));
}
