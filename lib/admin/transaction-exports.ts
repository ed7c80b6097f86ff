import 'server-only';

import { PassThrough } from 'node:stream';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { createTranslator } from 'next-intl';
import { KEPT_FORMATTERS } from '@/lib/i18n/kept-formatters';
import { productNames } from './product-names';
import type { Principal } from '@/lib/auth/guard';
import type { Db } from '@/lib/db/client';
import { creditNotes, refunds } from '@/lib/db/schema';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import { routing, type Locale } from '@/lib/i18n/routing';
import type { TransactionRangeQuery } from '@/lib/validations/admin-transactions';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import { recordAudit } from '@/lib/auth/audit';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import { escapeXml } from '@/lib/xml-escape';
import { transactionBatches, type TransactionItem } from './transactions';

/*
 * Exports of the transactions of a range of days (docs/api.md, Transactions, exports and invoices), streamed: rows are
 * read from the database in batches, written out and forgotten, and the next batch is read only when the client has
 * taken what came before, so a year of transactions never sits in memory.
 *
 * The XML format:
 *
 *   <?xml version="1.0" encoding="UTF-8"?>
 *   <payments from="2026-01-01" to="2026-01-31" timeZone="Europe/Bucharest" generatedAt="2026-02-01T07:00:00.000Z"
 *             [status=".." product=".." active=".." q=".."]>
 *     <payment>
 *       <id>q3xY...</id>
 *       <kind>VIGNETTE</kind>                      VIGNETTE or TOPUP
 *       <status>FULFILLED</status>                 the order's state
 *       <email>buyer@example.ro</email>
 *       <phone>+40722123456</phone>
 *       <plates><plate>B123ABC</plate>...</plates>  vignettes' plates; empty for a top-up
 *       <description>CAR WEEK ×2</description>
 *       <amountRon>13800</amountRon>               in bani (RON × 100), an integer
 *       <createdAt>2026-01-05T09:30:00.000Z</createdAt>
 *       <needsReview>false</needsReview>
 *       <needsAttention>false</needsAttention>      delivery failed, paid late, refund pending, chargeback
 *       <active>true</active>
 *       <activeBy>operator1</activeBy>
 *       <activeAt>2026-01-06T10:00:00.000Z</activeAt>
 *       <invoiceNumber>RPV-2026-000042</invoiceNumber>
 *     </payment>
 *     ...
 *   </payments>
 *
 * One <payment> per order, oldest first, with the fields of the list's rows; `from` and `to` are inclusive calendar
 * days in Europe/Bucharest, times are UTC (ISO 8601), booleans `true`/`false`, and a value that is absent (no phone,
 * not marked active, no invoice yet) is an empty element. Text is escaped, characters XML 1.0 cannot carry are
 * dropped, and text beginning with = + - @ is neutralised as in the spreadsheet (see {@link neutraliseCell}), except
 * the shop's own identifiers (id, kind, status, invoiceNumber), which are written exactly as the list shows them.
 */

/** Content that a spreadsheet program could take for a formula (CSV/formula injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number in E.164 is data, not a formula, whatever its plus sign: it is left as it is. */
const E164 = /^\+\d{6,15}$/;

/** `=cmd|' /C calc'!A0` → `'=cmd|' /C calc'!A0`: text that begins like a formula gets a leading apostrophe. */
export const neutraliseCell = (text: string) =>
  FORMULA_START.test(text) && !E164.test(text) ? `'${text}` : text;

/**
 * The fields the shop itself writes (order id, invoice number, kind, status): never a formula, and written as they
 * are, since an order id may begin with `-` (base64url) and staff look it up as the list shows it.
 */
const SHOP_IDENTIFIERS = new Set(['id', 'kind', 'status', 'invoiceNumber']);

/** A text field as an export writes it: visitors' text neutralised, the shop's own identifiers untouched. */
const exportedText = (field: string, text: string) =>
  SHOP_IDENTIFIERS.has(field) ? text : neutraliseCell(text);

const element = (name: string, value: string | number | boolean | null) =>
  value === null
    ? `<${name}/>`
    : `<${name}>${typeof value === 'string' ? escapeXml(exportedText(name, value)) : String(value)}</${name}>`;

function paymentXml(item: TransactionItem): string {
  const plates = item.plates.map((plate) => element('plate', plate)).join('');
  return `  <payment>${[
    element('id', item.id),
    element('kind', item.kind),
    element('status', item.status),
    element('email', item.email),
    element('phone', item.phone),
    `<plates>${plates}</plates>`,
    element('description', item.description),
    element('amountRon', item.amountRon),
    element('createdAt', item.createdAt),
    element('needsReview', item.needsReview),
    element('needsAttention', item.needsAttention),
    element('active', item.active),
    element('activeBy', item.activeBy),
    element('activeAt', item.activeAt),
    element('invoiceNumber', item.invoiceNumber),
  ].join('')}</payment>\n`;
}

