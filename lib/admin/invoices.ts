import 'server-only';

import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { invoices, orders } from '@/lib/db/schema';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import type { InvoiceListQuery } from '@/lib/validations/admin-transactions';
import { ordersByEmailPrefix } from './transactions';

/** `RPV-2026-000042` (any case, leading zeros optional) → its series, year and number. */
const INVOICE_NUMBER = /^([A-Za-z]{2,8})-(\d{4})-(\d{1,9})$/;

/**
 * The invoices a search text can mean, as a union of index lookups: the full invoice number, a bare number (in
 * every series and year), the order id, or the buyer's e-mail by its beginning (case-insensitive).
 */
/** The order an invoice belongs to, whether it is the order's current invoice or one replaced by a new one. */
const invoiceOrderId = sql<string>`coalesce(${invoices.orderId}, ${invoices.replacedOrderId})`;

function searchCondition(text: string): SQL {
  const lookups: SQL[] = [sql`select ${text}::text`, ordersByEmailPrefix(text)];
  const full = INVOICE_NUMBER.exec(text);
  if (full) {
    const [, series, year, number] = full;
    lookups.push(sql`select ${invoiceOrderId} from ${invoices}
      where ${invoices.series} = ${series!.toUpperCase()} and ${invoices.year} = ${Number(year)} and ${invoices.number} = ${Number(number)}`);
  }
  if (/^\d{1,9}$/.test(text)) {
    lookups.push(sql`select ${invoiceOrderId} from ${invoices} where ${invoices.number} = ${Number(text)}`);
  }
  return sql`${invoiceOrderId} in (${sql.join(lookups, sql` union all `)})`;
}

/** One page of invoices, newest first, with the number of all that match. Amounts in bani. */
export async function listInvoices(db: Db, query: InvoiceListQuery) {
  const where = query.q ? and(searchCondition(query.q)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: invoices.id,
        orderId: invoiceOrderId,
        replaced: sql<boolean>`${invoices.replacedById} is not null`,
        series: invoices.series,
        year: invoices.year,
        number: invoices.number,
        issuedAt: invoices.issuedAt,
        totalBani: invoices.totalBani,
        vatBani: invoices.vatBani,
        buyerName: sql<string | null>`${invoices.buyer}->>'name'`,
        email: orders.email,
      })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoiceOrderId))
      .where(where)
      .orderBy(desc(invoices.issuedAt), desc(invoices.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      invoiceId: row.id,
      orderId: row.orderId,
      /** Replaced by a new invoice after a correction (its storno is among the order's credit notes). */
      replaced: Boolean(row.replaced),
      number: formatInvoiceNumber(row.series, row.year, row.number),
      issuedAt: row.issuedAt.toISOString(),
      totalRon: row.totalBani,
      vatRon: row.vatBani,
      buyerName: row.buyerName,
      email: row.email,
    })),
    total: Number(total?.n ?? 0),
    page: query.page,
    size: query.size,
  };
}
