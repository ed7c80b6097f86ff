import { eq } from 'drizzle-orm';
import { GET as listRoute } from '@/app/api/efactura-sandbox/listaMesajeFactura/route';
import { POST as tokenRoute } from '@/app/api/efactura-sandbox/token/route';
import { POST as uploadRoute } from '@/app/api/efactura-sandbox/upload/route';
import type { Db } from '@/lib/db/client';
import { efacturaSubmissions } from '@/lib/db/schema';
import { parseMessageList, parseUploadAnswer } from '@/lib/efactura/anaf/answers';
import type { EfacturaApi } from '@/lib/efactura/anaf/client';
import { CIUS_RO_CUSTOMIZATION, sandboxCredentials, sandboxUploadCount } from '@/lib/efactura/sandbox';
import { processEfacturaSubmissions } from '@/lib/efactura/submissions';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { staffAlertsOf } from '../../support/dead-letters';
import { sandboxAnswersAtOnce, sandboxApi } from '../../support/efactura-sandbox';
import { noParams } from '../../support/process-database';
import { paidVignetteOrder } from '../../support/purchases';

/*
 * An upload whose answer was lost (a server killed mid-upload, a database stop before ANAF's index was written) is
 * looked for in ANAF's message list, `listaMesajeFactura`, here the built-in sandbox's: found, it goes on as if the
 * answer had come; surely not there, it is uploaded again, once (docs/decisions/0017-efactura-uploads-never-doubled.md).
 */

const BASE = 'http://localhost/api/efactura-sandbox';
const HOUR = 3600;

const submissionOf = async (db: Db, orderId: string) =>
  (await db.select().from(efacturaSubmissions).where(eq(efacturaSubmissions.orderId, orderId)))[0]!;

/** The process dies: the pass stops where it is, and nothing after this point is written. */
class Killed extends Error {}

/**
 * The sandbox's API, with the server killed during the upload: `before` ANAF got the file, or `after` it took it
 * and before its index reached the database. `kills` lists what happens to each upload in turn; later ones go through.
 */
function killedMidUpload(
  db: Db,
  kills: ('before' | 'after')[],
  now?: () => Date,
): EfacturaApi & { uploads: number } {
  const real = sandboxApi(db, now);
  const api = {
    ...real,
    uploads: 0,
    async upload(xml: string, options: Parameters<EfacturaApi['upload']>[1]) {
      api.uploads++;
      const kill = kills.shift();
      if (kill === 'before') throw new Killed('killed before the body left');
      const result = await real.upload(xml, options);
      if (kill === 'after') throw new Killed('killed after ANAF took the file');
      return result;
    },
  };
  return api;
}

