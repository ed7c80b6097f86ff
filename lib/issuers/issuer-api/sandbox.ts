import 'server-only';

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { readJson, toIssues } from '@/lib/api/request';
import { getConfig, type Config } from '@/lib/config/env';
import { sandboxIsServed } from '@/lib/config/live-mode';
import { getDb, type Db } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { generatedSecret } from '@/lib/db/generated-secrets';
import { sandboxIssuances } from '@/lib/db/schema';
import {
  checkCorrection,
  CORRECTION_WINDOW_DAYS,
  MAX_CORRECTED_CHARACTERS,
  type CorrectionRefusal,
} from '@/lib/vignettes/plate-correction';
import type { VignetteIssuer } from '../vignette-issuer';
import { httpVignetteIssuer } from './client';
import {
  correctionRequestSchema,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_QUERY,
  ISSUER_API_VERSION,
  issueRequestSchema,
  type IssuedVignette,
  type IssueRequestBody,
  type IssuerErrorCode,
} from './contract';

/**
 * The built-in vignette issuer (docs/issuer-api.md, "The sandbox"; docs/decisions/0014-built-in-sandbox-providers.md):
 * the shop's issuer contract served by the shop itself, in-process through `vignetteIssuerSandboxFetch` and over HTTP
 * under /api/issuer-sandbox/v1/ while it is the configured issuer of a shop that is not live (404 otherwise). Its
 * register is `sandbox_issuances` (kind VIGNETTE, the key, the vignette as answered in `record`), so every server of
 * one database answers alike. Plates decide the outcome, as the payment sandbox's test cards do:
 *
 * - `FAIL…`: an outage, 503 with Retry-After; nothing is registered (retries, then FULFILLMENT_FAILED);
 * - `LOST…`: registered, then the answer is lost: 504 to the first ask; the look-up and every later ask find it;
 * - `REFUSE…`: the national system refuses it, 422 REFUSED (permanent);
 * - anything else: issued, 201.
 *
 * Corrections follow lib/vignettes/plate-correction.ts, counted from the sandbox's own `issuedAt`.
 */

export const ISSUER_SANDBOX_PATH = `/api/issuer-sandbox/${ISSUER_API_VERSION}`;

/** The plate prefixes that steer the sandbox (docs/issuer-api.md, "The sandbox"). */
export const ISSUER_SANDBOX_PLATES = { outage: 'FAIL', lost: 'LOST', refused: 'REFUSE' } as const;

const TOKEN_SETTING = 'issuerSandbox.token';
const OUTAGE_RETRY_AFTER_SECONDS = 30;

/**
 * Whether the sandbox's HTTP routes answer: only while it is the configured issuer and the shop does not take real
 * money; otherwise they answer 404, as if they did not exist.
 */
export function vignetteIssuerSandboxIsServed(config: Config = getConfig()): boolean {
  return sandboxIsServed(config.VIGNETTE_ISSUER === 'sandbox', config);
}

/** The bearer token the sandbox accepts: generated once into `settings`, shared by every server of the database. */
export const vignetteIssuerSandboxToken = (db: Db) => generatedSecret(db, TOKEN_SETTING);

const issuerError = (
  status: number,
  code: IssuerErrorCode,
  message: string,
  extra: { reason?: string; retryAfterSeconds?: number } = {},
) =>
  Response.json(
    { error: { code, message, ...(extra.reason ? { reason: extra.reason } : {}) } },
    {
      status,
      headers: extra.retryAfterSeconds ? { 'Retry-After': String(extra.retryAfterSeconds) } : undefined,
    },
  );

const digest = (value: string) => createHash('sha256').update(value).digest();

/** 401 unless the request carries the sandbox's token (compared in constant time). */
async function unauthorized(db: Db, request: Request): Promise<Response | null> {
  const given = /^Bearer (\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const expected = await vignetteIssuerSandboxToken(db);
  if (given && timingSafeEqual(digest(given), digest(expected))) return null;
  const answer = issuerError(401, 'UNAUTHORIZED', 'A valid bearer token is required');
  answer.headers.set('WWW-Authenticate', 'Bearer realm="vignette-issuer"');
  return answer;
}

/** The request's JSON body checked with the contract's schema: 422 naming every wrong field. */
async function bodyOf<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const parsed = schema.safeParse(await readJson(request));
  if (!parsed.success)
    throw new ApiError('VALIDATION', 'The request has invalid fields', toIssues(parsed.error));
  return parsed.data;
}

async function registered(db: Db, idempotencyKey: string) {
  const [row] = await preparedStatement(db, 'sandbox_issuance_by_key', (on) =>
    on
      .select()
      .from(sandboxIssuances)
      .where(eq(sandboxIssuances.idempotencyKey, sql.placeholder('key')))
      .prepare('sandbox_issuance_by_key'),
  ).execute({ key: idempotencyKey });
  return row;
}

