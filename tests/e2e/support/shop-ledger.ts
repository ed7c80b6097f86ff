import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { waitFor } from './shop-client';

/**
 * What a shop's database and its mail server hold, read from outside after the fact, and the figures the
 * crash-safety and two-server tests judge it by. Every figure is counted, never assumed: a paid order is one the
 * payment provider (the sandbox) recorded as paid, whatever the shop did with it.
 */
export interface Ledger {
  /** Orders the provider took money for. */
  paidAtProvider: number;
  /** Of those, orders not FULFILLED: lost or stuck. */
  paidNotFulfilled: string[];
  /** Orders still PAID or PENDING_PAYMENT with a payment started (work in flight). */
  inFlight: number;
  /** Vignettes and top-ups the issuers' sandboxes registered, and how many of them were asked for more than once. */
  issuances: number;
  issuanceRequests: number;
  /** Items of fulfilled orders, and those whose issued id is not the one the issuer registered for their key. */
  fulfilledItems: number;
  itemsNotMatchingIssuer: number;
  /** Invoices, the missing numbers of every series and year, and numbers taken twice. */
  invoices: number;
  invoiceGaps: number;
  invoiceRepeats: number;
  /** Orders paid with no invoice, or an invoice per order above one. */
  paidWithoutInvoice: number;
  /** Outbox rows, those not yet sent, and the notifications the shop received per payment above one. */
  outboxRows: number;
  outboxUnsent: number;
  notificationsPerPaymentAboveOne: number;
  /** Messages at the mail server; their Message-IDs; copies beyond the first per Message-ID; rows with no message. */
  mails: number;
  distinctMessageIds: number;
  duplicateMails: number;
  outboxRowsWithoutMail: number;
  /** The most copies of one message. */
  maxCopies: number;
}

export async function readMailIds(dir: string): Promise<string[]> {
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir).filter((file) => file.endsWith('.eml'));
  const parsed = await Promise.all(files.map((file) => simpleParser(fs.readFileSync(path.join(dir, file)))));
  return parsed.map((mail) => mail.messageId ?? '(none)');
}

export async function readLedger(databaseUrl: string, mailDir: string): Promise<Ledger> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const one = async <T>(text: string): Promise<T> => (await db.query(text)).rows[0] as T;
    const paid = await db.query<{ id: string; status: string }>(`
      select o.id, o.status from orders o
      where o.id in (select split_part(order_id, '.', 1) from sandbox_payments where status in (3, 5))`);
    const inFlight = await one<{ n: number }>(`
      select count(*)::int as n from orders
      where status = 'PAID' or (status = 'PENDING_PAYMENT' and payment_url is not null
        and exists (select 1 from sandbox_payments s where s.ntp_id = orders.provider_payment_id and s.status in (3, 5)))`);
    const issuances = await one<{ n: number; asks: number }>(
      'select count(*)::int as n, coalesce(sum(requests), 0)::int as asks from sandbox_issuances',
    );
    const items = await one<{ n: number; mismatched: number }>(`
      select count(*)::int as n,
        count(*) filter (where s.issued_id is distinct from i.issued_id)::int as mismatched
      from order_items i join orders o on o.id = i.order_id
      left join sandbox_issuances s on s.idempotency_key = i.order_id || ':' || i.position
      where o.status = 'FULFILLED'`);
    const invoices = await one<{ n: number; gaps: number; repeats: number }>(`
      select coalesce(sum(total), 0)::int as n,
        coalesce(sum(span - distinct_numbers), 0)::int as gaps,
        coalesce(sum(total - distinct_numbers), 0)::int as repeats
      from (select max(number) - min(number) + 1 as span, count(distinct number) as distinct_numbers,
                   count(*) as total, min(number) as first
            from invoices group by series, year) per_series`);
    const firstNumbers = await db.query<{ first: number }>(
      'select min(number)::int as first from invoices group by series, year',
    );
    const withoutInvoice = await one<{ n: number }>(`
      select count(*)::int as n from orders o
      where o.status in ('PAID', 'FULFILLED', 'FULFILLMENT_FAILED')
        and (select count(*) from invoices i where i.order_id = o.id) <> 1`);
    const outbox = await db.query<{ id: number; order_id: string | null; sent: boolean }>(
      'select id, order_id, sent_at is not null as sent from outbox',
    );
    const notifications = await one<{ n: number }>(`
      select coalesce(sum(n - 1), 0)::int as n from (
        select count(*) as n from payment_notifications
        where outcome like 'applied%' or outcome like 'no change%'
        group by provider_payment_id, provider_status) per_payment`);

    const mailIds = await readMailIds(mailDir);
    const copies = new Map<string, number>();
    for (const id of mailIds) copies.set(id, (copies.get(id) ?? 0) + 1);
    const rowsWithoutMail = outbox.rows.filter(
      (row) => row.sent && ![...copies.keys()].some((id) => id.startsWith(`<outbox-${row.id}.`)),
    ).length;

    return {
      paidAtProvider: paid.rows.length,
      paidNotFulfilled: paid.rows
        .filter((row) => row.status !== 'FULFILLED')
        .map((row) => `${row.id} ${row.status}`),
      inFlight: inFlight.n,
      issuances: issuances.n,
      issuanceRequests: issuances.asks,
      fulfilledItems: items.n,
      itemsNotMatchingIssuer: items.mismatched,
      invoices: invoices.n,
      // Numbering starts at 1 in every series and year: a first number above 1 is a gap too.
      invoiceGaps: invoices.gaps + firstNumbers.rows.reduce((sum, row) => sum + (row.first - 1), 0),
      invoiceRepeats: invoices.repeats,
      paidWithoutInvoice: withoutInvoice.n,
      outboxRows: outbox.rows.length,
      outboxUnsent: outbox.rows.filter((row) => !row.sent).length,
      notificationsPerPaymentAboveOne: notifications.n,
      mails: mailIds.length,
      distinctMessageIds: copies.size,
      duplicateMails: mailIds.length - copies.size,
      outboxRowsWithoutMail: rowsWithoutMail,
      maxCopies: Math.max(0, ...copies.values()),
    };
  } finally {
    await db.end();
  }
}

