import 'server-only';

import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db/client';
import { creditNotes, invoices, orders } from '@/lib/db/schema';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import type { InvoiceListQuery } from '@/lib/validations/admin-transactions';
import { allWordsIn } from './search-fold';

/** `RPV-2026-000042` (any case, leading zeros optional) → its series, year and number. */
const INVOICE_NUMBER = /^([A-Za-z]{2,8})-(\d{4})-(\d{1,9})$/;

/** How far a credit note reverses its invoice: wholly (storno of the whole amount), in part, or not at all. */
export type Reversal = 'FULL' | 'PARTIAL' | null;

/**
 * Every issued document, invoices and credit notes alike, with what staff search and read: the buyer the invoice
 * names (a credit note names its invoice's), the order's e-mail, and for a credit note the invoice it reverses. An
 * invoice a correction replaced (lib/orders/reissue.ts) keeps its order in `replaced_order_id` and is listed too.
 */
const DOCUMENTS = sql`
  select 'INVOICE' as kind, i.id as document_id, i.id as invoice_id,
    coalesce(i.order_id, i.replaced_order_id) as order_id, i.replaced_by_id is not null as replaced,
    i.series, i.year, i.number, i.issued_at, i.total_bani, i.vat_bani, i.buyer, o.email,
    null::text as invoice_series, null::int as invoice_year, null::int as invoice_number,
    (select coalesce(sum(c.total_bani), 0) from ${creditNotes} c where c.invoice_id = i.id) as credited_bani
  from ${invoices} i join ${orders} o on o.id = coalesce(i.order_id, i.replaced_order_id)
  union all
  select 'CREDIT_NOTE', c.id, i.id, c.order_id, false, c.series, c.year, c.number, c.issued_at,
    c.total_bani, c.vat_bani, i.buyer, o.email,
    i.series, i.year, i.number,
    0
  from ${creditNotes} c join ${invoices} i on i.id = c.invoice_id join ${orders} o on o.id = c.order_id`;

const formatted = (series: string, year: string, number: string) =>
  sql`${sql.raw(series)} || '-' || ${sql.raw(year)} || '-' || lpad(${sql.raw(number)}::text, 6, '0')`;

/**
 * The documents a search text can mean: a full document number (a credit note's, or its invoice's, which lists
 * the invoice with its credit notes), a bare number in every series and year, the order id; otherwise every word
 * found, whatever its case and diacritics, in the buyer's name (a person's or a company's), tax id, the e-mail
 * (the order's and the invoice's) or the numbers.
 */
function searchCondition(text: string): SQL {
  const conditions: SQL[] = [sql`d.order_id = ${text}`];
  const full = INVOICE_NUMBER.exec(text);
  if (full) {
    const [, series, year, number] = full;
    const key = [series!.toUpperCase(), Number(year), Number(number)] as const;
    conditions.push(sql`(d.series, d.year, d.number) = (${key[0]}, ${key[1]}, ${key[2]})`);
    conditions.push(
      sql`(d.invoice_series, d.invoice_year, d.invoice_number) = (${key[0]}, ${key[1]}, ${key[2]})`,
    );
  } else if (/^\d{1,9}$/.test(text)) {
    conditions.push(sql`d.number = ${Number(text)}`);
  } else {
    const haystack = sql`concat_ws(' ', d.buyer->>'name', d.buyer->>'taxId', d.buyer->>'email', d.email,
      ${formatted('d.series', 'd.year', 'd.number')},
      ${formatted('d.invoice_series', 'd.invoice_year', 'd.invoice_number')})`;
    const words = allWordsIn(haystack, text);
    if (words) conditions.push(sql`(${words})`);
  }
  return sql`(${sql.join(conditions, sql` or `)})`;
}

interface DocumentRow {
  kind: 'INVOICE' | 'CREDIT_NOTE';
  document_id: number;
  invoice_id: number;
  replaced: boolean;
  order_id: string;
  series: string;
  year: number;
  number: number;
  issued_at: Date | string;
  total_bani: number;
  vat_bani: number;
  buyer: { name?: string } | string | null;
  email: string;
  invoice_series: string | null;
  invoice_year: number | null;
  invoice_number: number | null;
  credited_bani: number | string;
}

const buyerName = (buyer: DocumentRow['buyer']): string | null => {
  // node-postgres parses jsonb; a driver that does not hands over its text.
  const parsed = typeof buyer === 'string' ? (JSON.parse(buyer) as { name?: string }) : buyer;
  return parsed?.name ?? null;
};

/**
 * One page of issued documents, invoices and credit notes together, newest first, with the number of all that
 * match. Amounts in bani. An invoice says how much of it credit notes reversed; a credit note names its invoice.
 */
export async function listInvoices(db: Db, query: InvoiceListQuery) {
  const where = query.q ? sql`where ${searchCondition(query.q)}` : sql``;
  const [rows, [total]] = await Promise.all([
    queryRows<DocumentRow>(
      db,
      sql`select * from (${DOCUMENTS}) d ${where}
        order by d.issued_at desc, d.kind desc, d.document_id desc
        limit ${query.size} offset ${query.page * query.size}`,
    ),
    queryRows<{ n: number | string }>(db, sql`select count(*) as n from (${DOCUMENTS}) d ${where}`),
  ]);
  return {
    items: rows.map((row) => {
      const credited = Number(row.credited_bani);
      const total = Number(row.total_bani);
      return {
        kind: row.kind,
        /** The credit note's id, to download it; null for an invoice. */
        creditNoteId: row.kind === 'CREDIT_NOTE' ? Number(row.document_id) : null,
        /** The invoice's id (a credit note's: the invoice it reverses), to download a replaced one too. */
        invoiceId: Number(row.invoice_id),
        /** An invoice a correction replaced by a new one (its storno is among the credit notes). */
        replaced: Boolean(row.replaced),
        orderId: row.order_id,
        number: formatInvoiceNumber(row.series, Number(row.year), Number(row.number)),
        issuedAt: new Date(row.issued_at).toISOString(),
        totalRon: total,
        vatRon: Number(row.vat_bani),
        buyerName: buyerName(row.buyer),
        email: row.email,
        /** For a credit note, the invoice it reverses. */
        invoiceNumber:
          row.invoice_series === null
            ? null
            : formatInvoiceNumber(row.invoice_series, Number(row.invoice_year), Number(row.invoice_number)),
        /** For an invoice, how much of it credit notes reversed, in bani, and whether that is all of it. */
        creditedRon: credited,
        reversed: (row.kind === 'INVOICE' && credited > 0
          ? credited >= total
            ? 'FULL'
            : 'PARTIAL'
          : null) as Reversal,
      };
    }),
    total: Number(total?.n ?? 0),
    page: query.page,
    size: query.size,
  };
}
