import 'server-only';

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Who the shop calls, as `shop_provider_calls_total`'s `provider` label: a bounded set. */
export type MetricsProvider = 'vignette-issuer' | 'topup-provider' | 'efactura';
/** How a call went: answered, refused for good, failed (to be retried), or left unknown (a person checks). */
export type ProviderOutcome = 'ok' | 'refused' | 'error' | 'uncertain';

export interface ShopMetrics {
  registry: Registry;
  httpRequests: Counter<'route' | 'method' | 'status'>;
  httpDuration: Histogram<'route' | 'method'>;
  providerCalls: Counter<'provider' | 'outcome'>;
  orders: Gauge<'status'>;
  mailBacklog: Gauge;
  mailBacklogOldest: Gauge;
  mailGivenUp: Gauge;
  deadLetters: Gauge<'kind'>;
  efacturaSubmissions: Gauge<'status'>;
  efacturaLate: Gauge;
  efacturaOldestUnaccepted: Gauge;
  undeliveredItems: Gauge;
  jobBacklog: Gauge<'kind'>;
  jobBacklogOldest: Gauge<'kind'>;
  jobPasses: Counter<'job'>;
  jobFailures: Counter<'job'>;
  jobLastSuccessAge: Gauge<'job'>;
  databaseUp: Gauge;
  poolConnections: Gauge<'state'>;
}

function createMetrics(): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'API requests answered, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an API request, by route pattern and method.',
      labelNames: ['route', 'method'],
      registers,
    }),
    providerCalls: new Counter({
      name: 'shop_provider_calls_total',
      help: 'Calls to outside providers (vignette issuer, top-up provider, e-Factura) by outcome.',
      labelNames: ['provider', 'outcome'],
      registers,
    }),
    orders: new Gauge({
      name: 'shop_orders',
      help: 'Orders in each status that still needs the shop or a person (terminal statuses are not counted).',
      labelNames: ['status'],
      registers,
    }),
    mailBacklog: new Gauge({
      name: 'shop_mail_backlog',
      help: 'Outbox messages not sent yet.',
      registers,
    }),
    mailBacklogOldest: new Gauge({
      name: 'shop_mail_backlog_oldest_seconds',
      help: 'Age of the oldest unsent outbox message, 0 when none waits.',
      registers,
    }),
    mailGivenUp: new Gauge({
      name: 'shop_mail_given_up',
      help: 'Outbox messages whose retries ran out unsent: nobody received them.',
      registers,
    }),
    deadLetters: new Gauge({
      name: 'shop_dead_letters',
      help: 'Work given up after every retry, kept for staff: e-mails unsent, paid orders undelivered (FULFILLMENT_FAILED), e-Factura uploads given up or unconfirmed.',
      labelNames: ['kind'],
      registers,
    }),
    efacturaSubmissions: new Gauge({
      name: 'shop_efactura_submissions',
      help: 'e-Factura submissions not accepted yet, by status.',
      labelNames: ['status'],
      registers,
    }),
    efacturaLate: new Gauge({
      name: 'shop_efactura_late',
      help: 'e-Factura submissions past the time by which ANAF should have settled them (they need a person).',
      registers,
    }),
    efacturaOldestUnaccepted: new Gauge({
      name: 'shop_efactura_oldest_unaccepted_seconds',
      help: 'Age of the oldest issued document ANAF has not accepted or rejected, 0 when none waits.',
      registers,
    }),
    undeliveredItems: new Gauge({
      name: 'shop_paid_undelivered_items',
      help: 'Items of paid orders the provider has not delivered yet.',
      registers,
    }),
    jobBacklog: new Gauge({
      name: 'shop_job_backlog',
      help: 'Work waiting for a background job, by kind: mail, fulfilment, efactura, payments, refunds, sandbox-notifications.',
      labelNames: ['kind'],
      registers,
    }),
    jobBacklogOldest: new Gauge({
      name: 'shop_job_backlog_oldest_age_seconds',
      help: 'How long the oldest waiting work of each kind has been waiting for its job, 0 when none waits.',
      labelNames: ['kind'],
      registers,
    }),
    jobPasses: new Counter({
      name: 'shop_job_passes_total',
      help: 'Background job passes run by this process, by job, whatever their outcome.',
      labelNames: ['job'],
      registers,
    }),
    jobFailures: new Counter({
      name: 'shop_job_failures_total',
      help: 'Background job passes of this process that ended in an error, by job.',
      labelNames: ['job'],
      registers,
    }),
    jobLastSuccessAge: new Gauge({
      name: 'shop_job_last_success_age_seconds',
      help: "Seconds since this process's job last ended a pass without an error (since it was registered, before its first).",
      labelNames: ['job'],
      registers,
    }),
    databaseUp: new Gauge({
      name: 'shop_database_up',
      help: '1 when the database answered this scrape, 0 when it did not (the shop gauges are then stale).',
      registers,
    }),
    poolConnections: new Gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL pool connections of this process: total, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers,
    }),
  };
}

// Next bundles route handlers apart: the one registry per process lives on globalThis, like the database.
const globalForMetrics = globalThis as unknown as { roadMetrics?: ShopMetrics };

/** The process's metrics, created on first use. */
export function shopMetrics(): ShopMetrics {
  globalForMetrics.roadMetrics ??= createMetrics();
  return globalForMetrics.roadMetrics;
}

/** Counts one call to an outside provider; never throws (metrics must not break a delivery). */
export function countProviderCall(provider: MetricsProvider, outcome: ProviderOutcome) {
  try {
    shopMetrics().providerCalls.inc({ provider, outcome });
  } catch {
    // A metric lost is better than a delivery failed.
  }
}

/** Counts one pass of a background job and whether it failed; never throws (metrics must not stop a job). */
export function countJobPass(job: string, succeeded: boolean) {
  try {
    const metrics = shopMetrics();
    metrics.jobPasses.inc({ job });
    if (!succeeded) metrics.jobFailures.inc({ job });
  } catch {
    // A metric lost is better than a job stopped.
  }
}

/** Records one answered API request under its route's pattern (never the raw path: label values stay bounded). */
export function observeApiRequest(route: string, method: string, status: number, seconds: number) {
  try {
    const metrics = shopMetrics();
    metrics.httpRequests.inc({ route, method, status: String(status) });
    metrics.httpDuration.observe({ route, method }, seconds);
  } catch {
    // As above: the answer goes out whatever the metrics do.
  }
}
