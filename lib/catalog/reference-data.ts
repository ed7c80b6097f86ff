import { ROLE_PERMISSIONS } from '@/lib/auth/permissions';
import type { ReferenceData } from '@/lib/db/seed';
import { TOP_UP_OPERATORS, TOP_UP_PRODUCTS } from '@/lib/topups/seed-data';
import { SEED_EXCHANGE_RATE, VIGNETTE_PRICES } from './seed-data';

/**
 * The reference data every database starts with, gathered here for lib/db/seed.ts, which writes it: the catalog's
 * prices and starting rate, the top-up operators and products, the roles and their authorities. The catalog is the
 * lowest folder that sees all three owners.
 */
export const REFERENCE_DATA: ReferenceData = {
  vignettePrices: VIGNETTE_PRICES,
  exchangeRate: SEED_EXCHANGE_RATE,
  topUpOperators: TOP_UP_OPERATORS,
  topUpProducts: TOP_UP_PRODUCTS,
  rolePermissions: ROLE_PERMISSIONS,
};
