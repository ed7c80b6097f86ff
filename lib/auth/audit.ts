import 'server-only';

import type { AuditAction } from './audit-actions';
import type { Principal } from './guard';
import type { Executor } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';

// The audit log's writer, which every folder that changes something for staff calls; its reader, the audit-log
// screen's, is lib/admin/audit.ts.

export interface AuditEntry {
  /** A verb phrase: `payment.markActive`, `user.create`, `user.resetPassword`, `export.excel`, ... */
  action: AuditAction;
  /** The record acted on: an order id, a user's id. */
  target?: string;
  details?: Record<string, unknown>;
}

/**
 * Writes who did what, to what, now. Call it in the same transaction as the change it records, so that no change
 * happens without its entry. Never put passwords, tokens or PINs into `details`.
 */
export async function recordAudit(
  executor: Executor,
  actor: Pick<Principal, 'id' | 'username'>,
  entry: AuditEntry,
) {
  await executor.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.username,
    action: entry.action,
    target: entry.target,
    details: entry.details ?? null,
  });
}