/** The request a vignette was issued for: its first plate and country, before any correction. */
const issuedFor = (vignette: IssuedVignette): IssueRequestBody => {
  const original = vignette.corrections[0]?.previous ?? vignette;
  return {
    category: vignette.category,
    type: vignette.type,
    county: vignette.county,
    plate: original.plate,
    country: original.country,
    firstDay: vignette.firstDay,
    lastDay: vignette.lastDay,
  };
};

const sameRequest = (a: IssueRequestBody, b: IssueRequestBody) =>
  (Object.keys(a) as (keyof IssueRequestBody)[]).every((field) => a[field] === b[field]);

/** An ask with a key the sandbox knows: what it registered (200), unless the key was used for something else. */
async function askedAgain(db: Db, row: typeof sandboxIssuances.$inferSelect, body: IssueRequestBody) {
  const vignette = row.record as IssuedVignette | null;
  if (row.kind !== 'VIGNETTE' || !vignette || !sameRequest(issuedFor(vignette), body))
    return issuerError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      `The key ${row.idempotencyKey} was used for another request; a new request needs a new key`,
    );
  await db
    .update(sandboxIssuances)
    .set({ requests: sql`${sandboxIssuances.requests} + 1`, lastRequestAt: sql`now()` })
    .where(eq(sandboxIssuances.idempotencyKey, row.idempotencyKey));
  return Response.json(vignette, { status: 200 });
}

/** `POST /vignettes` with `Idempotency-Key`: issues once per key; the same ask again gets the same vignette. */
export async function sandboxIssue(db: Db, request: Request, now = new Date()): Promise<Response> {
  const denied = await unauthorized(db, request);
  if (denied) return denied;
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key))
    return issuerError(
      400,
      'BAD_REQUEST',
      `${IDEMPOTENCY_HEADER} must be 1 to 200 letters, digits, colons, dashes or underscores`,
    );
  const body = await bodyOf(request, issueRequestSchema);
  // A plate that steers the sandbox to an outage or a refusal registers nothing: its key is looked up first. Any
  // other ask is registered at once, and one whose key was registered before is answered as the repeat it is.
  if (
    body.plate.startsWith(ISSUER_SANDBOX_PLATES.outage) ||
    body.plate.startsWith(ISSUER_SANDBOX_PLATES.refused)
  ) {
    const known = await registered(db, key);
    if (known) return askedAgain(db, known, body);
    if (body.plate.startsWith(ISSUER_SANDBOX_PLATES.outage))
      return issuerError(503, 'UNAVAILABLE', 'The national system is unavailable (sandbox test plate)', {
        retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS,
      });
    return issuerError(
      422,
      'REFUSED',
      `The national system refused a vignette for ${body.plate} (${body.country}) (sandbox test plate)`,
      { reason: 'PLATE_REFUSED' },
    );
  }

  const vignette: IssuedVignette = {
    id: `HU-EM-${randomBytes(6).toString('hex').toUpperCase()}`,
    status: 'ISSUED',
    idempotencyKey: key,
    ...body,
    issuedAt: now.toISOString(),
    corrections: [],
  };
  const [inserted] = await preparedStatement(db, 'sandbox_issuance_vignette', (on) =>
    on
      .insert(sandboxIssuances)
      .values({
        idempotencyKey: sql.placeholder('key'),
        kind: 'VIGNETTE',
        issuedId: sql.placeholder('issuedId'),
        record: sql.placeholder('record'),
      })
      .onConflictDoNothing()
      .returning({ idempotencyKey: sandboxIssuances.idempotencyKey })
      .prepare('sandbox_issuance_vignette'),
  ).execute({ key, issuedId: vignette.id, record: vignette });
  if (!inserted) {
    // Registered before: asked again, or by another ask with this key a moment ago.
    const known = await registered(db, key);
    if (known) return askedAgain(db, known, body);
  }
  if (body.plate.startsWith(ISSUER_SANDBOX_PLATES.lost) && inserted)
    return issuerError(504, 'UNAVAILABLE', 'The answer was lost on the way (sandbox test plate)');
  return Response.json(vignette, { status: 201 });
}

/** `GET /vignettes?idempotencyKey=…`: what was registered under the key, 404 when nothing was. */
export async function sandboxLookUp(db: Db, request: Request): Promise<Response> {
  const denied = await unauthorized(db, request);
  if (denied) return denied;
  const key = new URL(request.url).searchParams.get(IDEMPOTENCY_QUERY);
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key))
    return issuerError(400, 'BAD_REQUEST', `The query parameter ${IDEMPOTENCY_QUERY} is required`);
  const row = await registered(db, key);
  if (!row || row.kind !== 'VIGNETTE' || !row.record)
    return issuerError(404, 'NOT_FOUND', `Nothing was issued under the key ${key}`);
  // Counted like an ask: a test sees that a lost answer was asked about again, and that the key kept it harmless.
  await db
    .update(sandboxIssuances)
    .set({ requests: sql`${sandboxIssuances.requests} + 1`, lastRequestAt: sql`now()` })
    .where(eq(sandboxIssuances.idempotencyKey, key));
  return Response.json(row.record, { status: 200 });
}

