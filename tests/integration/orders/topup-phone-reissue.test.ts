import { and, eq, isNull } from 'drizzle-orm';
import { PATCH as correctItem } from '@/app/api/admin/payment/item/route';
import { creditNotes, efacturaSubmissions, invoices, orderEvents, orders, outbox } from '@/lib/db/schema';
import { frozenInvoiceDocument } from '@/lib/invoices/frozen';
import { CURRENT_DOCUMENT_LAYOUT } from '@/lib/invoices/invoice-document';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { transactionDetails } from '@/lib/admin/transaction-details';
import { describeOnProcessDrivers, staff } from '../admin/admin-fixtures';
import { efacturaSettler, sandboxAnswersAtOnce } from '../../support/efactura-sandbox';
import { jsonRequest, noParams } from '../../support/process-database';
import { paidTopUpOrder } from '../../support/purchases';

/*
 * The invoice of a top-up names the number it tops up. When staff correct the number of a failed top-up after the
 * invoice went to ANAF, the invoice ANAF holds stays as it was uploaded: it is reversed by a storno and replaced by a
 * new invoice naming the corrected number, as a plate correction does.
 */

describeOnProcessDrivers('correcting the number a top-up’s invoice states', (db) => {
  sandboxAnswersAtOnce();
  let operator: string;
  beforeAll(async () => {
    operator = (await staff(db(), `reissue-operator-${Date.now()}`, 'OPERATOR')).token;
  });

  const settle = efacturaSettler(db);

  it('keeps the uploaded invoice as it was, and issues a storno and a new invoice naming the new number', async () => {
    const orderId = await paidTopUpOrder(db(), {
      operatorId: 'orange',
      productId: 'orange-10',
      phone: '0799 980 001',
    });
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const [failed] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(failed!.status).toBe('FULFILLMENT_FAILED');

    const [accepted] = await settle(orderId);
    expect(accepted).toMatchObject({ kind: 'INVOICE', status: 'ACCEPTED' });
    expect(accepted!.xml).toContain('0799 980 001');
    const [original] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));

    const details = await transactionDetails(db(), orderId, 'TOPUP');
    const response = await correctItem(
      jsonRequest('/api/admin/payment/item', {
        method: 'PATCH',
        body: { orderId, itemId: details!.items[0]!.id, phone: '0722 123 456' },
        headers: { authorization: `Bearer ${operator}` },
      }),
      noParams,
    );
    expect(response.status).toBe(200);
    const { documents } = (await response.json()) as {
      documents: { replaced: { id: number }; creditNote: { id: number }; invoice: { id: number } } | null;
    };
    expect(documents?.replaced.id).toBe(original!.id);

    // The replaced invoice is untouched: same snapshot, same XML as uploaded, and it still names the old number.
    const [kept] = await db().select().from(invoices).where(eq(invoices.id, original!.id));
    expect(kept).toMatchObject({ orderId: null, replacedOrderId: orderId, snapshot: original!.snapshot });
    const [stillAccepted] = await db()
      .select()
      .from(efacturaSubmissions)
      .where(eq(efacturaSubmissions.id, accepted!.id));
    expect(stillAccepted!.xml).toBe(accepted!.xml);
    expect(stillAccepted!.xmlSha256).toBe(accepted!.xmlSha256);

    // A new invoice with the next number names the new number; the storno reverses the old one whole.
    const [replacement] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(replacement!.id).toBe(documents!.invoice.id);
    expect(replacement!.number).toBeGreaterThan(original!.number);
    const stated = JSON.stringify((await frozenInvoiceDocument(db(), replacement!)).lines);
    expect(stated).toContain('0722 123 456');
    expect(stated).not.toContain('0799 980 001');
    const [storno] = await db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(storno).toMatchObject({
      id: documents!.creditNote.id,
      refundId: null,
      invoiceId: original!.id,
      replacementInvoiceId: replacement!.id,
      totalBani: original!.totalBani,
    });

    // Both go to ANAF and are accepted, the storno first; the buyer is e-mailed both; the history says so.
    const settled = await settle(orderId);
    expect(settled.map((row) => row.status)).toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED']);
    expect(settled[1]).toMatchObject({ creditNoteId: storno!.id });
    expect(settled[1]!.xml).toContain('0799 980 001');
    const [newSubmission] = await db()
      .select()
      .from(efacturaSubmissions)
      .where(
        and(eq(efacturaSubmissions.invoiceId, replacement!.id), isNull(efacturaSubmissions.creditNoteId)),
      );
    expect(newSubmission!.xml).toContain('0722 123 456');
    expect(
      await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, 'INVOICE_REISSUED'))),
    ).toHaveLength(1);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((event) => event.code)).toEqual(
      expect.arrayContaining(['item.phoneCorrected', 'invoice.reissued']),
    );
  }, 120_000);

  it('stores the layout an invoice is issued with, and none for one issued before snapshots existed', async () => {
    const orderId = await paidTopUpOrder(db(), {
      operatorId: 'orange',
      productId: 'orange-10',
      phone: '0722 000 777',
    });
    const [issued] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(issued!.snapshot).toMatchObject({ layout: CURRENT_DOCUMENT_LAYOUT });

    // An invoice issued before snapshots: its first rendering keeps the layout of its time (printed as it was).
    await db().update(invoices).set({ snapshot: null }).where(eq(invoices.id, issued!.id));
    const [older] = await db().select().from(invoices).where(eq(invoices.id, issued!.id));
    expect(await frozenInvoiceDocument(db(), older!)).not.toHaveProperty('layout');
    const [kept] = await db().select().from(invoices).where(eq(invoices.id, issued!.id));
    expect(kept!.snapshot).not.toBeNull();
    expect(kept!.snapshot).not.toHaveProperty('layout');
  });
});
