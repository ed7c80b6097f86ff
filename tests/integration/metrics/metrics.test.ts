import { GET as unknownEndpoint } from '@/app/api/[[...unknown]]/route';
import { processEfacturaSubmissions } from '@/lib/efactura/submissions';
import { ISSUER_SANDBOX_PLATES } from '@/lib/issuers/issuer-api/sandbox';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { sandboxAnswersAtOnce, sandboxApi } from '../../support/efactura-sandbox';
import { metricsRequest, sampleValue, scrape } from '../../support/metrics';
import { withEnv } from '../../support/process-database';
import { paidVignetteOrder, payOrder, placeVignetteOrder } from '../../support/purchases';

/*
 * GET /api/metrics through its route handler, parsed by a strict Prometheus text parser, on PGlite and PostgreSQL: the
 * counters and gauges move with one purchase, and the endpoint answers only its own machine or the token's holder.
 */
const TOKEN = 'a-metrics-token-of-enough-length';
const ORDER_ROUTE = { route: '/api/nmps/orders/order', method: 'POST', status: '201' };
const NOTIFY_ROUTE = { route: '/api/payments/netopia/notify', method: 'POST' };

describeOnProcessDrivers('metrics', (db) => {
  sandboxAnswersAtOnce();

  it('move with one purchase: requests, orders by status, undelivered items, provider calls, backlogs', async () => {
    const before = await scrape();
    const orderId = await placeVignetteOrder({ plates: ['CJ01MET'] });
    const ordered = await scrape();
    expect(sampleValue(ordered, 'http_requests_total', ORDER_ROUTE)).toBe(
      sampleValue(before, 'http_requests_total', ORDER_ROUTE) + 1,
    );
    // The histogram's count: one more timed answer of that route.
    expect(sampleValue(ordered, 'http_request_duration_seconds_count', { route: ORDER_ROUTE.route })).toBe(
      sampleValue(before, 'http_request_duration_seconds_count', { route: ORDER_ROUTE.route }) + 1,
    );
    expect(sampleValue(ordered, 'shop_orders', { status: 'PENDING_PAYMENT' })).toBe(
      sampleValue(before, 'shop_orders', { status: 'PENDING_PAYMENT' }) + 1,
    );

    await payOrder(db(), orderId);
    const paid = await scrape();
    expect(sampleValue(paid, 'http_requests_total', NOTIFY_ROUTE)).toBeGreaterThan(
      sampleValue(ordered, 'http_requests_total', NOTIFY_ROUTE),
    );
    expect(sampleValue(paid, 'shop_orders', { status: 'PENDING_PAYMENT' })).toBe(
      sampleValue(before, 'shop_orders', { status: 'PENDING_PAYMENT' }),
    );
    expect(sampleValue(paid, 'shop_orders', { status: 'PAID' })).toBe(
      sampleValue(before, 'shop_orders', { status: 'PAID' }) + 1,
    );
    expect(sampleValue(paid, 'shop_paid_undelivered_items')).toBe(
      sampleValue(before, 'shop_paid_undelivered_items') + 1,
    );

    await fulfilPaidOrders(db(), sandboxDeliverers);
    const delivered = await scrape();
    const issuerOk = { provider: 'vignette-issuer', outcome: 'ok' };
    expect(sampleValue(delivered, 'shop_provider_calls_total', issuerOk)).toBe(
      sampleValue(before, 'shop_provider_calls_total', issuerOk) + 1,
    );
    expect(sampleValue(delivered, 'shop_orders', { status: 'PAID' })).toBe(
      sampleValue(before, 'shop_orders', { status: 'PAID' }),
    );
    expect(sampleValue(delivered, 'shop_paid_undelivered_items')).toBe(
      sampleValue(before, 'shop_paid_undelivered_items'),
    );
    // The confirmation waits in the outbox, and its age is counted.
    expect(sampleValue(delivered, 'shop_mail_backlog')).toBe(sampleValue(before, 'shop_mail_backlog') + 1);
    expect(sampleValue(delivered, 'shop_mail_backlog_oldest_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(delivered, 'shop_database_up')).toBe(1);

    // The invoice waits for e-Factura from the payment on; the job's upload is a provider call.
    const pending = { status: 'PENDING' };
    const uploaded = { status: 'UPLOADED' };
    expect(sampleValue(delivered, 'shop_efactura_submissions', pending)).toBe(
      sampleValue(before, 'shop_efactura_submissions', pending) + 1,
    );
    await processEfacturaSubmissions(db(), sandboxApi(db()));
    const sent = await scrape();
    const efacturaOk = { provider: 'efactura', outcome: 'ok' };
    expect(sampleValue(sent, 'shop_provider_calls_total', efacturaOk)).toBe(
      sampleValue(before, 'shop_provider_calls_total', efacturaOk) + 1,
    );
    expect(sampleValue(sent, 'shop_efactura_submissions', pending)).toBe(
      sampleValue(before, 'shop_efactura_submissions', pending),
    );
    expect(sampleValue(sent, 'shop_efactura_submissions', uploaded)).toBe(
      sampleValue(before, 'shop_efactura_submissions', uploaded) + 1,
    );
    expect(sampleValue(sent, 'shop_efactura_oldest_unaccepted_seconds')).toBeGreaterThanOrEqual(0);
  });

  it("count a provider's outage as an error and its refusal as refused, the failed order as waiting for a person", async () => {
    const before = await scrape();
    await paidVignetteOrder(db(), { plates: [`${ISSUER_SANDBOX_PLATES.outage}123`], country: 'DE' });
    await paidVignetteOrder(db(), { plates: [`${ISSUER_SANDBOX_PLATES.refused}1`], country: 'DE' });
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(delta('shop_provider_calls_total', { provider: 'vignette-issuer', outcome: 'error' })).toBe(1);
    expect(delta('shop_provider_calls_total', { provider: 'vignette-issuer', outcome: 'refused' })).toBe(1);
    expect(delta('shop_orders', { status: 'FULFILLMENT_FAILED' })).toBe(1);
    // The refused order is a dead letter until staff deliver or refund it.
    expect(delta('shop_dead_letters', { kind: 'delivery' })).toBe(1);
    // The outage's order stays paid, its item undelivered, until its next attempt.
    expect(delta('shop_orders', { status: 'PAID' })).toBe(1);
    expect(delta('shop_paid_undelivered_items', {})).toBe(1);
  });

  it('report the process, the e-Factura queue, and the pool where node-postgres has one', async () => {
    const families = await scrape();
    const names = families.map((family) => family.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'process_cpu_seconds_total',
        'nodejs_eventloop_lag_seconds',
        'shop_efactura_submissions',
        'shop_efactura_late',
        'shop_efactura_oldest_unaccepted_seconds',
        'shop_mail_given_up',
        'shop_dead_letters',
      ]),
    );
    for (const status of ['PENDING', 'UPLOADING', 'UPLOADED']) {
      expect(
        families
          .find((family) => family.name === 'shop_efactura_submissions')
          ?.samples.some((sample) => sample.labels.status === status),
      ).toBe(true);
    }
    if (process.env.DATABASE_URL) {
      expect(sampleValue(families, 'shop_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    }
  });

  it('answer a stranger as an address with no endpoint, and the token holder in full, never cached', async () => {
    const nothingHere = await unknownEndpoint();
    await withEnv({ METRICS_TOKEN: TOKEN }, async () => {
      for (const refused of [
        await metricsRequest({ peer: '203.0.113.9' }),
        await metricsRequest({ peer: '203.0.113.9', token: `${TOKEN}-not` }),
        await metricsRequest({ token: TOKEN.slice(0, -1) }),
      ]) {
        expect(refused.status).toBe(404);
        expect(refused.headers.get('cache-control')).toBe('no-store');
        expect(await refused.json()).toEqual(await nothingHere.clone().json());
      }
      const accepted = await metricsRequest({ peer: '203.0.113.9', token: TOKEN });
      expect(accepted.status).toBe(200);
      expect(accepted.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(accepted.headers.get('cache-control')).toBe('no-store');
      expect(await accepted.text()).toMatch(/^# HELP /m);
    });
  });
});
