import { eq } from 'drizzle-orm';
import { GET as auditLogRoute } from '@/app/api/admin/audit/route';
import { GET as exportExcel } from '@/app/api/admin/payment/export/excel/route';
import { PATCH as markActive } from '@/app/api/admin/payment/route';
import { POST as reset } from '@/app/api/users/reset/route';
import { POST as signUp } from '@/app/api/users/sign-up/route';
import type { AuditLogItem } from '@/lib/admin/audit';
import { auditLog } from '@/lib/db/schema';
import { jsonRequest, noParams } from '../../support/process-database';
import { describeOnProcessDrivers, get, insertOrder, staff, vignette } from './admin-fixtures';

/*
 * The audit-log viewer (`GET /api/admin/audit`): real actions done through their route handlers are read back newest
 * first, filtered by actor, action and Romanian day, paged, and never with a secret in their details.
 */

interface AuditPage {
  items: AuditLogItem[];
  total: number;
  page: number;
  size: number;
  actions: string[];
}

describeOnProcessDrivers('the audit-log viewer', (db) => {
  let admin: string;
  let boss: string;
  let operator: string;
  let orderId: string;
  let clerkId: string;

  const as = (token: string, url: string, init: { method?: string; body?: unknown } = {}) =>
    jsonRequest(url, { ...init, headers: { authorization: `Bearer ${token}` } });

  const read = async (query = '', token = admin) => {
    const response = await auditLogRoute(get(`/api/admin/audit${query}`, token), noParams);
    return { status: response.status, body: await response.json() };
  };
  const page = async (query = ''): Promise<AuditPage> => {
    const { status, body } = await read(query);
    expect(status).toBe(200);
    return body;
  };
  const actionsOf = (answer: AuditPage) => answer.items.map((item) => item.action);

  beforeAll(async () => {
    admin = (await staff(db(), 'admin1', 'ADMIN')).token;
    boss = (await staff(db(), 'Boss.Two', 'ADMIN')).token;
    operator = (await staff(db(), 'operator1', 'OPERATOR')).token;
    orderId = await insertOrder(db(), {
      kind: 'VIGNETTE',
      status: 'FULFILLED',
      email: 'ana.pop@example.ro',
      createdAt: '2026-03-10T10:00:00Z',
      amountBani: 8976,
      items: [vignette('CAR', 'WEEK', 'B123ABC', 8976)],
    });
    await db().delete(auditLog);

    // Oldest first: mark active, create a user, reset their password, another admin creates a user, an export.
    const marked = await markActive(
      as(admin, '/api/admin/payment', { method: 'PATCH', body: { id: orderId, active: true } }),
      noParams,
    );
    expect(marked.status).toBe(200);
    const created = await signUp(
      as(admin, '/api/users/sign-up', {
        body: { username: 'clerk1', password: 'initial-password-1', role: 'OPERATOR' },
      }),
      noParams,
    );
    expect(created.status).toBe(201);
    clerkId = (await created.json()).uuid;
    const resetAnswer = await reset(
      as(admin, `/api/users/reset?uuid=${clerkId}`, { method: 'POST' }),
      noParams,
    );
    expect(resetAnswer.status).toBe(200);
    const byBoss = await signUp(
      as(boss, '/api/users/sign-up', {
        body: { username: 'clerk2', password: 'initial-password-2', role: 'ADMIN' },
      }),
      noParams,
    );
    expect(byBoss.status).toBe(201);
    const exported = await exportExcel(
      get('/api/admin/payment/export/excel?from=2026-03-01&to=2026-03-31', admin),
      noParams,
    );
    expect(exported.status).toBe(200);
    await exported.arrayBuffer();
  });

  it('lists the entries newest first, each with who, what, which record and the details', async () => {
    const answer = await page();
    expect(answer).toMatchObject({ total: 5, page: 0, size: 20 });
    expect(actionsOf(answer)).toEqual([
      'export.excel',
      'user.create',
      'user.resetPassword',
      'user.create',
      'payment.markActive',
    ]);
    const [exported, bossCreated, resetEntry, created, marked] = answer.items;
    expect(marked).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      actorName: 'admin1',
      action: 'payment.markActive',
      target: orderId,
      details: null,
    });
    expect(created).toMatchObject({
      actorName: 'admin1',
      target: clerkId,
      details: { username: 'clerk1', role: 'OPERATOR' },
    });
    expect(resetEntry).toMatchObject({ target: clerkId, details: { username: 'clerk1' } });
    expect(bossCreated).toMatchObject({
      actorName: 'Boss.Two',
      details: { username: 'clerk2', role: 'ADMIN' },
    });
    expect(exported).toMatchObject({ target: null, details: { from: '2026-03-01', to: '2026-03-31' } });
    // The temporary password of a reset is shown to the admin once, never written down.
    expect(JSON.stringify(answer.items)).not.toMatch(/password"\s*:/i);
  });

  it('lists every action name in the log, alphabetically, whatever the filters', async () => {
    const expected = ['export.excel', 'payment.markActive', 'user.create', 'user.resetPassword'];
    expect((await page()).actions).toEqual(expected);
    expect((await page('?action=user.create&user=nobody')).actions).toEqual(expected);
  });

  it('filters by the actor’s whole name, whatever its case', async () => {
    const boss = await page('?user=BOSS.TWO');
    expect(boss.total).toBe(1);
    expect(boss.items.map((item) => item.actorName)).toEqual(['Boss.Two']);
    expect((await page('?user=admin1')).total).toBe(4);
    expect((await page('?user=boss')).total).toBe(0);
    expect((await page('?user=')).total).toBe(5);
  });

  it('filters by the exact action name', async () => {
    const created = await page('?action=user.create');
    expect(created.total).toBe(2);
    expect(created.items.map((item) => item.details?.username)).toEqual(['clerk2', 'clerk1']);
    expect((await page('?action=user')).total).toBe(0);
    expect(actionsOf(await page('?action=user.create&user=admin1'))).toEqual(['user.create']);
  });

  it('filters by calendar days in Romania', async () => {
    const [oldest] = (await page('?action=payment.markActive')).items;
    // 00:30 on 10 March in Bucharest (UTC+2), still 9 March in UTC.
    await db()
      .update(auditLog)
      .set({ at: new Date('2026-03-09T22:30:00Z') })
      .where(eq(auditLog.id, oldest!.id));
    expect(actionsOf(await page('?from=2026-03-10&to=2026-03-10'))).toEqual(['payment.markActive']);
    expect((await page('?from=2026-03-09&to=2026-03-09')).total).toBe(0);
    expect(actionsOf(await page('?to=2026-03-10'))).toEqual(['payment.markActive']);
    expect((await page('?from=2026-03-11')).total).toBe(4);
  });

  it('pages the list, the total counting every entry that matches', async () => {
    const all = (await page()).items.map((item) => item.id);
    const second = await page('?page=1&size=2');
    expect(second).toMatchObject({ total: 5, page: 1, size: 2 });
    expect(second.items.map((item) => item.id)).toEqual(all.slice(2, 4));
    expect((await page('?page=2&size=2')).items.map((item) => item.id)).toEqual(all.slice(4));
    expect((await page('?page=3&size=2')).items).toEqual([]);
  });

  it('never shows a secret, should one ever be written into the details', async () => {
    await db()
      .insert(auditLog)
      .values({
        actorName: 'admin1',
        action: 'test.careless',
        details: {
          username: 'clerk1',
          password: 'hunter2hunter2',
          temporaryPassword: 'x',
          nested: { token: 'abc', deliveredPin: '1234567812345678', faceValue: 10 },
        },
      });
    const [entry] = (await page('?action=test.careless')).items;
    expect(entry!.details).toEqual({ username: 'clerk1', nested: { faceValue: 10 } });
    await db().delete(auditLog).where(eq(auditLog.action, 'test.careless'));
  });

  it('answers 401 without a token, 403 without AUDIT_READ, 422 for a bad filter', async () => {
    expect((await read('', '')).status).toBe(401);
    const denied = await read('', operator);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('FORBIDDEN');
    for (const [query, path, code] of [
      ['?from=2026-02-30', 'from', 'dateInvalid'],
      ['?from=2026-03-10&to=2026-03-01', 'to', 'dateRangeInverted'],
      ['?size=500', 'size', 'invalid'],
      [`?user=${'a'.repeat(101)}`, 'user', 'tooLong'],
    ]) {
      const { status, body } = await read(query);
      expect(status).toBe(422);
      expect(body.error.issues).toEqual([expect.objectContaining({ path, code })]);
    }
  });
});
