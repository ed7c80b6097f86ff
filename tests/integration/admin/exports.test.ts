import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { GET as getExcel } from '@/app/api/admin/payment/export/excel/route';
import { GET as getXml } from '@/app/api/admin/payment/export/xml/route';
import { GET as getPayments } from '@/app/api/admin/payment/route';
import { exportTransactions, neutraliseCell } from '@/lib/admin/transaction-exports';
import type { TransactionItem } from '@/lib/admin/transactions';
import { auditLog, invoices, refunds } from '@/lib/db/schema';
import { describeForDriver } from '../../support/databases';
import { noParams } from '../../support/process-database';
import { get, insertCreditNote, insertOrder, processDrivers, staff, topUp, vignette } from './admin-fixtures';
import de from '@/messages/de.json';
import ro from '@/messages/ro.json';

/**
 * The .xlsx is read back by another reader than the one that wrote it: Python's zipfile and ElementTree, straight
 * from the Office Open XML parts. Each cell comes back with its type as the file states it (`n` number, `b` boolean,
 * `inlineStr`/`s`/`str` text), its number format and whether its font is bold; plus the sheet's frozen pane.
 */
const READ_XLSX = String.raw`
import json, sys, zipfile, xml.etree.ElementTree as ET
NS = {'m': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'}
# The formats a file may use by number alone (ECMA-376 part 1, 18.8.30).
BUILTIN = {0: 'General', 1: '0', 2: '0.00', 3: '#,##0', 4: '#,##0.00', 14: 'mm-dd-yy', 22: 'm/d/yy h:mm'}
with zipfile.ZipFile(sys.argv[1]) as z:
    names = z.namelist()
    styles = ET.fromstring(z.read('xl/styles.xml'))
    formats = {int(f.get('numFmtId')): f.get('formatCode') for f in styles.findall('m:numFmts/m:numFmt', NS)}
    fonts = [f.find('m:b', NS) is not None for f in styles.findall('m:fonts/m:font', NS)]
    xfs = [(formats.get(int(x.get('numFmtId', 0)), BUILTIN.get(int(x.get('numFmtId', 0)))), fonts[int(x.get('fontId', 0))])
           for x in styles.findall('m:cellXfs/m:xf', NS)]
    shared = []
    if 'xl/sharedStrings.xml' in names:
        shared = [''.join(t.text or '' for t in si.iter('{%s}t' % NS['m'])) for si in ET.fromstring(z.read('xl/sharedStrings.xml')).findall('m:si', NS)]
    sheet = ET.fromstring(z.read('xl/worksheets/sheet1.xml'))
    pane = sheet.find('m:sheetViews/m:sheetView/m:pane', NS)
    rows = []
    for row in sheet.findall('m:sheetData/m:row', NS):
        cells = []
        for c in row.findall('m:c', NS):
            kind = c.get('t', 'n')
            if kind == 'inlineStr':
                value = ''.join(t.text or '' for t in c.iter('{%s}t' % NS['m']))
            elif kind == 's':
                value = shared[int(c.find('m:v', NS).text)]
            else:
                v = c.find('m:v', NS)
                value = None if v is None else v.text
            fmt, bold = xfs[int(c.get('s', 0))]
            cells.append({'ref': c.get('r'), 'type': kind, 'value': value, 'format': fmt, 'bold': bold})
        rows.append(cells)
    print(json.dumps({'parts': names, 'pane': None if pane is None else dict(pane.attrib), 'rows': rows}))
`;

interface Cell {
  ref: string;
  type: string;
  value: string | null;
  format: string | null;
  bold: boolean;
}

