import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { ParsedMail } from 'mailparser';
import type { Db } from '@/lib/db/client';
import { GET as getReminderFigures } from '@/app/api/admin/reminders/route';
import { POST as postVignetteOrder } from '@/app/api/nmps/orders/order/route';
import { GET as getUnsubscribe, POST as postUnsubscribe } from '@/app/api/reminders/unsubscribe/route';
import { reminderSameAgain } from '@/lib/buyers/reminder-again';
import { expiryReminders, orders, outbox, refunds } from '@/lib/db/schema';
import { sendDueMail } from '@/lib/mail/outbox';
import { currentReminderConsent } from '@/lib/reminders/consent';
import {
  EXPIRY_REMINDER,
  queueExpiryReminders,
  reminderFigures,
  reminderOfToken,
} from '@/lib/reminders/expiry-reminders';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { describeOnProcessDrivers, get, insertOrder, staff, vignette } from '../admin/admin-fixtures';
import { jsonRequest, noParams } from '../../support/process-database';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp-capture';

/*
 * Expiry reminders with a controlled clock: a buyer who consented gets exactly one reminder per delivered vignette, on
 * its day (yearly and county 14 days ahead, monthly 3, 10-day 1, daily never), in the order's language, over real
 * SMTP with RFC 8058's one-click unsubscribe; none without consent, after an unsubscribe, for a refunded order or a
 * vignette already renewed; and a crash between choosing and sending still gives exactly one.
 */

/** Budapest is UTC+2 in June and UTC+1 in January. */
const at = (iso: string) => new Date(iso);

const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');

const unsubscribeTokenOf = (mail: ParsedMail) =>
  decodeURIComponent(/[?&]token=([^&>]+)/.exec(header(mail, 'List-Unsubscribe') ?? '')![1]!);

const againTokenOf = (mail: ParsedMail) =>
  decodeURIComponent(/\/reminders\/again\?token=(\S+)/.exec(mail.text!)![1]!);

const unsubscribeRequest = (token: string, method: 'GET' | 'POST') =>
  new Request(`http://localhost/api/reminders/unsubscribe?token=${encodeURIComponent(token)}&lang=ro`, {
    method,
    // RFC 8058: the mail client's one-click POST, with no cookie, session or anti-forgery header.
    ...(method === 'POST'
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        }
      : {}),
  });

