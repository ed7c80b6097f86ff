import 'server-only';

import { sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { invoiceCounters } from '@/lib/db/schema';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';

export const VIGNETTE_INVOICE_SERIES = 'RPV';
export const TOP_UP_INVOICE_SERIES = 'RPT';

/** Vignettes and top-ups are invoiced in their own series: their VAT treatment differs (see order-invoice.ts). */
export const invoiceSeriesOf = (kind: 'VIGNETTE' | 'TOPUP') =>
  kind === 'TOPUP' ? TOP_UP_INVOICE_SERIES : VIGNETTE_INVOICE_SERIES;

const ROMANIAN_YEAR = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric' });

/**
 * The calendar year an invoice or credit note issued at `now` is numbered in: Romania's (Europe/Bucharest), the
 * year of the issue date the document prints, never Hungary's (an hour behind on New Year's Eve).
 */
export function numberingYear(now: Date): number {
  if (Number.isNaN(now.getTime())) throw new RangeError(`Not a valid instant: ${String(now)}`);
  return Number(ROMANIAN_YEAR.format(now));
}

/**
 * Credit notes (facturi de stornare) are numbered in series of their own, one per kind beside its invoices' series,
 * so that an invoice series stays a run of invoices without gaps. They count in invoice_counters like invoices.
 */
export const CREDIT_NOTE_SERIES = { VIGNETTE: 'RPVS', TOPUP: 'RPTS' } as const;

export const creditNoteSeriesOf = (kind: 'VIGNETTE' | 'TOPUP') => CREDIT_NOTE_SERIES[kind];

/**
 * The next invoice number of a series and year. The counter row is locked by the upsert until the paying
 * transaction ends, so numbers are consecutive with no gaps and no repeats, whatever the concurrency.
 */
export async function allocateInvoiceNumber(
  executor: Executor,
  series: string,
  year: number,
): Promise<number> {
  const [counter] = await preparedStatement(executor, 'invoice_number_next', (on) =>
    nextInvoiceNumber(on).prepare('invoice_number_next'),
  ).execute({ series, year });
  return counter!.number;
}

/**
 * The upsert that takes the next number of the series and year given as the placeholders `series` and `year`, locking
 * the counter's row until the transaction ends; `number` is the number taken. A statement of its own, or the first
 * part of the one that issues the document with it.
 */
export const nextInvoiceNumber = (on: Executor) =>
  on
    .insert(invoiceCounters)
    .values({ series: sql.placeholder('series'), year: sql.placeholder('year'), lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.year],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ number: invoiceCounters.lastNumber });

/** `RPV`, 2026, 42 → `RPV-2026-000042`; a credit note's the same way: `RPVS-2026-000001`. */
export function formatInvoiceNumber(series: string, year: number, number: number): string {
  if (!Number.isInteger(number) || number < 1)
    throw new RangeError(`invoice number must be a positive integer, got ${number}`);
  return `${series}-${year}-${String(number).padStart(6, '0')}`;
}
