import { mayReadMetrics } from '@/lib/metrics-endpoint/access';
import { PEER_ADDRESS_HEADER, stampPeerAddress } from '@/lib/security/peer-address';
import { withEnv } from '../../../support/process-database';

const TOKEN = 'a-metrics-token-of-enough-length';

const request = (headers: Record<string, string>) => new Request('http://localhost/api/metrics', { headers });

describe('who may read the metrics', () => {
  it("is a client on the server's own machine, whatever address form the socket gives", async () => {
    await withEnv({ METRICS_TOKEN: undefined, TRUSTED_PROXY_HOPS: undefined }, async () => {
      expect(mayReadMetrics(request({ [PEER_ADDRESS_HEADER]: stampPeerAddress('127.0.0.1') }))).toBe(true);
      expect(mayReadMetrics(request({ [PEER_ADDRESS_HEADER]: stampPeerAddress('::ffff:127.0.0.1') }))).toBe(
        true,
      );
      expect(mayReadMetrics(request({ [PEER_ADDRESS_HEADER]: stampPeerAddress('::1') }))).toBe(true);
      expect(mayReadMetrics(request({ [PEER_ADDRESS_HEADER]: stampPeerAddress('10.0.0.9') }))).toBe(false);
      // An unstamped request is nobody's, and a client's own X-Forwarded-For is not believed.
      expect(mayReadMetrics(request({ 'x-forwarded-for': '127.0.0.1' }))).toBe(false);
    });
  });

  it('behind a proxy on the same machine, is the address the proxy saw, not the proxy', async () => {
    await withEnv({ METRICS_TOKEN: undefined, TRUSTED_PROXY_HOPS: '1' }, async () => {
      const viaProxy = (client: string) =>
        request({ [PEER_ADDRESS_HEADER]: stampPeerAddress('127.0.0.1'), 'x-forwarded-for': client });
      expect(mayReadMetrics(viaProxy('203.0.113.5'))).toBe(false);
      expect(mayReadMetrics(viaProxy('127.0.0.1'))).toBe(true);
    });
  });

  it('is anyone with the METRICS_TOKEN bearer token, and nobody by token when it is unset', async () => {
    const remote = { [PEER_ADDRESS_HEADER]: stampPeerAddress('198.51.100.7') };
    await withEnv({ METRICS_TOKEN: TOKEN, TRUSTED_PROXY_HOPS: undefined }, async () => {
      expect(mayReadMetrics(request({ ...remote, authorization: `Bearer ${TOKEN}` }))).toBe(true);
      expect(mayReadMetrics(request({ ...remote, authorization: `Bearer ${TOKEN}x` }))).toBe(false);
      expect(mayReadMetrics(request({ ...remote, authorization: TOKEN }))).toBe(false);
      expect(mayReadMetrics(request(remote))).toBe(false);
    });
    await withEnv({ METRICS_TOKEN: undefined }, async () => {
      expect(mayReadMetrics(request({ ...remote, authorization: 'Bearer ' }))).toBe(false);
    });
  });
});
