import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { GET as downloadRoute } from '@/app/api/efactura-sandbox/descarcare/route';
import { GET as stateRoute } from '@/app/api/efactura-sandbox/stareMesaj/route';
import { POST as tokenRoute } from '@/app/api/efactura-sandbox/token/route';
import { POST as uploadRoute } from '@/app/api/efactura-sandbox/upload/route';
import { getConfig } from '@/lib/config/env';
import { efacturaSandboxUploads } from '@/lib/db/schema';
import { anafClient } from '@/lib/efactura/anaf/client';
import { parseStateAnswer, parseUploadAnswer } from '@/lib/efactura/anaf/answers';
import { readZip } from '@/lib/efactura/anaf/zip';
import {
  CIUS_RO_CUSTOMIZATION,
  efacturaSandboxIsServed,
  MAX_UPLOAD_BYTES,
  purgeEfacturaSandbox,
  SANDBOX_RETENTION_DAYS,
  sandboxCredentials,
  sandboxFetch,
  sandboxMessageState,
  sandboxUpload,
} from '@/lib/efactura/sandbox';
import { SANDBOX_TOKEN_SECONDS } from '@/lib/efactura/sandbox-auth';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { sandboxAnswersAtOnce } from '../../support/efactura-sandbox';
import { noParams, withEnv } from '../../support/process-database';

// The e-Factura sandbox over HTTP, through its route handlers: ANAF's OAuth (only its own credentials, only the
// tokens it signed), download ids that cannot be counted, bodies refused by their declared length, and a purge.

const BASE = 'http://localhost/api/efactura-sandbox';
const DAY = 24 * 3600_000;

const tokenRequest = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`${BASE}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

const bearer = (token: string | undefined): Record<string, string> =>
  token === undefined ? {} : { authorization: `Bearer ${token}` };

const uploadRequest = (body: BodyInit, token?: string, headers: Record<string, string> = {}) =>
  new Request(`${BASE}/upload?standard=UBL&cif=18547290`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...bearer(token), ...headers },
    body,
    duplex: 'half',
  } as RequestInit);

const get = (path: string, token?: string) => new Request(`${BASE}${path}`, { headers: bearer(token) });

const invoiceXml = (buyer = 'Sandbox Test SRL', padding = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"><cbc:CustomizationID>${CIUS_RO_CUSTOMIZATION}</cbc:CustomizationID><cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>${buyer}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty><!--${padding}--></Invoice>`;

/** A body that counts what is read from it: endless chunks of `chunkBytes` spaces. */
function countingBody(chunkBytes: number) {
  const record = { pulls: 0, bytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        record.pulls++;
        record.bytes += chunkBytes;
        controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, record };
}

