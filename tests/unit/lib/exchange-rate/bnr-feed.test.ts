import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import {
  BnrFeedError,
  BnrFetchError,
  fetchBnrRate,
  parseBnrFeed,
  type BnrFeedReason,
} from '@/lib/exchange-rate/bnr-feed';

const FIXTURES = path.join(process.cwd(), 'tests', 'fixtures', 'bnr');
const DAILY = fs.readFileSync(path.join(FIXTURES, 'nbrfxrates.xml'), 'utf8');
const TEN_DAYS = fs.readFileSync(path.join(FIXTURES, 'nbrfxrates10days.xml'), 'utf8');

/** 100 / 1.3010 = 76.8639508..., rounded to 6 decimals. */
const RON2HUF_2026_11_20 = 76.863951;

/** A minimal document in the current (post-August 2026) shape, on one line as curs.bnr.ro serves it. */
const doc = (cubes: string, { origCurrency = 'RON' } = {}) =>
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<DataSet xmlns="https://www.bnr.ro/xsd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:schemaLocation="https://curs.bnr.ro/xsd/nbrfxrates.xsd"><Header><Publisher>National Bank of Romania</Publisher>' +
  '<PublishingDate>2026-11-20</PublishingDate><MessageType>DR</MessageType></Header><Body><Subject>Reference rates</Subject>' +
  `<OrigCurrency>${origCurrency}</OrigCurrency>${cubes}</Body></DataSet>`;

const cube = (date: string, rates: string) => `<Cube date="${date}">${rates}</Cube>`;
const EUR = '<Rate currency="EUR">5.0812</Rate>';
const huf = (value: string, multiplier: string | null = '100') =>
  `<Rate currency="HUF"${multiplier === null ? '' : ` multiplier="${multiplier}"`}>${value}</Rate>`;

function reasonOf(run: () => unknown): BnrFeedReason {
  try {
    run();
  } catch (error) {
    if (error instanceof BnrFeedError) return error.reason;
    throw error;
  }
  throw new Error('expected a BnrFeedError');
}

