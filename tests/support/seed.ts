import { generatePassword, hashPassword } from '@/lib/auth/password';
import { REFERENCE_DATA } from '@/lib/catalog/reference-data';
import type { Db } from '@/lib/db/client';
import { seedDatabase, type SeedOptions } from '@/lib/db/seed';

/** Seeds a database as the server's start does (lib/startup/startup.ts): the reference data and the first admin. */
export const seedShop = (db: Db, admin: Pick<SeedOptions, 'adminUsername' | 'adminPassword'> = {}) =>
  seedDatabase(db, REFERENCE_DATA, { ...admin, hashPassword, generatePassword });
