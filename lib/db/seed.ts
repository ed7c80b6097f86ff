import { sql } from 'drizzle-orm';
import type { Db } from './client';
import {
  exchangeRates,
  rolePermissions,
  roles,
  topUpOperators,
  topUpProducts,
  users,
  vignetteCategories,
  vignettePrices,
} from './schema';
import { SEED_EXCHANGE_RATE, VIGNETTE_PRICES } from '@/lib/catalog/seed-data';
import { ROLE_PERMISSIONS, type RoleName } from '@/lib/auth/permissions';
import { generatePassword, hashPassword } from '@/lib/auth/password';
import { TOP_UP_OPERATORS, TOP_UP_PRODUCTS } from '@/lib/topups/seed-data';
import { VIGNETTE_CATEGORIES } from '@/lib/vignettes/categories';

export interface SeedOptions {
  adminUsername?: string;
  adminPassword?: string;
}

export interface SeedResult {
  /** Set only when the first admin was created with a generated password: it is shown once, never stored. */
  createdAdmin?: { username: string; generatedPassword?: string };
}

/**
 * Writes the reference data and the first admin. Safe to run at every start and from several servers at once:
 * rows that exist are left as they are (an admin may have edited a price since).
 */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  await seedReferenceData(db);
  return ensureFirstAdmin(db, options);
}

/** Categories, prices, the starting exchange rate, top-up operators and products, roles and their permissions. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(vignetteCategories)
      .values(
        VIGNETTE_CATEGORIES.map(({ code, title, sellable, notSoldReason }, index) => ({
          code,
          title,
          sellable,
          notSoldReason,
          sortOrder: index + 1,
        })),
      )
      .onConflictDoNothing();

    const priceRows = Object.entries(VIGNETTE_PRICES).flatMap(([year, byCategory]) =>
      Object.entries(byCategory).flatMap(([categoryCode, byType]) =>
        Object.entries(byType).map(([type, priceHuf]) => ({
          categoryCode,
          type: type as keyof typeof byType,
          year: Number(year),
          priceHuf,
        })),
      ),
    );
    await tx.insert(vignettePrices).values(priceRows).onConflictDoNothing();
    await tx.insert(exchangeRates).values(SEED_EXCHANGE_RATE).onConflictDoNothing();
    await tx
      .insert(topUpOperators)
      .values(TOP_UP_OPERATORS.map((operator, index) => ({ ...operator, sortOrder: index + 1 })))
      .onConflictDoNothing();
    await tx
      .insert(topUpProducts)
      .values(TOP_UP_PRODUCTS.map((product, index) => ({ ...product, sortOrder: index + 1 })))
      .onConflictDoNothing();

    const roleNames = Object.keys(ROLE_PERMISSIONS) as RoleName[];
    await tx
      .insert(roles)
      .values(roleNames.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx
      .insert(rolePermissions)
      .values(
        roleNames.flatMap((roleName) =>
          ROLE_PERMISSIONS[roleName].map((authority) => ({ roleName, authority })),
        ),
      )
      .onConflictDoNothing();
  });
}

/** Creates the first admin when there is none; the generated password (if any) is returned, never stored. */
async function ensureFirstAdmin(db: Db, options: SeedOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Two servers starting at once on one PostgreSQL must not both create a first admin.
    await tx.execute(sql`lock table ${users} in share row exclusive mode`);
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.roleName} = 'ADMIN'`)
      .limit(1);
    if (admin) return {};

    const username = options.adminUsername ?? 'admin';
    const password = options.adminPassword ?? generatePassword();
    const generated = !options.adminPassword;
    await tx
      .insert(users)
      .values({
        username,
        passwordHash: await hashPassword(password),
        roleName: 'ADMIN',
        mustChangePassword: generated,
      })
      .onConflictDoNothing();
    return { createdAdmin: { username, generatedPassword: generated ? password : undefined } };
  });
}
