import 'server-only';

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
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

export interface SandboxKeys {
  privateKeyPem: string;
  publicKeyPem: string;
}

/** Keys once stored never change: each process reads them once per database, not once per notification. */
const knownKeys = new WeakMap<Db, SandboxKeys>();

/**
 * The sandbox payment provider's signing keys (its notifications' JWTs; the e-Factura sandbox signs with them too):
 * generated once and kept in the database, so every server of the shop shares them.
 */
export async function getSandboxKeys(db: Db): Promise<SandboxKeys> {
  const known = knownKeys.get(db);
  if (known) return known;
  const keys = await readOrCreateSandboxKeys(db);
  knownKeys.set(db, keys);
  return keys;
}

async function readOrCreateSandboxKeys(db: Db): Promise<SandboxKeys> {
  const read = async () => {
    const rows = await db
      .select()
      .from(settings)
      .where(sql`${settings.key} in ('sandbox.privateKey', 'sandbox.publicKey')`);
    const value = (key: string) => rows.find((row) => row.key === key)?.value;
    const privateKeyPem = value('sandbox.privateKey');
    const publicKeyPem = value('sandbox.publicKey');
    return privateKeyPem && publicKeyPem ? { privateKeyPem, publicKeyPem } : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values([
        {
          key: 'sandbox.privateKey',
          value: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
        {
          key: 'sandbox.publicKey',
          value: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        },
      ])
      .onConflictDoNothing();
  });
  return (await read())!;
}
