'use client';

import { useTranslations } from 'next-intl';
import { usePermission } from '@/lib/admin-client/session';
import { screenTitle } from '../ui/styles';
import { ExchangeRateSection } from './exchange-rate-section';
import { TopUpProductsSection } from './topup-products-section';
import { VignettePricesSection } from './vignette-prices-section';

/**
 * What the shop sells and at what price (CATALOG_READ): vignette prices per year, top-up products, the exchange rate.
 * Changing them needs CATALOG_WRITE; without it the screen only shows them. The server checks every call anyway.
 */
export function CatalogScreen() {
  const c = useTranslations('Admin.catalog');
  const mayWrite = usePermission('CATALOG_WRITE');
  return (
    <div className="space-y-6">
      <h1 className={screenTitle}>{c('title')}</h1>
      <VignettePricesSection mayWrite={mayWrite} />
      <TopUpProductsSection mayWrite={mayWrite} />
      <ExchangeRateSection mayWrite={mayWrite} />
    </div>
  );
}
