import { and, eq } from 'drizzle-orm';
import { POST as postVignetteOrder } from '@/app/api/nmps/orders/order/route';
import { POST as postDocuments } from '@/app/api/orders/[orderId]/documents/route';
import { GET as getDocument } from '@/app/api/orders/[orderId]/invoice/route';
import { getConfig } from '@/lib/config/env';
import { invoices, outbox } from '@/lib/db/schema';
import { orderDocumentsMessage } from '@/lib/orders/order-mail';
import { documentToken, ORDER_DOCUMENTS_COOKIE } from '@/lib/orders/document-access';
import { ORDER_DOCUMENTS } from '@/lib/orders/send-documents';
import { describeOnProcessDrivers, insertCreditNote, insertOrder, vignette } from '../admin/admin-fixtures';
import { jsonRequest } from '../../support/process-database';
import { vignetteOrderRequest } from '../../support/purchases';

/*
 * An order's documents name the buyer (address, tax id, a top-up's phone number): the order id alone, which travels
 * in URLs, forwarded e-mails and logs, does not open them. The token of the order's e-mails does, and so does the
 * cookie of the browser that placed the order; with the id alone, the documents are sent to the order's address.
 */

const params = (orderId: string) => ({ params: Promise.resolve({ orderId }) });
const download = (orderId: string, query = '', headers: Record<string, string> = {}) =>
  getDocument(jsonRequest(`/api/orders/${orderId}/invoice${query}`, { headers }), params(orderId));
const sendDocuments = (orderId: string) =>
  postDocuments(jsonRequest(`/api/orders/${orderId}/documents`, { method: 'POST' }), params(orderId));

describeOnProcessDrivers('the documents of an order', (db) => {
  let orderId: string;
  let token: string;
  let creditNoteId: number;

  beforeAll(async () => {
    orderId = await insertOrder(db(), {
      kind: 'VIGNETTE',
      status: 'FULFILLED',
      email: 'ana.popescu@example.ro',
      createdAt: '2026-03-10T10:00:00Z',
      amountBani: 8976,
      items: [vignette('CAR', 'WEEK', 'B123ABC', 8976)],
      invoice: { series: 'RPV', year: 2026, number: 501, buyerName: 'Popescu Transport SRL' },
    });
    token = await documentToken(db(), orderId);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
    creditNoteId = (
      await insertCreditNote(
        db(),
        { orderId, invoiceId: invoice!.id },
        { number: 501, amountBani: 8976, issuedAt: new Date('2026-03-11T10:00:00Z') },
      )
    ).id;
  });

  describe('GET /api/orders/{id}/invoice', () => {
    it('refuses the id alone with 403 and says how to get the documents', async () => {
      const response = await download(orderId);
      expect(response.status).toBe(403);
      const { error } = await response.json();
      expect(error.code).toBe('FORBIDDEN');
      expect(error.message).toContain(`/api/orders/${orderId}/documents`);
      expect((await download(orderId, '?type=credit-note')).status).toBe(403);
    });

    it('refuses a wrong token, another order’s token, and an unknown order the same way', async () => {
      expect((await download(orderId, '?t=not-the-token')).status).toBe(403);
      const other = await insertOrder(db(), {
        kind: 'VIGNETTE',
        status: 'FULFILLED',
        email: 'other@example.ro',
        createdAt: '2026-03-10T11:00:00Z',
        amountBani: 8976,
        items: [vignette('CAR', 'WEEK', 'B124ABC', 8976)],
        invoice: { series: 'RPV', year: 2026, number: 502 },
      });
      expect((await download(other, `?t=${token}`)).status).toBe(403);
      expect((await download('AAAAAAAAAAAAAAAAAAAAAA', `?t=${token}`)).status).toBe(403);
    });

    it('gives the invoice and the credit note with the e-mail’s token', async () => {
      const invoice = await download(orderId, `?t=${token}`);
      expect(invoice.status).toBe(200);
      expect(invoice.headers.get('content-type')).toBe('application/pdf');
      const note = await download(orderId, `?type=credit-note&creditNoteId=${creditNoteId}&t=${token}`);
      expect(note.status).toBe(200);
      expect(note.headers.get('content-disposition')).toContain('RPVS-2026-000501');
    });

    it('gives them to the browser whose cookie holds the order’s key among others', async () => {
      const cookie = `${ORDER_DOCUMENTS_COOKIE}=${encodeURIComponent(`someorder.xyz~${orderId}.${token}`)}`;
      expect((await download(orderId, '', { cookie })).status).toBe(200);
      const forged = `${ORDER_DOCUMENTS_COOKIE}=${encodeURIComponent(`${orderId}.forged`)}`;
      expect((await download(orderId, '', { cookie: forged })).status).toBe(403);
    });
  });

  describe('POST /api/orders/{id}/documents', () => {
    const queued = () =>
      db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, ORDER_DOCUMENTS)));

    it('queues exactly one e-mail to the order’s address, then asks to wait', async () => {
      const first = await sendDocuments(orderId);
      expect(first.status).toBe(202);
      expect(await first.json()).toEqual({ queued: true });
      const second = await sendDocuments(orderId);
      expect(second.status).toBe(202);
      expect(await second.json()).toEqual({ queued: false, retryAfterSeconds: expect.any(Number) });
      const rows = await queued();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.recipient).toBeNull();
    });

    it('sends the links with the order’s key, to the order’s e-mail only', async () => {
      const [row] = await queued();
      const message = await orderDocumentsMessage(db(), row!);
      expect(message!.to).toBe('ana.popescu@example.ro');
      expect(message!.attachments).toEqual([]);
      expect(message!.text).toContain('RPV-2026-000501');
      expect(message!.text).toContain('RPVS-2026-000501');
      expect(message!.text).toContain(`/api/orders/${orderId}/invoice?t=${token}`);
      expect(message!.text).toContain(
        `/api/orders/${orderId}/invoice?type=credit-note&creditNoteId=${creditNoteId}&t=${token}`,
      );
      expect(message!.text).toContain(`/ro/order/${orderId}?t=${token}`);
      expect(message!.html).toContain(
        `href="${getConfig().siteUrl}/api/orders/${orderId}/invoice?t=${token}"`,
      );
    });

    it('answers 404 for no such order and 409 for one without documents yet', async () => {
      expect((await sendDocuments('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
      expect((await sendDocuments('not an id')).status).toBe(404);
      const unpaid = await insertOrder(db(), {
        kind: 'VIGNETTE',
        status: 'PENDING_PAYMENT',
        email: 'late@example.ro',
        createdAt: '2026-03-10T12:00:00Z',
        amountBani: 8976,
        items: [vignette('CAR', 'WEEK', 'B125ABC', 8976)],
      });
      const conflict = await sendDocuments(unpaid);
      expect(conflict.status).toBe(409);
      expect((await conflict.json()).error.code).toBe('CONFLICT');
    });
  });

  describe('placing an order', () => {
    it('gives the browser the key to the new order’s documents, beside those it held', async () => {
      const response = await postVignetteOrder(
        vignetteOrderRequest(
          { plates: ['B321CBA'] },
          { cookie: `${ORDER_DOCUMENTS_COOKIE}=${encodeURIComponent(`${orderId}.${token}`)}` },
        ),
        params(''),
      );
      expect(response.status).toBe(201);
      const { orderId: placed } = await response.json();
      const setCookie = response.headers.get('set-cookie')!;
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      const value = decodeURIComponent(/^orderDocuments=([^;]*)/.exec(setCookie)![1]!);
      expect(value).toBe(`${placed}.${await documentToken(db(), placed)}~${orderId}.${token}`);
    });
  });
});
