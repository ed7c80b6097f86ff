import 'server-only';

import { createHash, createPrivateKey, randomInt, sign, type KeyObject } from 'node:crypto';
import { and, desc, eq, gte, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { getConfig, type Config } from '@/lib/config/env';
import { sandboxIsServed } from '@/lib/config/live-mode';
import type { Db } from '@/lib/db/client';
import { getDb } from '@/lib/db/client';
import { efacturaSandboxUploads } from '@/lib/db/schema';
import { ApiError } from '@/lib/api/errors';
import { readBodyBytes } from '@/lib/api/request';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { getSandboxKeys } from '@/lib/db/generated-secrets';
import {
  anafTimestamp,
  ERRORS_MESSAGE,
  errorFileXml,
  MESSAGE_LIST_DAYS,
  messageListJson,
  SENT_MESSAGE,
  stateAnswerXml,
  uploadAnswerXml,
  type ListedMessage,
  type StateAnswer,
} from './anaf/answers';
import { writeZip } from './anaf/zip';
import { sandboxToken, sandboxTokenRefusal } from './sandbox-auth';

export { sandboxCredentials, sandboxToken } from './sandbox-auth';

/**
 * The built-in RO e-Factura sandbox (docs/decisions/0014-built-in-sandbox-providers.md, README "RO e-Factura"): a
 * faithful fake of ANAF's API, served by the shop under /api/efactura-sandbox/ when EFACTURA_PROVIDER=sandbox (the
 * default) and the shop is not live, 404 otherwise. Same paths, parameters and answers as ANAF's `upload`,
 * `stareMesaj`, `descarcare`, `listaMesajeFactura` and its OAuth2 token endpoint (sandbox-auth.ts: its own client credentials, and only
 * the access tokens it signed are taken); its records live in the database (`efactura_sandbox_uploads`), so every
 * server of the shop answers alike, and are deleted after SANDBOX_RETENTION_DAYS (purgeEfacturaSandbox). An answer's
 * download id is random digits, so one answer's id tells nothing of another's. Its verdict is decided by the
 * document, deterministically:
 *
 * - not well-formed XML, a `standard` other than UBL, CN, CII or RASP, a CIF that is not a number: the upload is
 *   refused (ExecutionStatus 1), as ANAF refuses it;
 * - no CIUS-RO CustomizationID, a root that is not the standard's (Invoice for UBL, CreditNote for CN), or a buyer
 *   whose name contains `ANAF-NOK`: an index, then `nok` with ANAF-like errors in the download;
 * - a buyer whose name contains `ANAF-503`: the first upload of that exact file is answered 503 (nothing taken), the
 *   next one like every other;
 * - anything else: `ok`. The status is `in prelucrare` for EFACTURA_SANDBOX_SECONDS (3 by default) after the upload.
 */

export const EFACTURA_SANDBOX_PATH = '/api/efactura-sandbox';
export const NOK_TRIGGER = 'ANAF-NOK';
export const UNAVAILABLE_TRIGGER = 'ANAF-503';
/** The customization id CIUS-RO documents must carry (BT-24). */
export const CIUS_RO_CUSTOMIZATION =
  'urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1';

/**
 * Whether the sandbox's routes answer: it is the configured e-Factura provider and the shop is not live (a live shop
 * never reaches a sandbox), decided at run time as the payment sandbox's.
 */
export const efacturaSandboxIsServed = (config: Config = getConfig()) =>
  sandboxIsServed(config.EFACTURA_PROVIDER === 'sandbox', config);

/** ANAF's limit on an uploaded file; a larger body is refused by its declared length before a byte is read. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * How long the sandbox keeps an upload (its XML names the buyer): ANAF's own window, 60 days, in which its answers
 * can be listed and downloaded. The shop downloads an answer within seconds of it being ready; the rest of the
 * window keeps a shop that was stopped for a while behaving as against ANAF.
 */
export const SANDBOX_RETENTION_DAYS = 60;
/** A file answered 503 is kept only until its retry, which comes within the hour (the job's schedule). */
const UNAVAILABLE_RETENTION_DAYS = 1;

/** How long an upload stays `in prelucrare`. */
const processingSeconds = () => getConfig().EFACTURA_SANDBOX_SECONDS;

/** ANAF numbers its uploads in a large range; so does the sandbox. */
export const UPLOAD_BASE = 5_000_000_000;
const uploadIdOf = (rowId: number) => String(UPLOAD_BASE + rowId);
/** An answer's download id: ten random digits, as long as ANAF's (e.g. 3001474425). */
const newDownloadId = () => String(randomInt(1_000_000_000, 10_000_000_000));
const rowIdOf = (id: string | null, base: number) => {
  const value = /^\d{1,15}$/.test(id ?? '') ? Number(id) - base : NaN;
  return Number.isSafeInteger(value) && value > 0 && value < 2 ** 31 ? value : null;
};

const xmlAnswer = (xml: string, status = 200) =>
  new Response(xml, { status, headers: { 'content-type': 'application/xml;charset=UTF-8' } });
const jsonAnswer = (body: unknown, status: number) => Response.json(body, { status });
/** ANAF's 400: Spring's error body with a Romanian message. */
const badRequest = (message: string) =>
  jsonAnswer({ timestamp: new Date().toISOString(), status: 400, error: 'Bad Request', message }, 400);

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false });

