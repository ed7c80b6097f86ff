/**
 * ANAF's e-Factura answers, as its API documents them (the "Servicii web RO e-Factura" descriptions for `upload`,
 * `stareMesaj` and `descarcare`), read into plain data. The shop's client (client.ts) and the tests read them here;
 * the sandbox (lib/efactura/sandbox.ts) writes them with the builders below, so both sides agree on one shape.
 *
 * - `upload` answers `<header xmlns="mfp:anaf:dgti:spv:respUploadFisier:v1" dateResponse="202108051140"
 *   ExecutionStatus="0" index_incarcare="3828"/>`, or ExecutionStatus="1" with `<Errors errorMessage="..."/>`
 *   children (a file that is not XML, a wrong `standard` or CIF, no SPV rights for the CIF).
 * - `stareMesaj` answers `<header xmlns="mfp:anaf:dgti:efactura:stareMesajFactura:v1" stare="ok"
 *   id_descarcare="1234"/>`; `stare` is one of `ok`, `nok` (errors in the download), `in prelucrare`, and
 *   `XML cu erori nepreluat de sistem`; a question ANAF cannot answer (an unknown index, no rights) carries
 *   `<Errors errorMessage="..."/>` and no `stare`.
 * - `descarcare` answers a zip: `{index}.xml` (the document, or for `nok` its errors in a
 *   `mfp:anaf:dgti:efactura:mesajEroriFactuta:v1` header of `<Error errorMessage="..."/>`) and
 *   `semnatura_{index}.xml`, ANAF's XML signature over it. An id it does not know is answered with JSON
 *   (`{"eroare": "...", "titlu": "Descarcare mesaj"}`).
 * - `listaMesajeFactura?zile=N&cif=…` (N from 1 to 60) answers JSON: `{"mesaje": [{"data_creare": "202403290821",
 *   "cif": "…", "id_solicitare": "4225290319", "detalii": "Factura cu id_incarcare=4225290319 emisa de
 *   cif_emitent=… pentru cif_beneficiar=…", "tip": "FACTURA TRIMISA", "id": "3347056845"}], "serial": "…", "cui":
 *   "…", "titlu": "Lista Mesaje disponibile din ultimele N zile"}`: a message per upload ANAF processed (`tip`
 *   `FACTURA TRIMISA` when accepted, `ERORI FACTURA` when not; `FACTURA PRIMITA` and buyers' messages are the other
 *   kinds), `id_solicitare` the upload's `index_incarcare`, `id` its answer's `id_descarcare`. No message at all, or
 *   a question it refuses, is answered `{"eroare": "Nu exista mesaje in ultimele N zile", "titlu": "Lista Mesaje"}`.
 * - Wrong parameters are answered 400 with JSON `{"message": "..."}`; too many questions, 429 (or 204, which the
 *   older descriptions list).
 *
 * Elements and attributes are matched by local name: the namespaces are ANAF's, but a prefix is not promised.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import { escapeXml } from '@/lib/xml-escape';

export const UPLOAD_NAMESPACE = 'mfp:anaf:dgti:spv:respUploadFisier:v1';
export const STATE_NAMESPACE = 'mfp:anaf:dgti:efactura:stareMesajFactura:v1';
export const ERRORS_NAMESPACE = 'mfp:anaf:dgti:efactura:mesajEroriFactuta:v1';

/** The states `stareMesaj` reports, as ANAF spells them. */
export const MESSAGE_STATES = ['ok', 'nok', 'in prelucrare', 'XML cu erori nepreluat de sistem'] as const;

export type UploadAnswer = { kind: 'UPLOADED'; uploadId: string } | { kind: 'REFUSED'; errors: string[] };

export type StateAnswer =
  | { kind: 'ok'; downloadId: string }
  | { kind: 'nok'; downloadId: string }
  | { kind: 'in prelucrare' }
  | { kind: 'XML cu erori nepreluat de sistem' }
  /** ANAF could not answer the question (an unknown index, no rights): its texts. */
  | { kind: 'ERRORS'; errors: string[] };

