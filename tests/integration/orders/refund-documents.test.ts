import { eq } from 'drizzle-orm';
import { invoices, outbox } from '@/lib/db/schema';
import { buyerCreditNotesOf } from '@/lib/invoices/credit-note';
import { refundConfirmationMessage } from '@/lib/orders/order-mail';
import { describeOnProcessDrivers, insertCreditNote, insertOrder, vignette } from '../admin/admin-fixtures';

/*
 * An order of 145,31 lei refunded in two steps, 45,31 then the remaining 100,00: the buyer's page lists each credit
 * note by its number, amount and date, and the second e-mail says it refunded the rest, not "in full 100,00 lei".
 */
describeOnProcessDrivers('the refunds of an order, told to its buyer', (db) => {
  let orderId: string;
  let refundIds: number[];

  beforeAll(async () => {
    orderId = await insertOrder(db(), {
      kind: 'VIGNETTE',
      status: 'REFUNDED',
      email: 'ana@example.ro',
      createdAt: '2026-03-10T10:00:00Z',
      amountBani: 14531,
      items: [vignette('CAR', 'WEEK', 'CJ10ABC', 4531), vignette('CAR', 'MONTH', 'CJ10ABC', 10000)],
      invoice: { series: 'RPV', year: 2026, number: 501 },
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
    const order = { orderId, invoiceId: invoice!.id };
    const first = await insertCreditNote(db(), order, {
      number: 601,
      amountBani: 4531,
      issuedAt: new Date('2026-03-11T09:00:00Z'),
    });
    const second = await insertCreditNote(db(), order, {
      number: 602,
      amountBani: 10000,
      issuedAt: new Date('2026-03-12T09:00:00Z'),
    });
    refundIds = [first.refundId!, second.refundId!];
  });

  it('lists each credit note with its own number, amount and date', async () => {
    expect(await buyerCreditNotesOf(db(), orderId)).toEqual([
      expect.objectContaining({
        number: 'RPVS-2026-000601',
        totalBani: 4531,
        issuedAt: new Date('2026-03-11T09:00:00Z'),
        kind: 'REFUND',
      }),
      expect.objectContaining({
        number: 'RPVS-2026-000602',
        totalBani: 10000,
        issuedAt: new Date('2026-03-12T09:00:00Z'),
        kind: 'REFUND',
      }),
    ]);
  });

  it('words each refund e-mail by that refund and the total refunded so far', async () => {
    const messageOf = async (refundId: number) => {
      const [row] = await db()
        .insert(outbox)
        .values({ orderId, refundId, kind: 'REFUND_CONFIRMATION', recipient: 'ana@example.ro' })
        .returning();
      return (await refundConfirmationMessage(db(), row!))!;
    };
    const first = await messageOf(refundIds[0]!);
    expect(first.text).toContain('Am rambursat 45,31 lei din suma de 145,31 lei');
    expect(first.text).not.toContain('integral');

    const second = await messageOf(refundIds[1]!);
    expect(second.text).toContain('Am rambursat restul de 100,00 lei');
    expect(second.text).toContain('împreună cu cei 45,31 lei rambursați anterior');
    expect(second.text).toContain('Total rambursat până acum: 145,31 lei');
    expect(second.text).not.toContain('integral suma de 100,00');
  });
});
