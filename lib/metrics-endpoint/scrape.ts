import 'server-only';

import { sql } from 'drizzle-orm';
import { getConfig } from '@/lib/config/env';
import { queryRows, type Database } from '@/lib/db/client';
import { COUNT_EFACTURA_DEAD_LETTERS } from '@/lib/efactura/submissions-attention';
import { getPaymentGateway } from '@/lib/payment-provider/gateway';
import { GRACE_MS, REFUND_GRACE_MS } from '@/lib/payments/reconciler';
import { registeredJobs } from '@/lib/server/jobs';
import { shopMetrics } from '@/lib/metrics/registry';

/**
 * The order statuses counted at each scrape: those that still need the shop or a person. Terminal statuses grow
 * without bound and would cost a scan of most of the table; their flow is seen in `http_requests_total` instead.
 */
export const OPEN_ORDER_STATUSES = [
  'PENDING_PAYMENT',
  'PAID',
  'FULFILLMENT_FAILED',
  'REFUND_PENDING',
] as const;
/** The e-Factura statuses ANAF has not settled yet. */
export const UNSETTLED_EFACTURA_STATUSES = ['PENDING', 'UPLOADING', 'UPLOADED'] as const;

/**
 * The kinds of work `shop_job_backlog` counts, each with the job that does it: `mail` (the outbox, `mail`),
 * `fulfilment` (items of paid orders, `fulfilment`), `efactura` (documents ANAF has not settled, `efactura`),
 * `payments` and `refunds` (what the `reconciler` must ask the provider about), `sandbox-notifications` (the sandbox
 * provider's notifications, counted only while it is the payment provider).
 */
export const BACKLOG_KINDS = [
  'mail',
  'fulfilment',
  'efactura',
  'payments',
  'refunds',
  'sandbox-notifications',
] as const;
export type BacklogKind = (typeof BACKLOG_KINDS)[number];

type Backlog = { n: number; oldest: string | Date | null };

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Sets the gauges read from the database. Each query reads an index's range of rows still in flight (orders by
 * `orders_status_created`, the outbox by `outbox_pending`, e-Factura by `efactura_submissions_due`), so a scrape
 * costs a few milliseconds however many orders the shop has sold.
 */
