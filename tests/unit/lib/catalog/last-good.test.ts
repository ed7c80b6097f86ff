import { forgetLastGoodReads, rememberRead, withLastGood } from '@/lib/catalog/last-good';
import { DatabaseUnavailableError } from '@/lib/db/errors';
import { inRequestScope, type RequestScope } from '@/lib/server/request-scope';

/** What node-postgres throws when the server refuses the connection (a stopped database). */
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe("a public page's catalog read, with the database away", () => {
  beforeEach(() => forgetLastGoodReads());

  it('is the last good answer, and says so once per fallback so the pages are regenerated later', async () => {
    const onFallback = jest.fn();
    expect(await withLastGood('price-table:2026', async () => ['row'], onFallback)).toEqual(['row']);
    const scope: RequestScope = {};
    const answer = await inRequestScope(scope, () =>
      withLastGood('price-table:2026', () => Promise.reject(refused()), onFallback),
    );
    expect(answer).toEqual(['row']);
    expect(onFallback).toHaveBeenCalledTimes(1);
    // Rendered from it: a good answer, not a failed one.
    expect(scope).toEqual({});
  });

  it('takes an answer read ahead (at start, after a change) like one read by a page', async () => {
    rememberRead('latest-rate', { rate: 4.97 });
    expect(await withLastGood('latest-rate', () => Promise.reject(new DatabaseUnavailableError()))).toEqual({
      rate: 4.97,
    });
  });

  it('without any, fails as "the database is away" and marks the request for 503', async () => {
    const scope: RequestScope = {};
    const failed = inRequestScope(scope, () =>
      withLastGood('topup-operators', () => Promise.reject(refused())),
    );
    await expect(failed).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(scope.databaseAway).toBe(true);
    // Outside a request (a job), nothing to mark.
    await expect(withLastGood('topup-operators', () => Promise.reject(refused()))).rejects.toBeInstanceOf(
      DatabaseUnavailableError,
    );
  });

  it('never hides a bug behind an old answer', async () => {
    await withLastGood('vignette-catalog', async () => 'catalog');
    const scope: RequestScope = {};
    const bug = new TypeError('a bug');
    await expect(
      inRequestScope(scope, () => withLastGood('vignette-catalog', () => Promise.reject(bug))),
    ).rejects.toBe(bug);
    expect(scope).toEqual({});
  });
});
