import { eq } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '@/lib/db/client';
import { efacturaSubmissions, invoices, orders } from '@/lib/db/schema';
import { sandboxUploadCount } from '@/lib/efactura/sandbox';
import { processEfacturaSubmissions } from '@/lib/efactura/submissions';
import { queueEfacturaSubmission } from '@/lib/efactura/submissions-queue';
import { insertOrder, vignette } from '../admin/admin-fixtures';
import { createPostgresDatabase, describeForDriver, postgresUrl } from '../../support/databases';
import { sandboxAnswersAtOnce, sandboxApi } from '../../support/efactura-sandbox';
import { useProcessDatabase } from '../../support/process-database';

const DOCUMENTS = 30;

/** One server's job runner: its own connection pool and its own ANAF client (its own token). */
const runner = (db: Db) => {
  const api = sandboxApi(db);
  return (seconds: number) =>
    processEfacturaSubmissions(db, api, { now: () => new Date(Date.now() + seconds * 1000) });
};

// Concurrency is proved on a real PostgreSQL: PGlite serialises everything
// (docs/decisions/0004-pglite-or-postgresql.md).
describeForDriver(Boolean(postgresUrl))('two e-Factura job runners on one PostgreSQL', () => {
  jest.setTimeout(120_000);
  let drop: () => Promise<void>;
  let env: Awaited<ReturnType<typeof useProcessDatabase>>;
  let second: Database;
  sandboxAnswersAtOnce();

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    env = await useProcessDatabase(created.url);
    second = await openDatabase({ databaseUrl: created.url });
  });
  afterAll(async () => {
    await second.close();
    await env.cleanup();
    await drop();
  });

  it('uploads each document once, however the two runners race', async () => {
    const db = env.database.db;
    for (let index = 0; index < DOCUMENTS; index++) {
      const orderId = await insertOrder(db, {
        kind: 'VIGNETTE',
        status: 'FULFILLED',
        email: `buyer${index}@example.ro`,
        createdAt: new Date().toISOString(),
        amountBani: 8976,
        items: [vignette('CAR', 'WEEK', `B${100 + index}RUN`, 8976)],
        invoice: { series: 'RPV', year: 2026, number: 500 + index },
      });
      await db.update(orders).set({ invoiceData: null }).where(eq(orders.id, orderId));
      const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
      await queueEfacturaSubmission(db, { orderId, invoiceId: invoice!.id, issuedAt: invoice!.issuedAt });
    }
    const [one, two] = [runner(db), runner(second.db)];
    // Both at once, several times over, then both again once ANAF has answered.
    for (let round = 0; round < 3; round++) await Promise.all([one(0), two(0), one(0), two(0)]);
    await Promise.all([one(11), two(11)]);

    expect(await sandboxUploadCount(db)).toBe(DOCUMENTS);
    const rows = await db.select().from(efacturaSubmissions);
    expect(rows).toHaveLength(DOCUMENTS);
    expect(rows.every((row) => row.status === 'ACCEPTED')).toBe(true);
    expect(new Set(rows.map((row) => row.uploadId)).size).toBe(DOCUMENTS);
  });
});
