import 'server-only';

import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { sandboxIssuances } from '@/lib/db/schema';

/**
 * What the issuers' sandboxes keep on their side, as idempotent issuers do: the first ask with a key registers the
 * vignette or top-up, every later ask with that key gets the same id back and registers nothing (it is counted in
 * `requests`). Returns the id registered for the key.
 */
export async function recordSandboxIssuance(
  kind: 'VIGNETTE' | 'TOPUP',
  idempotencyKey: string,
  issuedId: string,
): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .insert(sandboxIssuances)
    .values({ idempotencyKey, kind, issuedId })
    .onConflictDoUpdate({
      target: sandboxIssuances.idempotencyKey,
      set: { requests: sql`${sandboxIssuances.requests} + 1`, lastRequestAt: sql`now()` },
    })
    .returning({ issuedId: sandboxIssuances.issuedId });
  return row!.issuedId;
}