/** What the sandbox reads in a document: its root, customization id and the buyer's names. */
function documentFacts(xml: string) {
  const parsed = parser.parse(xml) as Record<string, Record<string, unknown> | undefined>;
  const root = Object.keys(parsed).find((key) => key !== '?xml') ?? '';
  const document = parsed[root] ?? {};
  const party = (document.AccountingCustomerParty as Record<string, Record<string, unknown>> | undefined)
    ?.Party;
  const texts = (value: unknown): string[] =>
    value === undefined || value === null
      ? []
      : typeof value === 'object'
        ? Object.values(value).flatMap(texts)
        : [String(value)];
  const legal = party?.PartyLegalEntity as Record<string, unknown> | undefined;
  const taxScheme = party?.PartyTaxScheme as Record<string, unknown> | undefined;
  return {
    root,
    customization: String(document.CustomizationID ?? '').trim(),
    buyerNames: [...texts(party?.PartyLegalEntity), ...texts(party?.PartyName)],
    buyerTaxId: texts(taxScheme?.CompanyID ?? legal?.CompanyID)[0] ?? '',
  };
}

/** `POST /upload?standard=UBL&cif=…`, the document as the body. */
export async function sandboxUpload(db: Db, request: Request, now = new Date()): Promise<Response> {
  const refused = await sandboxTokenRefusal(db, request, now);
  if (refused) return refused;
  const query = new URL(request.url).searchParams;
  const standard = query.get('standard') ?? '';
  const cif = query.get('cif') ?? '';
  const refuse = (error: string, status = 200) =>
    xmlAnswer(uploadAnswerXml({ kind: 'REFUSED', errors: [error] }, now), status);
  const tooLarge = () => refuse('Marime fisier transmis mai mare de 10 MB.', 413);
  const declared = request.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= MAX_UPLOAD_BYTES)) return tooLarge();
  if (!['UBL', 'CN', 'CII', 'RASP'].includes(standard))
    return refuse('Valorile acceptate pentru parametrul standard sunt UBL, CN, CII sau RASP');
  if (!/^\d{1,10}$/.test(cif)) return refuse(`CIF introdus= ${cif.slice(0, 20)} nu este un numar`);
  let xml: string;
  try {
    xml = Buffer.from(await readBodyBytes(request, MAX_UPLOAD_BYTES)).toString('utf8');
  } catch (error) {
    if (error instanceof ApiError) return tooLarge();
    throw error;
  }
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true)
    return refuse(
      `Fisierul transmis nu este valid. org.xml.sax.SAXParseException; lineNumber: ${wellFormed.err.line}; columnNumber: ${wellFormed.err.col}; ${wellFormed.err.msg}`,
    );

  const facts = documentFacts(xml);
  const digest = createHash('sha256').update(xml).digest('hex');
  const buyer = facts.buyerNames.join(' ');
  if (buyer.includes(UNAVAILABLE_TRIGGER)) {
    const [refusedBefore] = await db
      .select({ id: efacturaSandboxUploads.id })
      .from(efacturaSandboxUploads)
      .where(
        and(eq(efacturaSandboxUploads.digest, digest), eq(efacturaSandboxUploads.outcome, 'UNAVAILABLE')),
      );
    if (!refusedBefore) {
      await db
        .insert(efacturaSandboxUploads)
        .values({ cif, standard, xml, digest, outcome: 'UNAVAILABLE', readyAt: now });
      return new Response('<html><body><h1>503 Service Unavailable</h1></body></html>', {
        status: 503,
        headers: { 'content-type': 'text/html' },
      });
    }
  }

  const errors: string[] = [];
  const expectedRoot = standard === 'CN' ? 'CreditNote' : 'Invoice';
  if (facts.root !== expectedRoot)
    errors.push(
      `E: validari globale  eroare: Documentul are elementul radacina ${facts.root || '(lipsa)'}, pentru standard=${standard} se asteapta ${expectedRoot}`,
    );
  if (facts.customization !== CIUS_RO_CUSTOMIZATION)
    errors.push(
      `E: validari globale  eroare: [BR-RO-CUSTOMIZATION] Identificatorul specificatiei (BT-24) trebuie sa fie ${CIUS_RO_CUSTOMIZATION}`,
    );
  if (buyer.includes(NOK_TRIGGER))
    errors.push(
      `E: validari globale  eroare: [BR-RO-SANDBOX] Cumparatorul "${buyer.slice(0, 100)}" contine ${NOK_TRIGGER}: respingere simulata de sandbox`,
    );
  const [row] = await db
    .insert(efacturaSandboxUploads)
    .values({
      cif,
      standard,
      xml,
      digest,
      outcome: errors.length ? 'nok' : 'ok',
      errors,
      readyAt: new Date(now.getTime() + processingSeconds() * 1000),
    })
    .returning({ id: efacturaSandboxUploads.id });
  return xmlAnswer(uploadAnswerXml({ kind: 'UPLOADED', uploadId: uploadIdOf(row!.id) }, now));
}

