import fs from 'node:fs';
import path from 'node:path';
import { checkMigration, GRANDFATHERED_STATEMENTS, splitStatements } from '@/lib/db/migration-rules';

const DRIZZLE = path.join(process.cwd(), 'drizzle');
const migrationFiles = fs
  .readdirSync(DRIZZLE)
  .filter((name) => name.endsWith('.sql'))
  .sort();

describe('the committed migrations', () => {
  it.each(migrationFiles)('%s only adds, or marks its contract steps', (name) => {
    const violations = checkMigration(
      `drizzle/${name}`,
      fs.readFileSync(path.join(DRIZZLE, name), 'utf8'),
      GRANDFATHERED_STATEMENTS,
    );
    expect(violations.map((violation) => violation.message)).toEqual([]);
  });

  it('grandfathers only statements that exist and that the rule refuses', () => {
    for (const entry of GRANDFATHERED_STATEMENTS) {
      const sql = fs.readFileSync(path.join(DRIZZLE, entry.file), 'utf8');
      const refused = checkMigration(entry.file, sql).map((violation) => violation.statement);
      expect(refused).toContain(entry.statement);
      expect(entry.reason).not.toBe('');
    }
  });

  it('finds 0007 and 0009 destructive without their grandfathering', () => {
    const sql = fs.readFileSync(path.join(DRIZZLE, '0009_sign_in_waits_from_throttle.sql'), 'utf8');
    expect(checkMigration('drizzle/0009_sign_in_waits_from_throttle.sql', sql).map((v) => v.rule)).toEqual([
      'DROP COLUMN',
      'DROP COLUMN',
    ]);
  });
});

