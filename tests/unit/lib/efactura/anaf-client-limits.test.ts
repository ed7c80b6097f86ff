import { anafClient, MAX_ANSWER_BYTES } from '@/lib/efactura/anaf/client';

/** A fake ANAF: a token, then `answer` for every API call. */
const fakeAnaf = (answer: () => Response) =>
  anafClient({
    apiUrl: 'https://anaf.example/rest',
    tokenUrl: 'https://anaf.example/token',
    credentials: { clientId: 'id', clientSecret: 'secret', refreshToken: 'refresh' },
    fetch: async (input) =>
      String(input).endsWith('/token')
        ? Response.json({ access_token: 'bearer', expires_in: 3600 })
        : answer(),
  });

/** An endless body of 1 MB chunks that counts what was read of it. */
function endlessBody() {
  const read = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read.bytes += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read };
}

describe('the ANAF client’s limits on an answer', () => {
  it('stops reading an answer without a declared length just past the limit', async () => {
    const { stream, read } = endlessBody();
    const api = fakeAnaf(() => new Response(stream, { status: 200 }));
    expect(await api.download('3000000001')).toEqual({
      kind: 'TEMPORARY',
      message: `answer larger than ${MAX_ANSWER_BYTES} bytes refused`,
    });
    expect(read.bytes).toBeLessThanOrEqual(MAX_ANSWER_BYTES + 2 * 1024 * 1024);
  });

  it('refuses an answer by its declared length before reading it', async () => {
    const { stream, read } = endlessBody();
    const api = fakeAnaf(
      () =>
        new Response(stream, { status: 200, headers: { 'content-length': String(MAX_ANSWER_BYTES + 1) } }),
    );
    expect((await api.messageState('5000000001')).kind).toBe('TEMPORARY');
    expect(read.bytes).toBeLessThanOrEqual(1024 * 1024);
  });
});
