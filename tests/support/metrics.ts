import { GET as getMetrics } from '@/app/api/metrics/route';
import { PEER_ADDRESS_HEADER, stampPeerAddress } from '@/lib/security/peer-address';
import { noParams } from './process-database';
import { parsePrometheusText, type MetricFamily } from './prometheus-text';

export { sampleValue } from './prometheus-text';

/** `GET /api/metrics` as the server hands it to the route: stamped with the socket's peer, maybe with a token. */
export const metricsRequest = ({ peer, token }: { peer?: string; token?: string } = {}) =>
  getMetrics(
    new Request('http://localhost/api/metrics', {
      headers: {
        ...(peer ? { [PEER_ADDRESS_HEADER]: stampPeerAddress(peer) } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    }),
    noParams,
  );

/** Scrapes the metrics from the server's own machine and parses them with the strict parser of prometheus-text.ts. */
export async function scrape(): Promise<MetricFamily[]> {
  const response = await metricsRequest({ peer: '127.0.0.1' });
  if (response.status !== 200) throw new Error(`metrics refused: ${response.status}`);
  return parsePrometheusText(await response.text());
}
