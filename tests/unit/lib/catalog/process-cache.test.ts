import { cachedRead, invalidateProcessCache, PROCESS_CACHE_TTL_MS } from '@/lib/catalog/process-cache';

describe('cachedRead', () => {
  const now = jest.spyOn(Date, 'now');
  let clock = 1_000_000;
  beforeEach(() => {
    clock += 10 * PROCESS_CACHE_TTL_MS;
    now.mockImplementation(() => clock);
  });
  afterAll(() => now.mockRestore());

  it('reads once per TTL, per database and key', async () => {
    const database = {};
    const other = {};
    let reads = 0;
    const load = async () => ++reads;
    expect(await cachedRead(database, 'rate', load)).toBe(1);
    clock += PROCESS_CACHE_TTL_MS - 1;
    expect(await cachedRead(database, 'rate', load)).toBe(1);
    expect(await cachedRead(database, 'categories', load)).toBe(2);
    expect(await cachedRead(other, 'rate', load)).toBe(3);
    clock += 1;
    expect(await cachedRead(database, 'rate', load)).toBe(4);
  });

  it('shares one read between callers that ask at the same moment', async () => {
    let reads = 0;
    const load = async () => ++reads;
    const database = {};
    expect(await Promise.all([cachedRead(database, 'k', load), cachedRead(database, 'k', load)])).toEqual([
      1, 1,
    ]);
  });

  it('keeps no failure: the next caller reads again', async () => {
    const database = {};
    await expect(cachedRead(database, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cachedRead(database, 'k', async () => 'up')).toBe('up');
  });

  it('forgets everything of a database when this process changed it', async () => {
    const database = {};
    expect(await cachedRead(database, 'rate', async () => 'old')).toBe('old');
    invalidateProcessCache(database);
    expect(await cachedRead(database, 'rate', async () => 'new')).toBe('new');
  });
});