async function byId(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(sandboxIssuances)
    .where(and(eq(sandboxIssuances.kind, 'VIGNETTE'), eq(sandboxIssuances.issuedId, id)));
  return row?.record ? row : undefined;
}

/** `GET /vignettes/{id}`: the vignette as it is now. */
export async function sandboxStatus(db: Db, request: Request, id: string): Promise<Response> {
  const denied = await unauthorized(db, request);
  if (denied) return denied;
  const row = await byId(db, id);
  if (!row) return issuerError(404, 'NOT_FOUND', `No vignette ${id}`);
  return Response.json(row.record, { status: 200 });
}

const REFUSALS: Record<Exclude<CorrectionRefusal, 'nothingChanged'>, string> = {
  correctionTooLarge: `At most ${MAX_CORRECTED_CHARACTERS} characters of an issued vignette's plate and country may change`,
  correctionTooLate: `An issued vignette may be corrected only within ${CORRECTION_WINDOW_DAYS} days of its purchase`,
};

/**
 * `POST /vignettes/{id}/corrections`: the vignette with its new plate and country (200), or the rule that refuses it
 * (422). Asking again for what the vignette already carries answers it as it is, so a lost answer can be asked again.
 */
export async function sandboxCorrect(
  db: Db,
  request: Request,
  id: string,
  now = new Date(),
): Promise<Response> {
  const denied = await unauthorized(db, request);
  if (denied) return denied;
  const to = await bodyOf(request, correctionRequestSchema);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sandboxIssuances)
      .where(and(eq(sandboxIssuances.kind, 'VIGNETTE'), eq(sandboxIssuances.issuedId, id)))
      .for('update');
    const vignette = row?.record as IssuedVignette | null | undefined;
    if (!row || !vignette) return issuerError(404, 'NOT_FOUND', `No vignette ${id}`);
    const from = { plate: vignette.plate, country: vignette.country };
    if (from.plate === to.plate && from.country === to.country)
      return Response.json(vignette, { status: 200 });
    const refusal = checkCorrection({
      from,
      to,
      issued: true,
      purchasedAt: new Date(vignette.issuedAt),
      now,
    });
    if (refusal && refusal !== 'nothingChanged')
      return issuerError(422, 'CORRECTION_REFUSED', REFUSALS[refusal], { reason: refusal });
    const corrected: IssuedVignette = {
      ...vignette,
      ...to,
      corrections: [...vignette.corrections, { previous: from, correctedAt: now.toISOString() }],
    };
    await tx
      .update(sandboxIssuances)
      .set({ record: corrected, lastRequestAt: sql`now()` })
      .where(eq(sandboxIssuances.idempotencyKey, row.idempotencyKey));
    return Response.json(corrected, { status: 200 });
  });
}

/** `GET /health`. */
export async function sandboxHealth(db: Db, request: Request): Promise<Response> {
  return (await unauthorized(db, request)) ?? Response.json({ status: 'ok', version: ISSUER_API_VERSION });
}

/** The sandbox's answer to any request under its path: routed by path and method, as its route files are. */
async function answer(db: Db, request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^.*?\/api\/issuer-sandbox\/v1(?=\/|$)/, '');
  const method = request.method;
  const route = (allowed: string, handler: () => Promise<Response>) =>
    method === allowed
      ? handler()
      : Promise.resolve(issuerError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here`));
  if (path === '/vignettes')
    return method === 'GET' ? sandboxLookUp(db, request) : route('POST', () => sandboxIssue(db, request));
  if (path === '/health') return route('GET', () => sandboxHealth(db, request));
  const match = /^\/vignettes\/([^/]+)(\/corrections)?$/.exec(path);
  let id: string | undefined;
  try {
    id = match ? decodeURIComponent(match[1]!) : undefined;
  } catch {
    id = undefined;
  }
  if (id !== undefined && match?.[2]) return route('POST', () => sandboxCorrect(db, request, id));
  if (id !== undefined) return route('GET', () => sandboxStatus(db, request, id));
  return issuerError(404, 'NOT_FOUND', `No such endpoint: ${path}`);
}

/**
 * The sandbox reached in-process: a `fetch` that answers the contract's paths (under any host, below
 * /api/issuer-sandbox/v1), so the adapter runs exactly as against a real gateway, without a network round trip.
 */
export const vignetteIssuerSandboxFetch =
  (database?: Db): typeof fetch =>
  async (input, init) => {
    const request = new Request(input, init);
    const db = database ?? (await getDb());
    return apiHandler<unknown>((incoming) => answer(db, incoming))(request, undefined);
  };

/** The issuer adapter over the in-process sandbox: what the shop runs with VIGNETTE_ISSUER=sandbox. */
export function inProcessVignetteIssuer(database?: Db): VignetteIssuer {
  return httpVignetteIssuer({
    baseUrl: `http://issuer-sandbox.invalid${ISSUER_SANDBOX_PATH}`,
    token: async () => vignetteIssuerSandboxToken(database ?? (await getDb())),
    fetch: vignetteIssuerSandboxFetch(database),
  });
}