describe('checkMigration', () => {
  it('refuses a destructive migration, naming the file, the line and the statement', () => {
    const sql = [
      'CREATE TABLE "notes" ("id" serial PRIMARY KEY);',
      '--> statement-breakpoint',
      'ALTER TABLE "users" DROP COLUMN "nickname";',
    ].join('\n');
    const [violation, ...rest] = checkMigration('drizzle/0099_sample.sql', sql);
    expect(rest).toEqual([]);
    expect(violation).toMatchObject({ file: 'drizzle/0099_sample.sql', line: 3, rule: 'DROP COLUMN' });
    expect(violation!.message).toContain('drizzle/0099_sample.sql:3');
    expect(violation!.message).toContain('ALTER TABLE "users" DROP COLUMN "nickname"');
    expect(violation!.message).toContain('-- contract:');
  });

  it('accepts a destructive statement marked as a contract step', () => {
    const sql = [
      '-- contract: "users"."nickname" unused since 0016_profiles',
      'ALTER TABLE "users" DROP COLUMN "nickname";',
    ].join('\n');
    expect(checkMigration('drizzle/0099_sample.sql', sql)).toEqual([]);
  });

  it('wants the marker right before its statement, not before an earlier one', () => {
    const sql = [
      '-- contract: "users"."nickname" unused since 0016_profiles',
      'ALTER TABLE "users" DROP COLUMN "nickname";',
      'ALTER TABLE "users" DROP COLUMN "age";',
    ].join('\n');
    expect(checkMigration('x.sql', sql).map((v) => [v.line, v.statement])).toEqual([
      [3, 'ALTER TABLE "users" DROP COLUMN "age"'],
    ]);
  });

  it('accepts a plain additive migration', () => {
    const sql = [
      'CREATE TYPE "public"."mood" AS ENUM(\'OK\', \'DROP TABLE\');--> statement-breakpoint',
      'CREATE TABLE "notes" ("id" serial PRIMARY KEY, "body" text DEFAULT \'; DROP TABLE x;\' NOT NULL);--> statement-breakpoint',
      'ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint',
      'ALTER TABLE "orders" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint',
      'ALTER TABLE "orders" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint',
      'ALTER TABLE "orders" ADD CONSTRAINT "orders_note_check" CHECK ("note" IS NOT NULL OR "tries" > 0) NOT VALID;',
      'ALTER TABLE "orders" ADD COLUMN "total" numeric(10,2) DEFAULT 0 NOT NULL, ADD COLUMN "memo" text;',
      'ALTER TYPE "public"."order_status" ADD VALUE \'HELD\';--> statement-breakpoint',
      '/* DROP TABLE "orders"; */ CREATE INDEX "orders_note" ON "orders" USING btree ("note");',
      'CREATE FUNCTION f() RETURNS void AS $$ BEGIN DROP TABLE x; END $$ LANGUAGE plpgsql;',
      'CREATE TABLE "drop" ("rename" text);',
    ].join('\n');
    expect(checkMigration('drizzle/0099_sample.sql', sql)).toEqual([]);
  });

  it.each([
    ['DROP TABLE "notes";', 'DROP TABLE'],
    ['ALTER TABLE "notes" DROP "body";', 'DROP COLUMN'],
    ['ALTER TABLE "notes" DROP COLUMN IF EXISTS "body" CASCADE;', 'DROP COLUMN'],
    ['ALTER TABLE "notes" RENAME TO "memos";', 'RENAME'],
    ['ALTER TABLE "notes" RENAME COLUMN "body" TO "text";', 'RENAME'],
    ['ALTER TABLE "notes" ALTER COLUMN "body" SET NOT NULL;', 'SET NOT NULL without a default'],
    ['ALTER TABLE "notes" ADD COLUMN "tag" text NOT NULL;', 'ADD COLUMN NOT NULL without a default'],
    [
      'ALTER TABLE "notes" ADD COLUMN "note" text, ADD COLUMN "total" numeric(10,2) NOT NULL;',
      'ADD COLUMN NOT NULL without a default',
    ],
    ['ALTER TABLE "notes" ALTER COLUMN "body" SET DATA TYPE varchar(10);', 'column type change'],
    ['ALTER TABLE notes ALTER body TYPE varchar(10);', 'column type change'],
    ['ALTER TABLE "notes" ALTER COLUMN "body" DROP DEFAULT;', 'DROP DEFAULT'],
    ['ALTER TABLE "notes" DROP CONSTRAINT "notes_body_unique";', 'DROP CONSTRAINT'],
    ['DROP INDEX "notes_body";', 'DROP INDEX'],
    ['DROP TYPE "public"."mood";', 'DROP TYPE'],
    ['DROP VIEW "notes_view";', 'DROP'],
    ['TRUNCATE "notes";', 'TRUNCATE'],
  ])('refuses %s', (sql, rule) => {
    expect(checkMigration('x.sql', sql).map((violation) => violation.rule)).toEqual([rule]);
  });

  it('accepts SET NOT NULL when the same migration gives the column a default', () => {
    const sql = [
      'ALTER TABLE "notes" ALTER COLUMN "body" SET DEFAULT \'\';',
      'UPDATE "notes" SET "body" = \'\' WHERE "body" IS NULL;',
      'ALTER TABLE "notes" ALTER COLUMN "body" SET NOT NULL;',
    ].join('\n');
    expect(checkMigration('x.sql', sql)).toEqual([]);
    expect(
      checkMigration(
        'x.sql',
        sql.replace('"notes" ALTER COLUMN "body" SET DEFAULT', '"notes" ALTER COLUMN "title" SET DEFAULT'),
      ),
    ).toHaveLength(1);
  });
});

describe('splitStatements', () => {
  it('splits at semicolons outside strings and comments, with the line of each statement', () => {
    const statements = splitStatements("SELECT ';';\n-- a; b\n\nSELECT 2;ALTER TABLE x ADD y int");
    expect(statements.map((s) => [s.line, s.text, s.comments])).toEqual([
      [1, "SELECT ';'", []],
      [4, 'SELECT 2', ['a; b']],
      [4, 'ALTER TABLE x ADD y int', []],
    ]);
  });
});
