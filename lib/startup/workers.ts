import 'server-only';

import { getConfig, type Config } from '@/lib/config/env';
import { getDatabase, getDb } from '@/lib/db/client';
import { getEfacturaApi } from '@/lib/efactura/provider';
import { queueEfacturaHeldBackDigest } from '@/lib/efactura/held-back-digest';
import { purgeEfacturaSandbox } from '@/lib/efactura/sandbox';
import { processEfacturaSubmissions } from '@/lib/efactura/submissions';
import { exchangeRates } from '@/lib/db/schema';
import {
  announceCatalogChange,
  CATALOG_CHANGED_CHANNEL,
  listenForCatalogChanges,
  serverInstanceId,
} from '@/lib/catalog/catalog-changes';
import { rememberCatalogPageData } from '@/lib/catalog/page-data';
import { revalidateCatalogPagesFromBackground } from '@/lib/catalog/page-revalidation';
import { invalidateProcessCache } from '@/lib/catalog/process-cache';
import { fetchBnrRate, type BnrRate } from '@/lib/exchange-rate/bnr-feed';
import { recordFeedFailure, recordFeedSuccess } from '@/lib/exchange-rate/feed-status';
import { getDeliverers } from '@/lib/issuers/deliverers';
import { logger } from '@/lib/log/logger';
import { sendDueMail } from '@/lib/mail/outbox';
import { queueExpiryReminders } from '@/lib/reminders/expiry-reminders';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { registerOrderMail } from '@/lib/orders/order-mail';
import { getPaymentGateway } from '@/lib/payment-provider/gateway';
import { reconcilePendingOrders, reconcilePendingRefunds } from '@/lib/payments/reconciler';
import { deliverSandboxNotifications } from '@/lib/payment-provider/sandbox/sandbox';
import { announceKick, coalescedKicks, JOB_KICK_CHANNEL, kickFromNotification } from '@/lib/server/job-kicks';
import { forwardKicks, jobsStopping, kick, registerJob, type JobName } from '@/lib/server/jobs';
import { runsJobs, servesShop, type JobsMode } from '@/lib/server/jobs-mode';
import { isShuttingDown } from '@/lib/server/shutdown';

/**
 * Records the BNR rate of the day (once per day and source: a repeated fetch changes nothing, so a rate staff set by
 * hand stays in use until the feed brings a new day's rate), and the outcome for the back-office's rate box.
 */
export async function refreshExchangeRate(url: string): Promise<void> {
  const db = await getDb();
  let rate: BnrRate;
  let recorded: unknown[];
  try {
    rate = await fetchBnrRate(url);
    recorded = await db
      .insert(exchangeRates)
      .values({ rateDate: rate.date, ron2huf: rate.ron2huf.toFixed(6), source: 'BNR' })
      .onConflictDoNothing()
      .returning({ id: exchangeRates.id });
  } catch (error) {
    // While the database is away the failure cannot be recorded either; the job's log still says what happened.
    await recordFeedFailure(db, error, new Date()).catch(() => undefined);
    throw error;
  }
  await recordFeedSuccess(db, rate, new Date());
  invalidateProcessCache(db);
  // A new day's rate reprices the pages on every server, this one included (no request here to revalidate in).
  if (recorded.length) await announceCatalogChange(db, { revalidatedHere: false });
  logger.info({ date: rate.date, ron2huf: rate.ron2huf }, 'exchange rate refreshed');
}

/** One background job as the scheduler registers it (lib/server/jobs.ts `registerJob`). */
export interface JobPlan {
  name: JobName;
  everyMs: number;
  run: () => Promise<unknown>;
}

/**
 * The server's background work: the sandbox provider's notifications, issuing paid vignettes, the mail outbox,
 * reconciling expired payments, sending invoices to RO e-Factura and the daily exchange rate. Every job is safe on
 * several servers at once. None where `JOBS=off`: another process (`npm run worker`) runs them.
 */