async function* xmlChunks(
  batches: AsyncIterable<TransactionItem[]>,
  query: TransactionRangeQuery,
  generatedAt: Date,
) {
  const { from, to, ...filters } = query;
  const attributes = Object.entries({
    from,
    to,
    timeZone: SHOP_TIME_ZONE,
    generatedAt: generatedAt.toISOString(),
    ...filters,
  })
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<payments${attributes}>\n`;
  for await (const batch of batches) yield batch.map(paymentXml).join('');
  yield '</payments>\n';
}

type CellValue = string | number | boolean | Date | null;

/** A time as the clock in Romania showed it: spreadsheet dates have no time zone, and staff read local time. */
function localTime(iso: string | null): Date | null {
  if (!iso) return null;
  const time = DateTime.fromISO(iso, { zone: SHOP_TIME_ZONE });
  return new Date(time.toMillis() + time.offset * 60_000);
}

const DATE_TIME = 'yyyy-mm-dd hh:mm:ss';

/** The back-office's texts a spreadsheet is written with: its headers, and the names of states, kinds and products. */
type SheetMessages = Pick<(typeof ro)['Admin'], 'excel' | 'statuses' | 'kinds' | 'productNames'>;
const sheetMessages = ({ Admin }: typeof ro): SheetMessages => ({
  excel: Admin.excel,
  statuses: Admin.statuses,
  kinds: Admin.kinds,
  productNames: Admin.productNames,
});
const SHEET_MESSAGES: Record<Locale, SheetMessages> = {
  ro: sheetMessages(ro),
  en: sheetMessages(en),
  de: sheetMessages(de),
  hu: sheetMessages(hu),
};

/** The words of one language the cells are written with; a state or kind without a message is written as it is. */
function sheetTexts(locale: Locale) {
  const messages = SHEET_MESSAGES[locale];
  const t = createTranslator({
    ...KEPT_FORMATTERS,
    locale,
    messages: { Admin: messages },
    namespace: 'Admin',
  });
  const products = productNames(locale, messages.productNames);
  return {
    sheet: t('excel.sheet'),
    header: (key: ColumnKey) => t(`excel.columns.${key}`),
    status: (status: string) =>
      Object.hasOwn(messages.statuses, status)
        ? t(`statuses.${status as keyof SheetMessages['statuses']}`)
        : status,
    kind: (kind: string) =>
      Object.hasOwn(messages.kinds, kind) ? t(`kinds.${kind as keyof SheetMessages['kinds']}`) : kind,
    products: products.list,
  };
}
type SheetTexts = ReturnType<typeof sheetTexts>;
type ColumnKey = keyof SheetMessages['excel']['columns'];

/**
 * What was given back of an order's invoiced payment: the confirmed refunds' total in bani, the numbers of their
 * credit notes and the times they were confirmed, oldest first. A refund of a duplicate payment (an order paid twice)
 * is left out: that money was never the order's amount, and no credit note goes with it.
 */
export interface RefundSummary {
  refundedBani: number;
  creditNotes: string[];
  refundedAt: Date[];
}

/** A row of the spreadsheet: the list's item and what was refunded of it. */
type ExportedTransaction = TransactionItem & { refunds: RefundSummary | undefined };

/** The {@link RefundSummary} of each order of `orderIds` that had a refund confirmed; the others are absent. */
export async function refundSummaries(db: Db, orderIds: string[]): Promise<Map<string, RefundSummary>> {
  const summaries = new Map<string, RefundSummary>();
  if (orderIds.length === 0) return summaries;
  const rows = await db
    .select({
      orderId: refunds.orderId,
      amountBani: refunds.amountBani,
      settledAt: refunds.settledAt,
      createdAt: refunds.createdAt,
      series: creditNotes.series,
      year: creditNotes.year,
      number: creditNotes.number,
    })
    .from(refunds)
    .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
    .where(
      and(
        inArray(refunds.orderId, orderIds),
        eq(refunds.status, 'CONFIRMED'),
        isNull(refunds.providerPaymentId),
      ),
    )
    .orderBy(asc(refunds.id));
  for (const row of rows) {
    const summary = summaries.get(row.orderId) ?? { refundedBani: 0, creditNotes: [], refundedAt: [] };
    summary.refundedBani += row.amountBani;
    if (row.series !== null && row.year !== null && row.number !== null)
      summary.creditNotes.push(formatInvoiceNumber(row.series, row.year, row.number));
    summary.refundedAt.push(row.settledAt ?? row.createdAt);
    summaries.set(row.orderId, summary);
  }
  return summaries;
}

/** The batches with each order's refunds, read in one query per batch. */
async function* withRefunds(
  db: Db,
  batches: AsyncIterable<TransactionItem[]>,
): AsyncGenerator<ExportedTransaction[]> {
  for await (const batch of batches) {
    const summaries = await refundSummaries(
      db,
      batch.map((item) => item.id),
    );
    yield batch.map((item) => ({ ...item, refunds: summaries.get(item.id) }));
  }
}

/** Refund times as the clock in Romania showed them, one after the other in one cell. */
const refundTimes = (times: Date[]) =>
  times
    .map((time) => DateTime.fromJSDate(time, { zone: SHOP_TIME_ZONE }).toFormat('yyyy-MM-dd HH:mm:ss'))
    .join(', ');

/**
 * The spreadsheet's columns: the list's fields in the admin's language, amounts in lei, times local; then what was
 * refunded (empty for an order never refunded).
 */
const COLUMNS: {
  key: ColumnKey;
  width: number;
  numFmt?: string;
  value(item: ExportedTransaction, texts: SheetTexts): CellValue;
}[] = [
  { key: 'id', width: 26, value: (item) => item.id },
  { key: 'kind', width: 14, value: (item, texts) => texts.kind(item.kind) },
  { key: 'status', width: 22, value: (item, texts) => texts.status(item.status) },
  { key: 'email', width: 30, value: (item) => item.email },
  { key: 'phone', width: 15, value: (item) => item.phone },
  { key: 'plates', width: 20, value: (item) => item.plates.join(', ') },
  { key: 'products', width: 32, value: (item, texts) => texts.products(item.products) },
  { key: 'amount', width: 12, numFmt: '#,##0.00', value: (item) => item.amountRon / 100 },
  { key: 'createdAt', width: 22, numFmt: DATE_TIME, value: (item) => localTime(item.createdAt) },
  { key: 'needsReview', width: 12, value: (item) => item.needsReview },
  { key: 'active', width: 12, value: (item) => item.active },
  { key: 'activeBy', width: 16, value: (item) => item.activeBy },
  { key: 'activeAt', width: 22, numFmt: DATE_TIME, value: (item) => localTime(item.activeAt) },
  { key: 'invoiceNumber', width: 18, value: (item) => item.invoiceNumber },
  {
    key: 'refunded',
    width: 12,
    numFmt: '#,##0.00',
    value: (item) => (item.refunds ? item.refunds.refundedBani / 100 : null),
  },
  { key: 'creditNotes', width: 22, value: (item) => item.refunds?.creditNotes.join(', ') || null },
  {
    key: 'refundedAt',
    width: 22,
    value: (item) => (item.refunds ? refundTimes(item.refunds.refundedAt) : null),
  },
];

/** Resolves once the stream may take more (or is gone): the pace of the client that reads the download. */
const whenWritable = (stream: PassThrough) =>
  new Promise<void>((resolve) => {
    if (!stream.writableNeedDrain || stream.destroyed) return resolve();
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

/**
 * An .xlsx written by exceljs's streaming writer: inline strings (a shared-strings table would hold every text
 * until the end), a bold, frozen header row, and typed cells; headers, states, kinds and products in the admin's
 * language. Each batch of rows is committed (written and dropped) and the next one is read only once the output has
 * drained.
 */
function excelChunks(
  batches: AsyncIterable<ExportedTransaction[]>,
  locale: Locale,
): AsyncIterable<Uint8Array> {
  const texts = sheetTexts(locale);
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({ key: column.key, width: column.width }));
  // A client that goes away destroys the output while the zip may still write to it: that is the end of the
  // export, not a crash of the server (the reader sees its own errors through its iterator).
  output.on('error', () => {});
  (workbook as unknown as { zip: PassThrough }).zip.on('error', (error: Error) => output.destroy(error));
  void (async () => {
    const header = sheet.addRow(COLUMNS.map((column) => texts.header(column.key)));
    header.font = { bold: true };
    header.commit();
    for await (const batch of batches) {
      if (output.destroyed) return;
      for (const item of batch) {
        const row = sheet.addRow(
          COLUMNS.map((column) => {
            const value = column.value(item, texts);
            return typeof value === 'string' ? exportedText(column.key, value) : value;
          }),
        );
        COLUMNS.forEach((column, index) => {
          if (column.numFmt) row.getCell(index + 1).numFmt = column.numFmt;
        });
        row.commit();
      }
      await whenWritable(output);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/** A web stream that asks its source for the next chunk only when the client wants more. */
function webStream(source: AsyncIterable<Uint8Array | string>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(typeof value === 'string' ? encoder.encode(value) : value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

export type ExportFormat = 'xml' | 'excel';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xml: 'application/xml; charset=utf-8',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Starts an export: records it in the audit log (who, which format, which range and filters), then answers the
 * file's name, type and a stream of its content. `locale` is the spreadsheet's language; the XML has none.
 */
export async function exportTransactions(
  db: Db,
  principal: Pick<Principal, 'id' | 'username'>,
  format: ExportFormat,
  query: TransactionRangeQuery,
  { batchSize, locale = routing.defaultLocale }: { batchSize?: number; locale?: Locale } = {},
) {
  const details = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  await recordAudit(db, principal, { action: `export.${format}`, details });
  const batches = transactionBatches(db, query, batchSize);
  return {
    filename: `payments_${query.from}_${query.to}.${format === 'xml' ? 'xml' : 'xlsx'}`,
    contentType: CONTENT_TYPES[format],
    body: webStream(
      format === 'xml'
        ? xmlChunks(batches, query, new Date())
        : excelChunks(withRefunds(db, batches), locale),
    ),
  };
}