/** `GET /stareMesaj?id_incarcare=…`. */
export async function sandboxMessageState(db: Db, request: Request, now = new Date()): Promise<Response> {
  const refused = await sandboxTokenRefusal(db, request, now);
  if (refused) return refused;
  const given = new URL(request.url).searchParams.get('id_incarcare');
  if (!given || !/^\d+$/.test(given))
    return badRequest(`Id_incarcare introdus= ${given ?? ''} nu este un numar intreg`);
  const rowId = rowIdOf(given, UPLOAD_BASE);
  const [row] = rowId
    ? await db
        .select()
        .from(efacturaSandboxUploads)
        .where(and(eq(efacturaSandboxUploads.id, rowId), ne(efacturaSandboxUploads.outcome, 'UNAVAILABLE')))
    : [];
  let answer: StateAnswer;
  if (!row) answer = { kind: 'ERRORS', errors: [`Nu exista factura cu id_incarcare= ${given}`] };
  else if (row.readyAt > now) answer = { kind: 'in prelucrare' };
  else answer = { kind: row.outcome === 'ok' ? 'ok' : 'nok', downloadId: await downloadIdFor(db, row) };
  return xmlAnswer(stateAnswerXml(answer));
}

/** ANAF lists at most this many messages at once; more must be asked page by page (`listaMesajePaginatieFactura`). */
const MESSAGE_LIST_LIMIT = 500;

/**
 * `GET /listaMesajeFactura?zile=N&cif=…`: a message for each processed upload of the last N days for that CIF
 * (`FACTURA TRIMISA` when accepted, `ERORI FACTURA` when not), newest first, as ANAF lists them. An upload still
 * `in prelucrare` is not listed yet, and a 503 took nothing.
 */
