import {
  CATALOG_REVALIDATION_PATH,
  isOwnRevalidationRequest,
  REVALIDATION_TOKEN_HEADER,
  revalidateCatalogPagesFromBackground,
} from '@/lib/catalog/page-revalidation';

describe('revalidateCatalogPagesFromBackground', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
  const realFetch = global.fetch;
  beforeAll(() => {
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  afterAll(() => {
    global.fetch = realFetch;
  });
  beforeEach(() => fetchMock.mockReset());

  // Turns of the timers phase, not only of the check phase: the retries wait on a timer (`delayMs: 0` is 1 ms), which
  // a loaded machine may fire after many setImmediate turns, but never after a later timer.
  const settled = async () => {
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('asks its own server over loopback with the process secret and the anti-forgery pair', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    revalidateCatalogPagesFromBackground({ delayMs: 0 });
    await settled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${CATALOG_REVALIDATION_PATH}$`));
    const headers = init.headers as Record<string, string>;
    expect(init.method).toBe('POST');
    expect(isOwnRevalidationRequest(headers[REVALIDATION_TOKEN_HEADER]!)).toBe(true);
    expect(headers.Cookie).toBe(`XSRF-TOKEN=${headers['X-XSRF-TOKEN']}`);
  });

  it('tries again while the server is not listening yet', async () => {
    fetchMock
      .mockRejectedValueOnce(new Error('ECONNREFUSED'))
      .mockResolvedValueOnce(new Response(null, { status: 503 }))
      .mockResolvedValue(new Response(null, { status: 204 }));
    revalidateCatalogPagesFromBackground({ delayMs: 0 });
    await settled();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('runs one more pass for changes heard during a pass, however many', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    revalidateCatalogPagesFromBackground({ delayMs: 0 });
    revalidateCatalogPagesFromBackground({ delayMs: 0 });
    revalidateCatalogPagesFromBackground({ delayMs: 0 });
    await settled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(new Response(null, { status: 204 }));
    await settled();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    answer(new Response(null, { status: 204 }));
    await settled();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses a request without the secret', () => {
    expect(isOwnRevalidationRequest(null)).toBe(false);
    expect(isOwnRevalidationRequest('guessed')).toBe(false);
  });
});
