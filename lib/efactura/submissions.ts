import 'server-only';

import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/auth/audit';
import { ApiError } from '@/lib/api/errors';
import type { Principal } from '@/lib/auth/guard';
import { getConfig } from '@/lib/config/env';
import type { Db, Executor } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { efacturaSubmissions, invoices } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import { countProviderCall, type ProviderOutcome } from '@/lib/metrics/registry';
import { queueStaffAlert } from '@/lib/mail/staff-alert-queue';
import { kick } from '@/lib/server/jobs';
import { parseErrorFile } from './anaf/answers';
import type { EfacturaApi, UploadStandard } from './anaf/client';
import { readZip } from './anaf/zip';
import { documentXml, xmlSha256, type EfacturaDocumentRef } from './document-xml';
import { SELLER_CIF } from './provider';
import type { EfacturaAttentionReason } from '@/lib/mail/staff-alert';
import { efacturaAttentionOf } from './submissions-attention';
import { retryDelaySeconds } from './submissions-schedule';
import { findLostUpload } from './upload-recovery';

/*
 * Sending every issued invoice and credit note to ANAF's RO e-Factura (README, "RO e-Factura"): one
 * `efactura_submissions` row per document, written in the transaction that issues it, and the `efactura` job that
 * uploads it, asks ANAF how it went with growing pauses, retries what failed for a temporary reason and keeps ANAF's
 * answer. Rows are claimed (FOR UPDATE SKIP LOCKED, then a claim token every write checks), so servers sharing the
 * database never work on one document at once; an upload whose answer was lost is looked for in ANAF's message
 * list, and sent again only once the list shows ANAF never got it
 * (docs/decisions/0017-efactura-uploads-never-doubled.md).
 */

export type SubmissionRow = typeof efacturaSubmissions.$inferSelect;

/**
 * How long a claim holds: longer than an upload may take (the client's timeouts: 60 s, plus its token), so that
 * another server never takes a row still being worked on; a server that dies holding it frees it when this passes.
 */
const CLAIM_SECONDS = 5 * 60;
/** Rows claimed at a time. */
const BATCH = 10;

const refOf = (row: SubmissionRow): EfacturaDocumentRef =>
  row.creditNoteId === null
    ? { kind: 'INVOICE', invoiceId: row.invoiceId }
    : { kind: 'CREDIT_NOTE', creditNoteId: row.creditNoteId };

/** ANAF's `standard` for the document: a UBL CreditNote is `CN`; an Invoice (a 380, or a storno 381 as one) `UBL`. */
export const uploadStandardOf = (xml: string): UploadStandard =>
  /<(?:[\w.-]+:)?CreditNote[\s>]/.test(xml.slice(0, 2000)) ? 'CN' : 'UBL';

export interface EfacturaJobOptions {
  now?: () => Date;
  /** The seller's CIF, digits only. */
  cif?: string;
  /**
   * Asked between batches: false once the server is stopping, so that a pass ends within the time a stopping server
   * waits for its jobs and leaves the rows it has not claimed due for the next pass, on this server or another.
   */
  keepGoing?: () => boolean;
}

/**
 * One pass of the `efactura` job: tells staff of documents that turned late, then works on every due row (upload a
 * PENDING one, ask about an UPLOADED one, look for a lost UPLOADING one) until none is left. Returns how many rows
 * it worked on.
 */
export async function processEfacturaSubmissions(
  db: Db,
  api: EfacturaApi,
  { now = () => new Date(), cif = SELLER_CIF, keepGoing = () => true }: EfacturaJobOptions = {},
): Promise<number> {
  await alertLateSubmissions(db, now());
  let worked = 0;
  for (;;) {
    const token = randomUUID();
    const claimed = await claimDue(db, token, now());
    for (const row of claimed) {
      try {
        await (row.status === 'PENDING'
          ? upload(db, api, row, token, cif, now)
          : row.status === 'UPLOADING'
            ? recover({ db, api, token, cif, now }, row)
            : askAbout(db, api, row, token, now));
      } catch (error) {
        // Our own failure (the document could not be made, the database went away): the claim runs out and the row
        // is tried again; an UPLOADING row is then looked for in ANAF's message list, like every lost answer.
        logger.error({ err: error, submissionId: row.id }, 'e-Factura submission failed');
      }
      worked++;
    }
    if (claimed.length < BATCH || !keepGoing()) return worked;
  }
}

