'use client';

import { useLocale, useMessages } from 'next-intl';
import { useMemo } from 'react';
import { productNames, type ProductNames } from '@/lib/admin/product-names';

/** Product names in the back-office's current language (lib/admin/product-names.ts). */
export function useProductNames(): ProductNames {
  const locale = useLocale();
  const { Admin } = useMessages();
  return useMemo(() => productNames(locale, Admin.productNames), [locale, Admin.productNames]);
}
