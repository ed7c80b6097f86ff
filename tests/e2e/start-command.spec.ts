import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';
import { startShop, waitUntilHealthy } from './support/shop-process';

// These tests start whole servers of their own: give them time.
test.describe.configure({ timeout: 240_000 });

test('npm start serves the shop, prints the admin once, and a second start on the same DATA_DIR is refused', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-start-'));
  const first = startShop(3101, { DATA_DIR: dataDir });
  try {
    await waitUntilHealthy(first);
    const home = await fetch(`${first.url}/`, { redirect: 'manual' });
    expect(home.status).toBe(307);
    expect(home.headers.get('location')).toBe('/ro');
    await expect.poll(() => first.output()).toContain('Admin back-office: http://localhost:3101/admin');
    expect(first.output()).toMatch(/First admin created: user "admin", temporary password \S{16}/);

    const second = startShop(3102, { DATA_DIR: dataDir });
    const code = await Promise.race([
      second.exited,
      new Promise<number>((resolve) => setTimeout(() => resolve(-1), 60_000)),
    ]);
    if (code === -1) await second.stop();
    expect(code).toBe(1);
    expect(second.output()).toContain(
      `The embedded database in ${dataDir} is in use by another shop process`,
    );
    expect(await fetch(`${first.url}/api/health`).then((response) => response.status)).toBe(200);
  } finally {
    await first.stop();
  }

  // Data intact: the store opens, holds the seed and exactly one admin, and a restart prints no password.
  const store = await PGlite.create(path.join(dataDir, 'pglite'));
  const prices = await store.query<{ n: number }>('select count(*)::int as n from vignette_prices');
  const admins = await store.query<{ username: string }>(
    "select username from users where role_name = 'ADMIN'",
  );
  await store.close();
  expect(prices.rows[0]?.n).toBe(20);
  expect(admins.rows.map((row) => row.username)).toEqual(['admin']);

  const again = startShop(3103, { DATA_DIR: dataDir });
  try {
    await waitUntilHealthy(again);
    expect(again.output()).not.toContain('temporary password');
  } finally {
    await again.stop();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a bad configuration value stops the server with a message naming the variable', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-config-'));
  const shop = startShop(3104, { DATA_DIR: dataDir, SITE_URL: 'not-an-address' });
  const code = await Promise.race([
    shop.exited,
    new Promise<number>((resolve) => setTimeout(() => resolve(-1), 60_000)),
  ]);
  if (code === -1) await shop.stop();
  expect(code).not.toBe(0);
  expect(code).not.toBe(-1);
  expect(shop.output()).toContain('SITE_URL must be a http(s) URL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});
