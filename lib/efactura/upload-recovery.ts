/**
 * Finding an upload whose answer was lost (docs/decisions/0017-efactura-uploads-never-doubled.md): a SIGKILL, a
 * database stop or a cut connection can leave a document UPLOADING without ANAF's index. ANAF lists every upload it
 * processed for the seller's CIF in `listaMesajeFactura` (lib/efactura/anaf/answers.ts), so the job looks there:
 * each message of the upload's time that no other document of the shop owns is a candidate, and an accepted one
 * (`FACTURA TRIMISA`) is downloaded and compared with the document by its type and number. What this module answers
 * is a verdict; lib/efactura/submissions.ts records it.
 */
import { XMLParser } from 'fast-xml-parser';
import { DateTime } from 'luxon';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import { ERRORS_MESSAGE, MESSAGE_LIST_DAYS, SENT_MESSAGE, type ListedMessage } from './anaf/answers';
import type { EfacturaApi } from './anaf/client';
import { readZip } from './anaf/zip';

/**
 * How long after an upload began its absence from the list is believed: ANAF lists an upload once it processed it,
 * which takes minutes (hours at the end of a month). Until then, an upload not listed may still be on its way, and
 * sending it again could register the document twice.
 */
export const LOST_UPLOAD_SETTLE_SECONDS = 12 * 3600;
/**
 * Messages created this long before the upload began are candidates too: ANAF stamps minutes in Romania's time
 * (an hour repeats each October), and its clock is not ours.
 */
const CLOCK_SLACK_MS = 60 * 60_000;
/** More unidentified candidates than this are not downloaded one by one: a person looks. */
const MAX_CANDIDATES = 20;
const DAY_MS = 24 * 3600_000;

export type RecoveryVerdict =
  /** ANAF has it: its index. */
  | { kind: 'FOUND'; uploadId: string }
  /** Not listed after the settle time, and nothing unidentified in its place: ANAF never got it, upload it again. */
  | { kind: 'ABSENT'; reason: string }
  /** Not known yet (ANAF unreachable, or still processing): ask the list again later. */
  | { kind: 'WAIT'; reason: string | null }
  /** It cannot be known by the list: a person looks in the SPV. */
  | { kind: 'UNKNOWABLE'; reason: string };

/** What tells one document from another: its UBL root (Invoice or CreditNote) and its number (cbc:ID). */
export interface DocumentIdentity {
  root: string;
  number: string;
}

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false });

/** The identity of a UBL document, or null when the XML is not one. */
export function documentIdentity(xml: string): DocumentIdentity | null {
  try {
    const parsed = parser.parse(xml) as Record<string, Record<string, unknown> | undefined>;
    const root = Object.keys(parsed).find((key) => key !== '?xml');
    const number = root ? parsed[root]?.ID : undefined;
    if (!root || (typeof number !== 'string' && typeof number !== 'number')) return null;
    return { root, number: String(number).trim() };
  } catch {
    return null;
  }
}

/** When ANAF created a message (`yyyyMMddHHmm` in Romania), or null when it does not say. */
const createdAt = (message: ListedMessage): number | null => {
  const parsed = DateTime.fromFormat(message.data_creare, 'yyyyMMddHHmm', { zone: SHOP_TIME_ZONE });
  return parsed.isValid ? parsed.toMillis() : null;
};

export interface LostUpload {
  /** The document as the shop makes it (the same XML it uploaded: issued documents are values). */
  xml: string;
  /** When the lost upload began. */
  startedAt: Date;
  cif: string;
  /** Of these upload indexes, the ones another document of the shop already owns. */
  knownUploadIds: (uploadIds: string[]) => Promise<Set<string>>;
}

/** Looks for a lost upload in ANAF's message list: found, surely absent, not known yet, or not knowable. */
export async function findLostUpload(
  api: EfacturaApi,
  lost: LostUpload,
  now: Date,
): Promise<RecoveryVerdict> {
  const ours = documentIdentity(lost.xml);
  if (!ours) return { kind: 'UNKNOWABLE', reason: 'the document has no number to look for' };
  const since = lost.startedAt.getTime() - CLOCK_SLACK_MS;
  const age = now.getTime() - lost.startedAt.getTime();
  const days = Math.ceil((now.getTime() - since) / DAY_MS);
  if (days > MESSAGE_LIST_DAYS)
    return {
      kind: 'UNKNOWABLE',
      reason: `the upload began more than ${MESSAGE_LIST_DAYS} days ago, beyond ANAF's list`,
    };
  const list = await api.messages({ days, cif: lost.cif });
  if (list.kind === 'TEMPORARY') return { kind: 'WAIT', reason: `message list: ${list.message}` };
  if (list.kind === 'ERRORS') return { kind: 'WAIT', reason: `message list: ${list.errors.join('; ')}` };

  const candidates = list.messages.filter((message) => {
    if (message.tip !== SENT_MESSAGE && message.tip !== ERRORS_MESSAGE) return false;
    const at = createdAt(message);
    return at === null || at >= since;
  });
  const known = candidates.length
    ? await lost.knownUploadIds(candidates.map((message) => message.id_solicitare))
    : new Set<string>();
  const unknown = candidates.filter((message) => !known.has(message.id_solicitare));

  let unclear: string | null = null;
  if (unknown.length > MAX_CANDIDATES)
    unclear = `ANAF lists ${unknown.length} uploads since then that are not the shop's known ones`;
  for (const message of unknown.slice(0, MAX_CANDIDATES)) {
    if (message.tip === ERRORS_MESSAGE) {
      // An error answer holds ANAF's errors, not the document: whose upload it was cannot be read from it.
      unclear = `ANAF answered upload ${message.id_solicitare} with errors; whether it was this document cannot be told`;
      continue;
    }
    const answer = await api.download(message.id);
    if (answer.kind !== 'ZIP') {
      unclear = `upload ${message.id_solicitare} could not be downloaded: ${answer.message}`;
      continue;
    }
    let theirs: DocumentIdentity | null = null;
    try {
      const document = [...readZip(answer.bytes)].find(([name]) => !name.includes('semnatura'));
      theirs = document ? documentIdentity(document[1].toString('utf8')) : null;
    } catch (error) {
      unclear = `upload ${message.id_solicitare}: ${error instanceof Error ? error.message : String(error)}`;
      continue;
    }
    if (theirs && theirs.root === ours.root && theirs.number === ours.number)
      return { kind: 'FOUND', uploadId: message.id_solicitare };
  }
  if (age < LOST_UPLOAD_SETTLE_SECONDS * 1000) return { kind: 'WAIT', reason: unclear };
  if (unclear) return { kind: 'UNKNOWABLE', reason: unclear };
  return {
    kind: 'ABSENT',
    reason: `not in ANAF's message list ${Math.round(age / 3600_000)} h after the upload began: uploaded again`,
  };
}