/**
 * Claims up to BATCH due rows for this pass; rows another server is claiming are skipped, never waited for. An
 * UPLOADING row is due once its claim ran out (the server uploading it died, or released it without ANAF's answer).
 */
function claimDue(db: Db, token: string, now: Date): Promise<SubmissionRow[]> {
  // One statement, atomic without a transaction around it: the due rows locked (those another server holds skipped)
  // and claimed.
  return preparedStatement(db, 'efactura_claim_due', (on) => {
    const at = sql`${sql.placeholder('now')}::timestamptz`;
    const due = on
      .select({ id: efacturaSubmissions.id })
      .from(efacturaSubmissions)
      .where(
        and(
          inArray(efacturaSubmissions.status, ['PENDING', 'UPLOADING', 'UPLOADED']),
          // An upload given up after its last try, or a lost one the list could not find, waits for staff
          // (uploadGivenUp and lostUploadGivenUp in submissions-attention.ts).
          or(
            eq(efacturaSubmissions.status, 'UPLOADED'),
            lt(efacturaSubmissions.attempts, sql.placeholder('maxAttempts')),
          ),
          lte(efacturaSubmissions.nextAttemptAt, at),
          or(isNull(efacturaSubmissions.claimedUntil), lt(efacturaSubmissions.claimedUntil, at)),
        ),
      )
      .orderBy(asc(efacturaSubmissions.nextAttemptAt), asc(efacturaSubmissions.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return on
      .update(efacturaSubmissions)
      .set({
        claimToken: sql`${sql.placeholder('token')}`,
        claimedUntil: sql`${sql.placeholder('claimedUntil')}::timestamptz`,
      })
      .where(inArray(efacturaSubmissions.id, due))
      .returning()
      .prepare('efactura_claim_due');
  }).execute({
    now: now.toISOString(),
    maxAttempts: getConfig().EFACTURA_MAX_ATTEMPTS,
    token,
    claimedUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString(),
  });
}

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);
const released = { claimToken: null, claimedUntil: null } as const;

/** Writes to a row this pass holds; false when the claim was lost (it ran out and another pass took the row). */
async function update(
  executor: Executor,
  row: SubmissionRow,
  token: string,
  values: Partial<typeof efacturaSubmissions.$inferInsert>,
): Promise<boolean> {
  const changed = await executor
    .update(efacturaSubmissions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(efacturaSubmissions.id, row.id), eq(efacturaSubmissions.claimToken, token)))
    .returning({ id: efacturaSubmissions.id });
  return changed.length > 0;
}

/** An upload's answer as the metrics count it (shop_provider_calls_total{provider="efactura"}). */
const UPLOAD_OUTCOME = {
  UPLOADED: 'ok',
  REFUSED: 'refused',
  TEMPORARY: 'error',
  UNCERTAIN: 'uncertain',
} as const satisfies Record<string, ProviderOutcome>;