describeOnProcessDrivers('an e-Factura upload left in an unknown state', (db) => {
  sandboxAnswersAtOnce();

  /** One job pass, `seconds` from now on the job's clock, which ANAF's (the sandbox's) follows: `clock`. */
  let shift = 0;
  const clock = () => new Date(Date.now() + shift * 1000);
  const pass = (seconds: number, api: EfacturaApi) => {
    shift = seconds;
    return processEfacturaSubmissions(db(), api, { now: clock });
  };
  const alertsOf = (orderId: string) => staffAlertsOf(db(), orderId);

  it('is found in ANAF’s message list after a kill mid-upload, and accepted without a second upload', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: ['B101LST'] });
    const before = await sandboxUploadCount(db());
    const api = killedMidUpload(db(), ['after'], clock);

    await pass(0, api);
    const left = await submissionOf(db(), orderId);
    expect(left).toMatchObject({ status: 'UPLOADING', uploadId: null });
    expect(await sandboxUploadCount(db())).toBe(before + 1);

    // While the dead server's claim lasts (5 min), nobody touches it.
    await pass(60, api);
    expect(await submissionOf(db(), orderId)).toMatchObject({ status: 'UPLOADING', uploadId: null });

    // Then the list has it: its index recorded, and the usual questions take it to ACCEPTED.
    await pass(6 * 60, api);
    const found = await submissionOf(db(), orderId);
    expect(found).toMatchObject({ status: 'UPLOADED', lastError: null });
    expect(found.uploadId).toMatch(/^\d+$/);
    await pass(6 * 60 + 1, api);
    expect(await submissionOf(db(), orderId)).toMatchObject({ status: 'ACCEPTED', uploadId: found.uploadId });

    expect(api.uploads).toBe(1);
    expect(await sandboxUploadCount(db())).toBe(before + 1);
    expect(await alertsOf(orderId)).toEqual([]);
  });

  it('is uploaded again once when ANAF never got it, and that upload, lost too, is found, not sent a third time', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: ['B102LST'] });
    const before = await sandboxUploadCount(db());
    const api = killedMidUpload(db(), ['before', 'after'], clock);

    await pass(0, api);
    expect(await submissionOf(db(), orderId)).toMatchObject({ status: 'UPLOADING' });
    expect(await sandboxUploadCount(db())).toBe(before);

    // Not in the list, but ANAF may still be processing it: asked again, not sent again, nobody alerted.
    await pass(6 * 60, api);
    await pass(2 * HOUR, api);
    await pass(6 * HOUR, api);
    expect(await submissionOf(db(), orderId)).toMatchObject({ status: 'UPLOADING', uploadId: null });
    expect(api.uploads).toBe(1);

    // Past the settle time, still not listed: ANAF never got it, so it is uploaded again.
    await pass(13 * HOUR, api);
    expect(await submissionOf(db(), orderId)).toMatchObject({
      status: 'PENDING',
      lastError: expect.stringContaining("not in ANAF's message list"),
    });
    await pass(13 * HOUR + 1, api);
    expect(api.uploads).toBe(2);
    expect(await sandboxUploadCount(db())).toBe(before + 1);

    // That upload was killed after ANAF took it: the list finds it, however long the job runs.
    await pass(13 * HOUR + 10 * 60, api);
    await pass(13 * HOUR + 10 * 60 + 1, api);
    expect(await submissionOf(db(), orderId)).toMatchObject({ status: 'ACCEPTED' });
    await pass(40 * HOUR, api);
    expect(api.uploads).toBe(2);
    expect(await sandboxUploadCount(db())).toBe(before + 1);
    expect(await alertsOf(orderId)).toEqual([]);
  });

  describe('the sandbox’s GET /listaMesajeFactura, as ANAF answers it', () => {
    const accessToken = async () => {
      const credentials = await sandboxCredentials(db());
      const response = await tokenRoute(
        new Request(`${BASE}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            client_id: credentials.clientId,
            client_secret: credentials.clientSecret,
            refresh_token: credentials.refreshToken,
          }).toString(),
        }),
        noParams,
      );
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const get = (path: string, token?: string) =>
      new Request(`${BASE}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const invoice = (number: string, customization = CIUS_RO_CUSTOMIZATION) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"><cbc:CustomizationID>${customization}</cbc:CustomizationID><cbc:ID>${number}</cbc:ID><cac:AccountingCustomerParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID>RO18547290</cbc:CompanyID></cac:PartyTaxScheme><cac:PartyLegalEntity><cbc:RegistrationName>List SRL</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty></Invoice>`;
    const upload = async (token: string, cif: string, xml: string) => {
      const answer = parseUploadAnswer(
        await (
          await uploadRoute(
            new Request(`${BASE}/upload?standard=UBL&cif=${cif}`, {
              method: 'POST',
              headers: { 'content-type': 'text/plain', authorization: `Bearer ${token}` },
              body: xml,
            }),
            noParams,
          )
        ).text(),
      );
      if (answer.kind !== 'UPLOADED') throw new Error(answer.errors.join());
      return answer.uploadId;
    };

    it('lists each processed upload of the CIF: accepted as FACTURA TRIMISA, refused as ERORI FACTURA', async () => {
      const token = await accessToken();
      const cif = '99001122';
      const empty = await listRoute(get(`/listaMesajeFactura?zile=1&cif=${cif}`, token), noParams);
      expect(await empty.json()).toEqual({
        eroare: 'Nu exista mesaje in ultimele 1 zile',
        titlu: 'Lista Mesaje',
      });

      const accepted = await upload(token, cif, invoice('RPV-LIST-1'));
      const refused = await upload(token, cif, invoice('RPV-LIST-2', 'urn:other'));
      await upload(token, '99001123', invoice('RPV-LIST-3'));

      const response = await listRoute(get(`/listaMesajeFactura?zile=60&cif=${cif}`, token), noParams);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ cui: cif, titlu: 'Lista Mesaje disponibile din ultimele 60 zile' });
      const list = parseMessageList(JSON.stringify(body));
      expect(list).toEqual({
        kind: 'MESSAGES',
        messages: [
          {
            id: expect.stringMatching(/^[1-9]\d{9}$/),
            id_solicitare: refused,
            tip: 'ERORI FACTURA',
            data_creare: expect.stringMatching(/^\d{12}$/),
            detalii: `Erori de validare identificate la factura primita cu id_incarcare=${refused}`,
            cif,
          },
          {
            id: expect.stringMatching(/^[1-9]\d{9}$/),
            id_solicitare: accepted,
            tip: 'FACTURA TRIMISA',
            data_creare: expect.stringMatching(/^\d{12}$/),
            detalii: `Factura cu id_incarcare=${accepted} emisa de cif_emitent=${cif} pentru cif_beneficiar=18547290`,
            cif,
          },
        ],
      });
    });

    it('refuses days outside 1 to 60 or a CIF that is not a number (400), and a request without its token (401)', async () => {
      const token = await accessToken();
      for (const query of ['zile=0&cif=1', 'zile=61&cif=1', 'zile=x&cif=1', 'zile=1&cif=RO1', 'cif=1']) {
        const response = await listRoute(get(`/listaMesajeFactura?${query}`, token), noParams);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ message: expect.any(String) });
      }
      expect((await listRoute(get('/listaMesajeFactura?zile=1&cif=1'), noParams)).status).toBe(401);
    });
  });
});
