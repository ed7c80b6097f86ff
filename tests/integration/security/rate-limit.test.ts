import { rateBuckets } from '@/lib/db/schema';
import { takeToken, type RateLimit } from '@/lib/api/rate-limit';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { withRateLimitMultiplier } from '../../support/process-database';

/*
 * The token buckets of the public endpoints: one atomic upsert per take, shared through the database,
 * on PGlite and on a real PostgreSQL where parallel takes really race.
 */
const LIMIT: RateLimit = { name: 'test', burst: 10, perMinute: 6 };

describeOnProcessDrivers('token buckets', (db) => {
  it('lets a burst through, then refuses with the seconds until the next token, then refills with time', async () => {
    await withRateLimitMultiplier(1, async () => {
      const start = new Date('2026-11-24T10:00:00Z');
      const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
      for (let take = 0; take < LIMIT.burst; take++) {
        expect(await takeToken(db(), LIMIT, '192.0.2.1', start)).toEqual({
          allowed: true,
          retryAfterSeconds: 0,
        });
      }
      // Six a minute: one token every ten seconds.
      expect(await takeToken(db(), LIMIT, '192.0.2.1', start)).toEqual({
        allowed: false,
        retryAfterSeconds: 10,
      });
      expect(await takeToken(db(), LIMIT, '192.0.2.1', at(4))).toEqual({
        allowed: false,
        retryAfterSeconds: 6,
      });
      // A refused take costs nothing: the token is there at ten seconds, not later.
      expect((await takeToken(db(), LIMIT, '192.0.2.1', at(10))).allowed).toBe(true);
      expect((await takeToken(db(), LIMIT, '192.0.2.1', at(10))).allowed).toBe(false);
      // Another address has its own bucket; a long quiet fills one up to the burst, no further.
      expect((await takeToken(db(), LIMIT, '192.0.2.2', at(10))).allowed).toBe(true);
      let allowed = 0;
      for (let take = 0; take < LIMIT.burst + 5; take++) {
        if ((await takeToken(db(), LIMIT, '192.0.2.1', at(3600))).allowed) allowed++;
      }
      expect(allowed).toBe(LIMIT.burst);
    });
  });

  it('never lets parallel takes overdraw a bucket', async () => {
    await withRateLimitMultiplier(1, async () => {
      const now = new Date('2026-11-24T11:00:00Z');
      const verdicts = await Promise.all(
        Array.from({ length: 40 }, () => takeToken(db(), LIMIT, '192.0.2.50', now)),
      );
      expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(LIMIT.burst);
    });
  });

  it('scales every limit by RATE_LIMIT_MULTIPLIER', async () => {
    await withRateLimitMultiplier(3, async () => {
      const now = new Date('2026-11-24T12:00:00Z');
      let allowed = 0;
      for (let take = 0; take < 40; take++)
        if ((await takeToken(db(), LIMIT, '192.0.2.60', now)).allowed) allowed++;
      expect(allowed).toBe(3 * LIMIT.burst);
    });
  });

  it('keeps one row per limit and address, not one per request', async () => {
    const rows = await db().select().from(rateBuckets);
    expect(rows.filter((row) => row.key === 'test:192.0.2.1')).toHaveLength(1);
  });
});