describe('parseBnrFeed', () => {
  it('reads the daily file: the Cube date and forints per leu, rounded to 6 decimals', () => {
    const rate = parseBnrFeed(DAILY);
    expect(rate).toEqual({ date: '2026-11-20', ron2huf: RON2HUF_2026_11_20, ronPer100Huf: 1.301 });
    expect(rate.ron2huf).toBe(Math.round((100 / 1.301) * 1e6) / 1e6);
  });

  it('takes the latest Cube of the 10-day file', () => {
    expect(parseBnrFeed(TEN_DAYS)).toEqual({
      date: '2026-11-20',
      ron2huf: RON2HUF_2026_11_20,
      ronPer100Huf: 1.301,
    });
  });

  it('chooses the latest Cube by date, not by position (the real 10-day file lists the newest first)', () => {
    const newestFirst = doc(
      cube('2026-11-20', EUR + huf('1.3010')) +
        cube('2026-11-19', huf('1.2995')) +
        cube('2026-11-18', huf('1.2987')),
    );
    expect(parseBnrFeed(newestFirst).date).toBe('2026-11-20');
    const shuffled = doc(
      cube('2026-11-19', huf('1.2995')) +
        cube('2026-11-20', huf('1.3010')) +
        cube('2026-11-18', huf('1.2987')),
    );
    expect(parseBnrFeed(shuffled)).toMatchObject({ date: '2026-11-20', ronPer100Huf: 1.301 });
  });

  it('reads a one-line document in the current https namespace', () => {
    expect(parseBnrFeed(doc(cube('2026-11-20', EUR + huf('1.3010'))))).toEqual({
      date: '2026-11-20',
      ron2huf: RON2HUF_2026_11_20,
      ronPer100Huf: 1.301,
    });
  });

  it('is not broken by the old http namespace, by prefixed elements and attributes, or by extra attributes', () => {
    const prefixed = `<?xml version="1.0" encoding="utf-8"?>
      <bnr:DataSet xmlns:bnr="http://www.bnr.ro/xsd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
          xsi:schemaLocation="http://www.bnr.ro/xsd nbrfxrates.xsd">
        <bnr:Header><bnr:PublishingDate>2026-11-20</bnr:PublishingDate></bnr:Header>
        <bnr:Body>
          <bnr:OrigCurrency>RON</bnr:OrigCurrency>
          <bnr:Cube bnr:date="2026-11-20" xsi:type="CubeType">
            <bnr:Rate bnr:currency="EUR">5.0812</bnr:Rate>
            <bnr:Rate bnr:currency="HUF" bnr:multiplier="100" note="x"> 1.3010 </bnr:Rate>
          </bnr:Cube>
        </bnr:Body>
      </bnr:DataSet>`;
    expect(parseBnrFeed(prefixed)).toEqual({
      date: '2026-11-20',
      ron2huf: RON2HUF_2026_11_20,
      ronPer100Huf: 1.301,
    });

    const noNamespace =
      '<DataSet><Body><Cube date="2026-11-20"><Rate currency="HUF" multiplier="100">1.3010</Rate></Cube></Body></DataSet>';
    expect(parseBnrFeed(noNamespace).ron2huf).toBe(RON2HUF_2026_11_20);
  });

  describe('multiplier', () => {
    it('divides the multiplier by the published value', () => {
      expect(parseBnrFeed(doc(cube('2026-11-20', huf('1.3010', '100')))).ron2huf).toBe(RON2HUF_2026_11_20);
      expect(parseBnrFeed(doc(cube('2026-11-20', huf('13.0100', '1000'))))).toEqual({
        date: '2026-11-20',
        ron2huf: RON2HUF_2026_11_20,
        ronPer100Huf: 1.301,
      });
    });

    it('means 1 when absent', () => {
      expect(parseBnrFeed(doc(cube('2026-11-20', huf('0.013010', null))))).toEqual({
        date: '2026-11-20',
        ron2huf: RON2HUF_2026_11_20,
        ronPer100Huf: 1.301,
      });
    });

    it.each(['0', '-100', 'abc', '1.5', '', '1e2'])('rejects the multiplier "%s"', (multiplier) => {
      expect(reasonOf(() => parseBnrFeed(doc(cube('2026-11-20', huf('1.3010', multiplier)))))).toBe(
        'BAD_VALUE',
      );
    });
  });

  describe('errors', () => {
    it.each([
      ['an empty body', ''],
      ['plain text', 'Service temporarily unavailable'],
      ['JSON', '{"HUF": 1.301}'],
      ['unclosed tags', '<DataSet><Body><Cube date="2026-11-20">'],
      ['mismatched tags', '<DataSet><Body></DataSet></Body>'],
      [
        'the HTML home page that www.bnr.ro now serves with 200',
        '<!DOCTYPE html><html lang="ro"><head><meta charset="utf-8"><title>BNR</title></head><body><p>Acasa<br></body></html>',
      ],
      [
        'well-formed XML that is not a DataSet',
        '<Envelope><Cube><Cube time="2026-11-20"><Cube currency="HUF" rate="390.6"/></Cube></Cube></Envelope>',
      ],
    ])('NOT_XML for %s', (_label, body) => {
      expect(reasonOf(() => parseBnrFeed(body))).toBe('NOT_XML');
    });

    it('NO_CUBE when the document has no Cube', () => {
      expect(reasonOf(() => parseBnrFeed(doc('')))).toBe('NO_CUBE');
      expect(reasonOf(() => parseBnrFeed('<DataSet xmlns="https://www.bnr.ro/xsd"/>'))).toBe('NO_CUBE');
      expect(reasonOf(() => parseBnrFeed('<DataSet><Header/></DataSet>'))).toBe('NO_CUBE');
    });

    it('NO_HUF when the latest Cube has no HUF rate, even if an older one had', () => {
      expect(reasonOf(() => parseBnrFeed(doc(cube('2026-11-20', EUR))))).toBe('NO_HUF');
      expect(reasonOf(() => parseBnrFeed(doc('<Cube date="2026-11-20"/>')))).toBe('NO_HUF');
      expect(
        reasonOf(() => parseBnrFeed(doc(cube('2026-11-19', huf('1.2995')) + cube('2026-11-20', EUR)))),
      ).toBe('NO_HUF');
    });

    it.each(['0', '0.0000', '-1.3010', 'abc', '', '1,3010', 'NaN', 'Infinity', '1e2', '0x10', '1.30.10'])(
      'BAD_VALUE for the HUF value "%s"',
      (value) => {
        expect(reasonOf(() => parseBnrFeed(doc(cube('2026-11-20', huf(value)))))).toBe('BAD_VALUE');
      },
    );

    it('BAD_VALUE for a Cube without a valid date', () => {
      expect(reasonOf(() => parseBnrFeed(doc(`<Cube>${huf('1.3010')}</Cube>`)))).toBe('BAD_VALUE');
      expect(reasonOf(() => parseBnrFeed(doc(cube('20.11.2026', huf('1.3010')))))).toBe('BAD_VALUE');
      expect(reasonOf(() => parseBnrFeed(doc(cube('2026-02-30', huf('1.3010')))))).toBe('BAD_VALUE');
    });

    it('BAD_VALUE for two HUF rates in one Cube, or rates against another base than RON', () => {
      expect(reasonOf(() => parseBnrFeed(doc(cube('2026-11-20', huf('1.3010') + huf('1.4010')))))).toBe(
        'BAD_VALUE',
      );
      expect(
        reasonOf(() => parseBnrFeed(doc(cube('2026-11-20', huf('1.3010')), { origCurrency: 'EUR' }))),
      ).toBe('BAD_VALUE');
    });

    it('is an Error with a name and a message naming the problem', () => {
      try {
        parseBnrFeed(doc(cube('2026-11-20', huf('abc'))));
        throw new Error('expected a BnrFeedError');
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
        expect(error).toBeInstanceOf(BnrFeedError);
        expect((error as BnrFeedError).name).toBe('BnrFeedError');
        expect((error as BnrFeedError).message).toContain('abc');
      }
    });
  });
});