export async function sandboxMessageList(db: Db, request: Request, now = new Date()): Promise<Response> {
  const refused = await sandboxTokenRefusal(db, request, now);
  if (refused) return refused;
  const query = new URL(request.url).searchParams;
  const zile = query.get('zile') ?? '';
  const cif = query.get('cif') ?? '';
  const days = /^\d{1,2}$/.test(zile) ? Number(zile) : NaN;
  if (!(days >= 1 && days <= MESSAGE_LIST_DAYS))
    return badRequest(`Numarul de zile trebuie sa fie intre 1 si ${MESSAGE_LIST_DAYS}`);
  if (!/^\d{1,10}$/.test(cif)) return badRequest(`CIF introdus= ${cif.slice(0, 20)} nu este un numar`);
  const rows = await db
    .select()
    .from(efacturaSandboxUploads)
    .where(
      and(
        eq(efacturaSandboxUploads.cif, cif),
        ne(efacturaSandboxUploads.outcome, 'UNAVAILABLE'),
        lte(efacturaSandboxUploads.readyAt, now),
        gte(efacturaSandboxUploads.createdAt, new Date(now.getTime() - days * 24 * 3600_000)),
      ),
    )
    .orderBy(desc(efacturaSandboxUploads.id))
    .limit(MESSAGE_LIST_LIMIT + 1);
  if (rows.length > MESSAGE_LIST_LIMIT)
    return jsonAnswer(
      {
        eroare: `Lista de mesaje este mai mare decat numarul de ${MESSAGE_LIST_LIMIT} elemente permise in pagina. Folositi endpoint-ul cu paginatie.`,
        titlu: 'Lista Mesaje',
      },
      200,
    );
  const messages: ListedMessage[] = [];
  for (const row of rows) {
    const uploadId = uploadIdOf(row.id);
    const buyer = row.outcome === 'ok' ? documentFacts(row.xml).buyerTaxId.replace(/^RO/i, '') : '';
    messages.push({
      data_creare: anafTimestamp(row.readyAt),
      cif: row.cif,
      id_solicitare: uploadId,
      detalii:
        row.outcome === 'ok'
          ? `Factura cu id_incarcare=${uploadId} emisa de cif_emitent=${row.cif} pentru cif_beneficiar=${buyer}`
          : `Erori de validare identificate la factura primita cu id_incarcare=${uploadId}`,
      tip: row.outcome === 'ok' ? SENT_MESSAGE : ERRORS_MESSAGE,
      id: await downloadIdFor(db, row),
    });
  }
  return new Response(messageListJson(messages, days, cif), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * The download id of a ready answer, drawn the first time `stareMesaj` reports it (so also for uploads recorded
 * before ids were random). Several servers may draw at once: the first one written is everyone's; a draw that hits
 * another answer's id (one in a billion) is drawn again.
 */
async function downloadIdFor(db: Db, row: { id: number; downloadId: string | null }): Promise<string> {
  if (row.downloadId) return row.downloadId;
  for (let attempt = 1; ; attempt++) {
    try {
      await db
        .update(efacturaSandboxUploads)
        .set({ downloadId: newDownloadId() })
        .where(and(eq(efacturaSandboxUploads.id, row.id), isNull(efacturaSandboxUploads.downloadId)));
      break;
    } catch (error) {
      if (attempt >= 3 || isDatabaseUnavailable(error)) throw error;
    }
  }
  const [stored] = await db
    .select({ downloadId: efacturaSandboxUploads.downloadId })
    .from(efacturaSandboxUploads)
    .where(eq(efacturaSandboxUploads.id, row.id));
  return stored!.downloadId!;
}

/** `GET /descarcare?id=…`: the answer's zip, the document (or its errors) and the sandbox's signature over it. */
export async function sandboxDownload(db: Db, request: Request, now = new Date()): Promise<Response> {
  const refused = await sandboxTokenRefusal(db, request, now);
  if (refused) return refused;
  const given = new URL(request.url).searchParams.get('id');
  if (!given || !/^\d+$/.test(given))
    return badRequest(`Id descarcare introdus= ${given ?? ''} nu este un numar intreg`);
  // By the drawn id only: a counted one finds nothing.
  const [row] =
    given.length <= 20
      ? await db.select().from(efacturaSandboxUploads).where(eq(efacturaSandboxUploads.downloadId, given))
      : [];
  if (!row || row.outcome === 'UNAVAILABLE' || row.readyAt > now)
    return jsonAnswer(
      { eroare: `Pentru id=${given} nu exista inregistrata nici o factura`, titlu: 'Descarcare mesaj' },
      200,
    );
  const uploadId = uploadIdOf(row.id);
  const content = row.outcome === 'ok' ? row.xml : errorFileXml(uploadId, row.cif, row.errors);
  const zip = writeZip(
    [
      { name: `${uploadId}.xml`, content },
      { name: `semnatura_${uploadId}.xml`, content: await signatureXml(db, content) },
    ],
    now,
  );
  return new Response(new Uint8Array(zip), {
    status: 200,
    headers: {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="${given}.zip"`,
    },
  });
}

/** The sandbox's key, parsed from its PEM once per process (the PEM never changes for a database). */
let parsedKey: { pem: string; key: KeyObject } | undefined;
function signatureKey(pem: string): KeyObject {
  if (parsedKey?.pem !== pem) parsedKey = { pem, key: createPrivateKey(pem) };
  return parsedKey.key;
}

/**
 * An XML signature over the file, as ANAF's `semnatura_*.xml` (XMLDSig, RSA-SHA256), made with the sandbox's own key
 * (the payment sandbox's, kept in the database): the shape of ANAF's, not ANAF's authority.
 */
async function signatureXml(db: Db, content: string): Promise<string> {
  const digest = createHash('sha256').update(content).digest('base64');
  const signedInfo = `<ds:SignedInfo><ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/><ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/><ds:Reference URI=""><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue>${digest}</ds:DigestValue></ds:Reference></ds:SignedInfo>`;
  const { privateKeyPem } = await getSandboxKeys(db);
  const value = sign('sha256', Buffer.from(signedInfo), signatureKey(privateKeyPem)).toString('base64');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#">${signedInfo}<ds:SignatureValue>${value}</ds:SignatureValue><ds:KeyInfo><ds:KeyName>RO e-Factura sandbox</ds:KeyName></ds:KeyInfo></ds:Signature>\n`;
}

/** How many documents the sandbox took (a 503 takes none): what tests count to prove nothing went twice. */
export async function sandboxUploadCount(db: Db): Promise<number> {
  const rows = await db
    .select({ id: efacturaSandboxUploads.id })
    .from(efacturaSandboxUploads)
    .where(ne(efacturaSandboxUploads.outcome, 'UNAVAILABLE'));
  return rows.length;
}

/**
 * Deletes what the sandbox no longer needs: uploads older than SANDBOX_RETENTION_DAYS, and files it answered 503
 * older than a day. One statement, the same on every server: several servers purging at once delete each row once.
 * Returns how many rows went.
 */
export async function purgeEfacturaSandbox(db: Db, now = new Date()): Promise<number> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000);
  const gone = await db
    .delete(efacturaSandboxUploads)
    .where(
      or(
        lt(efacturaSandboxUploads.createdAt, daysAgo(SANDBOX_RETENTION_DAYS)),
        and(
          eq(efacturaSandboxUploads.outcome, 'UNAVAILABLE'),
          lt(efacturaSandboxUploads.createdAt, daysAgo(UNAVAILABLE_RETENTION_DAYS)),
        ),
      ),
    )
    .returning({ id: efacturaSandboxUploads.id });
  return gone.length;
}

/**
 * The sandbox reached in-process, as the payment sandbox is: a `fetch` that answers the sandbox's paths under any
 * host, so the shop's client runs exactly as against ANAF without a network round trip. `now` is ANAF's clock (tests
 * move it with the job's).
 */
export const sandboxFetch =
  (database?: Db, now: () => Date = () => new Date()): typeof fetch =>
  async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^.*\/api\/efactura-sandbox/, '');
    const db = database ?? (await getDb());
    if (path === '/token' && request.method === 'POST') return sandboxToken(db, request, now());
    if (path === '/upload' && request.method === 'POST') return sandboxUpload(db, request, now());
    if (path === '/stareMesaj' && request.method === 'GET') return sandboxMessageState(db, request, now());
    if (path === '/descarcare' && request.method === 'GET') return sandboxDownload(db, request, now());
    if (path === '/listaMesajeFactura' && request.method === 'GET')
      return sandboxMessageList(db, request, now());
    return jsonAnswer({ error: 'Not Found' }, 404);
  };
