import { ApiError } from '@/lib/api/errors';
import { MAX_BODY_BYTES, readBodyBytes, readForm, readJson, toIssues } from '@/lib/api/request';
import { vignetteQuoteSchema } from '@/lib/validations/vignette-order';

/** A body that counts how often it is read from, endless unless told how many chunks it has. */
function recordingBody(chunkBytes: number, chunks = Infinity) {
  const record = { pulls: 0, canceled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        record.pulls++;
        if (record.pulls > chunks) controller.close();
        else controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
      },
      cancel() {
        record.canceled = true;
      },
    },
    // Nothing is read ahead: a pull happens only when the reader asks.
    { highWaterMark: 0 },
  );
  return { stream, record };
}

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof ApiError ? { code: error.code, status: error.status } : error),
  );

describe('readBodyBytes, the one reader of request bodies', () => {
  it('refuses a body whose declared length is over the limit without reading a byte of it', async () => {
    const { stream, record } = recordingBody(1024);
    const request = post(stream, { 'content-length': String(MAX_BODY_BYTES + 1) });
    expect(await refusal(readBodyBytes(request))).toEqual({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect(record.pulls).toBe(0);
  });

  it('stops reading a body without a declared length as soon as it passes the limit', async () => {
    const { stream, record } = recordingBody(16 * 1024);
    expect(await refusal(readBodyBytes(post(stream), 64 * 1024))).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
    });
    // 64 KB in 16 KB chunks: the fifth chunk passes the limit, and the endless rest is never asked for.
    expect(record.pulls).toBe(5);
    expect(record.canceled).toBe(true);
  });

  it('reads a body up to the limit whole, in order', async () => {
    const { stream } = recordingBody(1000, 3);
    const bytes = await readBodyBytes(post(stream), 3000);
    expect(bytes.byteLength).toBe(3000);
    expect(await readBodyBytes(post('héllo'))).toEqual(new TextEncoder().encode('héllo'));
    expect((await readBodyBytes(new Request('http://localhost/'))).byteLength).toBe(0);
  });

  it('refuses a declared length that is not a number', async () => {
    const request = post('{}', { 'content-length': 'lots' });
    expect(await refusal(readBodyBytes(request))).toEqual({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
  });
});

describe('readJson', () => {
  const json = (body: BodyInit, type = 'application/json') => post(body, { 'content-type': type });

  it('parses JSON sent as application/json, with or without a charset', async () => {
    expect(await readJson(json('{"a":[1,"ț"]}'))).toEqual({ a: [1, 'ț'] });
    expect(await readJson(json('{"a":1}', 'Application/JSON; charset=utf-8'))).toEqual({ a: 1 });
  });

  it.each([
    ['another media type', json('{}', 'text/plain'), 'UNSUPPORTED_MEDIA_TYPE'],
    ['a media type that only begins like JSON', json('{}', 'application/jsonx'), 'UNSUPPORTED_MEDIA_TYPE'],
    ['no media type', post('{}'), 'UNSUPPORTED_MEDIA_TYPE'],
    ['text that is not JSON', json('{"a":'), 'BAD_REQUEST'],
    ['bytes that are not UTF-8', json(new Uint8Array([0x22, 0xc3, 0x28, 0x22])), 'BAD_REQUEST'],
    ['an empty body', json(''), 'BAD_REQUEST'],
  ])('refuses %s', async (_name, request, code) => {
    expect(await refusal(readJson(request))).toMatchObject({ code });
  });
});

describe('readForm', () => {
  it('reads the text fields of an urlencoded or multipart form', async () => {
    const urlencoded = post('ntpId=abc&cvv=111&cvv=222', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(await readForm(urlencoded)).toEqual({ ntpId: 'abc', cvv: '222' });
    const form = new FormData();
    form.set('code', '123');
    form.set('file', new Blob(['x']), 'x.txt');
    expect(await readForm(new Request('http://localhost/', { method: 'POST', body: form }))).toEqual({
      code: '123',
    });
  });

  it.each([
    ['JSON', post('{"ntpId":"x"}', { 'content-type': 'application/json' }), 'UNSUPPORTED_MEDIA_TYPE'],
    ['no media type', post('ntpId=x'), 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'multipart without a boundary',
      post('--x\r\n', { 'content-type': 'multipart/form-data' }),
      'BAD_REQUEST',
    ],
    [
      'a broken multipart body',
      post('garbage', { 'content-type': 'multipart/form-data; boundary=zzz' }),
      'BAD_REQUEST',
    ],
  ])('refuses %s', async (_name, request, code) => {
    expect(await refusal(readForm(request))).toMatchObject({ code });
  });
});

describe('toIssues', () => {
  const car = { categoryCode: 'CAR', type: 'YEAR', country: 'RO' };
  const issuesOf = (plates: string[]) => {
    const result = vignetteQuoteSchema.safeParse({ items: plates.map((plate) => ({ ...car, plate })) });
    if (result.success) throw new Error('expected a refusal');
    return toIssues(result.error);
  };

  it("fills an issue's English message with its params and hands them on for clients that translate", () => {
    expect(issuesOf(['CJ 123 ABC', 'B 100 OOO'])).toEqual([
      {
        path: 'items.0.plate',
        code: 'plateRoCountyDigits',
        params: { county: 'CJ' },
        message: 'After the county code CJ come exactly 2 digits, for example CJ 12 ABC.',
      },
      {
        path: 'items.1.plate',
        code: 'plateRoFirstLetter',
        params: { position: 5, char: 'O', other: '0' },
        message:
          'On a Romanian plate the 3 letters at the end never start with O, which would be mistaken for the digit 0: check character 5 on the registration certificate.',
      },
    ]);
  });

  it('gives no params to a message that names none', () => {
    expect(issuesOf(['CJ 12 AB'])).toEqual([
      {
        path: 'items.0.plate',
        code: 'plateRoLetters',
        message: 'A Romanian plate ends with 3 letters, for example CJ 12 ABC.',
      },
    ]);
  });
});