describeOnProcessDrivers('the RO e-Factura sandbox over HTTP', (db) => {
  sandboxAnswersAtOnce();

  const grant = async (overrides: Record<string, string> = {}) => {
    const credentials = await sandboxCredentials(db());
    return tokenRequest({
      grant_type: 'refresh_token',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      refresh_token: credentials.refreshToken,
      ...overrides,
    });
  };
  const accessToken = async () => {
    const response = await tokenRoute(await grant(), noParams);
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  };

  /** Uploads a document through the routes, then asks its state until it is ready: its upload and download ids. */
  async function uploaded(token: string, xml = invoiceXml()) {
    const upload = parseUploadAnswer(await (await uploadRoute(uploadRequest(xml, token), noParams)).text());
    if (upload.kind !== 'UPLOADED') throw new Error(`refused: ${upload.errors.join()}`);
    const state = parseStateAnswer(
      await (await stateRoute(get(`/stareMesaj?id_incarcare=${upload.uploadId}`, token), noParams)).text(),
    );
    if (state.kind !== 'ok' && state.kind !== 'nok') throw new Error(`not ready: ${state.kind}`);
    return { uploadId: upload.uploadId, downloadId: state.downloadId };
  }

  describe('its token endpoint', () => {
    it('keeps one set of credentials per database, so every server agrees', async () => {
      const first = await sandboxCredentials(db());
      expect(first.clientId).toMatch(/^[0-9a-f]{48}$/);
      expect(first.clientSecret).toMatch(/^[0-9a-f]{64}$/);
      expect(first.refreshToken.length).toBeGreaterThanOrEqual(40);
      expect(await sandboxCredentials(db())).toEqual(first);
    });

    it('gives a bearer token for an hour to its own client and refresh token, in the form or by Basic', async () => {
      const response = await tokenRoute(await grant(), noParams);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        token_type: 'Bearer',
        expires_in: SANDBOX_TOKEN_SECONDS,
        access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      });

      const { clientId, clientSecret, refreshToken } = await sandboxCredentials(db());
      const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
      const byBasic = await tokenRoute(
        tokenRequest(
          { grant_type: 'refresh_token', refresh_token: refreshToken },
          { authorization: `Basic ${basic}` },
        ),
        noParams,
      );
      expect(byBasic.status).toBe(200);
    });

    it('refuses a wrong client secret or id (401 invalid_client) and a wrong refresh token (400 invalid_grant)', async () => {
      const wrongSecret = await tokenRoute(await grant({ client_secret: 'sandbox' }), noParams);
      expect(wrongSecret.status).toBe(401);
      expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
      expect(wrongSecret.headers.get('www-authenticate')).toMatch(/^Basic/);

      const wrongClient = await tokenRoute(await grant({ client_id: 'test' }), noParams);
      expect(wrongClient.status).toBe(401);
      const noClient = await tokenRoute(
        tokenRequest({ grant_type: 'refresh_token', refresh_token: 'x' }),
        noParams,
      );
      expect(noClient.status).toBe(401);

      const wrongRefresh = await tokenRoute(await grant({ refresh_token: 'test' }), noParams);
      expect(wrongRefresh.status).toBe(400);
      expect(await wrongRefresh.json()).toMatchObject({ error: 'invalid_grant' });

      const otherGrant = await tokenRoute(await grant({ grant_type: 'client_credentials' }), noParams);
      expect(otherGrant.status).toBe(400);
      expect(await otherGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    });

    it('refuses a body over 4 KB by its declared length, 413', async () => {
      const { stream, record } = countingBody(1024);
      const response = await tokenRoute(
        new Request(`${BASE}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '5000' },
          body: stream,
          duplex: 'half',
        } as RequestInit),
        noParams,
      );
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ error: 'invalid_request' });
      expect(record.pulls).toBe(0);
    });

    it('is what the shop’s own client gets its token from: with other credentials nothing is sent', async () => {
      const client = (credentials: Parameters<typeof anafClient>[0]['credentials']) =>
        anafClient({ apiUrl: BASE, tokenUrl: `${BASE}/token`, credentials, fetch: sandboxFetch(db()) });
      const refused = await client({ clientId: 'test', clientSecret: 'test', refreshToken: 'test' }).upload(
        invoiceXml(),
        { standard: 'UBL', cif: '18547290' },
      );
      expect(refused).toEqual({
        kind: 'TEMPORARY',
        message: expect.stringMatching(/HTTP 401 invalid_client/),
      });

      const own = await client(() => sandboxCredentials(db())).upload(invoiceXml(), {
        standard: 'UBL',
        cif: '18547290',
      });
      expect(own).toMatchObject({ kind: 'UPLOADED' });
    });
  });

  describe('its API', () => {
    const forged = async (key: string, claims: { exp?: number } = {}) =>
      new SignJWT({ scope: 'e-factura' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('efactura-sandbox')
        .setAudience('efactura-sandbox')
        .setIssuedAt()
        .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 3600)
        .sign(new TextEncoder().encode(key));

    it('answers 401 invalid_token to a request without a token, or with one it did not sign', async () => {
      const { uploadId, downloadId } = await uploaded(await accessToken());
      const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
        JSON.stringify({ iss: 'efactura-sandbox', aud: 'efactura-sandbox', exp: 9_999_999_999 }),
      ).toString('base64url')}.`;
      for (const token of [
        undefined,
        'x',
        `sandbox-${'a'.repeat(32)}`,
        await forged('a key that is not the sandbox’s'),
        unsigned,
      ]) {
        for (const response of [
          await uploadRoute(uploadRequest(invoiceXml(), token), noParams),
          await stateRoute(get(`/stareMesaj?id_incarcare=${uploadId}`, token), noParams),
          await downloadRoute(get(`/descarcare?id=${downloadId}`, token), noParams),
        ]) {
          expect(response.status).toBe(401);
          expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
          expect(await response.json()).toMatchObject({ error: 'invalid_token' });
        }
      }
    });

    it('answers 401 to a token past its hour', async () => {
      const token = await accessToken();
      const later = new Date(Date.now() + (SANDBOX_TOKEN_SECONDS + 1) * 1000);
      const upload = await sandboxUpload(db(), uploadRequest(invoiceXml(), token), later);
      expect(upload.status).toBe(401);
      expect(await upload.json()).toMatchObject({ error_description: 'Access token expired' });
      const state = await sandboxMessageState(db(), get('/stareMesaj?id_incarcare=5000000001', token), later);
      expect(state.status).toBe(401);
      // Within its hour, the same token is taken.
      const soon = new Date(Date.now() + (SANDBOX_TOKEN_SECONDS - 60) * 1000);
      expect((await sandboxUpload(db(), uploadRequest(invoiceXml(), token), soon)).status).toBe(200);
    });

    it('gives each answer ten random digits as its download id: a counted id finds nothing', async () => {
      const token = await accessToken();
      const first = await uploaded(token);
      const second = await uploaded(token);
      for (const { downloadId } of [first, second]) expect(downloadId).toMatch(/^[1-9]\d{9}$/);
      expect(Number(second.downloadId) - Number(first.downloadId)).not.toBe(1);

      const download = await downloadRoute(get(`/descarcare?id=${second.downloadId}`, token), noParams);
      expect(download.status).toBe(200);
      expect([...readZip(Buffer.from(await download.arrayBuffer())).keys()]).toEqual([
        `${second.uploadId}.xml`,
        `semnatura_${second.uploadId}.xml`,
      ]);

      // The same id again, from stareMesaj, and the id the sandbox used to count (3 000 000 000 + its row): nothing.
      const again = parseStateAnswer(
        await (await stateRoute(get(`/stareMesaj?id_incarcare=${second.uploadId}`, token), noParams)).text(),
      );
      expect(again).toEqual({ kind: 'ok', downloadId: second.downloadId });
      const rowId = Number(second.uploadId) - 5_000_000_000;
      const counted = await downloadRoute(get(`/descarcare?id=${3_000_000_000 + rowId}`, token), noParams);
      expect(await counted.json()).toMatchObject({ eroare: expect.stringMatching(/nu exista/) });
    });

    it('leaves an answer recorded before ids were random out of reach of its old id, until stareMesaj draws one', async () => {
      const token = await accessToken();
      const [row] = await db()
        .insert(efacturaSandboxUploads)
        .values({
          cif: '18547290',
          standard: 'UBL',
          xml: invoiceXml(),
          digest: 'legacy',
          outcome: 'ok',
          readyAt: new Date(),
        })
        .returning({ id: efacturaSandboxUploads.id });
      const old = await downloadRoute(get(`/descarcare?id=${3_000_000_000 + row!.id}`, token), noParams);
      expect(await old.json()).toMatchObject({ eroare: expect.any(String) });

      const state = parseStateAnswer(
        await (
          await stateRoute(get(`/stareMesaj?id_incarcare=${5_000_000_000 + row!.id}`, token), noParams)
        ).text(),
      );
      expect(state).toEqual({ kind: 'ok', downloadId: expect.stringMatching(/^[1-9]\d{9}$/) });
      const [stored] = await db()
        .select({ downloadId: efacturaSandboxUploads.downloadId })
        .from(efacturaSandboxUploads)
        .where(eq(efacturaSandboxUploads.id, row!.id));
      expect(state).toMatchObject({ downloadId: stored!.downloadId });
    });
  });

  describe('its upload’s size limit', () => {
    it('refuses a declared 11 MB with 413 and ANAF’s refusal without reading a byte', async () => {
      const token = await accessToken();
      const { stream, record } = countingBody(64 * 1024);
      const response = await uploadRoute(
        uploadRequest(stream, token, { 'content-length': String(11 * 1024 * 1024) }),
        noParams,
      );
      expect(response.status).toBe(413);
      expect(parseUploadAnswer(await response.text())).toEqual({
        kind: 'REFUSED',
        errors: ['Marime fisier transmis mai mare de 10 MB.'],
      });
      expect(record.pulls).toBe(0);
    });

    it('stops reading a body without a declared length just past 10 MB', async () => {
      const token = await accessToken();
      const chunk = 256 * 1024;
      const { stream, record } = countingBody(chunk);
      const response = await uploadRoute(uploadRequest(stream, token), noParams);
      expect(response.status).toBe(413);
      expect(record.bytes).toBeGreaterThan(MAX_UPLOAD_BYTES);
      expect(record.bytes).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 2 * chunk);
    });

    it('takes a document larger than the API’s usual 64 KB', async () => {
      const token = await accessToken();
      const xml = invoiceXml('Large Document SRL', 'x'.repeat(200 * 1024));
      const response = await uploadRoute(uploadRequest(xml, token), noParams);
      expect(parseUploadAnswer(await response.text())).toMatchObject({ kind: 'UPLOADED' });
    });
  });

  describe('its purge', () => {
    it('deletes uploads past 60 days and 503 answers past a day, keeps the rest, once on several servers', async () => {
      const now = new Date();
      const row = (outcome: 'ok' | 'UNAVAILABLE', ageMs: number, digest: string) => ({
        cif: '18547290',
        standard: 'UBL',
        xml: invoiceXml(),
        digest,
        outcome,
        readyAt: new Date(now.getTime() - ageMs),
        createdAt: new Date(now.getTime() - ageMs),
      });
      const inserted = await db()
        .insert(efacturaSandboxUploads)
        .values([
          row('ok', (SANDBOX_RETENTION_DAYS + 1) * DAY, 'purge-old'),
          row('ok', (SANDBOX_RETENTION_DAYS - 1) * DAY, 'purge-recent'),
          row('UNAVAILABLE', 2 * DAY, 'purge-old-503'),
          row('UNAVAILABLE', 3600_000, 'purge-recent-503'),
        ])
        .returning({ id: efacturaSandboxUploads.id, digest: efacturaSandboxUploads.digest });
      const purged = await Promise.all([purgeEfacturaSandbox(db(), now), purgeEfacturaSandbox(db(), now)]);
      expect(purged[0] + purged[1]).toBe(2);
      const left = new Set(
        (await db().select({ digest: efacturaSandboxUploads.digest }).from(efacturaSandboxUploads)).map(
          (kept) => kept.digest,
        ),
      );
      expect(inserted.filter((one) => left.has(one.digest)).map((one) => one.digest)).toEqual([
        'purge-recent',
        'purge-recent-503',
      ]);
      expect(await purgeEfacturaSandbox(db(), now)).toBe(0);
    });
  });

  it('is served only while it is the provider and the shop is not live', async () => {
    expect(efacturaSandboxIsServed(getConfig())).toBe(true);
    expect(efacturaSandboxIsServed({ ...getConfig(), PAYMENT_PROVIDER: 'netopia' })).toBe(false);
    await withEnv({ EFACTURA_PROVIDER: 'off' }, async () => {
      expect((await tokenRoute(await grant(), noParams)).status).toBe(404);
      expect((await uploadRoute(uploadRequest(invoiceXml(), 'x'), noParams)).status).toBe(404);
    });
  });
});