/** One message of `listaMesajeFactura`, as ANAF spells its fields. */
export interface ListedMessage {
  id: string;
  id_solicitare: string;
  tip: string;
  /** `yyyyMMddHHmm` in Romania, as {@link anafTimestamp}. */
  data_creare: string;
  detalii: string;
  cif: string;
}

/** The `tip` of an upload ANAF processed: accepted, or answered with errors. */
export const SENT_MESSAGE = 'FACTURA TRIMISA';
export const ERRORS_MESSAGE = 'ERORI FACTURA';

/** The days `listaMesajeFactura` can look back. */
export const MESSAGE_LIST_DAYS = 60;

export type MessageListAnswer =
  { kind: 'MESSAGES'; messages: ListedMessage[] } | { kind: 'ERRORS'; errors: string[] };

/** An answer that is not what ANAF's description says it is. */
export class AnafAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnafAnswerError';
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  isArray: (name) => name === 'Errors' || name === 'Error',
});

type Node = Record<string, unknown>;

/** The `header` element of an ANAF answer. */
function headerOf(xml: string): Node {
  if (XMLValidator.validate(xml) !== true) throw new AnafAnswerError(`not XML: ${xml.slice(0, 120)}`);
  const header = (parser.parse(xml) as Node).header;
  if (!header || typeof header !== 'object') throw new AnafAnswerError(`no header: ${xml.slice(0, 120)}`);
  return header as Node;
}

const attribute = (node: Node, name: string): string | undefined => {
  // Attribute names are case-sensitive in XML, but ANAF writes `Index_incarcare` in one answer and
  // `index_incarcare` in another.
  const key = Object.keys(node).find((candidate) => candidate.toLowerCase() === `@${name.toLowerCase()}`);
  const value = key ? node[key] : undefined;
  return value === undefined || value === null ? undefined : String(value);
};

const errorTexts = (node: Node, element: 'Errors' | 'Error'): string[] =>
  ((node[element] as Node[] | undefined) ?? [])
    .map((error) => (typeof error === 'object' ? attribute(error, 'errorMessage') : undefined))
    .filter((text): text is string => Boolean(text?.trim()))
    .map((text) => text.trim());

/** Reads the answer of `POST /upload`. */
export function parseUploadAnswer(xml: string): UploadAnswer {
  const header = headerOf(xml);
  const errors = errorTexts(header, 'Errors');
  const status = attribute(header, 'ExecutionStatus');
  const uploadId = attribute(header, 'index_incarcare');
  if (status === '0' && uploadId && errors.length === 0) return { kind: 'UPLOADED', uploadId };
  if (status === '1' || errors.length)
    return { kind: 'REFUSED', errors: errors.length ? errors : ['ExecutionStatus=1'] };
  throw new AnafAnswerError(`upload answer without index nor errors: ${xml.slice(0, 200)}`);
}

/** Reads the answer of `GET /stareMesaj`. */
export function parseStateAnswer(xml: string): StateAnswer {
  const header = headerOf(xml);
  const errors = errorTexts(header, 'Errors');
  if (errors.length) return { kind: 'ERRORS', errors };
  const state = attribute(header, 'stare')?.trim();
  const downloadId = attribute(header, 'id_descarcare');
  if ((state === 'ok' || state === 'nok') && downloadId) return { kind: state, downloadId };
  if (state === 'in prelucrare' || state === 'XML cu erori nepreluat de sistem') return { kind: state };
  throw new AnafAnswerError(`unknown message state: ${xml.slice(0, 200)}`);
}

/** ANAF's "no message in the last N days", which is an empty list, not a failure. */
const NO_MESSAGES = /^Nu exista mesaje/i;

