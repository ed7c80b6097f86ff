import 'server-only';

import { sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';

/** Any number of the shop's own; the migrations' lock (lib/db/client.ts) uses another. */
const CATALOG_WRITE_LOCK_KEY = 7_324_612;

/**
 * Makes staff's catalog changes (prices, top-up products, the manual rate) one at a time until the transaction ends,
 * on every server: each change reads what it replaces, and its audit entry's "from" must be what really was there,
 * not what another change wrote a moment later.
 */
export async function lockCatalogWrites(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CATALOG_WRITE_LOCK_KEY})`);
}
