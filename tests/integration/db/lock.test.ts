import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/client';
import { DataDirLockedError, isDataDirLocked, lockDataDir } from '@/lib/db/lock';
import { seedShop } from '../../support/seed';
import { vignettePrices } from '@/lib/db/schema';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'road-lock-'));

describe('the embedded store lock', () => {
  it('lets one holder in and refuses a second with a clear message', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    try {
      expect(await isDataDirLocked(dir)).toBe(true);
      const second = lockDataDir(dir);
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(/in use by another shop process.*DATA_DIR.*DATABASE_URL/s);
    } finally {
      await release();
    }
    expect(await isDataDirLocked(dir)).toBe(false);
    const again = await lockDataDir(dir);
    await again();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the data of the first process intact when a second one tries to open the store', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    try {
      await seedShop(first.db);
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
      const [row] = await first.db.select({ value: count() }).from(vignettePrices);
      expect(Number(row?.value)).toBe(20);
    } finally {
      await first.close();
    }
    // Reopened after the first process let go: everything is still there.
    const reopened = await openDatabase({ dataDir: dir });
    const [row] = await reopened.db.select({ value: count() }).from(vignettePrices);
    expect(Number(row?.value)).toBe(20);
    await reopened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