function readXlsx(content: Buffer): { parts: string[]; pane: Record<string, string> | null; rows: Cell[][] } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'road-xlsx-')), 'export.xlsx');
  fs.writeFileSync(file, content);
  try {
    return JSON.parse(
      execFileSync('python3', ['-c', READ_XLSX, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
    );
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** A spreadsheet serial date (days since 1899-12-30) as the wall-clock time it shows, `YYYY-MM-DD HH:mm:ss`. */
const serialToText = (serial: string) =>
  DateTime.fromMillis(Math.round((Number(serial) - 25569) * 86_400_000), { zone: 'utc' }).toFormat(
    'yyyy-MM-dd HH:mm:ss',
  );
const bucharestText = (iso: string) =>
  DateTime.fromISO(iso, { zone: 'Europe/Bucharest' }).toFormat('yyyy-MM-dd HH:mm:ss');

/** The spreadsheet's columns, in order; their headers are the admin's language's `Admin.excel.columns`. */
const COLUMNS = [
  'id',
  'kind',
  'status',
  'email',
  'phone',
  'plates',
  'products',
  'amount',
  'createdAt',
  'needsReview',
  'active',
  'activeBy',
  'activeAt',
  'invoiceNumber',
  'refunded',
  'creditNotes',
  'refundedAt',
] as const;
type Column = (typeof COLUMNS)[number];
const headersIn = (messages: typeof ro) => COLUMNS.map((column) => messages.Admin.excel.columns[column]);

/** The cell types that hold text: a shared string, an inline string, or a string value (exceljs writes `str`). */
const TEXT = /^(s|str|inlineStr)$/;

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  isArray: (name) => name === 'payment' || name === 'plate',
});

/** A parsed <payment> as the list's item, with the text neutralised as the export writes it. */
interface XmlPayment {
  [field: string]: string | { plate?: string[] } | undefined;
}
const fromXml = (payment: XmlPayment) => ({
  id: payment.id,
  kind: payment.kind,
  status: payment.status,
  email: payment.email,
  phone: payment.phone || null,
  plates: typeof payment.plates === 'object' ? (payment.plates.plate ?? []) : [],
  description: payment.description,
  amountRon: Number(payment.amountRon),
  createdAt: payment.createdAt,
  needsReview: payment.needsReview === 'true',
  needsAttention: payment.needsAttention === 'true',
  active: payment.active === 'true',
  activeBy: payment.activeBy || null,
  activeAt: payment.activeAt || null,
  invoiceNumber: payment.invoiceNumber || null,
});
/**
 * The XML has no `products`: it keeps the language-neutral description; nor the short reference, which the list
 * shows beside the id (the exports keep their documented attributes).
 */
const asExported = (item: TransactionItem) => ({
  ...item,
  products: undefined,
  reference: undefined,
  email: neutraliseCell(item.email),
  phone: item.phone === null ? null : neutraliseCell(item.phone),
  description: neutraliseCell(item.description),
  activeBy: item.activeBy === null ? null : neutraliseCell(item.activeBy),
});

describe.each(processDrivers)('admin exports on $name', ({ open, available }) => {
  describeForDriver(available)('', () => {
    let env: Awaited<ReturnType<typeof open>>;
    const db = () => env.database.db;
    let admin: { user: { id: string; username: string }; token: string };
    let operator: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      env = await open();
      admin = await staff(db(), 'admin1', 'ADMIN');
      operator = (await staff(db(), 'operator1', 'OPERATOR')).token;
      ids.a = await insertOrder(db(), {
        kind: 'VIGNETTE',
        status: 'FULFILLED',
        email: 'ana.pop@example.ro',
        createdAt: '2026-03-10T10:00:00Z',
        amountBani: 17952,
        active: { by: 'admin1', at: '2026-03-11T07:15:00Z' },
        items: [vignette('CAR', 'WEEK', 'B123ABC', 8976), vignette('VAN', 'MONTH', 'CJ10XYZ', 8976)],
        invoice: { series: 'RPV', year: 2026, number: 42 },
      });
      // Two refunds of order a, each with its credit note; a refused one and one of a duplicate payment do not count.
      const [invoiceA] = await db().select().from(invoices).where(eq(invoices.orderId, ids.a));
      const invoiced = { orderId: ids.a, invoiceId: invoiceA!.id };
      for (const [number, amountBani, settledAt] of [
        [3, 5000, '2026-03-20T08:00:00Z'],
        [5, 2500, '2026-04-02T09:30:00Z'],
      ] as const) {
        const note = await insertCreditNote(db(), invoiced, {
          number,
          amountBani,
          issuedAt: new Date(settledAt),
        });
        await db()
          .update(refunds)
          .set({ settledAt: new Date(settledAt) })
          .where(eq(refunds.id, note.refundId!));
      }
      const other = { orderId: ids.a, reason: 'test', origin: 'STAFF', previousStatus: 'FULFILLED' } as const;
      await db()
        .insert(refunds)
        .values([
          { ...other, amountBani: 900, status: 'REFUSED', requestedBy: 'admin1' },
          {
            ...other,
            amountBani: 17952,
            status: 'CONFIRMED',
            requestedBy: 'admin1',
            providerPaymentId: 'dup-1',
          },
        ]);
      // Text a spreadsheet would run as a formula, with characters XML must escape.
      ids.b = await insertOrder(db(), {
        kind: 'VIGNETTE',
        status: 'PAID',
        email: `=cmd|' /C calc'!A0<&>"@evil.ro`,
        createdAt: '2026-03-12T08:00:00Z',
        amountBani: 5,
        needsReview: true,
        items: [vignette('MOTOR', 'DAY', 'AB12CDE', 5)],
      });
      // An order id may begin with '-' (base64url): it is the shop's identifier, exported as the list shows it.
      ids.c = await insertOrder(db(), {
        id: '-Dash1stOrderId_x9Q2wA',
        kind: 'TOPUP',
        status: 'FULFILLED',
        email: '-2+3@mail.ro',
        phone: '+40722123456',
        createdAt: '2026-03-31T21:30:00Z',
        amountBani: 6200,
        items: [topUp('orange-10', '+40722123456', 6200)],
        invoice: { series: 'RPT', year: 2026, number: 7, vatBani: 1076 },
      });
      // Three orders in the same millisecond, apart only in their microseconds, then one outside the range.
      for (const [key, micros] of [
        ['d', '100'],
        ['e', '300'],
        ['f', '200'],
      ] as const) {
        ids[key] = await insertOrder(db(), {
          kind: 'VIGNETTE',
          status: 'EXPIRED',
          email: `${key}@mail.ro`,
          createdAt: `2026-03-15 09:00:00.123${micros}+00`,
          amountBani: 100,
          items: [vignette('TRAIL', 'WEEK', `B${key.charCodeAt(0)}XYZ`, 100)],
        });
      }
      ids.outside = await insertOrder(db(), {
        kind: 'VIGNETTE',
        status: 'FULFILLED',
        email: 'later@mail.ro',
        createdAt: '2026-04-10T09:00:00Z',
        amountBani: 100,
        items: [vignette('CAR', 'DAY', 'B77XYZ', 100)],
      });
    });
    afterAll(async () => env.cleanup());

    const RANGE = 'from=2026-03-01&to=2026-04-01';
    const download = async (format: 'xml' | 'excel', query = RANGE, token = admin.token) => {
      const handler = format === 'xml' ? getXml : getExcel;
      const response = await handler(get(`/api/admin/payment/export/${format}?${query}`, token), noParams);
      return { response, content: Buffer.from(await response.arrayBuffer()) };
    };
    const listed = async (query = RANGE): Promise<TransactionItem[]> => {
      const response = await getPayments(
        get(`/api/admin/payment?${query}&size=200&sort=createdAt&dir=asc`, admin.token),
        noParams,
      );
      return (await response.json()).items;
    };

    it('exports XML: well-formed, documented attributes, one <payment> per order of the range, as the list shows them', async () => {
      const { response, content } = await download('xml');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="payments_2026-03-01_2026-04-01.xml"',
      );
      const text = content.toString('utf8');
      expect(XMLValidator.validate(text)).toBe(true);
      const parsed = xmlParser.parse(text);
      expect(parsed.payments).toMatchObject({
        from: '2026-03-01',
        to: '2026-04-01',
        timeZone: 'Europe/Bucharest',
      });
      expect(new Date(parsed.payments.generatedAt).toISOString()).toBe(parsed.payments.generatedAt);
      const exported = parsed.payments.payment.map(fromXml);
      const items = await listed();
      expect(items.map((item) => item.id)).toEqual(['a', 'b', 'd', 'f', 'e', 'c'].map((key) => ids[key]));
      expect(exported).toEqual(items.map(asExported));
    });

    it('neutralises formula-like text and escapes markup in the XML, and leaves E.164 numbers as they are', async () => {
      const text = (await download('xml')).content.toString('utf8');
      expect(text).toContain('<email>&apos;=cmd|&apos; /C calc&apos;!A0&lt;&amp;&gt;&quot;@evil.ro</email>');
      expect(text).toContain('<email>&apos;-2+3@mail.ro</email>');
      expect(text).toContain('<id>-Dash1stOrderId_x9Q2wA</id>');
      expect(text).toContain('<phone>+40722123456</phone>');
      expect(text).toContain('<plates><plate>B123ABC</plate><plate>CJ10XYZ</plate></plates>');
      expect(text).toContain('<phone/>');
      expect(text).not.toContain(ids.outside!);
    });

    it('exports .xlsx that another reader opens: bold frozen header, typed cells, local times, neutralised text', async () => {
      const { response, content } = await download('excel');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="payments_2026-03-01_2026-04-01.xlsx"',
      );
      const book = readXlsx(content);
      expect(book.parts).not.toContain('xl/sharedStrings.xml');
      expect(book.pane).toMatchObject({ ySplit: '1', topLeftCell: 'A2', state: 'frozen' });
      const [header, ...rows] = book.rows;
      expect(header!.map((cell) => cell.value)).toEqual(headersIn(ro));
      expect(header!.every((cell) => cell.bold && cell.type !== 'n')).toBe(true);

      const items = await listed();
      expect(rows.map((row) => row[0]!.value)).toEqual(items.map((item) => item.id));
      const byId = new Map(rows.map((row) => [row[0]!.value, row]));
      const cell = (id: string, column: Column) =>
        byId
          .get(id)!
          .find((candidate) => candidate.ref.startsWith(String.fromCharCode(65 + COLUMNS.indexOf(column))))!;

      const a = ids.a!;
      expect(cell(a, 'kind')).toMatchObject({
        type: expect.stringMatching(TEXT),
        value: ro.Admin.kinds.VIGNETTE,
        bold: false,
      });
      expect(cell(a, 'status').value).toBe(ro.Admin.statuses.FULFILLED);
      expect(cell(a, 'plates').value).toBe('B123ABC, CJ10XYZ');
      expect(cell(a, 'products').value).toBe('D1 de 10 zile, D2 lunară');
      expect(cell(a, 'amount')).toMatchObject({ type: 'n', format: '#,##0.00' });
      expect(Number(cell(a, 'amount').value)).toBe(179.52);
      const created = cell(a, 'createdAt');
      expect(created).toMatchObject({ type: 'n', format: 'yyyy-mm-dd hh:mm:ss' });
      expect(serialToText(created.value!)).toBe('2026-03-10 12:00:00');
      expect(serialToText(cell(a, 'activeAt').value!)).toBe(bucharestText('2026-03-11T07:15:00Z'));
      expect(cell(a, 'active')).toMatchObject({ type: 'b', value: '1' });
      expect(cell(a, 'needsReview')).toMatchObject({ type: 'b', value: '0' });
      expect(cell(a, 'invoiceNumber').value).toBe('RPV-2026-000042');
      // What was refunded of it: the total in lei, the credit notes, and when, in Romanian time.
      expect(cell(a, 'refunded')).toMatchObject({ type: 'n', format: '#,##0.00' });
      expect(Number(cell(a, 'refunded').value)).toBe(75);
      expect(cell(a, 'creditNotes').value).toBe('RPVS-2026-000003, RPVS-2026-000005');
      expect(cell(a, 'refundedAt').value).toBe('2026-03-20 10:00:00, 2026-04-02 12:30:00');
      // An order never refunded leaves the three empty.
      const unrefunded = byId.get(ids.c!)!;
      for (const column of ['refunded', 'creditNotes', 'refundedAt'] as const)
        expect(
          unrefunded.find((candidate) =>
            candidate.ref.startsWith(String.fromCharCode(65 + COLUMNS.indexOf(column))),
          )?.value ?? null,
        ).toBeNull();
      // After the clocks went forward: UTC+3.
      expect(serialToText(cell(ids.c!, 'createdAt').value!)).toBe('2026-04-01 00:30:00');

      expect(cell(ids.b!, 'email')).toMatchObject({
        type: expect.stringMatching(TEXT),
        value: `'=cmd|' /C calc'!A0<&>"@evil.ro`,
      });
      expect(Number(cell(ids.b!, 'amount').value)).toBe(0.05);
      expect(cell(ids.b!, 'needsReview').value).toBe('1');
      expect(cell(ids.c!, 'email').value).toBe(`'-2+3@mail.ro`);
      expect(cell(ids.c!, 'phone').value).toBe('+40722123456');
      expect(cell(ids.c!, 'products').value).toMatch(/^Orange PrePay 10,00\sEUR$/);
      // The shop's own id is written as the list shows it, even when it begins with '-'.
      expect(cell(ids.c!, 'id')).toMatchObject({
        type: expect.stringMatching(TEXT),
        value: '-Dash1stOrderId_x9Q2wA',
      });
      // No visitor's text anywhere begins like a formula.
      const texts = rows
        .flatMap((row) => row.slice(1))
        .filter((each) => TEXT.test(each.type))
        .map((each) => each.value ?? '');
      expect(texts.filter((value) => /^[=+\-@]/.test(value) && !/^\+\d+$/.test(value))).toEqual([]);
    });

    it('writes the spreadsheet in the admin’s language, here German, and exceljs opens it', async () => {
      const { response, content } = await download('excel', `${RANGE}&lang=de`);
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(content as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Zahlungen')!;
      expect(sheet).toBeDefined();
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual(headersIn(de));
      expect(header.slice(0, 3)).toEqual(['Bestellnummer', 'Art', 'Status']);
      expect(header).toContain('Erstellt (rumänische Zeit)');
      const rowOf = (id: string) => {
        const row = sheet.getRows(2, sheet.rowCount - 1)!.find((each) => each.getCell(1).value === id)!;
        return (column: Column) => row.getCell(COLUMNS.indexOf(column) + 1).value;
      };
      const a = rowOf(ids.a!);
      expect(a('kind')).toBe('Vignette');
      expect(a('status')).toBe('Geliefert');
      expect(a('products')).toBe('D1 10-Tages-Vignette, D2 Monatsvignette');
      expect(a('amount')).toBe(179.52);
      expect(a('active')).toBe(true);
      expect(rowOf(ids.c!)('products')).toMatch(/^Orange PrePay 10,00\s€$/);
      expect(rowOf(ids.b!)('status')).toBe('Bezahlt');

      const unknown = await download('excel', `${RANGE}&lang=fr`);
      expect(unknown.response.status).toBe(422);
      expect(JSON.parse(unknown.content.toString()).error.issues).toEqual([
        expect.objectContaining({ path: 'lang', code: 'invalid' }),
      ]);
    });

    it('reads the range in keyset batches: every order exactly once, even apart only by microseconds', async () => {
      const items = await listed();
      for (const batchSize of [1, 2, 4]) {
        const file = await exportTransactions(
          db(),
          admin.user,
          'xml',
          { from: '2026-03-01', to: '2026-04-01' },
          { batchSize },
        );
        const parsed = xmlParser.parse(await new Response(file.body).text());
        expect(parsed.payments.payment.map(fromXml)).toEqual(items.map(asExported));
      }
    });

    it('accepts the list filters', async () => {
      const { content } = await download('xml', `${RANGE}&product=TOPUP&status=FULFILLED`);
      const parsed = xmlParser.parse(content.toString('utf8'));
      expect(parsed.payments).toMatchObject({ product: 'TOPUP', status: 'FULFILLED' });
      expect(parsed.payments.payment.map((payment: XmlPayment) => payment.id)).toEqual([ids.c]);
      const empty = xmlParser.parse(
        (await download('xml', 'from=2025-01-01&to=2025-01-31')).content.toString('utf8'),
      );
      expect(empty.payments.payment).toBeUndefined();
      const book = readXlsx((await download('excel', 'from=2025-01-01&to=2025-01-31')).content);
      expect(book.rows).toHaveLength(1);
    });

    it('records each export in the audit log with its range', async () => {
      await db().delete(auditLog);
      await download('xml', `${RANGE}&q=ana`);
      await download('excel');
      const entries = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.actorName, 'admin1'))
        .orderBy(auditLog.id);
      expect(entries.map((entry) => [entry.action, entry.details])).toEqual([
        ['export.xml', { from: '2026-03-01', to: '2026-04-01', q: 'ana' }],
        ['export.excel', { from: '2026-03-01', to: '2026-04-01' }],
      ]);
      expect(entries[0]!.actorId).toBe(admin.user.id);
    });

    it('answers 401 without a token, 403 without PAYMENT_EXPORT, 422 without a range of at most 366 days', async () => {
      for (const format of ['xml', 'excel'] as const) {
        expect((await download(format, RANGE, '')).response.status).toBe(401);
        expect((await download(format, RANGE, operator)).response.status).toBe(403);
        const missing = await download(format, 'from=2026-03-01');
        expect(missing.response.status).toBe(422);
        expect(JSON.parse(missing.content.toString()).error.issues).toEqual([
          expect.objectContaining({ path: 'to', code: 'required' }),
        ]);
        const tooLong = await download(format, 'from=2026-01-01&to=2027-01-02');
        expect(JSON.parse(tooLong.content.toString()).error.issues).toEqual([
          expect.objectContaining({ path: 'to', code: 'dateRangeTooLong' }),
        ]);
        expect((await download(format, 'from=2026-03-01&to=2026-03-01&status=LOST')).response.status).toBe(
          422,
        );
      }
    });
  });
});
