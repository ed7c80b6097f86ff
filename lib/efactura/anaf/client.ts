/**
 * The client of ANAF's RO e-Factura API (`{base}/upload`, `/stareMesaj`, `/descarcare`, `/listaMesajeFactura`, base e.g.
 * https://api.anaf.ro/test/FCTEL/rest) with its OAuth2 bearer token. The same code talks to ANAF and to the built-in
 * sandbox (lib/efactura/sandbox.ts); only `fetch` differs. Every method answers a result instead of throwing, and
 * says whether a failure is worth retrying:
 *
 * - TEMPORARY: nothing was taken (a 5xx, 429 or 204 answer, a refused token, a connection never made): ask again.
 * - UNCERTAIN (upload only): the file may have reached ANAF but no answer came back (a timeout, a connection cut
 *   after the body was sent, an answer that is not ANAF's). Sending again could register the invoice twice, so the
 *   job looks for it in ANAF's message list first (docs/decisions/0017-efactura-uploads-never-doubled.md).
 * - anything else is ANAF's verdict, kept as it is.
 */
import 'server-only';

import {
  AnafAnswerError,
  jsonErrorText,
  MESSAGE_LIST_DAYS,
  parseMessageList,
  parseStateAnswer,
  parseUploadAnswer,
  type MessageListAnswer,
  type StateAnswer,
  type UploadAnswer,
} from './answers';

export type Temporary = { kind: 'TEMPORARY'; message: string };
export type UploadResult = UploadAnswer | Temporary | { kind: 'UNCERTAIN'; message: string };
export type StateResult = StateAnswer | Temporary;
export type MessageListResult = MessageListAnswer | Temporary;
export type DownloadResult = { kind: 'ZIP'; bytes: Buffer } | { kind: 'FAILED'; message: string } | Temporary;

/** `UBL` for an Invoice, `CN` for a CreditNote (UBL syntax), as `upload?standard=` names them. */
export type UploadStandard = 'UBL' | 'CN';

export interface EfacturaApi {
  /** Uploads a document for the seller's CIF (digits, without RO): ANAF's index, or why not. */
  upload(xml: string, options: { standard: UploadStandard; cif: string }): Promise<UploadResult>;
  /** Where ANAF is with an upload. */
  messageState(uploadId: string): Promise<StateResult>;
  /** ANAF's answer archive: the document (or its errors) and ANAF's signature. */
  download(downloadId: string): Promise<DownloadResult>;
  /** The messages of the last `days` (1 to 60) for the CIF: what finds an upload whose answer was lost. */
  messages(query: { days: number; cif: string }): Promise<MessageListResult>;
}

