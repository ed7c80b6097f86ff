import { and, eq } from 'drizzle-orm';
import { GET as getDaily } from '@/app/api/admin/payment/daily/route';
import { GET as getInvoices } from '@/app/api/admin/invoices/route';
import { GET as getPayments, PATCH as patchPayment } from '@/app/api/admin/payment/route';
import { GET as getInvoicePdf } from '@/app/api/invoice/route';
import type { TransactionItem } from '@/lib/admin/transactions';
import { auditLog } from '@/lib/db/schema';
import { describeForDriver } from '../../support/databases';
import { jsonRequest, noParams } from '../../support/process-database';
import { get, insertOrder, processDrivers, staff, topUp, vignette } from './admin-fixtures';

describe.each(processDrivers)('admin transactions on $name', ({ open, available }) => {
  describeForDriver(available)('', () => {
    let env: Awaited<ReturnType<typeof open>>;
    const db = () => env.database.db;
    let admin: string;
    let operator: string;
    /** A role that may read payments and nothing else. */
    let reader: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      env = await open();
      admin = (await staff(db(), 'admin1', 'ADMIN')).token;
      operator = (await staff(db(), 'operator1', 'OPERATOR')).token;
      reader = (await staff(db(), 'reader1', 'READER', ['PAYMENT_READ'])).token;
      ids.a = await insertOrder(db(), {
        kind: 'VIGNETTE',
        status: 'FULFILLED',
        email: 'Ana.Pop@Example.ro',
        createdAt: '2026-03-10T10:00:00Z',
        amountBani: 17952,
        items: [vignette('CAR', 'WEEK', 'B123ABC', 8976), vignette('CAR', 'WEEK', 'B123ABC', 8976)],
        invoice: { series: 'RPV', year: 2026, number: 42, buyerName: 'Pop Transport SRL' },
      });
      // 23:30 in Bucharest (UTC+2): still 10 March there.
      ids.b = await insertOrder(db(), {
        kind: 'TOPUP',
        status: 'PAID',
        email: 'ion@mail.ro',
        phone: '+40722123456',
        createdAt: '2026-03-10T21:30:00Z',
        amountBani: 6200,
        items: [topUp('orange-10', '+40722123456', 6200)],
        invoice: { series: 'RPT', year: 2026, number: 7, vatBani: 1076 },
      });
      // 00:30 in Bucharest: already 11 March there, though 10 March in UTC.
      ids.c = await insertOrder(db(), {
        kind: 'VIGNETTE',
        status: 'EXPIRED',
        email: 'ana.maria@example.ro',
        createdAt: '2026-03-10T22:30:00Z',
        amountBani: 20580,
        items: [vignette('VAN', 'MONTH', 'HD12ABC', 20580)],
      });
      // After the clocks went forward (UTC+3): 00:30 on 1 April in Bucharest.
      ids.d = await insertOrder(db(), {
        kind: 'TOPUP',
        status: 'FULFILLMENT_FAILED',
        email: 'vasile@mail.ro',
        phone: '+40733000111',
        createdAt: '2026-03-31T21:30:00Z',
        amountBani: 6200,
        items: [topUp('vodafone-pin-10', '+40733000111', 6200)],
        invoice: { series: 'RPT', year: 2026, number: 8, vatBani: 1076 },
      });
      ids.e = await insertOrder(db(), {
        kind: 'VIGNETTE',
        status: 'REFUNDED',
        email: 'radu_x@mail.ro',
        createdAt: '2026-03-10T12:00:00Z',
        amountBani: 9000,
        items: [vignette('TRAIL', 'WEEK', 'CJ10XYZ', 9000)],
      });
      ids.f = await insertOrder(db(), {
        kind: 'VIGNETTE',
        status: 'FULFILLED',
        email: 'zoltan@mail.hu',
        createdAt: '2026-02-15T08:00:00Z',
        amountBani: 3600,
        active: { by: 'operator1', at: '2026-02-15T09:00:00Z' },
        items: [{ ...vignette('MOTOR', 'DAY', 'ABC123', 3600), country: 'HU' }],
      });
      // A vignette order's contact phone is stored as typed.
      ids.g = await insertOrder(db(), {
        kind: 'VIGNETTE',
        status: 'PENDING_PAYMENT',
        email: 'bogdan@mail.ro',
        phone: '0744 555 666',
        createdAt: '2026-03-20T09:00:00Z',
        amountBani: 80345,
        items: [vignette('TRAIL', 'YEAR', 'B99XYZ', 80345)],
      });
    });
    afterAll(async () => env.cleanup());

    const list = async (query = '', token = admin) => {
      const response = await getPayments(get(`/api/admin/payment${query}`, token), noParams);
      return { status: response.status, body: await response.json() };
    };
    const idsOf = async (query: string) => {
      const { status, body } = await list(query);
      expect(status).toBe(200);
      return body.items.map((item: TransactionItem) => item.id);
    };
    const named = (...keys: string[]) => keys.map((key) => ids[key]!);
    const sorted = (values: string[]) => [...values].sort();

    describe('GET /api/admin/payment', () => {
      it('answers 401 without a valid token and 403 without PAYMENT_READ', async () => {
        expect((await list('', '')).status).toBe(401);
        expect((await list('', 'not.a.token')).status).toBe(401);
        const { token } = await staff(db(), 'nobody1', 'NOBODY', ['USER_READ']);
        const denied = await list('', token);
        expect(denied.status).toBe(403);
        expect(denied.body.error.code).toBe('FORBIDDEN');
        expect((await list('', operator)).status).toBe(200);
      });

      it('lists newest first, 20 to a page, each row in the shape the admin screen reads', async () => {
        const { status, body } = await list();
        expect(status).toBe(200);
        expect(body).toMatchObject({ total: 7, page: 0, size: 20 });
        expect(body.items.map((item: TransactionItem) => item.id)).toEqual(
          named('d', 'g', 'c', 'b', 'e', 'a', 'f'),
        );
        const byId = Object.fromEntries(body.items.map((item: TransactionItem) => [item.id, item]));
        expect(byId[ids.a!]).toEqual({
          id: ids.a,
          // Given by the column's default: the fixture inserts the order as a previous release would.
          reference: expect.stringMatching(/^RP-[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/),
          kind: 'VIGNETTE',
          status: 'FULFILLED',
          email: 'Ana.Pop@Example.ro',
          phone: null,
          plates: ['B123ABC'],
          description: 'CAR WEEK ×2',
          products: [{ categoryCode: 'CAR', type: 'WEEK', count: 2 }],
          amountRon: 17952,
          createdAt: '2026-03-10T10:00:00.000Z',
          needsReview: false,
          needsAttention: false,
          active: false,
          activeBy: null,
          activeAt: null,
          invoiceNumber: 'RPV-2026-000042',
        });
        expect(byId[ids.b!]).toMatchObject({
          kind: 'TOPUP',
          phone: '+40722123456',
          plates: [],
          description: 'Orange PrePay 10 EUR',
          products: [
            {
              operator: 'Orange PrePay',
              faceValueCents: 1000,
              currency: 'EUR',
              delivery: 'DIRECT',
              count: 1,
            },
          ],
          invoiceNumber: 'RPT-2026-000007',
        });
        expect(byId[ids.d!]).toMatchObject({
          description: 'Vodafone Cartela 10 EUR PIN',
          products: [
            {
              operator: 'Vodafone Cartela',
              faceValueCents: 1000,
              currency: 'EUR',
              delivery: 'PIN',
              count: 1,
            },
          ],
          phone: '+40733000111',
        });
        expect(byId[ids.f!]).toMatchObject({
          active: true,
          activeBy: 'operator1',
          activeAt: '2026-02-15T09:00:00.000Z',
        });
        expect(byId[ids.c!]).toMatchObject({
          invoiceNumber: null,
          description: 'VAN MONTH',
          plates: ['HD12ABC'],
        });
      });

      it.each([
        ['?status=FULFILLED', ['a', 'f']],
        ['?status=REFUNDED', ['e']],
        ['?product=VIGNETTE', ['a', 'c', 'e', 'f', 'g']],
        ['?product=TOPUP', ['b', 'd']],
        ['?product=CAR', ['a']],
        ['?product=TRAIL', ['e', 'g']],
        ['?product=MOTOR', ['f']],
        ['?product=orange', ['b']],
        ['?product=vodafone', ['d']],
        ['?product=digi', []],
        ['?active=true', ['f']],
        ['?active=false', ['a', 'b', 'c', 'd', 'e', 'g']],
        ['?status=FULFILLED&active=false&product=VIGNETTE', ['a']],
        ['?status=&product=&active=&q=', ['a', 'b', 'c', 'd', 'e', 'f', 'g']],
      ])('filters %s', async (query, expected) => {
        expect(sorted(await idsOf(query))).toEqual(sorted(named(...expected)));
      });

      it.each([
        ['?from=2026-03-10&to=2026-03-10', ['a', 'b', 'e']],
        ['?from=2026-03-11&to=2026-03-11', ['c']],
        ['?from=2026-04-01', ['d']],
        ['?to=2026-03-31', ['a', 'b', 'c', 'e', 'f', 'g']],
        ['?from=2026-02-15&to=2026-02-15', ['f']],
      ])('takes from and to as whole days in Bucharest: %s', async (query, expected) => {
        expect(sorted(await idsOf(query))).toEqual(sorted(named(...expected)));
      });

      it.each([
        ['the order id', () => ids.a!, ['a']],
        ['an e-mail in another case', () => 'ana.pop@example.ro', ['a']],
        ['the beginning of e-mails', () => 'ANA', ['a', 'c']],
        ['an e-mail with an underscore, taken literally', () => 'radu_', ['e']],
        ['LIKE wildcards, taken literally', () => '%', []],
        ['a plate as typed', () => 'b-123 abc', ['a']],
        ['a plate with spaces', () => 'hd 12 abc', ['c']],
        ['a mobile number in national form', () => '0722 123 456', ['b']],
        ['a mobile number with +40', () => '+40 733 000 111', ['d']],
        ['a mobile number with 0040', () => '0040722123456', ['b']],
        ['a contact phone kept as typed', () => '0744 555 666', ['g']],
        ['nothing that matches', () => 'nobody@nowhere.ro', []],
      ])('searches by %s', async (_what, text, expected) => {
        expect(sorted(await idsOf(`?q=${encodeURIComponent(text())}`))).toEqual(sorted(named(...expected)));
      });

      it('combines a search with filters', async () => {
        expect(await idsOf('?q=ana&status=EXPIRED')).toEqual(named('c'));
        expect(await idsOf(`?q=${encodeURIComponent('0722123456')}&product=VIGNETTE`)).toEqual([]);
      });

      it.each([
        ['?sort=amount', ['g', 'c', 'a', 'e', 'd', 'b', 'f']],
        ['?sort=amount&dir=asc', ['f', 'b', 'd', 'e', 'a', 'c', 'g']],
        ['?sort=createdAt&dir=asc', ['f', 'a', 'e', 'b', 'c', 'g', 'd']],
        ['?sort=email', ['c', 'a', 'g', 'b', 'e', 'd', 'f']],
        ['?sort=email&dir=desc', ['f', 'd', 'e', 'b', 'g', 'a', 'c']],
      ])('sorts %s, ties by time in the same direction', async (query, expected) => {
        expect(await idsOf(query)).toEqual(named(...expected));
      });

      it('sorts by status in the order of the lifecycle', async () => {
        expect(await idsOf('?sort=status')).toEqual(named('g', 'b', 'f', 'a', 'c', 'd', 'e'));
        expect(await idsOf('?sort=status&dir=desc')).toEqual(named('e', 'd', 'c', 'a', 'f', 'b', 'g'));
      });

      it('pages in the database: the pages partition the rows, and total counts them all', async () => {
        const pages = [];
        for (let page = 0; page < 4; page++) {
          const { body } = await list(`?size=2&page=${page}&sort=amount`);
          expect(body).toMatchObject({ total: 7, page, size: 2 });
          pages.push(...body.items.map((item: TransactionItem) => item.id));
        }
        expect(pages).toEqual(named('g', 'c', 'a', 'e', 'd', 'b', 'f'));
        const beyond = await list('?size=2&page=9');
        expect(beyond.body).toMatchObject({ items: [], total: 7, page: 9 });
        const filtered = await list('?size=1&product=TOPUP');
        expect(filtered.body).toMatchObject({ total: 2, size: 1 });
        expect(filtered.body.items).toHaveLength(1);
      });

      it.each([
        ['?page=-1', 'page'],
        ['?page=1.5', 'page'],
        ['?size=0', 'size'],
        ['?size=201', 'size'],
        ['?size=ten', 'size'],
        ['?sort=price', 'sort'],
        ['?dir=up', 'dir'],
        ['?status=LOST', 'status'],
        ['?product=telekom', 'product'],
        ['?active=yes', 'active'],
        ['?from=2026-02-30', 'from'],
        ['?to=10.03.2026', 'to'],
        ['?from=2026-03-10&to=2026-03-09', 'to'],
        [`?q=${'x'.repeat(255)}`, 'q'],
      ])('answers 422 naming the field for %s', async (query, field) => {
        const { status, body } = await list(query);
        expect(status).toBe(422);
        expect(body.error.code).toBe('VALIDATION');
        expect(body.error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
      });
    });

    describe('GET /api/admin/payment/daily', () => {
      const daily = async (query: string, token = admin) => {
        const response = await getDaily(get(`/api/admin/payment/daily${query}`, token), noParams);
        return { status: response.status, body: await response.json() };
      };

      it('counts the money received per day in Bucharest, every day of the range, without sales as 0', async () => {
        const { status, body } = await daily('?from=2026-03-09&to=2026-03-12');
        expect(status).toBe(200);
        // 10 March: A (FULFILLED) and B (PAID); E was refunded. 11 March: only C, which expired unpaid.
        expect(body).toEqual([
          { day: '2026-03-09', count: 0, amountRon: 0 },
          { day: '2026-03-10', count: 2, amountRon: 17952 + 6200 },
          { day: '2026-03-11', count: 0, amountRon: 0 },
          { day: '2026-03-12', count: 0, amountRon: 0 },
        ]);
      });

      it('counts an order that failed delivery (the money is held) on its day across the change of the clocks', async () => {
        const { body } = await daily('?from=2026-03-29&to=2026-04-01');
        expect(body.map((entry: { day: string }) => entry.day)).toEqual([
          '2026-03-29',
          '2026-03-30',
          '2026-03-31',
          '2026-04-01',
        ]);
        expect(body[3]).toEqual({ day: '2026-04-01', count: 1, amountRon: 6200 });
        expect(body.slice(0, 3).every((entry: { count: number }) => entry.count === 0)).toBe(true);
      });

      it('applies the list filters', async () => {
        const { body } = await daily('?from=2026-03-10&to=2026-03-10&product=TOPUP');
        expect(body).toEqual([{ day: '2026-03-10', count: 1, amountRon: 6200 }]);
        const active = await daily('?from=2026-02-15&to=2026-02-15&active=true');
        expect(active.body).toEqual([{ day: '2026-02-15', count: 1, amountRon: 3600 }]);
      });

      it('covers up to 366 days (a leap year) and refuses more, or a range without both ends', async () => {
        const year = await daily('?from=2028-01-01&to=2028-12-31');
        expect(year.status).toBe(200);
        expect(year.body).toHaveLength(366);
        const tooLong = await daily('?from=2026-01-01&to=2027-01-02');
        expect(tooLong.status).toBe(422);
        expect(tooLong.body.error.issues).toEqual([
          expect.objectContaining({ path: 'to', code: 'dateRangeTooLong' }),
        ]);
        const missing = await daily('?to=2026-03-10');
        expect(missing.status).toBe(422);
        expect(missing.body.error.issues).toEqual([
          expect.objectContaining({ path: 'from', code: 'required' }),
        ]);
      });

      it('answers 401 and 403 like the list', async () => {
        expect((await daily('?from=2026-03-09&to=2026-03-12', '')).status).toBe(401);
        const { token } = await staff(db(), 'nobody2', 'NOBODY2', ['INVOICE_READ']);
        expect((await daily('?from=2026-03-09&to=2026-03-12', token)).status).toBe(403);
      });
    });

    describe('PATCH /api/admin/payment', () => {
      const patch = async (body: unknown, token = admin) => {
        const response = await patchPayment(
          jsonRequest('/api/admin/payment', {
            method: 'PATCH',
            body,
            headers: token ? { authorization: `Bearer ${token}` } : {},
          }),
          noParams,
        );
        return { status: response.status, body: await response.json() };
      };
      const auditOf = (id: string) =>
        db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.target, id), eq(auditLog.action, 'payment.markActive')));

      it('marks a transaction active with who and when, records it in the audit log, and keeps the first marking', async () => {
        const before = Date.now();
        const { status, body } = await patch({ id: ids.c, active: true });
        expect(status).toBe(200);
        expect(body).toMatchObject({
          id: ids.c,
          active: true,
          activeBy: 'admin1',
          status: 'EXPIRED',
          description: 'VAN MONTH',
        });
        expect(new Date(body.activeAt).getTime()).toBeGreaterThanOrEqual(before - 5000);
        const [entry, ...more] = await auditOf(ids.c!);
        expect(more).toEqual([]);
        expect(entry).toMatchObject({ actorName: 'admin1', action: 'payment.markActive', target: ids.c });

        const again = await patch({ id: ids.c, active: true });
        expect(again.status).toBe(200);
        expect(again.body).toEqual(body);
        expect(await auditOf(ids.c!)).toHaveLength(1);
        expect(await idsOf('?active=true')).toContain(ids.c);
      });

      it('answers 404 for an unknown order and 422 for anything but {id, active: true | false}', async () => {
        expect((await patch({ id: 'no-such-order', active: true })).status).toBe(404);
        for (const body of [
          { id: ids.b, active: 'no' },
          { id: ids.b },
          { active: true },
          { id: '', active: true },
        ]) {
          const answer = await patch(body);
          expect(answer.status).toBe(422);
        }
        const refused = await patch({ id: ids.b, active: 'no' });
        expect(refused.body.error.issues).toEqual([expect.objectContaining({ path: 'active' })]);
        expect((await patch('{not json')).status).toBe(400);
      });

      it('undoes the mark: no longer active, nobody named, and audited', async () => {
        await patch({ id: ids.c, active: true });
        const undone = await patch({ id: ids.c, active: false });
        expect(undone.status).toBe(200);
        expect(undone.body).toMatchObject({ active: false, activeBy: null, activeAt: null });
        expect(await idsOf('?active=true')).not.toContain(ids.c);
        const undoneEntries = await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.target, ids.c!), eq(auditLog.action, 'payment.unmarkActive')));
        expect(undoneEntries).toHaveLength(1);
      });

      it('answers 401 without a token and 403 without PAYMENT_WRITE, changing nothing', async () => {
        expect((await patch({ id: ids.b, active: true }, '')).status).toBe(401);
        expect((await patch({ id: ids.b, active: true }, operator)).status).toBe(403);
        expect((await patch({ id: ids.b, active: true }, reader)).status).toBe(403);
        expect(await auditOf(ids.b!)).toEqual([]);
        expect((await list(`?q=${ids.b}`)).body.items[0].active).toBe(false);
      });
    });

    describe('GET /api/admin/invoices and GET /api/invoice', () => {
      const invoicesPage = async (query = '', token = admin) => {
        const response = await getInvoices(get(`/api/admin/invoices${query}`, token), noParams);
        return { status: response.status, body: await response.json() };
      };

      it('lists invoices newest first with their number, totals, buyer and e-mail', async () => {
        const { status, body } = await invoicesPage('', operator);
        expect(status).toBe(200);
        expect(body).toMatchObject({ total: 3, page: 0, size: 20 });
        expect(body.items.map((item: { number: string }) => item.number)).toEqual([
          'RPT-2026-000008',
          'RPT-2026-000007',
          'RPV-2026-000042',
        ]);
        expect(body.items[2]).toEqual({
          invoiceId: expect.any(Number),
          orderId: ids.a,
          replaced: false,
          number: 'RPV-2026-000042',
          issuedAt: '2026-03-10T10:00:00.000Z',
          totalRon: 17952,
          vatRon: 0,
          buyerName: 'Pop Transport SRL',
          email: 'Ana.Pop@Example.ro',
          kind: 'INVOICE',
          creditNoteId: null,
          invoiceNumber: null,
          creditedRon: 0,
          reversed: null,
        });
        expect(body.items[1]).toMatchObject({ buyerName: null, email: 'ion@mail.ro', vatRon: 1076 });
      });

      it.each([
        ['the full number', 'RPV-2026-000042', ['RPV-2026-000042']],
        ['the number in small letters without zeros', 'rpt-2026-7', ['RPT-2026-000007']],
        ['the bare number', '8', ['RPT-2026-000008']],
        ['an e-mail prefix', 'ION@', ['RPT-2026-000007']],
        ['nothing that matches', 'RPV-2025-000042', []],
      ])('searches by %s', async (_what, q, expected) => {
        const { body } = await invoicesPage(`?q=${encodeURIComponent(q)}`);
        expect(body.items.map((item: { number: string }) => item.number)).toEqual(expected);
        expect(body.total).toBe(expected.length);
      });

      it('searches by order id and pages', async () => {
        expect(
          (await invoicesPage(`?q=${ids.d}`)).body.items.map((item: { orderId: string }) => item.orderId),
        ).toEqual([ids.d]);
        const second = await invoicesPage('?size=2&page=1');
        expect(second.body).toMatchObject({ total: 3, page: 1, size: 2 });
        expect(second.body.items.map((item: { number: string }) => item.number)).toEqual(['RPV-2026-000042']);
        expect((await invoicesPage('?size=500')).status).toBe(422);
      });

      it('answers 401 and 403 (INVOICE_READ)', async () => {
        expect((await invoicesPage('', '')).status).toBe(401);
        expect((await invoicesPage('', reader)).status).toBe(403);
      });

      it('downloads an invoice as the PDF, 404 when the order has none', async () => {
        const response = await getInvoicePdf(get(`/api/invoice?orderId=${ids.a}`, operator), noParams);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(response.headers.get('content-disposition')).toBe(
          'attachment; filename="factura-RPV-2026-000042.pdf"',
        );
        expect(
          Buffer.from(await response.arrayBuffer())
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');
        expect((await getInvoicePdf(get(`/api/invoice?orderId=${ids.c}`, operator), noParams)).status).toBe(
          404,
        );
        expect((await getInvoicePdf(get('/api/invoice?orderId=nope', operator), noParams)).status).toBe(404);
        expect((await getInvoicePdf(get('/api/invoice', operator), noParams)).status).toBe(422);
        expect((await getInvoicePdf(get(`/api/invoice?orderId=${ids.a}`), noParams)).status).toBe(401);
        expect((await getInvoicePdf(get(`/api/invoice?orderId=${ids.a}`, reader), noParams)).status).toBe(
          403,
        );
      });
    });
  });
});
