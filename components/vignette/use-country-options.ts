'use client';

import { useMemo } from 'react';
import { countriesInOrder } from '@/lib/vignettes/countries';

/** The countries of registration as a select lists them, in the reader's language ({@link countriesInOrder}). */
export function useCountryOptions(locale: string) {
  return useMemo(() => countriesInOrder(locale), [locale]);
}
