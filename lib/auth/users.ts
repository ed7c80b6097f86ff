import 'server-only';

import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { recordAudit } from './audit';
import { ApiError } from '@/lib/api/errors';
import { validationIssue } from '@/lib/api/request';
import type { Db } from '@/lib/db/client';
import { rolePermissions, roles, users } from '@/lib/db/schema';
import type { Principal } from './guard';
import { logger } from '@/lib/log/logger';
import { generatePassword, hashPassword, verifyPassword } from './password';
import {
  accountsBlockedUntil,
  ADDRESS_POLICY,
  clearAccountAttempts,
  clearAttempts,
  countAttempt,
} from './sign-in';
import { issueToken } from './tokens';

type UserRow = typeof users.$inferSelect;

/** A user as the API shows it (docs/api.md, Staff): never the hash. */
export interface UserView {
  uuid: string;
  username: string;
  role: { name: string; permissions: { authority: string }[] };
  mustChangePassword: boolean;
  /** Until when failed sign-ins hold the account's next attempt back (lib/auth/sign-in.ts), if they do. */
  lockedUntil: string | null;
  createdAt: string;
}

async function permissionsByRole(db: Db): Promise<Map<string, { authority: string }[]>> {
  const rows = await db.select().from(rolePermissions).orderBy(asc(rolePermissions.authority));
  const byRole = new Map<string, { authority: string }[]>();
  for (const row of rows)
    byRole.set(row.roleName, [...(byRole.get(row.roleName) ?? []), { authority: row.authority }]);
  return byRole;
}

const viewOf = (
  user: UserRow,
  permissions: Map<string, { authority: string }[]>,
  blocked: Map<string, Date>,
): UserView => ({
  uuid: user.id,
  username: user.username,
  role: { name: user.roleName, permissions: permissions.get(user.roleName) ?? [] },
  mustChangePassword: user.mustChangePassword,
  lockedUntil: blocked.get(user.username)?.toISOString() ?? null,
  createdAt: user.createdAt.toISOString(),
});

/** The users as the API shows them, each with its sign-in wait. */
async function viewsOf(db: Db, rows: UserRow[]): Promise<UserView[]> {
  const [permissions, blocked] = await Promise.all([
    permissionsByRole(db),
    accountsBlockedUntil(
      db,
      rows.map((user) => user.username),
    ),
  ]);
  return rows.map((user) => viewOf(user, permissions, blocked));
}

export async function listUsers(db: Db): Promise<UserView[]> {
  return viewsOf(db, await db.select().from(users).orderBy(asc(users.username)));
}

export async function findUserView(db: Db, username: string): Promise<UserView | undefined> {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  return user && (await viewsOf(db, [user]))[0];
}

export async function listRoles(db: Db) {
  const [rows, permissions] = await Promise.all([
    db.select().from(roles).orderBy(asc(roles.name)),
    permissionsByRole(db),
  ]);
  return rows.map((role) => ({ name: role.name, permissions: permissions.get(role.name) ?? [] }));
}

async function findUser(db: Pick<Db, 'select'>, uuid: string): Promise<UserRow> {
  const [user] = /^[0-9a-f-]{36}$/i.test(uuid) ? await db.select().from(users).where(eq(users.id, uuid)) : [];
  if (!user) throw new ApiError('NOT_FOUND', 'There is no such user');
  return user;
}

export async function createUser(
  db: Db,
  actor: Principal,
  input: { username: string; password: string; role: string },
): Promise<UserView> {
  const [role] = await db.select().from(roles).where(eq(roles.name, input.role));
  if (!role)
    throw new ApiError('VALIDATION', 'The request has invalid fields', [
      validationIssue('role', 'roleUnknown'),
    ]);
  const passwordHash = await hashPassword(input.password);
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      // The initial password is chosen by an admin: its owner must replace it at the first sign-in.
      .values({ username: input.username, passwordHash, roleName: role.name, mustChangePassword: true })
      .onConflictDoNothing()
      .returning();
    if (!user) return undefined;
    await recordAudit(tx, actor, {
      action: 'user.create',
      target: user.id,
      details: { username: user.username, role: role.name },
    });
    return user;
  });
  if (!created) {
    throw new ApiError('VALIDATION', 'The request has invalid fields', [
      validationIssue('username', 'usernameTaken'),
    ]);
  }
  return (await viewsOf(db, [created]))[0]!;
}

/** A temporary password, shown once; every token of the user stops working and the next sign-in must change it. */
export async function resetPassword(
  db: Db,
  actor: Principal,
  uuid: string,
): Promise<{ temporaryPassword: string }> {
  const user = await findUser(db, uuid);
  const temporaryPassword = generatePassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: true,
        tokenVersion: sql`${users.tokenVersion} + 1`,
      })
      .where(eq(users.id, user.id));
    await clearAccountAttempts(tx, user.username);
    await recordAudit(tx, actor, {
      action: 'user.resetPassword',
      target: user.id,
      details: { username: user.username },
    });
  });
  return { temporaryPassword };
}

/** Removes a user (their tokens die with them); never oneself, never the last admin. */
export async function removeUser(db: Db, actor: Principal, uuid: string): Promise<void> {
  const user = await findUser(db, uuid);
  if (user.id === actor.id) throw new ApiError('CONFLICT', 'You cannot remove yourself');
  await db.transaction(async (tx) => {
    // Two admins removing each other at once must not leave the shop without one.
    await tx.execute(sql`lock table ${users} in share row exclusive mode`);
    if (user.roleName === 'ADMIN') {
      const [{ others } = { others: 0 }] = await tx
        .select({ others: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.roleName, 'ADMIN'), ne(users.id, user.id)));
      if (others === 0) throw new ApiError('CONFLICT', 'The last admin cannot be removed');
    }
    await tx.delete(users).where(eq(users.id, user.id));
    await recordAudit(tx, actor, {
      action: 'user.remove',
      target: user.id,
      details: { username: user.username },
    });
  });
}

/** Changes one's own password; older tokens are revoked and a new one is returned. */
export async function changePassword(
  db: Db,
  actor: Principal,
  input: { uuid: string; oldPass: string; newPass: string },
): Promise<{ token: string }> {
  if (input.uuid !== actor.id) throw new ApiError('FORBIDDEN', 'You can only change your own password');
  const user = await findUser(db, actor.id);
  // A stolen session must not become a way to guess the password itself: wrong old passwords are throttled too.
  const attempts = `change-pass:${user.id}`;
  await countAttempt(db, attempts, ADDRESS_POLICY, new Date());
  if (!(await verifyPassword(user.passwordHash, input.oldPass))) {
    logger.warn({ userId: user.id }, 'password change refused: wrong old password');
    throw new ApiError('VALIDATION', 'The request has invalid fields', [
      validationIssue('oldPass', 'passwordWrong'),
    ]);
  }
  if (input.oldPass === input.newPass) {
    throw new ApiError('VALIDATION', 'The request has invalid fields', [
      validationIssue('newPass', 'passwordSameAsOld'),
    ]);
  }
  await clearAttempts(db, attempts);
  const passwordHash = await hashPassword(input.newPass);
  const version = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id))
      .returning({ tokenVersion: users.tokenVersion });
    await recordAudit(tx, actor, { action: 'user.changePassword', target: user.id });
    return updated!.tokenVersion;
  });
  return { token: await issueToken(db, { sub: user.id, ver: version }) };
}
