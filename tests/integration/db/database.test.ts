import { count, eq, sql } from 'drizzle-orm';
import { describeForDriver, drivers, type TestDatabase } from '../../support/databases';
import { seedShop } from '../../support/seed';
import { queryRows } from '@/lib/db/client';
import { exchangeRates, rolePermissions, users, vignetteCategories, vignettePrices } from '@/lib/db/schema';
import { verifyPassword } from '@/lib/auth/password';

describe.each(drivers)('database on $name', ({ open, available }) => {
  describeForDriver(available)('migrations and seed', () => {
    let testDb: TestDatabase;
    beforeAll(async () => {
      testDb = await open();
    });
    afterAll(async () => {
      await testDb?.dispose();
    });

    it('applies the committed migrations', async () => {
      const { db } = testDb.database;
      const rows = await queryRows<{ table_name: string }>(
        db,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      expect(rows.map((row) => row.table_name)).toEqual(
        expect.arrayContaining([
          'exchange_rates',
          'role_permissions',
          'roles',
          'users',
          'vignette_categories',
          'vignette_prices',
        ]),
      );
    });

    it('seeds categories, 2026 prices, a rate and a first admin with a generated password', async () => {
      const { db } = testDb.database;
      const result = await seedShop(db);
      const password = result.createdAdmin?.generatedPassword;
      expect(result.createdAdmin?.username).toBe('admin');
      expect(password).toMatch(/^\S{16}$/);

      const categories = await db.select().from(vignetteCategories).orderBy(vignetteCategories.sortOrder);
      expect(categories.map((category) => [category.title, category.code, category.sellable])).toEqual([
        ['D1', 'CAR', true],
        ['D2', 'VAN', true],
        ['B2', 'BUS', false],
        ['D1M', 'MOTOR', true],
        ['U', 'TRAIL', true],
      ]);

      const prices = await db.select().from(vignettePrices).where(eq(vignettePrices.year, 2026));
      expect(prices).toHaveLength(20);
      const price = (code: string, type: string) =>
        prices.find((row) => row.categoryCode === code && row.type === type)?.priceHuf;
      expect(price('CAR', 'WEEK')).toBe(6900);
      expect(price('VAN', 'YEAR')).toBe(87650);
      expect(price('MOTOR', 'DAY')).toBe(2770);
      expect(price('TRAIL', 'COUNTY_YEAR')).toBe(7190);
      expect(prices.some((row) => row.categoryCode === 'BUS')).toBe(false);

      const [rate] = await db.select().from(exchangeRates);
      expect(Number(rate?.ron2huf)).toBeGreaterThan(50);

      const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
      expect(admin?.roleName).toBe('ADMIN');
      expect(admin?.mustChangePassword).toBe(true);
      expect(admin?.passwordHash).not.toContain(password);
      await expect(verifyPassword(admin!.passwordHash, password!)).resolves.toBe(true);

      const permissions = await db
        .select()
        .from(rolePermissions)
        .where(eq(rolePermissions.roleName, 'OPERATOR'));
      expect(permissions.map((permission) => permission.authority).sort()).toEqual([
        'CATALOG_READ',
        'INVOICE_READ',
        'ORDER_SUPPORT',
        'PAYMENT_READ',
      ]);
    });

    it('is idempotent and keeps what an admin changed', async () => {
      const { db } = testDb.database;
      await db
        .update(vignettePrices)
        .set({ priceHuf: 7000 })
        .where(sql`${vignettePrices.categoryCode} = 'CAR' and ${vignettePrices.type} = 'WEEK'`);

      const again = await seedShop(db, {
        adminUsername: 'other',
        adminPassword: 'another-long-password',
      });
      expect(again.createdAdmin).toBeUndefined();

      const [{ value: userCount }] = (await db.select({ value: count() }).from(users)) as [{ value: number }];
      const [{ value: priceCount }] = (await db.select({ value: count() }).from(vignettePrices)) as [
        { value: number },
      ];
      expect(Number(userCount)).toBe(1);
      expect(Number(priceCount)).toBe(20);
      const [carWeek] = await db
        .select()
        .from(vignettePrices)
        .where(sql`${vignettePrices.categoryCode} = 'CAR' and ${vignettePrices.type} = 'WEEK'`);
      expect(carWeek?.priceHuf).toBe(7000);
    });
  });

  describeForDriver(available)('first admin from the environment', () => {
    it('uses ADMIN_USERNAME and ADMIN_PASSWORD and prints nothing', async () => {
      const testDb = await open();
      try {
        const result = await seedShop(testDb.database.db, {
          adminUsername: 'boss',
          adminPassword: 'a-long-admin-password',
        });
        expect(result.createdAdmin).toEqual({ username: 'boss', generatedPassword: undefined });
        const [admin] = await testDb.database.db.select().from(users);
        expect(admin?.username).toBe('boss');
        expect(admin?.mustChangePassword).toBe(false);
        await expect(verifyPassword(admin!.passwordHash, 'a-long-admin-password')).resolves.toBe(true);
      } finally {
        await testDb.dispose();
      }
    });
  });
});
