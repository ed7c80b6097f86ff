import { apiHandler } from '@/lib/api/handler';
import { ApiError } from '@/lib/api/errors';
import type { Database } from '@/lib/db/client';
import { countProviderCall } from '@/lib/metrics/registry';
import { renderMetrics } from '@/lib/metrics-endpoint/scrape';
import { parsePrometheusText, sampleValue } from '../../../support/prometheus-text';

const noDatabase = () => Promise.reject(new Error('connection refused')) as Promise<Database>;
const scrapeWithoutDatabase = async () => parsePrometheusText((await renderMetrics(noDatabase)).body);

describe('the metrics of API requests', () => {
  it("count and time each answer under its route's pattern and status, a failure's too", async () => {
    const labels = { route: '/api/orders/[orderId]', method: 'GET' };
    const before = await scrapeWithoutDatabase();
    const ok = apiHandler(async () => new Response('{}'));
    const missing = apiHandler(async () => {
      throw new ApiError('NOT_FOUND', 'no such order');
    });
    const broken = apiHandler(async () => {
      throw new Error('a bug');
    });
    const request = (id: string) => new Request(`http://localhost/api/orders/${id}`);
    await ok(request('AAAA'), {});
    await ok(request('BBBB'), {});
    await missing(request('CCCC'), {});
    expect((await broken(request('DDDD'), {})).status).toBe(500);
    const after = await scrapeWithoutDatabase();
    const delta = (name: string, extra: Record<string, string> = {}) =>
      sampleValue(after, name, { ...labels, ...extra }) - sampleValue(before, name, { ...labels, ...extra });
    expect(delta('http_requests_total', { status: '200' })).toBe(2);
    expect(delta('http_requests_total', { status: '404' })).toBe(1);
    expect(delta('http_requests_total', { status: '500' })).toBe(1);
    expect(delta('http_request_duration_seconds_count')).toBe(4);
    // The raw path is never a label value.
    expect(after.flatMap((family) => family.samples).some((s) => s.labels.route?.includes('AAAA'))).toBe(
      false,
    );
  });
});

describe('a scrape', () => {
  it('still answers when the database does not, saying so', async () => {
    const families = await scrapeWithoutDatabase();
    expect(sampleValue(families, 'shop_database_up')).toBe(0);
    expect(families.some((family) => family.name === 'process_resident_memory_bytes')).toBe(true);
  });

  it('counts provider calls by provider and outcome', async () => {
    const before = await scrapeWithoutDatabase();
    countProviderCall('efactura', 'uncertain');
    const after = await scrapeWithoutDatabase();
    const labels = { provider: 'efactura', outcome: 'uncertain' };
    expect(sampleValue(after, 'shop_provider_calls_total', labels)).toBe(
      sampleValue(before, 'shop_provider_calls_total', labels) + 1,
    );
  });
});

describe('the strict Prometheus text parser of the tests', () => {
  it('refuses what Prometheus would refuse', () => {
    expect(() => parsePrometheusText('orphan 1\n')).toThrow(/outside the family/);
    expect(() => parsePrometheusText('# TYPE a counter\na{x="1} 1\n')).toThrow(/no sample/);
    expect(() => parsePrometheusText('# TYPE a gauge\na 1\na 2\n')).toThrow(/repeats a series/);
    expect(() =>
      parsePrometheusText(
        '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n',
      ),
    ).toThrow(/decrease/);
    expect(parsePrometheusText('# HELP a An \\\\ a.\n# TYPE a gauge\na{x="q\\"n"} NaN\n')).toEqual([
      {
        name: 'a',
        type: 'gauge',
        help: 'An \\ a.',
        samples: [{ name: 'a', labels: { x: 'q"n' }, value: NaN }],
      },
    ]);
  });
});
