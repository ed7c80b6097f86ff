/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeConnectionsAsTheyFallIdle, hookIncomingRequests } from '@/lib/server/incoming-requests';

// Node's server.close() closes the connections idle at that moment; one that was answering stays open after its
// answer for as long as the client keeps it alive, and the drain waits for it (here 65 s, as `npm run serve` keeps).
describe('a stopping server closes its connections as they fall idle', () => {
  // The hook patches Node's http.Server, which other test files of this worker process share: put it back after.
  const emit = http.Server.prototype.emit;
  afterAll(() => {
    http.Server.prototype.emit = emit;
  });

  it('lets close() finish soon after the answer in flight, and tells later requests Connection: close', async () => {
    hookIncomingRequests();
    const server = http.createServer((request, response) => {
      setTimeout(() => response.end('ok'), request.url === '/slow' ? 300 : 0);
    });
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    const get = (path: string) =>
      new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get({ port, host: '127.0.0.1', path, agent }, (response) => {
            response.resume();
            response.on('end', () => resolve(response));
          })
          .on('error', reject),
      );
    try {
      await get('/warm'); // the hook learns the server on its first request
      const inFlight = get('/slow');
      const second = new http.Agent({ keepAlive: true });
      const secondSocket = new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get({ port, host: '127.0.0.1', path: '/slow', agent: second }, (response) => {
            response.resume();
            response.on('end', () => resolve(response));
          })
          .on('error', reject),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      const closed = new Promise<number>((resolve) => server.close(() => resolve(Date.now() - started)));
      closeConnectionsAsTheyFallIdle();
      expect((await inFlight).statusCode).toBe(200);
      expect((await secondSocket).statusCode).toBe(200);
      expect(await closed).toBeLessThan(5_000);
      second.destroy();
    } finally {
      agent.destroy();
      server.closeAllConnections();
    }
  });

  it('answers a request that arrives on a kept connection after the stop with Connection: close', async () => {
    const server = http.createServer((_request, response) => response.end('ok'));
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      await response.text();
      expect(response.headers.get('connection')).toBe('close');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
