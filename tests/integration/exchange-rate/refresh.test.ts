import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { GET as getRate } from '@/app/api/currency/nmps/rate/route';
import { refreshExchangeRate } from '@/lib/startup/workers';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';

describe('the daily BNR rate', () => {
  let env: Awaited<ReturnType<typeof useProcessDatabase>>;
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    env = await useProcessDatabase();
    const feed = fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/bnr/nbrfxrates.xml'));
    server = http.createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/xml' }).end(feed),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/nbrfxrates.xml`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await env.cleanup();
  });

  it('is fetched from the feed, stored with its date and source once, and served by the rate API', async () => {
    await refreshExchangeRate(url);
    await refreshExchangeRate(url);
    const body = await (await getRate(jsonRequest('/api/currency/nmps/rate'), noParams)).json();
    expect(body).toEqual({ RON2HUF: Number((100 / 1.301).toFixed(6)), date: '2026-11-20', source: 'BNR' });
  });
});