/** The application registered at ANAF and the refresh token of the seller's SPV access. */
export interface AnafCredentials {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

export interface AnafClientOptions {
  apiUrl: string;
  tokenUrl: string;
  /** The credentials, or how to find them when a token is first needed (the sandbox keeps its own in the database). */
  credentials: AnafCredentials | (() => Promise<AnafCredentials>);
  fetch?: typeof fetch;
  /** How long a call may take; an upload gets twice as long (ANAF is slow at the end of a month). */
  timeoutMs?: number;
  now?: () => number;
}

/** Connection errors that happen before a byte is sent: the upload surely did not arrive. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

const causeCode = (error: unknown): string | undefined => {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
};

const describe = (error: unknown) =>
  error instanceof Error
    ? `${error.name === 'TimeoutError' ? 'timeout' : error.message}${causeCode(error) ? ` (${causeCode(error)})` : ''}`
    : String(error);

/** Statuses ANAF answers when it took nothing and would take it later. */
const isTemporaryStatus = (status: number) => status >= 500 || status === 429 || status === 204;

/** The most an answer may be: a zip of a 10 MB document (ANAF's upload limit) and its signature, with room. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** An answer's body, read no further than MAX_ANSWER_BYTES: a larger one is refused, not held in memory. */
async function boundedBody(response: Response): Promise<Buffer> {
  const tooLarge = () => new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes refused`);
  if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) throw tooLarge();
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * Every call carries a secret (the client secret and refresh token, or the bearer token): a redirect is never
 * followed, or a 307/308 would post them to wherever it points. The 3xx itself is the answer, refused here.
 */
const NO_REDIRECT = { redirect: 'manual' } as const satisfies RequestInit;
const isRedirect = (response: Response) =>
  response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
const redirectRefused = (response: Response) =>
  `HTTP ${response.status}: redirect${response.headers.get('location') ? ` to ${response.headers.get('location')}` : ''} refused`;

export function anafClient(options: AnafClientOptions): EfacturaApi {
  const fetcher = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  const base = options.apiUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  /** A bearer token, from the refresh-token grant, kept until a minute before it expires. */
  async function accessToken(): Promise<string | Temporary> {
    if (token && token.expiresAt > now()) return token.value;
    let response: Response;
    try {
      const credentials =
        typeof options.credentials === 'function' ? await options.credentials() : options.credentials;
      response = await fetcher(options.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: credentials.refreshToken,
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
        }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
        ...NO_REDIRECT,
      });
    } catch (error) {
      return { kind: 'TEMPORARY', message: `token: ${describe(error)}` };
    }
    if (isRedirect(response)) return { kind: 'TEMPORARY', message: `token: ${redirectRefused(response)}` };
    const body = await response.text().catch(() => '');
    let parsed: {
      access_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
      error_description?: unknown;
    };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      parsed = {};
    }
    if (!response.ok || typeof parsed.access_token !== 'string') {
      // A refused refresh token needs a person, but nothing was uploaded: the job retries and staff see the text.
      const reason = [parsed.error, parsed.error_description].filter((part) => typeof part === 'string');
      return {
        kind: 'TEMPORARY',
        message: `token refused: HTTP ${response.status}${reason.length ? ` ${reason.join(': ')}` : ''}`,
      };
    }
    const lifetime = typeof parsed.expires_in === 'number' ? parsed.expires_in : 3600;
    token = { value: parsed.access_token, expiresAt: now() + Math.max(lifetime - 60, 0) * 1000 };
    return token.value;
  }

  type Answered = { kind: 'ANSWERED'; response: Response; body: Buffer };
  type CallFailure = Temporary | { kind: 'LOST'; message: string };

  /** One authorised call: its answer, or why there is none (TEMPORARY: surely not received; LOST: unknown). */
  async function call(
    path: string,
    init: RequestInit & { timeoutMs?: number },
  ): Promise<Answered | CallFailure> {
    const bearer = await accessToken();
    if (typeof bearer !== 'string') return bearer;
    let response: Response;
    let body: Buffer;
    try {
      response = await fetcher(`${base}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${bearer}` },
        signal: AbortSignal.timeout(init.timeoutMs ?? timeoutMs),
        ...NO_REDIRECT,
      });
      body = await boundedBody(response);
    } catch (error) {
      const kind = NOT_CONNECTED.has(causeCode(error) ?? '') ? 'TEMPORARY' : 'LOST';
      return { kind, message: describe(error) };
    }
    // A redirect did not take the call (it says "ask there instead"), and is not followed with the bearer token.
    if (isRedirect(response)) return { kind: 'TEMPORARY', message: redirectRefused(response) };
    if (response.status === 401 || response.status === 403) {
      // The token expired early or was revoked: the next call asks for a new one.
      token = null;
      return { kind: 'TEMPORARY', message: `HTTP ${response.status}: token not accepted` };
    }
    if (isTemporaryStatus(response.status)) {
      const text = jsonErrorText(body.toString('utf8'));
      return { kind: 'TEMPORARY', message: `HTTP ${response.status}${text ? `: ${text}` : ''}` };
    }
    return { kind: 'ANSWERED', response, body };
  }

  /**
   * A question that changes nothing at ANAF (`stareMesaj`, `listaMesajeFactura`): ANAF's answer read by `parse`, its
   * 400 as errors; lost on the way or not ANAF's, a temporary failure, asked again.
   */
  async function question<T>(
    path: string,
    parse: (text: string) => T,
  ): Promise<T | { kind: 'ERRORS'; errors: string[] } | Temporary> {
    const answered = await call(path, { method: 'GET' });
    if (answered.kind === 'LOST') return { kind: 'TEMPORARY', message: answered.message };
    if (answered.kind !== 'ANSWERED') return answered;
    const text = answered.body.toString('utf8');
    if (answered.response.status === 400)
      return { kind: 'ERRORS', errors: [jsonErrorText(text) ?? `HTTP 400: ${text.slice(0, 300)}`] };
    try {
      return parse(text);
    } catch (error) {
      if (error instanceof AnafAnswerError)
        return { kind: 'TEMPORARY', message: `HTTP ${answered.response.status}: ${error.message}` };
      throw error;
    }
  }

  return {
    async upload(xml, { standard, cif }) {
      const query = new URLSearchParams({ standard, cif });
      const answered = await call(`/upload?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: xml,
        timeoutMs: timeoutMs * 2,
      });
      if (answered.kind === 'LOST') return { kind: 'UNCERTAIN', message: answered.message };
      if (answered.kind !== 'ANSWERED') return answered;
      const text = answered.body.toString('utf8');
      if (answered.response.status === 400)
        return { kind: 'REFUSED', errors: [jsonErrorText(text) ?? `HTTP 400: ${text.slice(0, 300)}`] };
      try {
        return parseUploadAnswer(text);
      } catch (error) {
        // Something answered, but not with ANAF's receipt: whether the file was taken is unknown.
        return { kind: 'UNCERTAIN', message: `HTTP ${answered.response.status}: ${describe(error)}` };
      }
    },

    messageState: (uploadId) =>
      question(`/stareMesaj?${new URLSearchParams({ id_incarcare: uploadId })}`, parseStateAnswer),

    messages: ({ days, cif }) => {
      const zile = String(Math.min(Math.max(Math.ceil(days), 1), MESSAGE_LIST_DAYS));
      return question(`/listaMesajeFactura?${new URLSearchParams({ zile, cif })}`, parseMessageList);
    },

    async download(downloadId) {
      const answered = await call(`/descarcare?${new URLSearchParams({ id: downloadId })}`, {
        method: 'GET',
      });
      if (answered.kind === 'LOST') return { kind: 'TEMPORARY', message: answered.message };
      if (answered.kind !== 'ANSWERED') return answered;
      // A zip begins "PK\3\4"; anything else is ANAF's explanation why there is none.
      if (answered.body.length >= 4 && answered.body.readUInt32LE(0) === 0x04034b50)
        return { kind: 'ZIP', bytes: answered.body };
      const text = answered.body.toString('utf8');
      return {
        kind: 'FAILED',
        message: jsonErrorText(text) ?? `HTTP ${answered.response.status}: ${text.slice(0, 300)}`,
      };
    },
  };
}
