import { eq } from 'drizzle-orm';
import { GET as getOrderAnswer } from '@/app/api/my-orders/[orderId]/route';
import { POST as postLink } from '@/app/api/my-orders/link/route';
import { GET as getMyOrders } from '@/app/api/my-orders/route';
import { DELETE as deleteSession, POST as postSession } from '@/app/api/my-orders/session/route';
import { GET as getDocument } from '@/app/api/orders/[orderId]/invoice/route';
import { signingSecret } from '@/lib/auth/tokens';
import { hufToBani, quotingCatalog } from '@/lib/catalog/catalog';
import { listMyOrders, sameAgainCart } from '@/lib/buyers/my-orders';
import { randomBytes } from 'node:crypto';
import { newSecretToken, parseSecretToken, sealToken, unsealToken } from '@/lib/security/secret-tokens';
import { BUYER_SESSION_COOKIE } from '@/lib/buyers/session-cookie';
import { requestSignInLink } from '@/lib/buyers/sign-in';
import { BUYER_SIGN_IN } from '@/lib/mail/buyer-sign-in';
import type { Db } from '@/lib/db/client';
import { buyerSessions, buyerSignInLinks, invoices, orders, outbox } from '@/lib/db/schema';
import { describeOnProcessDrivers, insertCreditNote, insertOrder, vignette } from '../admin/admin-fixtures';
import { jsonRequest, noParams, withRateLimitMultiplier } from '../../support/process-database';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp-capture';
import { sendDueMail } from '../../support/outbox';
import { countStatements } from '../../support/statement-counter';

/*
 * "My orders" without an account: a link mailed over real SMTP opens a day-long session, once, within 30 minutes; the
 * session sees its e-mail's orders and no other's; and asking for a link tells nobody whether an address bought.
 */

const askLink = (email: string, locale = 'hu') =>
  postLink(jsonRequest('/api/my-orders/link', { body: { email, locale } }), noParams);
const redeem = (token: string) =>
  postSession(jsonRequest('/api/my-orders/session', { body: { token } }), noParams);
const withCookie = (cookie?: string) =>
  cookie ? { cookie: `${BUYER_SESSION_COOKIE}=${cookie}` } : undefined;
const list = (cookie?: string) =>
  getMyOrders(jsonRequest('/api/my-orders', { headers: withCookie(cookie) }), noParams);
const one = (orderId: string, cookie?: string) =>
  getOrderAnswer(jsonRequest(`/api/my-orders/${orderId}`, { headers: withCookie(cookie) }), {
    params: Promise.resolve({ orderId }),
  });
/** The session's value in a Set-Cookie header. */
const sessionOf = (response: Response) =>
  decodeURIComponent(
    new RegExp(`^${BUYER_SESSION_COOKIE}=([^;]*)`).exec(response.headers.get('set-cookie') ?? '')![1]!,
  );

/** The tokens of the sign-in rows queued so far, unsealed as the mail job does. */
async function queuedTokens(db: Db): Promise<string[]> {
  const secret = await signingSecret(db);
  const rows = await db.select().from(outbox).where(eq(outbox.kind, BUYER_SIGN_IN));
  return rows.map((row) => unsealToken(row.details!.token!, secret)!);
}