/**
 * What no fault may break (the README's "What the shop promises under faults"), as a list of broken promises:
 * empty when all hold. `allowedDuplicateMails` is the at-least-once allowance: the number of crashes between a
 * message's sending and its record.
 */
export function brokenPromises(ledger: Ledger, allowedDuplicateMails: number): string[] {
  const broken: string[] = [];
  if (ledger.paidNotFulfilled.length)
    broken.push(`paid orders not fulfilled: ${ledger.paidNotFulfilled.join(', ')}`);
  if (ledger.issuances !== ledger.fulfilledItems)
    broken.push(`${ledger.issuances} issuances for ${ledger.fulfilledItems} fulfilled items`);
  if (ledger.itemsNotMatchingIssuer)
    broken.push(`${ledger.itemsNotMatchingIssuer} items not matching the issuer`);
  if (ledger.invoiceGaps || ledger.invoiceRepeats)
    broken.push(`invoice numbers: ${ledger.invoiceGaps} gaps, ${ledger.invoiceRepeats} repeats`);
  if (ledger.paidWithoutInvoice)
    broken.push(`${ledger.paidWithoutInvoice} paid orders without exactly one invoice`);
  if (ledger.invoices !== ledger.paidAtProvider)
    broken.push(`${ledger.invoices} invoices for ${ledger.paidAtProvider} paid orders`);
  if (ledger.outboxRows !== ledger.paidAtProvider)
    broken.push(`${ledger.outboxRows} confirmation e-mails queued for ${ledger.paidAtProvider} paid orders`);
  if (ledger.outboxUnsent) broken.push(`${ledger.outboxUnsent} e-mails never sent`);
  if (ledger.outboxRowsWithoutMail)
    broken.push(`${ledger.outboxRowsWithoutMail} e-mails marked sent but not received`);
  if (ledger.distinctMessageIds !== ledger.outboxRows)
    broken.push(`${ledger.distinctMessageIds} distinct Message-IDs for ${ledger.outboxRows} e-mails`);
  if (ledger.duplicateMails > allowedDuplicateMails)
    broken.push(
      `${ledger.duplicateMails} duplicate e-mails, more than the ${allowedDuplicateMails} crashes mid-send`,
    );
  return broken;
}

/**
 * Waits until the `orders` orders paid at the provider are all fulfilled and their e-mails received, the outbox empty:
 * the ledger then, or an error with the last one read.
 */
export async function waitUntilDelivered(
  databaseUrl: string,
  mailDir: string,
  orders: number,
  timeoutMs: number,
): Promise<Ledger> {
  let ledger: Ledger | undefined;
  await waitFor(
    async () => {
      ledger = await readLedger(databaseUrl, mailDir);
      return (
        ledger.paidAtProvider === orders &&
        !ledger.paidNotFulfilled.length &&
        ledger.mails >= orders &&
        !ledger.outboxUnsent
      );
    },
    timeoutMs,
    () => `not settled: ${JSON.stringify(ledger)}`,
  );
  return ledger!;
}
