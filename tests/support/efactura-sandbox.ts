import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { efacturaSubmissions } from '@/lib/db/schema';
import { anafClient, type EfacturaApi } from '@/lib/efactura/anaf/client';
import { sandboxCredentials, sandboxFetch } from '@/lib/efactura/sandbox';
import { processEfacturaSubmissions } from '@/lib/efactura/submissions';

/**
 * The e-Factura sandbox answers at once (no `in prelucrare` pause) for the tests of this file: the job's own pauses
 * are what the tests step through. Call it inside a `describe`, or at the top of a file.
 */
export function sandboxAnswersAtOnce() {
  const previousDelay = process.env.EFACTURA_SANDBOX_SECONDS;
  // The configuration is parsed once per process (lib/config/env.ts): forgotten, it is read again with the change.
  beforeAll(() => {
    process.env.EFACTURA_SANDBOX_SECONDS = '0';
    Reflect.deleteProperty(globalThis, 'roadConfig');
  });
  afterAll(() => {
    if (previousDelay === undefined) delete process.env.EFACTURA_SANDBOX_SECONDS;
    else process.env.EFACTURA_SANDBOX_SECONDS = previousDelay;
    Reflect.deleteProperty(globalThis, 'roadConfig');
  });
}

/**
 * The shop's ANAF client talking to the built-in sandbox in-process, with its credentials, as the server's job does;
 * `now` is the sandbox's clock (the real one unless a test moves it).
 */
export const sandboxApi = (db: Db, now?: () => Date): EfacturaApi =>
  anafClient({
    apiUrl: 'http://localhost/api/efactura-sandbox',
    tokenUrl: 'http://localhost/api/efactura-sandbox/token',
    credentials: () => sandboxCredentials(db),
    fetch: sandboxFetch(db, now),
    now: now && (() => now().getTime()),
  });

/**
 * Runs the e-Factura job against the sandbox until every submission of an order is settled (four passes, each an
 * hour later on the job's clock than the one before, across calls) and answers the order's submissions, oldest first.
 */
export function efacturaSettler(db: () => Db) {
  let clock = 0;
  return async (orderId: string) => {
    for (let pass = 0; pass < 4; pass++) {
      clock += 3600;
      const at = clock;
      await processEfacturaSubmissions(db(), sandboxApi(db()), {
        now: () => new Date(Date.now() + at * 1000),
      });
    }
    return db()
      .select()
      .from(efacturaSubmissions)
      .where(eq(efacturaSubmissions.orderId, orderId))
      .orderBy(efacturaSubmissions.id);
  };
}
