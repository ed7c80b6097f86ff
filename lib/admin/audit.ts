import 'server-only';

import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { queryRows, type Db } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import type { AuditLogQuery } from '@/lib/validations/admin-audit';

/** One row of `GET /api/admin/audit`. */
export interface AuditLogItem {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  actorName: string;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
}

/**
 * Keys whose values the viewer never shows, at any depth. No caller of recordAudit (lib/auth/audit.ts) writes a secret, and this
 * keeps it so should one ever slip in: the log is read by people and cannot be corrected afterwards.
 */
const SECRET_KEY = /pass|token|secret|authorization|cookie|card|cvv|pin$/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, child]) => [key, withoutSecrets(child)]),
  );
}

/** The first instant of a calendar day in Romania (23 or 25 hours long on the days the clocks change). */
const startOfShopDay = (day: string) => DateTime.fromISO(day, { zone: SHOP_TIME_ZONE }).startOf('day');

function auditConditions(query: AuditLogQuery): SQL[] {
  const conditions: SQL[] = [];
  // The expression of the index `audit_log_actor_at`; both sides lowered by the database, under one set of rules.
  if (query.user) conditions.push(sql`lower(${auditLog.actorName}) = lower(${query.user})`);
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.from) conditions.push(gte(auditLog.at, startOfShopDay(query.from).toJSDate()));
  if (query.to) conditions.push(lt(auditLog.at, startOfShopDay(query.to).plus({ days: 1 }).toJSDate()));
  return conditions;
}

/**
 * Every action name in the log, alphabetically, for the screen's filter: names no longer written stay findable. A
 * skip scan of the index `audit_log_action_at`, one lookup per name, where `select distinct` would read every entry.
 */
async function distinctActions(db: Db): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    db,
    sql`with recursive actions (action) as (
      (select ${auditLog.action} from ${auditLog} order by ${auditLog.action} limit 1)
      union all
      select (select a.action from ${auditLog} a where a.action > actions.action order by a.action limit 1)
      from actions where actions.action is not null
    )
    select action from actions where action is not null`,
  );
  return rows.map((row) => row.action);
}

/**
 * One page of the audit log, newest first, filtered by actor (the whole name, whatever its case), action and days in
 * Romania; with the number of entries that match and every action name the log holds. Details come without any
 * secret-looking key.
 */
export async function listAuditLog(db: Db, query: AuditLogQuery) {
  const where = and(...auditConditions(query));
  const [rows, [total], actions] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(auditLog).where(where),
    distinctActions(db),
  ]);
  const items: AuditLogItem[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actorName: row.actorName,
    action: row.action,
    target: row.target,
    details: row.details === null ? null : (withoutSecrets(row.details) as Record<string, unknown>),
  }));
  return { items, total: Number(total?.n ?? 0), page: query.page, size: query.size, actions };
}
