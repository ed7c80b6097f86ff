import 'server-only';

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { settings } from './schema';

/** A stored value never changes: each process reads it once per database, not once per request. */
const known = new WeakMap<Db, Map<string, string>>();

/**
 * A secret the shop generates once and keeps in the `settings` table under `key`, so that every server of one
 * database signs and checks with the same value (a file in DATA_DIR, or a value made at start, would differ per
 * server). The first server to ask writes it; a server that races it reads the winner's. `generate` makes the value
 * (32 random bytes, base64url, by default).
 */
export async function generatedSecret(
  db: Db,
  key: string,
  generate: () => string = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  const cached = known.get(db)?.get(key);
  if (cached) return cached;
  const read = async () =>
    (await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)))[0]?.value;
  let value = await read();
  if (value === undefined) {
    await db.insert(settings).values({ key, value: generate() }).onConflictDoNothing();
    value = (await read())!;
  }
  if (!known.has(db)) known.set(db, new Map());
  known.get(db)!.set(key, value);
  return value;
}
