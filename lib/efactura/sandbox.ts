import 'server-only';

import { createHash, randomBytes, sign } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { getConfig, type Config } from '@/lib/config/env';
import { sandboxIsServed } from '@/lib/config/live-mode';
import type { Db } from '@/lib/db/client';
import { getDb } from '@/lib/db/client';
import { efacturaSandboxUploads } from '@/lib/db/schema';
import { getSandboxKeys } from '@/lib/payments/sandbox/sandbox';
import { errorFileXml, stateAnswerXml, uploadAnswerXml, type StateAnswer } from './anaf/answers';
import { writeZip } from './anaf/zip';

/**
 * The built-in RO e-Factura sandbox (docs/decisions/0014-built-in-sandbox-providers.md, README "RO e-Factura"): a
 * faithful fake of ANAF's API, served by the shop under /api/efactura-sandbox/ when EFACTURA_PROVIDER=sandbox (the
 * default), 404 otherwise. Same paths, parameters and answers as ANAF's `upload`, `stareMesaj`, `descarcare` and
 * its OAuth2 token endpoint; its records live in the database (`efactura_sandbox_uploads`), so every server of the
 * shop answers alike. Its verdict is decided by the document, deterministically:
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

/** Whether the sandbox is the configured e-Factura provider, decided at run time as the payment sandbox's. */
export const efacturaSandboxIsLive = (config: Config = getConfig()) =>
  sandboxIsServed(config.EFACTURA_PROVIDER === 'sandbox', config);

/** How long an upload stays `in prelucrare`. */
const processingSeconds = () => {
  const value = Number(process.env.EFACTURA_SANDBOX_SECONDS);
  return Number.isFinite(value) && value >= 0 ? value : 3;
};

/** ANAF numbers its uploads and answers in separate, large ranges; so does the sandbox. */
const UPLOAD_BASE = 5_000_000_000;
const DOWNLOAD_BASE = 3_000_000_000;
const uploadIdOf = (rowId: number) => String(UPLOAD_BASE + rowId);
const downloadIdOf = (rowId: number) => String(DOWNLOAD_BASE + rowId);
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

/** The bearer token the sandbox's token endpoint gave out: any, as long as there is one. */
const hasBearer = (request: Request) => /^Bearer \S+$/i.test(request.headers.get('authorization') ?? '');
const unauthorized = () =>
  jsonAnswer({ error: 'invalid_token', error_description: 'Bearer token required' }, 401);

/** `POST /token`: the OAuth2 refresh-token grant of logincert.anaf.ro, answered with a token good for an hour. */
export async function sandboxToken(request: Request): Promise<Response> {
  const form = new URLSearchParams(await request.text());
  if (form.get('grant_type') !== 'refresh_token' || !form.get('refresh_token') || !form.get('client_id'))
    return jsonAnswer({ error: 'invalid_request', error_description: 'refresh_token grant expected' }, 400);
  return jsonAnswer(
    {
      access_token: `sandbox-${randomBytes(24).toString('base64url')}`,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: form.get('refresh_token'),
    },
    200,
  );
}

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
  return {
    root,
    customization: String(document.CustomizationID ?? '').trim(),
    buyerNames: [...texts(party?.PartyLegalEntity), ...texts(party?.PartyName)],
  };
}

/** `POST /upload?standard=UBL&cif=…`, the document as the body. */
export async function sandboxUpload(db: Db, request: Request, now = new Date()): Promise<Response> {
  if (!hasBearer(request)) return unauthorized();
  const query = new URL(request.url).searchParams;
  const standard = query.get('standard') ?? '';
  const cif = query.get('cif') ?? '';
  const xml = await request.text();
  const refuse = (error: string) => xmlAnswer(uploadAnswerXml({ kind: 'REFUSED', errors: [error] }, now));
  if (!['UBL', 'CN', 'CII', 'RASP'].includes(standard))
    return refuse('Valorile acceptate pentru parametrul standard sunt UBL, CN, CII sau RASP');
  if (!/^\d{1,10}$/.test(cif)) return refuse(`CIF introdus= ${cif.slice(0, 20)} nu este un numar`);
  if (Buffer.byteLength(xml) > 10 * 1024 * 1024) return refuse('Marime fisier transmis mai mare de 10 MB.');
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
  if (!hasBearer(request)) return unauthorized();
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
  else answer = { kind: row.outcome === 'ok' ? 'ok' : 'nok', downloadId: downloadIdOf(row.id) };
  return xmlAnswer(stateAnswerXml(answer));
}

/** `GET /descarcare?id=…`: the answer's zip, the document (or its errors) and the sandbox's signature over it. */
export async function sandboxDownload(db: Db, request: Request, now = new Date()): Promise<Response> {
  if (!hasBearer(request)) return unauthorized();
  const given = new URL(request.url).searchParams.get('id');
  if (!given || !/^\d+$/.test(given))
    return badRequest(`Id descarcare introdus= ${given ?? ''} nu este un numar intreg`);
  const rowId = rowIdOf(given, DOWNLOAD_BASE);
  const [row] = rowId
    ? await db.select().from(efacturaSandboxUploads).where(eq(efacturaSandboxUploads.id, rowId))
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

/**
 * An XML signature over the file, as ANAF's `semnatura_*.xml` (XMLDSig, RSA-SHA256), made with the sandbox's own key
 * (the payment sandbox's, kept in the database): the shape of ANAF's, not ANAF's authority.
 */
async function signatureXml(db: Db, content: string): Promise<string> {
  const digest = createHash('sha256').update(content).digest('base64');
  const signedInfo = `<ds:SignedInfo><ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/><ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/><ds:Reference URI=""><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue>${digest}</ds:DigestValue></ds:Reference></ds:SignedInfo>`;
  const { privateKeyPem } = await getSandboxKeys(db);
  const value = sign('sha256', Buffer.from(signedInfo), privateKeyPem).toString('base64');
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
 * The sandbox reached in-process, as the payment sandbox is: a `fetch` that answers the sandbox's paths under any
 * host, so the shop's client runs exactly as against ANAF without a network round trip.
 */
export const sandboxFetch =
  (database?: Db): typeof fetch =>
  async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^.*\/api\/efactura-sandbox/, '');
    if (path === '/token' && request.method === 'POST') return sandboxToken(request);
    const db = database ?? (await getDb());
    if (path === '/upload' && request.method === 'POST') return sandboxUpload(db, request);
    if (path === '/stareMesaj' && request.method === 'GET') return sandboxMessageState(db, request);
    if (path === '/descarcare' && request.method === 'GET') return sandboxDownload(db, request);
    return jsonAnswer({ error: 'Not Found' }, 404);
  };
