import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeDatabase, getDatabase, openDatabase } from '@/lib/db/client';
import { createPostgresDatabase, itForDriver, postgresUrl } from '../../support/databases';
import { resetProcess } from '../../support/process-database';

describe('closeDatabase', () => {
  afterAll(() => resetProcess({ DATABASE_URL: undefined, DATA_DIR: undefined }));

  it('does nothing when the database was never opened', async () => {
    await resetProcess({ DATABASE_URL: undefined, DATA_DIR: undefined });
    await expect(closeDatabase()).resolves.toBeUndefined();
  });

  it('closes PGlite and frees its data directory for the next server', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-close-'));
    try {
      await resetProcess({ DATABASE_URL: undefined, DATA_DIR: dataDir });
      expect((await getDatabase()).driver).toBe('pglite');
      await closeDatabase();
      // The lock is released: another process (here, a second open) may take the folder.
      const next = await openDatabase({ dataDir });
      await next.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  itForDriver(Boolean(postgresUrl))(
    'ends the PostgreSQL pool',
    async () => {
      const created = await createPostgresDatabase();
      try {
        await resetProcess({ DATABASE_URL: created.url, DATA_DIR: undefined });
        const database = await getDatabase();
        expect(database.driver).toBe('postgres');
        await closeDatabase();
        await expect(database.db.execute('select 1')).rejects.toThrow();
      } finally {
        await resetProcess({ DATABASE_URL: undefined });
        await created.drop();
      }
    },
    120_000,
  );
});
