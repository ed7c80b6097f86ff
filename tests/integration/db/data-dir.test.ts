import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/client';
import { DataDirUnusableError, MIN_FREE_BYTES } from '@/lib/db/data-dir';
import { vignettePrices } from '@/lib/db/schema';
import { seedShop } from '../../support/seed';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'road-data-dir-'));
const mount = (dir: string, options: string) =>
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
const remount = (dir: string, options: string) => execFileSync('mount', ['-o', `remount,${options}`, dir]);
const unmount = (dir: string) => execFileSync('umount', [dir]);

/**
 * A full or read-only disk needs a file system of its own: a small tmpfs. Root ignores permission bits (chmod
 * cannot make a folder read-only for it), so only a real read-only mount proves the check. Where mounting is not
 * allowed (not root, a restricted container) these cases are skipped.
 */
const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  const dir = tempDir();
  try {
    mount(dir, 'size=1m');
    unmount(dir);
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
})();
// A read-only or full folder can only be made honestly with a real mount (root ignores permission bits); where
// mounting is refused these cases are skipped, and counted as skipped, rather than faked.
const withMount = canMount ? it : it.skip;
/** Two openings of a PGlite store (migrations, seed) on a busy 2-core machine. */
const OPENS_TWICE_MS = 180_000;

/** What is in a folder, with sizes and times: equal before and after means nothing was written. */
const snapshot = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).sort().map((name) => {
    const stat = fs.statSync(path.join(dir, name));
    return `${name} ${stat.isDirectory() ? 'dir' : stat.size} ${stat.mtimeMs}`;
  });

/** The store opens and holds its data: nothing was corrupted while it was refused. */
async function expectStoreOpens(dataDir: string) {
  const reopened = await openDatabase({ dataDir });
  const [prices] = await reopened.db.select({ value: count() }).from(vignettePrices);
  expect(prices?.value).toBe(20);
  await reopened.close();
}

async function rejection(dataDir: string): Promise<DataDirUnusableError> {
  const error = await openDatabase({ dataDir }).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(DataDirUnusableError);
  return error as DataDirUnusableError;
}

describe('a data folder the embedded database cannot use', () => {
  it('is refused when it is a file, naming it', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'data');
    fs.writeFileSync(file, 'not a folder');
    try {
      const error = await rejection(file);
      expect(error.problem).toBe('not-a-folder');
      expect(error.message).toContain(file);
      expect(fs.readFileSync(file, 'utf8')).toBe('not a folder');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  withMount(
    'is refused when it is on a read-only disk, and the store opens again once it is writable',
    async () => {
      const dir = tempDir();
      mount(dir, 'size=128m');
      try {
        const database = await openDatabase({ dataDir: dir });
        await seedShop(database.db, { adminUsername: 'ro-admin', adminPassword: 'ro-admin-password' });
        await database.close();
        const before = snapshot(dir);

        remount(dir, 'ro');
        const error = await rejection(dir);
        expect(error.problem).toBe('read-only');
        expect(error.message).toContain(dir);
        expect(error.message).toMatch(/read-only or not writable.*set DATA_DIR/s);
        expect(error.message).not.toMatch(/\n\s+at /);

        remount(dir, 'rw');
        expect(snapshot(dir)).toEqual(before);
        await expectStoreOpens(dir);
      } finally {
        unmount(dir);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    OPENS_TWICE_MS,
  );

  withMount(
    'is refused when its disk is full, and the store opens again once there is room',
    async () => {
      const dir = tempDir();
      mount(dir, 'size=128m');
      const store = path.join(dir, 'data');
      try {
        const database = await openDatabase({ dataDir: store });
        await seedShop(database.db, {
          adminUsername: 'full-admin',
          adminPassword: 'full-admin-password',
        });
        await database.close();
        const before = snapshot(store);

        // Fill the disk with another file, as a growing log would.
        const filler = path.join(dir, 'filler');
        const fd = fs.openSync(filler, 'w');
        try {
          const block = Buffer.alloc(1024 * 1024);
          for (;;) fs.writeSync(fd, block);
        } catch (error) {
          expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
        } finally {
          fs.closeSync(fd);
        }
        const error = await rejection(store);
        expect(error.problem).toBe('full');
        expect(error.message).toContain(store);
        expect(error.message).toContain(`${MIN_FREE_BYTES / 1024 / 1024} MB`);
        expect(snapshot(store)).toEqual(before);

        fs.rmSync(filler);
        await expectStoreOpens(store);
      } finally {
        unmount(dir);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    OPENS_TWICE_MS,
  );
});
