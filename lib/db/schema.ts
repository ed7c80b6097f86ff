import {
  boolean,
  date,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/** Hungarian e-vignette categories (DESIGN.md §4): the code is the API's key. */
export const vignetteCategories = pgTable('vignette_categories', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  sortOrder: smallint('sort_order').notNull(),
  sellable: boolean('sellable').notNull().default(true),
  /** Why a category is shown but cannot be bought (B2 since HU-GO). */
  notSoldReason: text('not_sold_reason'),
});

export const vignetteTypes = ['DAY', 'WEEK', 'MONTH', 'YEAR', 'COUNTY_YEAR'] as const;
export const vignetteType = pgEnum('vignette_type', vignetteTypes);

/** Official gross prices in forints, per category, period and calendar year. */
export const vignettePrices = pgTable(
  'vignette_prices',
  {
    id: serial('id').primaryKey(),
    categoryCode: text('category_code')
      .notNull()
      .references(() => vignetteCategories.code),
    type: vignetteType('type').notNull(),
    year: smallint('year').notNull(),
    priceHuf: integer('price_huf').notNull(),
  },
  (table) => [unique('vignette_prices_category_type_year').on(table.categoryCode, table.type, table.year)],
);

/** Forints per leu on a day, with where the figure came from (BNR feed, seed, admin). */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    ron2huf: numeric('ron2huf', { precision: 12, scale: 6 }).notNull(),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('exchange_rates_date_source').on(table.rateDate, table.source)],
);

export const roles = pgTable('roles', {
  name: text('name').primaryKey(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleName: text('role_name')
      .notNull()
      .references(() => roles.name, { onDelete: 'cascade' }),
    authority: text('authority').notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleName, table.authority] })],
);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  roleName: text('role_name')
    .notNull()
    .references(() => roles.name),
  /** Set for generated and reset passwords: the next sign-in must choose a new one. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** Bumped on password change or reset: tokens carry it, so older tokens stop working. */
  tokenVersion: integer('token_version').notNull().default(0),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
