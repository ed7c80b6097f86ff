import 'server-only';

import { getConfig } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { exchangeRates } from '@/lib/db/schema';
import { fetchBnrRate } from '@/lib/exchange-rate/bnr-feed';
import { sandboxVignetteIssuer } from '@/lib/issuers/vignette-issuer';
import { logger } from '@/lib/log/logger';
import { sendDueMail } from '@/lib/mail/outbox';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { getPaymentGateway } from '@/lib/payments/gateway';
import { reconcilePendingOrders } from '@/lib/payments/reconciler';
import { deliverSandboxNotifications } from '@/lib/payments/sandbox/sandbox';

/** Runs a job every `intervalMs`, never two passes at once, never keeping the process alive. */
function every(name: string, intervalMs: number, job: () => Promise<unknown>) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } catch (error) {
      logger.error({ err: error, job: name }, 'background job failed');
    } finally {
      running = false;
    }
  };
  setInterval(tick, intervalMs).unref();
  void tick();
}

/** Records the BNR rate of the day (once per day and source: a repeated fetch changes nothing). */
export async function refreshExchangeRate(url: string): Promise<void> {
  const rate = await fetchBnrRate(url);
  const db = await getDb();
  await db
    .insert(exchangeRates)
    .values({ rateDate: rate.date, ron2huf: rate.ron2huf.toFixed(6), source: 'BNR' })
    .onConflictDoNothing();
  logger.info({ date: rate.date, ron2huf: rate.ron2huf }, 'exchange rate refreshed');
}

/**
 * The server's background work: the sandbox provider's notifications, issuing paid vignettes, the mail outbox,
 * reconciling expired payments and the daily exchange rate. Every job is safe on several servers at once.
 */
export function startBackgroundWorkers() {
  const config = getConfig();
  const gateway = getPaymentGateway();
  if (gateway.kind === 'sandbox')
    every('sandbox-notifications', 1_000, async () => deliverSandboxNotifications(await getDb()));
  every('fulfilment', 1_000, async () => fulfilPaidOrders(await getDb(), sandboxVignetteIssuer));
  every('mail', 2_000, async () => sendDueMail(await getDb()));
  every('reconciler', 30_000, async () => reconcilePendingOrders(await getDb(), gateway));
  if (config.EXCHANGE_RATE_FEED_URL)
    every('exchange-rate', 6 * 3600_000, () => refreshExchangeRate(config.EXCHANGE_RATE_FEED_URL!));
}
