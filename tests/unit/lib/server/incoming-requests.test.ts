/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hookIncomingRequests, INCOMING_TIMEOUTS } from '@/lib/server/incoming-requests';
import { PEER_ADDRESS_HEADER } from '@/lib/security/peer-address';

describe('the hook on incoming requests', () => {
  it('stamps each request with its peer address, over any address the client claims, and shortens the receive timeouts', async () => {
    hookIncomingRequests();
    const seen: http.IncomingHttpHeaders[] = [];
    const server = http.createServer((request, response) => {
      seen.push(request.headers);
      response.end('ok');
    });
    expect(server.requestTimeout).toBe(300_000);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { [PEER_ADDRESS_HEADER]: '203.0.113.9' },
      });
      expect(await response.text()).toBe('ok');
      expect(seen[0]![PEER_ADDRESS_HEADER]).toBe('127.0.0.1');
      expect(server.headersTimeout).toBe(INCOMING_TIMEOUTS.headersMs);
      expect(server.requestTimeout).toBe(INCOMING_TIMEOUTS.requestMs);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