export function plannedJobs(config: Config = getConfig()): JobPlan[] {
  if (!runsJobs(config.JOBS)) return [];
  const gateway = getPaymentGateway();
  const jobs: JobPlan[] = [];
  const every = (name: JobName, everyMs: number, run: () => Promise<unknown>) =>
    jobs.push({ name, everyMs, run });
  // A pass over a long queue ends after its batch in hand once the server is stopping, within the shutdown's wait.
  const keepGoing = () => !jobsStopping();
  // The timers are a safety net (retries, work left by another server); the code that makes work kicks its job.
  if (gateway.kind === 'sandbox') {
    // Sent to this server's own loopback address: a stopping server, whose port is closed, leaves them to another.
    every('sandbox-notifications', 5_000, async () =>
      deliverSandboxNotifications(await getDb(), fetch, new Date(), keepGoing),
    );
  }
  every('fulfilment', 15_000, async () =>
    fulfilPaidOrders(await getDb(), getDeliverers(config), { keepGoing }),
  );
  every('mail', 15_000, async () => sendDueMail(await getDb(), undefined, { keepGoing }));
  every('reconciler', 30_000, async () => {
    const db = await getDb();
    return (await reconcilePendingOrders(db, gateway)) + (await reconcilePendingRefunds(db, gateway));
  });
  // Off: documents wait as PENDING (and turn late for staff to see) until a provider is configured.
  const efactura = getEfacturaApi(config);
  if (efactura)
    every('efactura', 10_000, async () => processEfacturaSubmissions(await getDb(), efactura, { keepGoing }));
  // Off: staff are mailed every morning while documents wait for ANAF (once a day across servers).
  if (config.EFACTURA_PROVIDER === 'off')
    every('efactura-held-back', 3600_000, async () => queueEfacturaHeldBackDigest(await getDb(), config));
  // Reminders before a vignette ends, for buyers who asked: chosen here, sent by the mail job.
  every('expiry-reminders', 15 * 60_000, async () => {
    const queued = await queueExpiryReminders(await getDb());
    if (queued) kick('mail');
    return queued;
  });
  // The e-Factura sandbox's uploads name buyers: deleted after ANAF's 60 days, even once the shop has moved to ANAF.
  every('efactura-sandbox', 3600_000, async () => purgeEfacturaSandbox(await getDb()));
  const feedUrl = config.EXCHANGE_RATE_FEED_URL;
  if (feedUrl) every('exchange-rate', 6 * 3600_000, () => refreshExchangeRate(feedUrl));
  return jobs;
}

/**
 * Starts what runs beside the requests, as `JOBS` says: the background jobs (on, only), or, where they run elsewhere
 * (off), the kicks sent to the servers that run them; and the listener of catalog changes and job kicks.
 */
export function startBackgroundWorkers() {
  const config = getConfig();
  // The outbox sends an order's e-mails through the senders lib/orders gives it.
  registerOrderMail();
  for (const job of plannedJobs(config)) registerJob(job.name, job.everyMs, job.run);
  if (!runsJobs(config.JOBS)) {
    forwardKicks(
      coalescedKicks(async (name) => {
        try {
          await announceKick(await getDb(), name);
        } catch (error) {
          logger.warn(
            { err: error, job: name },
            "a job's kick was not sent; the worker's timer will find the work",
          );
        }
      }),
    );
  }
  void startCatalogListener(config.JOBS);
}

/**
 * Regenerates this server's catalog pages whenever any server announces a change (lib/catalog/catalog-changes.ts),
 * and once at start: the pages prerendered by the build, or by this server's previous run, may show old prices.
 * PostgreSQL: a connection of its own, connected again when lost. PGlite: one process, so it hears only the
 * announcements of the jobs that run outside a request (the route handlers have already regenerated the pages).
 */
const globalForListener = globalThis as unknown as { roadCatalogListener?: { stop(): Promise<void> } };

/** Closes the catalog listener's own PostgreSQL connection and ends its retries (PGlite's closes with the database). */
export async function stopCatalogListener(): Promise<void> {
  const listener = globalForListener.roadCatalogListener;
  globalForListener.roadCatalogListener = undefined;
  await listener?.stop();
}

async function startCatalogListener(mode: JobsMode) {
  const database = await getDatabase();
  // A stop that came while the database opened: the shutdown has already closed the listener it knew of.
  if (isShuttingDown()) return;
  // A job-only process has no pages to regenerate; it listens for the kicks of the servers that run no jobs.
  // The pages' data is read ahead as well, to be shown should the database go away before a visitor reads it.
  const onChange = servesShop(mode)
    ? () => {
        revalidateCatalogPagesFromBackground();
        void rememberCatalogPageData();
      }
    : () => {};
  const ownId = serverInstanceId();
  if (database.newPostgresClient) {
    const newClient = database.newPostgresClient;
    globalForListener.roadCatalogListener = listenForCatalogChanges({
      createClient: () => newClient(),
      onChange,
      ownId,
      alsoListen: runsJobs(mode) ? { [JOB_KICK_CHANNEL]: kickFromNotification } : undefined,
      onConnectionLost: (error) =>
        logger.warn({ err: error }, 'catalog change listener lost its connection; connecting again'),
    });
  } else if (database.listen) {
    await database.listen(CATALOG_CHANGED_CHANNEL, (payload) => {
      if (payload !== ownId) onChange();
    });
    onChange();
  }
}