describeOnProcessDrivers('expiry reminders', (db) => {
  let capture: SmtpCapture;
  let invoiceNumber = 900;

  /** A delivered vignette order; its buyer consented at `consentAt` unless null. */
  async function order(
    email: string,
    locale: string,
    consentAt: string | null,
    items: ReturnType<typeof vignette>[],
    status: 'FULFILLED' | 'REFUNDED' = 'FULFILLED',
  ) {
    const id = await insertOrder(db(), {
      kind: 'VIGNETTE',
      status,
      email,
      createdAt: consentAt ?? '2026-05-01T10:00:00Z',
      amountBani: 1000 * items.length,
      items,
      invoice: { series: 'RPV', year: 2026, number: invoiceNumber++ },
    });
    await db()
      .update(orders)
      .set({
        locale,
        reminderConsentAt: consentAt ? new Date(consentAt) : null,
        reminderConsentVersion: consentAt ? '1.0' : null,
      })
      .where(eq(orders.id, id));
    return id;
  }

  const delivered = (
    category: string,
    type: NonNullable<ReturnType<typeof vignette>['vignetteType']>,
    plate: string,
    firstDay: string,
    lastDay: string,
    extra: Partial<ReturnType<typeof vignette>> = {},
  ) => ({ ...vignette(category, type, plate, 1000), firstDay, lastDay, issuedId: `HU-${plate}`, ...extra });

  /** Sends what the outbox has due (its rows made due a second ago: the outbox reads with a millisecond clock). */
  async function send() {
    await db().execute(
      sql`update ${outbox} set next_attempt_at = now() - interval '1 second' where sent_at is null`,
    );
    const before = capture.received.length;
    await sendDueMail(db(), capture.mailer);
    return capture.received.slice(before);
  }

  const plateIn = (mail: ParsedMail) => /[A-Z0-9]{7}/.exec(mail.subject ?? '')?.[0];

  beforeAll(async () => {
    capture = await startSmtpCapture();
    await order('Anna.Kovacs@Example.hu', 'hu', '2026-05-01T10:00:00Z', [
      delivered('CAR', 'WEEK', 'B101WEK', '2026-06-01', '2026-06-10'),
      delivered('CAR', 'MONTH', 'B102MON', '2026-05-21', '2026-06-20'),
      delivered('CAR', 'DAY', 'B103DAY', '2026-06-10', '2026-06-10'),
      delivered('CAR', 'YEAR', 'B104YER', '2026-01-01', '2027-01-31'),
      delivered('CAR', 'COUNTY_YEAR', 'B105CTY', '2026-01-01', '2027-01-31', { county: 'baranya' }),
      // Not delivered: nothing to remind of.
      { ...delivered('CAR', 'MONTH', 'B106UND', '2026-05-21', '2026-06-20'), issuedId: null },
    ]);
    await order('no.consent@example.ro', 'ro', null, [
      delivered('CAR', 'MONTH', 'B201NOC', '2026-05-21', '2026-06-20'),
    ]);
    await order(
      'refunded@example.ro',
      'ro',
      '2026-05-01T10:00:00Z',
      [delivered('CAR', 'MONTH', 'B301REF', '2026-05-21', '2026-06-20')],
      'REFUNDED',
    );
    const partlyRefunded = await order('partly@example.ro', 'ro', '2026-05-01T10:00:00Z', [
      delivered('CAR', 'MONTH', 'B302REF', '2026-05-21', '2026-06-20'),
    ]);
    await db().insert(refunds).values({
      orderId: partlyRefunded,
      amountBani: 500,
      reason: 'goodwill',
      origin: 'STAFF',
      status: 'CONFIRMED',
      previousStatus: 'FULFILLED',
      requestedBy: 'admin',
    });
    await order('ion.pop@example.ro', 'ro', '2026-05-01T10:00:00Z', [
      delivered('CAR', 'WEEK', 'B401UNS', '2026-06-01', '2026-06-10'),
      delivered('CAR', 'MONTH', 'B402UNS', '2026-05-21', '2026-06-20'),
    ]);
    await order('renewed@example.ro', 'ro', '2026-05-01T10:00:00Z', [
      delivered('CAR', 'MONTH', 'B501REN', '2026-05-21', '2026-06-20'),
    ]);
    await order('crash@example.ro', 'en', '2026-05-01T10:00:00Z', [
      delivered('CAR', 'WEEK', 'B601CRS', '2026-07-01', '2026-07-10'),
    ]);
    // The same vehicle's next month, already bought: its reminder would come too late to matter and is not asked for.
    await order('renewed@example.ro', 'ro', null, [
      delivered('CAR', 'MONTH', 'B501REN', '2026-06-21', '2026-07-20'),
    ]);
  });

  afterAll(() => capture.close());

  let unsubscribeToken: string;

  it('reminds of a 10-day vignette the day before its last, from 08:00 in Hungary, in the buyer’s language', async () => {
    expect(await queueExpiryReminders(db(), at('2026-06-08T12:00:00Z'))).toBe(0);
    expect(await queueExpiryReminders(db(), at('2026-06-09T05:30:00Z'))).toBe(0);
    expect(await queueExpiryReminders(db(), at('2026-06-09T06:00:00Z'))).toBe(2);
    const mails = await send();
    expect(mails.map(plateIn).sort()).toEqual(['B101WEK', 'B401UNS']);
    const hungarian = mails.find((mail) => plateIn(mail) === 'B101WEK')!;
    expect((hungarian.to as { text: string }).text.toLowerCase()).toBe('anna.kovacs@example.hu');
    expect(hungarian.subject).toContain('e-matricája');
    expect(hungarian.text).toContain('10 napos');
    expect(hungarian.text).toMatch(/\/hu\/reminders\/again\?token=/);
    const romanian = mails.find((mail) => plateIn(mail) === 'B401UNS')!;
    expect(romanian.subject).toContain('Vinieta pentru B401UNS');
    expect(romanian.text).toContain('de 10 zile');
    unsubscribeToken = unsubscribeTokenOf(romanian);
  });

  it('carries RFC 8058’s one-click unsubscribe headers, over SMTP', async () => {
    const [mail] = capture.received;
    expect(header(mail!, 'List-Unsubscribe')).toMatch(
      /^<https?:\/\/[^>]+\/api\/reminders\/unsubscribe\?token=[^&>]+&lang=(hu|ro)>$/,
    );
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('never reminds twice of one vignette, nor of a day’s vignette', async () => {
    expect(await queueExpiryReminders(db(), at('2026-06-09T20:00:00Z'))).toBe(0);
    expect(await queueExpiryReminders(db(), at('2026-06-10T07:00:00Z'))).toBe(0);
    expect(await send()).toHaveLength(0);
  });

  it('unsubscribes by a POST without a session; a GET only leads to the page with the button', async () => {
    const opened = await getUnsubscribe(unsubscribeRequest(unsubscribeToken, 'GET'), noParams);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toMatch(/\/ro\/reminders\/unsubscribe\?token=/);
    const refused = await postUnsubscribe(unsubscribeRequest('1.AAAAAAAAAAAAAAAAAAAAAA', 'POST'), noParams);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    // A "buy again" token cannot unsubscribe.
    const again = await postUnsubscribe(
      unsubscribeRequest(unsubscribeToken.replace(/\..*/, '.BBBBBBBBBBBBBBBBBBBBBB'), 'POST'),
      noParams,
    );
    expect(again.status).toBe(404);
    for (let time = 0; time < 2; time++) {
      const response = await postUnsubscribe(unsubscribeRequest(unsubscribeToken, 'POST'), noParams);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ unsubscribed: true });
    }
  });

  it('reminds of a month 3 days ahead, exactly once though the pass dies between choosing and sending', async () => {
    const now = at('2026-06-17T06:00:00Z');
    const chosen: number[] = [];
    await expect(
      queueExpiryReminders(db(), now, {
        afterChosen: (id) => {
          chosen.push(id);
          throw new Error('killed between choosing and sending');
        },
      }),
    ).rejects.toThrow('killed');
    expect(chosen).toHaveLength(1);
    // The restarted server (or another one) chooses nothing again; the outbox sends what was committed.
    expect(await queueExpiryReminders(db(), now)).toBe(0);
    expect(await queueExpiryReminders(db(), at('2026-06-18T06:00:00Z'))).toBe(0);
    const mails = await send();
    // Not the unsubscribed buyer's, the unconsented, the refunded, the undelivered or the renewed vignette.
    expect(mails.map(plateIn)).toEqual(['B102MON']);
    const rows = await db().select().from(outbox).where(eq(outbox.kind, EXPIRY_REMINDER));
    expect(rows).toHaveLength(3);
  });

  it('fills "buy the same again" from the day after the reminded vignette ends, without signing in', async () => {
    const mail = capture.received.find((received) => plateIn(received) === 'B102MON')!;
    const token = againTokenOf(mail);
    expect(await reminderSameAgain(db(), token, at('2026-06-17T06:00:00Z'))).toMatchObject({
      categoryCode: 'CAR',
      type: 'MONTH',
      plate: 'B102MON',
      country: 'RO',
      startDate: '2026-06-21',
      firstDay: '2026-06-21',
    });
    expect(await reminderSameAgain(db(), unsubscribeTokenOf(mail), at('2026-06-17T06:00:00Z'))).toBeNull();
    expect(await reminderSameAgain(db(), 'nonsense', at('2026-06-17T06:00:00Z'))).toBeNull();
  });

  it('reminds of yearly and county vignettes 14 days ahead, once though two servers choose at once', async () => {
    const now = at('2027-01-17T07:00:00Z');
    const [first, second] = await Promise.all([
      queueExpiryReminders(db(), now),
      queueExpiryReminders(db(), now),
    ]);
    expect(first + second).toBe(2);
    const mails = await send();
    expect(mails.map(plateIn).sort()).toEqual(['B104YER', 'B105CTY']);
    expect(mails.find((mail) => plateIn(mail) === 'B105CTY')!.text).toContain('Vármegye: Baranya.');
    expect(await db().select().from(expiryReminders)).toHaveLength(5);
  });

  it('stores a checkout’s consent with its time and version, and counts the buyers who came back', async () => {
    expect(await reminderFigures(db())).toEqual({ sent: 5, ordersBack: 0, buyersBack: 0 });
    const mail = capture.received.find((received) => plateIn(received) === 'B102MON')!;
    const token = againTokenOf(mail);
    const tomorrow = DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!;
    const place = (extra: Record<string, unknown>) =>
      postVignetteOrder(
        jsonRequest('/api/nmps/orders/order', {
          body: {
            items: [
              { categoryCode: 'CAR', type: 'MONTH', startDate: tomorrow, plate: 'B102MON', country: 'RO' },
            ],
            email: 'anna.kovacs@example.hu',
            locale: 'hu',
            acceptTerms: true,
            ...extra,
          },
        }),
        noParams,
      );
    const before = Date.now();
    const back = await place({ remindBeforeEnd: true, fromReminder: token });
    expect(back.status).toBe(201);
    const backId = (await back.json()).orderId as string;
    const plain = await place({ fromReminder: 'forged.AAAAAAAAAAAAAAAAAAAAAA' });
    expect(plain.status).toBe(201);
    const plainId = (await plain.json()).orderId as string;
    const [stored] = await db().select().from(orders).where(eq(orders.id, backId));
    expect(stored!.reminderConsentVersion).toBe(currentReminderConsent().version);
    expect(stored!.reminderConsentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored!.fromReminderId).toBe(await reminderOfToken(db(), token, 'again'));
    const [unticked] = await db().select().from(orders).where(eq(orders.id, plainId));
    expect(unticked).toMatchObject({
      reminderConsentAt: null,
      reminderConsentVersion: null,
      fromReminderId: null,
    });
    // Counted once paid.
    expect(await reminderFigures(db())).toMatchObject({ ordersBack: 0 });
    await db().update(orders).set({ status: 'FULFILLED' }).where(eq(orders.id, backId));
    expect(await reminderFigures(db())).toEqual({ sent: 5, ordersBack: 1, buyersBack: 1 });
  });

  it('shows staff the figures of a range of the shop’s days, and nobody else', async () => {
    const { token } = await staff(db(), 'reminder.reader', 'OPERATOR');
    const today = DateTime.now().setZone('Europe/Bucharest').toISODate()!;
    const figures = (from: string, to: string, bearer?: string) =>
      getReminderFigures(get(`/api/admin/reminders?from=${from}&to=${to}`, bearer), noParams);
    // The reminders went out now (the outbox's clock); the order came back today.
    const now = await figures(today, today, token);
    expect(now.status).toBe(200);
    expect(await now.json()).toEqual({ sent: 5, ordersBack: 1, buyersBack: 1 });
    expect(await (await figures('2026-01-01', '2026-01-31', token)).json()).toEqual({
      sent: 0,
      ordersBack: 0,
      buyersBack: 0,
    });
    expect((await figures(today, today)).status).toBe(401);
    expect((await figures(today, '2020-01-01', token)).status).toBe(422);
  });

  it('chooses again after a crash inside the choosing transaction, and sends exactly one', async () => {
    const now = at('2026-07-09T06:00:00Z');
    // The process dies as the outbox row is written: the reminder's row, in the same transaction, goes with it.
    let armed = true;
    const dying = new Proxy(db(), {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
        return (run: (tx: Db) => Promise<unknown>) =>
          target.transaction((tx) =>
            run(
              new Proxy(tx, {
                get(inner, name, innerReceiver) {
                  if (name === 'insert' && armed)
                    return (table: unknown) => {
                      if (table !== outbox) return inner.insert(table as typeof outbox);
                      armed = false;
                      throw new Error('killed while choosing');
                    };
                  return Reflect.get(inner, name, innerReceiver) as unknown;
                },
              }) as unknown as Db,
            ),
          );
      },
    });
    await expect(queueExpiryReminders(dying, now)).rejects.toThrow('killed while choosing');
    expect(await db().select().from(expiryReminders)).toHaveLength(5);
    expect(await queueExpiryReminders(db(), now)).toBe(1);
    expect(await queueExpiryReminders(db(), now)).toBe(0);
    const mails = await send();
    expect(mails.map(plateIn)).toEqual(['B601CRS']);
    expect(mails[0]!.subject).toBe('Your vignette for B601CRS ends on July 10, 2026');
  });
});
