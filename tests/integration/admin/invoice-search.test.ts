import { eq } from 'drizzle-orm';
import { GET as getInvoices } from '@/app/api/admin/invoices/route';
import { invoices } from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import { noParams } from '../../support/process-database';
import {
  describeOnProcessDrivers,
  get,
  insertCreditNote,
  insertOrder,
  staff,
  vignette,
} from './admin-fixtures';

/*
 * The back-office's list of issued documents: credit notes beside invoices, a reversed invoice marked, and the
 * search by a person's or a company's name, the e-mail or a number, whatever the case and diacritics.
 */

interface Row {
  kind: string;
  number: string;
  reversed: string | null;
  invoiceNumber: string | null;
  creditNoteId: number | null;
  creditedRon: number;
}

async function invoiceFor(db: Db, name: string | null, email: string, number: number, createdAt: string) {
  const orderId = await insertOrder(db, {
    kind: 'VIGNETTE',
    status: 'FULFILLED',
    email,
    createdAt,
    amountBani: 10000,
    items: [vignette('CAR', 'WEEK', `CJ${number}ABC`, 10000)],
    invoice: { series: 'RPV', year: 2026, number },
  });
  if (name)
    await db
      .update(invoices)
      .set({
        buyer: {
          kind: 'PERSON',
          name,
          street: 'Str. Lungă 1',
          city: 'Cluj-Napoca',
          county: 'RO-CJ',
          country: 'RO',
        },
      })
      .where(eq(invoices.orderId, orderId));
  return orderId;
}

async function creditNoteOf(db: Db, orderId: string, number: number, amountBani: number, issuedAt: string) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  await insertCreditNote(
    db,
    { orderId, invoiceId: invoice!.id },
    { number, amountBani, issuedAt: new Date(issuedAt) },
  );
}

describeOnProcessDrivers('the invoice list', (db) => {
  let token: string;

  beforeAll(async () => {
    token = (await staff(db(), 'invoice-operator', 'OPERATOR')).token;
    const ana = await invoiceFor(db(), 'Ana Popescu', 'ana.p@example.ro', 1, '2026-03-01T10:00:00Z');
    const stefan = await invoiceFor(db(), 'Ștefan Țărănescu', 'st@example.ro', 2, '2026-03-02T10:00:00Z');
    await invoiceFor(db(), null, 'ion.popa@example.ro', 3, '2026-03-03T10:00:00Z');
    await insertOrder(db(), {
      kind: 'VIGNETTE',
      status: 'FULFILLED',
      email: 'office@transport.ro',
      createdAt: '2026-03-04T10:00:00Z',
      amountBani: 10000,
      items: [vignette('CAR', 'WEEK', 'B44XYZ', 10000)],
      invoice: { series: 'RPV', year: 2026, number: 4, buyerName: 'Drumuri Bune SRL' },
    });
    // Ana's invoice reversed whole, Ștefan's in part, the company's not at all.
    await creditNoteOf(db(), ana, 1, 10000, '2026-03-05T10:00:00Z');
    await creditNoteOf(db(), stefan, 2, 2500, '2026-03-06T10:00:00Z');
  });

  const page = async (q = '') => {
    const response = await getInvoices(
      get(`/api/admin/invoices${q ? `?q=${encodeURIComponent(q)}` : ''}`, token),
      noParams,
    );
    expect(response.status).toBe(200);
    return (await response.json()) as { items: Row[]; total: number };
  };
  const numbers = async (q: string) => (await page(q)).items.map((row) => row.number);

  it('lists credit notes beside the invoices, newest first, and marks what they reverse', async () => {
    const { items, total } = await page();
    expect(total).toBe(6);
    expect(items.map((row) => [row.kind, row.number, row.reversed, row.invoiceNumber])).toEqual([
      ['CREDIT_NOTE', 'RPVS-2026-000002', null, 'RPV-2026-000002'],
      ['CREDIT_NOTE', 'RPVS-2026-000001', null, 'RPV-2026-000001'],
      ['INVOICE', 'RPV-2026-000004', null, null],
      ['INVOICE', 'RPV-2026-000003', null, null],
      ['INVOICE', 'RPV-2026-000002', 'PARTIAL', null],
      ['INVOICE', 'RPV-2026-000001', 'FULL', null],
    ]);
    expect(items[0]!.creditNoteId).toEqual(expect.any(Number));
    expect(items[4]!.creditedRon).toBe(2500);
    expect(items[2]!.creditNoteId).toBeNull();
  });

  it.each([
    ['a surname', 'Popescu', ['RPVS-2026-000001', 'RPV-2026-000001']],
    ['a full name', 'Ana Popescu', ['RPVS-2026-000001', 'RPV-2026-000001']],
    ['a name in the other order, in capitals', 'POPESCU ana', ['RPVS-2026-000001', 'RPV-2026-000001']],
    ['a name without its diacritics', 'stefan taranescu', ['RPVS-2026-000002', 'RPV-2026-000002']],
    ['a name with its diacritics', 'Țărănescu', ['RPVS-2026-000002', 'RPV-2026-000002']],
    ['the cedilla form of a diacritic', 'Ţărănescu', ['RPVS-2026-000002', 'RPV-2026-000002']],
    ['a company', 'drumuri bune', ['RPV-2026-000004']],
    ['a part of an e-mail', 'popa@', ['RPV-2026-000003']],
    ['a credit note’s number', 'rpvs-2026-2', ['RPVS-2026-000002']],
    ['an invoice’s number, with its credit note', 'RPV-2026-000001', ['RPVS-2026-000001', 'RPV-2026-000001']],
    ['a bare number', '3', ['RPV-2026-000003']],
    ['a text with LIKE’s wildcards', '%_', []],
    ['nothing that matches', 'Ionescu', []],
  ])('finds by %s', async (_what, q, expected) => {
    expect(await numbers(q)).toEqual(expected);
    expect((await page(q)).total).toBe(expected.length);
  });
});