async function readShopGauges(database: Database, now: Date) {
  const { db } = database;
  const metrics = shopMetrics();
  // The retry schedule's last attempt (lib/mail/outbox.ts): past it, a row is a dead letter (lib/mail/dead-letters.ts).
  const config = getConfig();
  const maxAttempts = config.MAIL_MAX_ATTEMPTS;
  const lifetimeSeconds = getPaymentGateway().formLifetimeSeconds;
  const [
    orderCounts,
    [mail],
    [efactura],
    efacturaCounts,
    [undelivered],
    [payments],
    [refunds],
    [notifications],
    [efacturaDead],
  ] = await Promise.all([
    queryRows<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from orders
          where status in (${inList(OPEN_ORDER_STATUSES)}) group by status`,
    ),
    queryRows<{ backlog: number; given_up: number; dead: number; oldest: string | Date | null }>(
      db,
      // `dead` leaves out a last attempt still claimed by a server (lib/mail/dead-letters.ts): it may yet be sent.
      sql`select count(*) filter (where attempts < ${maxAttempts})::int as backlog,
                 count(*) filter (where attempts >= ${maxAttempts})::int as given_up,
                 count(*) filter (where attempts >= ${maxAttempts} and next_attempt_at <= now())::int as dead,
                 min(created_at) filter (where attempts < ${maxAttempts}) as oldest
          from outbox where sent_at is null`,
    ),
    queryRows<{ oldest: string | Date | null; late: number }>(
      db,
      sql`select min(issued_at) as oldest, count(*) filter (where attention_at <= ${now.toISOString()})::int as late
          from efactura_submissions where status in (${inList(UNSETTLED_EFACTURA_STATUSES)})`,
    ),
    queryRows<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from efactura_submissions
          where status in (${inList(UNSETTLED_EFACTURA_STATUSES)}) group by status`,
    ),
    // Waiting since the order was paid (its first PAID event).
    queryRows<Backlog>(
      db,
      sql`select count(*)::int as n, min(paid.at) as oldest
          from order_items i join orders o on o.id = i.order_id
          left join lateral (select min(e.created_at) as at from order_events e
                             where e.order_id = o.id and e.to_status = 'PAID') paid on true
          where o.status = 'PAID' and i.issued_id is null`,
    ),
    // The reconciler's own rule (lib/payments/reconciler.ts): pending a grace period after the form expired, or,
    // never started, after a form opened with the order would have expired. Waiting since it became due.
    queryRows<Backlog>(
      db,
      sql`select count(*)::int as n, min(due) as oldest from (
            select least(payment_expires_at,
                         case when payment_url is null then created_at + ${lifetimeSeconds}::int * interval '1 second' end)
                   + ${GRACE_MS}::int * interval '1 millisecond' as due
            from orders where status = 'PENDING_PAYMENT') pending
          where due <= ${now.toISOString()}`,
    ),
    queryRows<Backlog>(
      db,
      sql`select count(*)::int as n, min(created_at + ${REFUND_GRACE_MS}::int * interval '1 millisecond') as oldest
          from refunds where status = 'PENDING'
          and created_at <= ${new Date(now.getTime() - REFUND_GRACE_MS).toISOString()}`,
    ),
    // Outside the sandbox nothing sends them: a row left from before going live is nobody's work.
    config.PAYMENT_PROVIDER === 'sandbox'
      ? queryRows<Backlog>(
          db,
          sql`select count(*)::int as n, min(notify_next_at) as oldest from sandbox_payments
              where notified_at is null and notify_next_at is not null`,
        )
      : Promise.resolve([{ n: 0, oldest: null }]),
    queryRows<{ n: number }>(db, COUNT_EFACTURA_DEAD_LETTERS),
  ]);
  const ageSeconds = (time: string | Date | null | undefined) =>
    time ? Math.max(0, (now.getTime() - new Date(time).getTime()) / 1000) : 0;
  for (const status of OPEN_ORDER_STATUSES) {
    metrics.orders.set({ status }, orderCounts.find((row) => row.status === status)?.n ?? 0);
  }
  metrics.mailBacklog.set(mail?.backlog ?? 0);
  metrics.mailGivenUp.set(mail?.given_up ?? 0);
  metrics.deadLetters.set({ kind: 'mail' }, mail?.dead ?? 0);
  metrics.deadLetters.set(
    { kind: 'delivery' },
    orderCounts.find((row) => row.status === 'FULFILLMENT_FAILED')?.n ?? 0,
  );
  metrics.deadLetters.set({ kind: 'efactura' }, efacturaDead?.n ?? 0);
  metrics.mailBacklogOldest.set(ageSeconds(mail?.oldest));
  for (const status of UNSETTLED_EFACTURA_STATUSES) {
    metrics.efacturaSubmissions.set({ status }, efacturaCounts.find((row) => row.status === status)?.n ?? 0);
  }
  metrics.efacturaLate.set(efactura?.late ?? 0);
  metrics.efacturaOldestUnaccepted.set(ageSeconds(efactura?.oldest));
  metrics.undeliveredItems.set(undelivered?.n ?? 0);
  const backlogs: Record<BacklogKind, Backlog | undefined> = {
    mail: mail && { n: mail.backlog, oldest: mail.oldest },
    fulfilment: undelivered,
    efactura: { n: efacturaCounts.reduce((sum, row) => sum + row.n, 0), oldest: efactura?.oldest ?? null },
    payments,
    refunds,
    'sandbox-notifications': notifications,
  };
  for (const kind of BACKLOG_KINDS) {
    metrics.jobBacklog.set({ kind }, backlogs[kind]?.n ?? 0);
    metrics.jobBacklogOldest.set({ kind }, ageSeconds(backlogs[kind]?.oldest));
  }
}

/** Sets each job's last success age from this process's scheduler: a job this process does not run has no series. */
function readJobAges(now: Date) {
  const gauge = shopMetrics().jobLastSuccessAge;
  gauge.reset();
  for (const job of registeredJobs()) {
    const since = job.lastSuccessAt ?? job.registeredAt;
    gauge.set({ job: job.name }, Math.max(0, (now.getTime() - since.getTime()) / 1000));
  }
}

/**
 * The process's metrics in the Prometheus text format, with the database's gauges read now. A database that does
 * not answer leaves those gauges as they were and sets `shop_database_up` to 0: the scrape itself still answers.
 */
export async function renderMetrics(
  openDatabase: () => Promise<Database>,
  now = new Date(),
): Promise<{ body: string; contentType: string }> {
  const metrics = shopMetrics();
  readJobAges(now);
  try {
    const database = await openDatabase();
    await readShopGauges(database, now);
    metrics.databaseUp.set(1);
    const pool = database.poolStats?.();
    if (pool) {
      metrics.poolConnections.set({ state: 'total' }, pool.total);
      metrics.poolConnections.set({ state: 'idle' }, pool.idle);
      metrics.poolConnections.set({ state: 'waiting' }, pool.waiting);
    }
  } catch {
    metrics.databaseUp.set(0);
  }
  return { body: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
}