describe('fetchBnrRate with an injected fetch', () => {
  const URL_ = 'https://curs.bnr.ro/nbrfxrates.xml';
  const xmlResponse = (body: string, status = 200) =>
    new Response(body, { status, headers: { 'content-type': 'text/xml; charset=utf-8' } });

  async function fetchError(promise: Promise<unknown>): Promise<BnrFetchError> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof BnrFetchError) return error;
      throw error;
    }
    throw new Error('expected a BnrFetchError');
  }

  it('GETs the address with an abort signal and parses the answer', async () => {
    const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      calls.push({ url: String(input), init });
      return xmlResponse(DAILY);
    };
    await expect(fetchBnrRate(URL_, fakeFetch)).resolves.toEqual({
      date: '2026-11-20',
      ron2huf: RON2HUF_2026_11_20,
      ronPer100Huf: 1.301,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(URL_);
    expect(calls[0]?.init?.method).toBe('GET');
    expect(calls[0]?.init?.signal).toBeInstanceOf(AbortSignal);
  });

  it.each([500, 404, 503])('throws with the status for a %i answer', async (status) => {
    const error = await fetchError(fetchBnrRate(URL_, async () => xmlResponse('<error/>', status)));
    expect(error).toMatchObject({ name: 'BnrFetchError', reason: 'HTTP_STATUS', status, url: URL_ });
    expect(error.message).toContain(String(status));
  });

  it('times out a fetch that never settles and ignores the signal', async () => {
    const never: typeof fetch = () => new Promise<Response>(() => undefined);
    const started = Date.now();
    const error = await fetchError(fetchBnrRate(URL_, never, 25));
    expect(error).toMatchObject({ reason: 'TIMEOUT', url: URL_ });
    expect(error.status).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('times out a fetch that honours the signal', async () => {
    const honouring: typeof fetch = (_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    await expect(fetchError(fetchBnrRate(URL_, honouring, 25))).resolves.toMatchObject({ reason: 'TIMEOUT' });
  });

  it('times out a body that never finishes', async () => {
    const stalledBody = {
      ok: true,
      status: 200,
      body: null,
      text: () => new Promise<string>(() => undefined),
    } as unknown as Response;
    await expect(fetchError(fetchBnrRate(URL_, async () => stalledBody, 25))).resolves.toMatchObject({
      reason: 'TIMEOUT',
    });
  });

  it('reports a network failure', async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(fetchError(fetchBnrRate(URL_, failing))).resolves.toMatchObject({ reason: 'NETWORK' });
  });

  it('rejects a 200 answer that is not the feed (the old www.bnr.ro address now serves the home page)', async () => {
    const homePage = async () =>
      new Response('<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>BNR</body></html>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      });
    await expect(fetchBnrRate('https://www.bnr.ro/nbrfxrates.xml', homePage)).rejects.toMatchObject({
      name: 'BnrFeedError',
      reason: 'NOT_XML',
    });
  });
});

describe('fetchBnrRate against a real HTTP server', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/nbrfxrates.xml') {
        response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
        response.end(DAILY);
      } else if (request.url === '/nbrfxrates10days.xml') {
        response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
        response.end(TEN_DAYS);
      } else if (request.url === '/moved') {
        response.writeHead(302, { location: '/nbrfxrates.xml' });
        response.end();
      } else if (request.url === '/slow') {
        // Never answers: the client's timeout must end the wait.
      } else {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('Internal Server Error');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
  });

  it('fetches and parses the daily file with the real fetch', async () => {
    await expect(fetchBnrRate(`${base}/nbrfxrates.xml`)).resolves.toEqual({
      date: '2026-11-20',
      ron2huf: RON2HUF_2026_11_20,
      ronPer100Huf: 1.301,
    });
  });

  it('fetches the 10-day file and follows a redirect', async () => {
    await expect(fetchBnrRate(`${base}/nbrfxrates10days.xml`)).resolves.toMatchObject({ date: '2026-11-20' });
    await expect(fetchBnrRate(`${base}/moved`)).resolves.toMatchObject({ date: '2026-11-20' });
  });

  it('reports the status of a 500', async () => {
    await expect(fetchBnrRate(`${base}/broken`)).rejects.toMatchObject({
      name: 'BnrFetchError',
      reason: 'HTTP_STATUS',
      status: 500,
    });
  });

  it('gives up on a server that never answers', async () => {
    await expect(fetchBnrRate(`${base}/slow`, fetch, 100)).rejects.toMatchObject({
      name: 'BnrFetchError',
      reason: 'TIMEOUT',
    });
  });
});