/** Reads the answer of `GET /listaMesajeFactura`. */
export function parseMessageList(body: string): MessageListAnswer {
  let parsed: { mesaje?: unknown; eroare?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    throw new AnafAnswerError(`message list not JSON: ${body.slice(0, 120)}`);
  }
  if (typeof parsed.eroare === 'string')
    return NO_MESSAGES.test(parsed.eroare.trim())
      ? { kind: 'MESSAGES', messages: [] }
      : { kind: 'ERRORS', errors: [parsed.eroare] };
  if (!Array.isArray(parsed.mesaje))
    throw new AnafAnswerError(`message list without mesaje: ${body.slice(0, 120)}`);
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  return {
    kind: 'MESSAGES',
    messages: (parsed.mesaje as Record<string, unknown>[]).map((message) => ({
      id: text(message.id),
      id_solicitare: text(message.id_solicitare),
      tip: text(message.tip),
      data_creare: text(message.data_creare),
      detalii: text(message.detalii),
      cif: text(message.cif),
    })),
  };
}

/** The `listaMesajeFactura` answer ANAF writes for the seller's CIF. */
export function messageListJson(messages: ListedMessage[], days: number, cif: string): string {
  if (!messages.length)
    return JSON.stringify({ eroare: `Nu exista mesaje in ultimele ${days} zile`, titlu: 'Lista Mesaje' });
  return JSON.stringify({
    mesaje: messages,
    serial: `${cif}SANDBOX`,
    cui: cif,
    titlu: `Lista Mesaje disponibile din ultimele ${days} zile`,
  });
}

/** The error texts of the error file in a `nok` answer's zip (empty for any other file). */
export function parseErrorFile(xml: string): string[] {
  try {
    return errorTexts(headerOf(xml), 'Error');
  } catch {
    return [];
  }
}

/** The text of a JSON error answer (`message` of a 400, `eroare` of a download), or null when it is not one. */
export function jsonErrorText(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; eroare?: unknown };
    const text = parsed.eroare ?? parsed.message;
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

const ANAF_MINUTE = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `yyyyMMddHHmm` in Romania, as ANAF stamps `dateResponse`. */
export function anafTimestamp(at: Date): string {
  const parts = ANAF_MINUTE.formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The upload answer ANAF writes: an index, or the reasons the file was refused. */
export function uploadAnswerXml(answer: UploadAnswer, at: Date): string {
  const stamp = anafTimestamp(at);
  if (answer.kind === 'UPLOADED')
    return `${XML_DECLARATION}<header xmlns="${UPLOAD_NAMESPACE}" dateResponse="${stamp}" ExecutionStatus="0" index_incarcare="${answer.uploadId}"/>\n`;
  const errors = answer.errors.map((error) => `    <Errors errorMessage="${escapeXml(error)}"/>\n`).join('');
  return `${XML_DECLARATION}<header xmlns="${UPLOAD_NAMESPACE}" dateResponse="${stamp}" ExecutionStatus="1">\n${errors}</header>\n`;
}

/** The `stareMesaj` answer ANAF writes. */
export function stateAnswerXml(answer: StateAnswer): string {
  if (answer.kind === 'ERRORS') {
    const errors = answer.errors.map((error) => `<Errors errorMessage="${escapeXml(error)}"/>`).join('');
    return `${XML_DECLARATION}<header xmlns="${STATE_NAMESPACE}">${errors}</header>\n`;
  }
  const download = 'downloadId' in answer ? ` id_descarcare="${answer.downloadId}"` : '';
  return `${XML_DECLARATION}<header xmlns="${STATE_NAMESPACE}" stare="${answer.kind}"${download}/>\n`;
}

/** The error file of a `nok` answer's zip. */
export function errorFileXml(uploadId: string, cif: string, errors: string[]): string {
  const lines = errors.map((error) => `<Error errorMessage="${escapeXml(error)}"/>`).join('');
  return `${XML_DECLARATION}<header xmlns="${ERRORS_NAMESPACE}" Index_incarcare="${uploadId}" Cif_emitent="${cif}">${lines}</header>\n`;
}
