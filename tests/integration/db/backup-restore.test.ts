import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { getDatabase, type Db } from '@/lib/db/client';
import { seedShop } from '../../support/seed';
import { backUpEmbedded, backUpPostgres, restoreEmbedded, restorePostgres } from '@/lib/db/backup';
import { efacturaSubmissions, invoices, orders, outbox } from '@/lib/db/schema';
import { processEfacturaSubmissions } from '@/lib/efactura/submissions';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { createPostgresDatabase, describeForDriver, postgresUrl } from '../../support/databases';
import { sandboxAnswersAtOnce, sandboxApi } from '../../support/efactura-sandbox';
import { resetProcess } from '../../support/process-database';
import { paidVignetteOrder } from '../../support/purchases';

/*
 * The restore drill (docs/deploy.md, "Backups"): a shop with paid orders, their invoices, ANAF's answers and the mail
 * queued for them is backed up, its database destroyed, restored; the same orders are served and the next invoice
 * takes the next number. On the embedded database (the shop stopped) and on PostgreSQL (pg_dump, pg_restore).
 */
jest.setTimeout(180_000);
sandboxAnswersAtOnce();

/** The shop's database as a server opens it at start: migrated and seeded (idempotent: a restored one keeps its data). */
async function openShop(env: Record<string, string | undefined>) {
  await resetProcess(env);
  const { db } = await getDatabase();
  await seedShop(db, { adminUsername: 'admin', adminPassword: 'a-test-admin-password' });
  return db;
}

/** What a shop holds, as a drill compares it before and after. */
async function snapshot(db: Db) {
  return {
    orders: await db.select({ id: orders.id, status: orders.status }).from(orders).orderBy(asc(orders.id)),
    invoices: await db
      .select({ orderId: invoices.orderId, number: invoices.number })
      .from(invoices)
      .orderBy(asc(invoices.number)),
    efactura: await db
      .select({ status: efacturaSubmissions.status, downloadId: efacturaSubmissions.downloadId })
      .from(efacturaSubmissions)
      .orderBy(asc(efacturaSubmissions.id)),
    mails: (await db.select({ kind: outbox.kind }).from(outbox)).length,
  };
}

/** Two paid orders, delivered, invoiced and accepted by the e-Factura sandbox. */
async function aShopWithHistory(db: Db) {
  for (const plate of ['B101BAK', 'B102BAK']) await paidVignetteOrder(db, { plates: [plate] });
  await fulfilPaidOrders(db, sandboxDeliverers);
  const api = sandboxApi(db);
  for (const seconds of [0, 15, 60])
    await processEfacturaSubmissions(db, api, { now: () => new Date(Date.now() + seconds * 1000) });
  const before = await snapshot(db);
  expect(before.invoices.map((invoice) => invoice.number)).toEqual([1, 2]);
  expect(before.efactura.map((row) => row.status)).toEqual(['ACCEPTED', 'ACCEPTED']);
  expect(before.mails).toBeGreaterThanOrEqual(2);
  return before;
}

/** After the restore: the same history, and the next paid order's invoice is number 3. */
async function servesTheSameAndNumbersOn(
  before: Awaited<ReturnType<typeof snapshot>>,
  env: Record<string, string | undefined>,
) {
  const db = await openShop(env);
  expect(await snapshot(db)).toEqual(before);
  const next = await paidVignetteOrder(db, { plates: ['B103BAK'] });
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, next));
  expect(invoice!.number).toBe(3);
}

describe('restore drill on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-backup-'));
  const file = path.join(dataDir, '..', `${path.basename(dataDir)}.tar.gz`);
  afterAll(async () => {
    await resetProcess({ DATA_DIR: undefined, DATABASE_URL: undefined });
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(file, { force: true });
  });

  it('backs up a stopped shop, survives the loss of its database, and numbers the next invoice on', async () => {
    const before = await aShopWithHistory(await openShop({ DATA_DIR: dataDir, DATABASE_URL: undefined }));
    // The shop stops (its lock is released), then the backup is taken.
    await resetProcess({});
    await backUpEmbedded(dataDir, file);
    fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });

    const kept = await restoreEmbedded(dataDir, file);
    expect(kept).toBeUndefined();
    await servesTheSameAndNumbersOn(before, { DATA_DIR: dataDir, DATABASE_URL: undefined });
  });

  it('refuses to back up while a shop holds the database, and leaves it untouched', async () => {
    await expect(backUpEmbedded(dataDir, `${file}.second`)).rejects.toThrow(/in use by another shop process/);
    expect(fs.existsSync(`${file}.second`)).toBe(false);
  });

  it('keeps the database it replaces, and refuses a file that is no backup of the shop', async () => {
    await resetProcess({});
    fs.writeFileSync(`${file}.bad`, 'not a backup');
    await expect(restoreEmbedded(dataDir, `${file}.bad`)).rejects.toThrow();
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    const kept = await restoreEmbedded(dataDir, file);
    expect(kept).toMatch(/pglite\.before-restore-/);
    expect(fs.existsSync(kept!)).toBe(true);
    fs.rmSync(`${file}.bad`, { force: true });
  });
});

describeForDriver(Boolean(postgresUrl))('restore drill on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const file = path.join(os.tmpdir(), `road-backup-${process.pid}.dump`);
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await resetProcess({ DATA_DIR: undefined, DATABASE_URL: undefined });
    await database.drop();
    fs.rmSync(file, { force: true });
  });

  it('dumps a running shop, survives the loss of its tables, and numbers the next invoice on', async () => {
    const db = await openShop({ DATABASE_URL: database.url, DATA_DIR: undefined });
    const before = await aShopWithHistory(db);
    // Taken while the shop runs: pg_dump reads one snapshot.
    await backUpPostgres(database.url, file);
    await resetProcess({ DATABASE_URL: database.url });
    await destroyPostgres(database.url);

    await restorePostgres(database.url, file);
    await servesTheSameAndNumbersOn(before, { DATABASE_URL: database.url, DATA_DIR: undefined });
  });
});

/** Everything the shop had in its database, gone (as after a lost disk), the database itself still there. */
async function destroyPostgres(url: string) {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'drop schema public cascade; create schema public; drop schema if exists drizzle cascade',
    );
  } finally {
    await client.end();
  }
}
