import type { ExchangeRateStatus } from '@/lib/catalog/admin-exchange-rate';
import type {
  AdminTopUpOperator,
  AdminTopUpProduct,
  TopUpCatalogSheet,
} from '@/lib/catalog/admin-topup-products';
import type { VignettePriceSheet } from '@/lib/catalog/admin-vignette-prices';
import { api } from '@/lib/client/api';
import type { z } from 'zod';
import type {
  exchangeRateUpdateSchema,
  topUpCatalogUpdateSchema,
  vignettePricesUpdateSchema,
} from '@/lib/validations/catalog';
import { withQuery } from './admin-api';

/**
 * The catalog screen's calls (docs/api.md, Catalog administration), through the shop's one `api` client like every
 * back-office call. Vignette prices in forints, top-up prices in bani, face values in euro cents, the rate in forints
 * per leu. The answers' types are the server's own (type imports only).
 */

export const VIGNETTE_PRICES_URL = '/api/admin/catalog/vignette-prices';
export const TOP_UP_PRODUCTS_URL = '/api/admin/catalog/topup-products';
export const EXCHANGE_RATE_URL = '/api/admin/exchange-rate';

export type {
  AdminTopUpOperator,
  AdminTopUpProduct,
  ExchangeRateStatus,
  TopUpCatalogSheet,
  VignettePriceSheet,
};
export type VignettePricesRequest = z.input<typeof vignettePricesUpdateSchema>;
export type TopUpCatalogRequest = z.input<typeof topUpCatalogUpdateSchema>;
export type ExchangeRateRequest = z.input<typeof exchangeRateUpdateSchema>;

/** A year's price list; without a year, the server's current year (in Hungary). */
export const vignettePricesUrl = (year?: number) => withQuery(VIGNETTE_PRICES_URL, { year });

/** A write is never retried: ky would replay it after a lost answer. */
const NO_RETRY = 0;

export const putVignettePrices = (body: VignettePricesRequest) =>
  api.put(VIGNETTE_PRICES_URL, { json: body, retry: NO_RETRY }).json<VignettePriceSheet>();

export const putTopUpProducts = (body: TopUpCatalogRequest) =>
  api.put(TOP_UP_PRODUCTS_URL, { json: body, retry: NO_RETRY }).json<TopUpCatalogSheet>();

export const putExchangeRate = (body: ExchangeRateRequest) =>
  api.put(EXCHANGE_RATE_URL, { json: body, retry: NO_RETRY }).json<ExchangeRateStatus>();
