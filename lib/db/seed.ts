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
import { VIGNETTE_CATEGORIES } from '@/lib/vignettes/categories';
import type { VignetteType } from '@/lib/vignettes/periods';

/**
 * What a new database starts with, given by the folders that own it (lib/catalog/reference-data.ts gathers it): the
 * database sits below them and names none of their data.
 */
export interface ReferenceData {
  /** Gross prices in forints, by year, category code and period. */
  vignettePrices: Readonly<Record<number, Readonly<Record<string, Readonly<Record<VignetteType, number>>>>>>;
  /** The rate the shop starts with until an admin or the BNR feed records a newer one. */
  exchangeRate: typeof exchangeRates.$inferInsert;
  /** In the shop's order (their `sort_order`). */
  topUpOperators: readonly Omit<typeof topUpOperators.$inferInsert, 'sortOrder'>[];
  /** In the shop's order (their `sort_order`). */
  topUpProducts: readonly Omit<typeof topUpProducts.$inferInsert, 'sortOrder'>[];
  /** Each role and its authorities. */
  rolePermissions: Readonly<Record<string, readonly string[]>>;
}

/**
 * The first admin: its name and password if configured, and how a password is made and hashed
 * (lib/auth/password.ts).
 */
export interface SeedOptions {
  adminUsername?: string;
  adminPassword?: string;
  hashPassword(password: string): Promise<string>;
  generatePassword(): string;
}

export interface SeedResult {
  /** Set only when the first admin was created with a generated password: it is shown once, never stored. */
  createdAdmin?: { username: string; generatedPassword?: string };
}

/**
 * Writes the reference data and the first admin. Safe to run at every start and from several servers at once:
 * rows that exist are left as they are (an admin may have edited a price since).
 */
export async function seedDatabase(db: Db, data: ReferenceData, options: SeedOptions): Promise<SeedResult> {
  await seedReferenceData(db, data);
  return ensureFirstAdmin(db, options);
}

/** Categories, prices, the starting exchange rate, top-up operators and products, roles and their permissions. */
export async function seedReferenceData(db: Db, data: ReferenceData): Promise<void> {
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

    const priceRows = Object.entries(data.vignettePrices).flatMap(([year, byCategory]) =>
      Object.entries(byCategory).flatMap(([categoryCode, byType]) =>
        Object.entries(byType).map(([type, priceHuf]) => ({
          categoryCode,
          type: type as VignetteType,
          year: Number(year),
          priceHuf,
        })),
      ),
    );
    await tx.insert(vignettePrices).values(priceRows).onConflictDoNothing();
    await tx.insert(exchangeRates).values(data.exchangeRate).onConflictDoNothing();
    await tx
      .insert(topUpOperators)
      .values(data.topUpOperators.map((operator, index) => ({ ...operator, sortOrder: index + 1 })))
      .onConflictDoNothing();
    await tx
      .insert(topUpProducts)
      .values(data.topUpProducts.map((product, index) => ({ ...product, sortOrder: index + 1 })))
      .onConflictDoNothing();

    const roleNames = Object.keys(data.rolePermissions);
    await tx
      .insert(roles)
      .values(roleNames.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx
      .insert(rolePermissions)
      .values(
        roleNames.flatMap((roleName) =>
          (data.rolePermissions[roleName] ?? []).map((authority) => ({ roleName, authority })),
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
    const password = options.adminPassword ?? options.generatePassword();
    const generated = !options.adminPassword;
    await tx
      .insert(users)
      .values({
        username,
        passwordHash: await options.hashPassword(password),
        roleName: 'ADMIN',
        mustChangePassword: generated,
      })
      .onConflictDoNothing();
    return { createdAdmin: { username, generatedPassword: generated ? password : undefined } };
  });
}