async function upload(
  db: Db,
  api: EfacturaApi,
  row: SubmissionRow,
  token: string,
  cif: string,
  now: () => Date,
): Promise<void> {
  const retry = (message: string) => failedUpload(db, row, token, message, now());
  // The document is made before the row says UPLOADING: a document that cannot be made is retried, not doubted.
  let document: Awaited<ReturnType<typeof documentXml>>;
  try {
    document = await documentXml(db, refOf(row), row);
  } catch (error) {
    logger.error({ err: error, submissionId: row.id }, 'e-Factura document could not be made');
    await retry(`the document could not be made: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  if (!document) {
    await retry('the document was not found');
    return;
  }
  // From here until ANAF's answer is recorded, a crash leaves the row UPLOADING: looked for in ANAF's message list
  // from when the upload began, never uploaded again before the list says ANAF does not have it. Its attempts count
  // the list's questions from now on (the upload's own count stays in `row` for failedUpload). The XML is kept with
  // it before it leaves: every later download of the document's XML is this one, byte for byte.
  if (
    !(await update(db, row, token, {
      status: 'UPLOADING',
      uploadedAt: now(),
      attempts: 0,
      xml: document.xml,
      xmlSha256: xmlSha256(document.xml),
    }))
  )
    return;
  const result = await api.upload(document.xml, { standard: uploadStandardOf(document.xml), cif });
  countProviderCall('efactura', UPLOAD_OUTCOME[result.kind]);
  switch (result.kind) {
    case 'UPLOADED':
      await update(db, row, token, {
        status: 'UPLOADED',
        uploadId: result.uploadId,
        uploadedAt: now(),
        attempts: 0,
        nextAttemptAt: later(now(), retryDelaySeconds(1)),
        lastError: null,
        ...released,
      });
      logger.info({ submissionId: row.id, uploadId: result.uploadId }, 'e-Factura document uploaded');
      return;
    case 'REFUSED':
      await reject(db, row, token, result.errors, now());
      return;
    case 'TEMPORARY':
      logger.warn({ submissionId: row.id, reason: result.message }, 'e-Factura upload failed; will retry');
      await retry(result.message);
      return;
    case 'UNCERTAIN':
      // Maybe ANAF has it, maybe not: the row stays UPLOADING and is looked for in ANAF's message list (recover).
      logger.warn({ submissionId: row.id, reason: result.message }, 'e-Factura upload unconfirmed');
      await update(db, row, token, {
        lastError: `upload unconfirmed: ${result.message}`.slice(0, 1000),
        nextAttemptAt: later(now(), retryDelaySeconds(1)),
        ...released,
      });
  }
}

/**
 * An UPLOADING row whose answer was lost: looked for in ANAF's message list (lib/efactura/upload-recovery.ts).
 * Found, it is UPLOADED with ANAF's index and asked about at once; surely absent, it is PENDING and uploaded again;
 * not known yet, the list is asked again after growing pauses; when it cannot be known (or the list did not answer
 * for EFACTURA_MAX_ATTEMPTS questions), staff are asked to look in the SPV, as for every dead letter.
 */
async function recover(
  { db, api, token, cif, now }: { db: Db; api: EfacturaApi; token: string; cif: string; now: () => Date },
  row: SubmissionRow,
) {
  const document = await documentXml(db, refOf(row), row);
  const verdict = document
    ? await findLostUpload(
        api,
        {
          xml: document.xml,
          // A row left by an earlier release has no start: its issue is earlier still, which only widens the search.
          startedAt: row.uploadedAt ?? row.issuedAt,
          cif,
          knownUploadIds: async (uploadIds) => {
            const owned = await db
              .select({ uploadId: efacturaSubmissions.uploadId })
              .from(efacturaSubmissions)
              .where(inArray(efacturaSubmissions.uploadId, uploadIds));
            return new Set(owned.map((owner) => owner.uploadId!));
          },
        },
        now(),
      )
    : ({ kind: 'UNKNOWABLE', reason: 'the document was not found' } as const);
  countProviderCall('efactura', verdict.kind === 'WAIT' && verdict.reason ? 'error' : 'ok');
  switch (verdict.kind) {
    case 'FOUND':
      await update(db, row, token, {
        status: 'UPLOADED',
        uploadId: verdict.uploadId,
        attempts: 0,
        nextAttemptAt: now(),
        lastError: null,
        ...released,
      });
      logger.info(
        { submissionId: row.id, uploadId: verdict.uploadId },
        'e-Factura lost upload found at ANAF',
      );
      return;
    case 'ABSENT':
      await update(db, row, token, {
        status: 'PENDING',
        attempts: 0,
        nextAttemptAt: now(),
        lastError: verdict.reason,
        uploadedAt: null,
        ...released,
      });
      logger.warn({ submissionId: row.id }, 'e-Factura lost upload not at ANAF; uploading it again');
      kick('efactura');
      return;
    case 'WAIT':
      if (row.attempts + 1 < getConfig().EFACTURA_MAX_ATTEMPTS) {
        await update(db, row, token, {
          attempts: row.attempts + 1,
          nextAttemptAt: later(now(), retryDelaySeconds(row.attempts + 1)),
          lastError: (verdict.reason ?? row.lastError)?.slice(0, 1000) ?? null,
          ...released,
        });
        return;
      }
      await lostUploadGivenUp(db, row, token, verdict.reason ?? "not in ANAF's message list", now());
      return;
    case 'UNKNOWABLE':
      await lostUploadGivenUp(db, row, token, verdict.reason, now());
  }
}

/**
 * A lost upload the list could not settle: a dead letter (attempts at EFACTURA_MAX_ATTEMPTS, no longer looked for),
 * its order needing attention (EFACTURA_UNCONFIRMED), staff told once in the same transaction; a person looks in the
 * SPV and sends it again only if ANAF does not have it.
 */
async function lostUploadGivenUp(db: Db, row: SubmissionRow, token: string, reason: string, now: Date) {
  const lastError = `upload unconfirmed: ${reason}`.slice(0, 1000);
  await db.transaction(async (tx) => {
    const held = await update(tx, row, token, {
      attempts: Math.max(getConfig().EFACTURA_MAX_ATTEMPTS, row.attempts),
      lastError,
      alertedAt: now,
      ...released,
    });
    if (held) await queueStaffAlert(tx, row.orderId, 'EFACTURA_UNCONFIRMED', reason);
  });
  logger.error({ submissionId: row.id }, 'e-Factura lost upload needs a look in the SPV');
  kick('mail');
}

/**
 * Records a failed upload: tried again after a growing pause, until its EFACTURA_MAX_ATTEMPTS-th try. Then it is a
 * dead letter: kept PENDING with its last error, no longer tried by the job, its order needing attention
 * (EFACTURA_UNSENT), and staff told once in the same transaction; staff send it again from the order.
 */
async function failedUpload(db: Db, row: SubmissionRow, token: string, message: string, now: Date) {
  const attempts = row.attempts + 1;
  const lastError = message.slice(0, 1000);
  if (attempts < getConfig().EFACTURA_MAX_ATTEMPTS) {
    await update(db, row, token, {
      status: 'PENDING',
      attempts,
      nextAttemptAt: later(now, retryDelaySeconds(attempts)),
      lastError,
      ...released,
    });
    return;
  }
  await db.transaction(async (tx) => {
    const held = await update(tx, row, token, {
      status: 'PENDING',
      attempts,
      lastError,
      alertedAt: now,
      ...released,
    });
    if (held) await queueStaffAlert(tx, row.orderId, 'EFACTURA_UNSENT', message);
  });
  logger.error({ submissionId: row.id, attempts }, 'e-Factura upload given up after its last try');
  kick('mail');
}

async function askAbout(db: Db, api: EfacturaApi, row: SubmissionRow, token: string, now: () => Date) {
  const askAgain = (message: string | null, extra: Partial<typeof efacturaSubmissions.$inferInsert> = {}) =>
    update(db, row, token, {
      ...extra,
      attempts: row.attempts + 1,
      nextAttemptAt: later(now(), retryDelaySeconds(row.attempts + 2)),
      lastError: message?.slice(0, 1000) ?? null,
      ...released,
    });
  const state = await api.messageState(row.uploadId!);
  // ERRORS: ANAF could not say how the upload went, a failure to answer as a temporary one is.
  countProviderCall('efactura', state.kind === 'TEMPORARY' || state.kind === 'ERRORS' ? 'error' : 'ok');
  switch (state.kind) {
    case 'in prelucrare':
      await askAgain(null);
      return;
    case 'TEMPORARY':
      await askAgain(state.message);
      return;
    case 'ERRORS':
      // ANAF could not answer (it may not know the index yet, or the token lacks the rights): asked again; if it
      // lasts, the document turns late and staff see this text.
      await askAgain(state.errors.join('\n'));
      return;
    case 'XML cu erori nepreluat de sistem':
      await reject(db, row, token, [state.kind], now());
      return;
    case 'ok':
    case 'nok': {
      const answer = await api.download(state.downloadId);
      countProviderCall('efactura', answer.kind === 'ZIP' ? 'ok' : 'error');
      if (answer.kind !== 'ZIP') {
        await askAgain(`download ${state.downloadId}: ${answer.message}`, { downloadId: state.downloadId });
        return;
      }
      // Read before it is kept: an archive that inflates beyond ZIP_LIMITS (a zip bomb) is refused, its reason kept.
      const unreadable = zipRefusal(answer.bytes);
      if (unreadable) {
        logger.warn({ submissionId: row.id, reason: unreadable }, 'e-Factura answer archive refused');
        await askAgain(`download ${state.downloadId}: ${unreadable}`, { downloadId: state.downloadId });
        return;
      }
      if (state.kind === 'ok') {
        await update(db, row, token, {
          status: 'ACCEPTED',
          downloadId: state.downloadId,
          answerZip: answer.bytes,
          messages: [],
          lastError: null,
          settledAt: now(),
          ...released,
        });
        logger.info({ submissionId: row.id, uploadId: row.uploadId }, 'e-Factura document accepted');
        return;
      }
      const errors = errorsOfAnswer(answer.bytes);
      await reject(
        db,
        row,
        token,
        errors.length ? errors : [`nok (id_descarcare ${state.downloadId})`],
        now(),
        {
          downloadId: state.downloadId,
          answerZip: answer.bytes,
        },
      );
    }
  }
}

/** Why an answer archive cannot be read (not a zip, or more than ZIP_LIMITS inflated), or null when it can. */
function zipRefusal(zip: Buffer): string | null {
  try {
    readZip(zip);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** ANAF's error texts in a `nok` answer's archive (its file that is not the signature). */
export function errorsOfAnswer(zip: Buffer): string[] {
  try {
    return [...readZip(zip)]
      .filter(([name]) => !name.includes('semnatura'))
      .flatMap(([, content]) => parseErrorFile(content.toString('utf8')));
  } catch {
    return [];
  }
}

/** ANAF rejected the document: its texts kept, staff told in the same transaction. */
async function reject(
  db: Db,
  row: SubmissionRow,
  token: string,
  messages: string[],
  now: Date,
  extra: Partial<typeof efacturaSubmissions.$inferInsert> = {},
) {
  await db.transaction(async (tx) => {
    const held = await update(tx, row, token, {
      ...extra,
      status: 'REJECTED',
      messages,
      lastError: null,
      settledAt: now,
      alertedAt: now,
      ...released,
    });
    if (held) await queueStaffAlert(tx, row.orderId, 'EFACTURA_REJECTED', messages.join('\n'));
  });
  logger.warn({ submissionId: row.id, uploadId: row.uploadId }, 'e-Factura document rejected');
  kick('mail');
}

/**
 * Mails staff once about each document that turned late (two working days before its deadline). A conditional
 * update marks each, so two servers never both mail. (A lost upload the message list could not settle is told in the
 * transaction that gives it up.)
 */
async function alertLateSubmissions(db: Db, now: Date): Promise<void> {
  const candidates = await preparedStatement(db, 'efactura_late_candidates', (on) =>
    on
      .select()
      .from(efacturaSubmissions)
      .where(
        and(
          isNull(efacturaSubmissions.alertedAt),
          inArray(efacturaSubmissions.status, ['PENDING', 'UPLOADING', 'UPLOADED']),
          lte(efacturaSubmissions.attentionAt, sql`${sql.placeholder('now')}::timestamptz`),
        ),
      )
      .limit(100)
      .prepare('efactura_late_candidates'),
  ).execute({ now: now.toISOString() });
  let queued = false;
  for (const row of candidates) {
    const reason = efacturaAttentionOf(row, now);
    if (!reason) continue;
    await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(efacturaSubmissions)
        .set({ alertedAt: now })
        .where(and(eq(efacturaSubmissions.id, row.id), isNull(efacturaSubmissions.alertedAt)))
        .returning({ id: efacturaSubmissions.id });
      if (marked) {
        await queueStaffAlert(tx, row.orderId, reason, row.lastError ?? undefined);
        queued = true;
      }
    });
  }
  if (queued) kick('mail');
}

/** What staff see of a document's submission (`invoice.efactura` in the transaction details). */
export interface EfacturaView {
  status: SubmissionRow['status'];
  uploadId: string | null;
  /** ANAF's error texts when it rejected the document. */
  messages: string[];
  /** The last temporary failure, retried by the job. */
  lastError: string | null;
  attention: EfacturaAttentionReason | null;
  /** Whether staff may send it again (`POST /api/admin/payment/efactura`). */
  canResend: boolean;
  updatedAt: string;
}

/**
 * What staff may send again: a rejected document, a lost upload the message list could not settle (after a look in
 * the SPV), a given-up one.
 */
const RESENDABLE: readonly (EfacturaAttentionReason | null)[] = [
  'EFACTURA_REJECTED',
  'EFACTURA_UNCONFIRMED',
  'EFACTURA_UNSENT',
];

export function efacturaViewOf(row: SubmissionRow, now = new Date()): EfacturaView {
  const attention = efacturaAttentionOf(row, now);
  return {
    status: row.status,
    uploadId: row.uploadId,
    messages: row.messages,
    lastError: row.lastError,
    attention,
    canResend: RESENDABLE.includes(attention),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * An order's submissions: its current invoice's, every invoice's by the invoice's id (one replaced after a correction
 * included), and each credit note's by the credit note's id.
 */
export async function efacturaOfOrder(db: Db, orderId: string, now = new Date()) {
  const [rows, [current]] = await Promise.all([
    db.select().from(efacturaSubmissions).where(eq(efacturaSubmissions.orderId, orderId)),
    db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId)),
  ]);
  const invoiceRows = rows.filter((row) => row.creditNoteId === null);
  const invoice = invoiceRows.find((row) => row.invoiceId === current?.id) ?? invoiceRows[0];
  return {
    invoice: invoice ? efacturaViewOf(invoice, now) : null,
    invoices: new Map(invoiceRows.map((row) => [row.invoiceId, efacturaViewOf(row, now)] as const)),
    creditNotes: new Map(
      rows.flatMap((row) =>
        row.creditNoteId === null ? [] : [[row.creditNoteId, efacturaViewOf(row, now)] as const],
      ),
    ),
    attention: rows.flatMap((row) => efacturaAttentionOf(row, now) ?? []),
  };
}

/**
 * Sends a document again after a fix (`POST /api/admin/payment/efactura`): one ANAF rejected, one whose upload
 * was left unconfirmed once staff have checked in the SPV that ANAF does not have it, or one whose upload failed
 * every try (once ANAF answers again). Back to PENDING with fresh attempts; the XML is made anew, so it carries the
 * fix. Audited with what ANAF had said.
 */
export async function resendEfacturaSubmission(
  db: Db,
  staff: Pick<Principal, 'id' | 'username'>,
  document: { orderId: string; creditNoteId?: number; invoiceId?: number },
): Promise<EfacturaView> {
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(efacturaSubmissions)
      .where(
        and(
          eq(efacturaSubmissions.orderId, document.orderId),
          document.creditNoteId !== undefined
            ? eq(efacturaSubmissions.creditNoteId, document.creditNoteId)
            : and(
                isNull(efacturaSubmissions.creditNoteId),
                // The invoice named, else the order's current one (an order has several after a correction).
                document.invoiceId !== undefined
                  ? eq(efacturaSubmissions.invoiceId, document.invoiceId)
                  : inArray(
                      efacturaSubmissions.invoiceId,
                      tx
                        .select({ id: invoices.id })
                        .from(invoices)
                        .where(eq(invoices.orderId, document.orderId)),
                    ),
              ),
        ),
      )
      .for('update');
    if (!current)
      throw new ApiError(
        'NOT_FOUND',
        document.creditNoteId === undefined
          ? `Order ${document.orderId} has no invoice sent to e-Factura`
          : `Order ${document.orderId} has no credit note ${document.creditNoteId} sent to e-Factura`,
      );
    const attention = efacturaAttentionOf(current, now);
    if (!RESENDABLE.includes(attention))
      throw new ApiError(
        'CONFLICT',
        `The document is ${current.status}: only a rejected, unconfirmed or given-up one is sent again`,
      );
    const [changed] = await tx
      .update(efacturaSubmissions)
      .set({
        status: 'PENDING',
        uploadId: null,
        downloadId: null,
        messages: [],
        lastError: null,
        attempts: 0,
        nextAttemptAt: now,
        claimToken: null,
        claimedUntil: null,
        alertedAt: null,
        answerZip: null,
        // ANAF holds none of it: the XML is made anew from the frozen document, so it carries the fix.
        xml: null,
        xmlSha256: null,
        uploadedAt: null,
        settledAt: null,
        updatedAt: now,
      })
      .where(eq(efacturaSubmissions.id, current.id))
      .returning();
    await recordAudit(tx, staff, {
      action: 'payment.efacturaResend',
      target: document.orderId,
      details: {
        document: current.kind,
        creditNoteId: current.creditNoteId,
        previousStatus: current.status,
        uploadId: current.uploadId,
        messages: current.messages,
      },
    });
    return changed!;
  });
  kick('efactura');
  return efacturaViewOf(row, now);
}