describeOnProcessDrivers('my orders without an account', (db) => {
  /** A delivered and invoiced order of one vignette. */
  const fulfilledOrder = (
    email: string,
    createdAt: string,
    invoiceNumber: number,
    item: ReturnType<typeof vignette>,
  ) =>
    insertOrder(db(), {
      kind: 'VIGNETTE',
      status: 'FULFILLED',
      email,
      createdAt,
      amountBani: item.priceBani,
      items: [item],
      invoice: { series: 'RPV', year: 2026, number: invoiceNumber },
    });

  let capture: SmtpCapture;
  let older: string;
  let newer: string;
  let others: string;

  beforeAll(async () => {
    capture = await startSmtpCapture();
    older = await fulfilledOrder('Ana.Popescu@Example.ro', '2026-03-01T10:00:00Z', 701, {
      ...vignette('CAR', 'WEEK', 'B123ABC', 8976),
      issuedId: 'HU-1',
    });
    newer = await fulfilledOrder('ana.popescu@example.ro', '2026-03-09T10:00:00Z', 702, {
      ...vignette('CAR', 'MONTH', 'B123ABC', 8976),
      firstDay: '2026-03-20',
      lastDay: '2026-04-20',
      issuedId: 'HU-2',
    });
    others = await fulfilledOrder('someone.else@example.ro', '2026-03-05T10:00:00Z', 703, {
      ...vignette('CAR', 'WEEK', 'CJ99XYZ', 8976),
      issuedId: 'HU-3',
    });
  });

  afterAll(() => capture.close());

  describe('asking for a link', () => {
    let link: string;

    it('mails a link in the language asked, over SMTP, to an address with orders', async () => {
      const response = await askLink('  Ana.Popescu@EXAMPLE.ro ');
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ accepted: true });
      expect(await sendDueMail(db(), capture.mailer)).toBe(1);
      expect(capture.received).toHaveLength(1);
      const [mail] = capture.received;
      expect(mail!.to).toMatchObject({ text: 'ana.popescu@example.ro' });
      expect(mail!.subject).toContain('Rendelései');
      link = /(http\S+\/hu\/orders\/sign-in\?token=\S+)/.exec(mail!.text!)![1]!;
      expect(mail!.html).toContain(link.replace(/&/g, '&amp;'));
    });

    it('keeps only the hash of the link’s secret, and the outbox only a sealed token', async () => {
      const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
      const { id, secret } = parseSecretToken(token)!;
      const [row] = await db().select().from(buyerSignInLinks).where(eq(buyerSignInLinks.id, id));
      expect(row!.email).toBe('ana.popescu@example.ro');
      expect(row!.locale).toBe('hu');
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 60_000);
      expect(JSON.stringify(row)).not.toContain(secret);
      const queued = await db().select().from(outbox).where(eq(outbox.kind, BUYER_SIGN_IN));
      expect(JSON.stringify(queued)).not.toContain(secret);
    });

    it('answers the same for an address without orders, mails nothing, and runs the same statements', async () => {
      const before = await db().select().from(outbox);
      const response = await askLink('nobody@example.ro');
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ accepted: true });
      expect(await db().select().from(outbox)).toHaveLength(before.length);
      expect(await sendDueMail(db(), capture.mailer)).toBe(0);
      expect(capture.received).toHaveLength(1);

      // What reaches the database, driver by driver (prepared statements included): the same for both addresses.
      const shape = ({ statements }: { statements: string[] }) =>
        statements.map((statement) => statement.trim().split(/\s+/, 3).join(' ').toLowerCase());
      const known = shape(
        await countStatements(() =>
          requestSignInLink(db(), { email: 'ana.popescu@example.ro', locale: 'ro' }),
        ),
      );
      const unknown = shape(
        await countStatements(() => requestSignInLink(db(), { email: 'nobody@example.ro', locale: 'ro' })),
      );
      expect(known).toEqual(unknown);
      expect(known).toEqual([
        'insert into "rate_buckets"',
        'begin',
        'insert into "buyer_sign_in_links"',
        'insert into "outbox"',
        'delete from "buyer_sign_in_links"',
        'delete from "buyer_sessions"',
        'commit',
      ]);
      expect(await db().select().from(outbox).where(eq(outbox.recipient, 'nobody@example.ro'))).toEqual([]);
    });

    it('refuses a malformed address with 422 naming the field', async () => {
      const response = await askLink('not an address');
      expect(response.status).toBe(422);
      expect((await response.json()).error.issues[0]).toMatchObject({ path: 'email', code: 'emailInvalid' });
    });

    describe('redeeming it', () => {
      let cookie: string;

      it('opens a day-long session in an httpOnly cookie', async () => {
        const token = new URL(link).searchParams.get('token')!;
        const response = await redeem(token);
        expect(response.status).toBe(201);
        expect(await response.json()).toMatchObject({ email: 'ana.popescu@example.ro' });
        const setCookie = response.headers.get('set-cookie')!;
        expect(setCookie).toMatch(/HttpOnly/);
        expect(setCookie).toMatch(/SameSite=Lax/);
        expect(setCookie).toMatch(/Path=\//);
        expect(setCookie).toMatch(/Max-Age=86400/);
        cookie = sessionOf(response);
        const [session] = await db()
          .select()
          .from(buyerSessions)
          .where(eq(buyerSessions.id, parseSecretToken(cookie)!.id));
        expect(session!.tokenHash).not.toBe(parseSecretToken(cookie)!.secret);
      });

      it('refuses the link a second time with 410', async () => {
        const response = await redeem(new URL(link).searchParams.get('token')!);
        expect(response.status).toBe(410);
        expect((await response.json()).error.code).toBe('GONE');
      });

      it('refuses a forged or malformed token with 404', async () => {
        const { id } = parseSecretToken(new URL(link).searchParams.get('token')!)!;
        expect((await redeem(`${id}.${'A'.repeat(43)}`)).status).toBe(404);
        expect((await redeem('nonsense')).status).toBe(404);
        expect((await redeem('')).status).toBe(422);
      });

      it('lists the e-mail’s orders newest first, and no other’s', async () => {
        const response = await list(cookie);
        expect(response.status).toBe(200);
        const body = await response.json();
        expect(body.email).toBe('ana.popescu@example.ro');
        expect(body.orders.map((order: { id: string }) => order.id)).toEqual([newer, older]);
        const [row] = await db()
          .select({ reference: orders.reference })
          .from(orders)
          .where(eq(orders.id, newer));
        const reference = row!.reference;
        expect(reference).toMatch(/^RP-/);
        expect(body.orders[0]).toMatchObject({
          reference,
          status: 'FULFILLED',
          mayResend: true,
        });
      });

      it('answers one of its orders, and 404 for another e-mail’s as for none', async () => {
        expect((await one(older, cookie)).status).toBe(200);
        const foreign = await one(others, cookie);
        expect(foreign.status).toBe(404);
        expect((await foreign.json()).error.code).toBe('NOT_FOUND');
        expect((await one('AAAAAAAAAAAAAAAAAAAAAA', cookie)).status).toBe(404);
        expect((await one(older)).status).toBe(401);
      });

      it('links the documents with the order’s key, so that they download', async () => {
        const body = await (await one(older, cookie)).json();
        const invoice = await getDocument(
          jsonRequest(`/api/orders/${older}/invoice?${body.documents.invoice}`),
          { params: Promise.resolve({ orderId: older }) },
        );
        expect(invoice.status).toBe(200);
        expect(invoice.headers.get('content-type')).toBe('application/pdf');
      });

      it('ends the session: the cookie goes, and the old value opens nothing', async () => {
        const response = await deleteSession(
          jsonRequest('/api/my-orders/session', { method: 'DELETE', headers: withCookie(cookie) }),
          noParams,
        );
        expect(response.status).toBe(204);
        expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/);
        expect((await list(cookie)).status).toBe(401);
        expect((await list()).status).toBe(401);
      });
    });
  });

  it('refuses a link after its 30 minutes with 410, and does not mail it late', async () => {
    capture.received.length = 0;
    await db().delete(outbox).where(eq(outbox.kind, BUYER_SIGN_IN));
    await requestSignInLink(
      db(),
      { email: 'ana.popescu@example.ro', locale: 'ro' },
      new Date(Date.now() - 31 * 60_000),
    );
    const [token] = await queuedTokens(db());
    expect(await sendDueMail(db(), capture.mailer)).toBe(0);
    expect(capture.received).toHaveLength(0);
    const response = await redeem(token!);
    expect(response.status).toBe(410);
  });

  it('forgets links and sessions a day after they expired, and does not mail a forgotten link', async () => {
    await db().delete(outbox).where(eq(outbox.kind, BUYER_SIGN_IN));
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await requestSignInLink(db(), { email: 'ana.popescu@example.ro', locale: 'ro' }, dayAgo);
    const [token] = await queuedTokens(db());
    const { id } = parseSecretToken(token!)!;
    const session = await db()
      .insert(buyerSessions)
      .values({
        id: '6f1c3c1e-1d1e-4c1e-8c1e-1c1e1c1e1c1e',
        tokenHash: 'x',
        email: 'ana.popescu@example.ro',
        expiresAt: dayAgo,
      })
      .returning();
    await requestSignInLink(db(), { email: 'nobody@example.ro', locale: 'ro' });
    expect(await db().select().from(buyerSignInLinks).where(eq(buyerSignInLinks.id, id))).toEqual([]);
    expect(await db().select().from(buyerSessions).where(eq(buyerSessions.id, session[0]!.id))).toEqual([]);
    capture.received.length = 0;
    expect(await sendDueMail(db(), capture.mailer)).toBe(0);
    const [row] = await db().select().from(outbox).where(eq(outbox.kind, BUYER_SIGN_IN));
    expect(row!.sentAt).not.toBeNull();
    expect(row!.lastError).toMatch(/not sent/);
  });

  it('records as not sent a link sealed under a secret changed since', async () => {
    await db().delete(outbox).where(eq(outbox.kind, BUYER_SIGN_IN));
    const { id, token } = newSecretToken();
    await db()
      .insert(outbox)
      .values({
        kind: BUYER_SIGN_IN,
        recipient: 'ana.popescu@example.ro',
        details: { linkId: id, locale: 'ro', token: sealToken(token, randomBytes(48)) },
      });
    capture.received.length = 0;
    expect(await sendDueMail(db(), capture.mailer)).toBe(0);
    const [row] = await db().select().from(outbox).where(eq(outbox.kind, BUYER_SIGN_IN));
    expect(row!.sentAt).not.toBeNull();
    expect(capture.received).toEqual([]);
  });

  it('shows each vignette’s standing and the same again from the day after it ends, by the clock given', async () => {
    const orders = await listMyOrders(db(), 'ana.popescu@example.ro', new Date('2026-03-15T10:00:00Z'));
    const [monthly, weekly] = orders.map((order) => order.vignettes[0]!);
    expect(weekly!.standing).toBe('ACTIVE');
    expect(monthly!.standing).toBe('UPCOMING');
    expect(orders[1]!.sameAgain).toEqual([
      expect.objectContaining({ type: 'WEEK', plate: 'B123ABC', country: 'RO', startDate: '2026-03-20' }),
    ]);
    expect(orders[0]!.sameAgain[0]).toMatchObject({ type: 'MONTH', startDate: '2026-04-21' });
    const later = await listMyOrders(db(), 'ana.popescu@example.ro', new Date('2026-05-01T10:00:00Z'));
    expect(later.map((order) => order.vignettes[0]!.standing)).toEqual(['ENDED', 'ENDED']);
    expect(later[1]!.sameAgain[0]!.startDate).toBe('2026-05-01');
  });

  it('mails one address at most 3 links at once, answering every further ask the same', async () => {
    await db().delete(outbox).where(eq(outbox.kind, BUYER_SIGN_IN));
    const email = 'someone.else@example.ro';
    const answers = await withRateLimitMultiplier(1, async () => {
      const statuses: number[] = [];
      for (let ask = 0; ask < 4; ask++) statuses.push((await askLink(email, 'ro')).status);
      return statuses;
    });
    expect(answers).toEqual([202, 202, 202, 202]);
    expect(await db().select().from(outbox).where(eq(outbox.recipient, email))).toHaveLength(3);
  });

  it('prices the same again from today’s catalog, leaving out what is not sold', async () => {
    const next = {
      categoryCode: 'CAR',
      type: 'WEEK' as const,
      plate: 'B123ABC',
      country: 'RO',
      startDate: '2026-03-20',
      firstDay: '2026-03-20',
      lastDay: '2026-03-29',
    };
    const { rate, findPrice } = await quotingCatalog();
    const price = await findPrice('CAR', 'WEEK', 2026);
    expect(await sameAgainCart([next, { ...next, categoryCode: 'BUS' }])).toEqual([
      { ...next, priceHuf: price!.priceHuf, priceRon: hufToBani(price!.priceHuf, rate!.ron2huf) },
    ]);
  });

  it('links each credit note with the order’s key', async () => {
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, older));
    const note = await insertCreditNote(
      db(),
      { orderId: older, invoiceId: invoice!.id },
      { number: 701, amountBani: 8976, issuedAt: new Date('2026-03-11T10:00:00Z') },
    );
    const orders = await listMyOrders(db(), 'ana.popescu@example.ro');
    const { documents } = orders.find((order) => order.id === older)!;
    expect(documents!.creditNotes).toEqual([
      { id: note.id, query: expect.stringContaining(`creditNoteId=${note.id}&t=`) },
    ]);
    const download = await getDocument(
      jsonRequest(`/api/orders/${older}/invoice?${documents!.creditNotes[0]!.query}`),
      { params: Promise.resolve({ orderId: older }) },
    );
    expect(download.status).toBe(200);
  });
});
