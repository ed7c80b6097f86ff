import 'server-only';

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { settings } from './schema';

const known = new WeakMap<Db, Map<string, string>>();

/**
 * A secret generated once and kept in `settings` under `key` (a sandbox's token, its client credentials), so that
 * every server of one database agrees on it; a file in DATA_DIR would differ per server. The first server to ask
 * writes it, a racing one keeps the first's (insert … on conflict do nothing, then read). Cached per database.
 */
export async function generatedSecret(db: Db, key: string, bytes = 32): Promise<string> {
  const cached = known.get(db)?.get(key);
  if (cached) return cached;
  await db
    .insert(settings)
    .values({ key, value: randomBytes(bytes).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`setting ${key} was not stored`);
  if (!known.has(db)) known.set(db, new Map());
  known.get(db)!.set(key, row.value);
  return row.value;
}
