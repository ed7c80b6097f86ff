'use client';

import { useMemo } from 'react';
import { countryName, REGISTRATION_COUNTRIES } from '@/lib/vignettes/countries';

/**
 * The countries of registration as a select lists them: Romania and Hungary first (most buyers), the rest by name in
 * the reader's language. The buyer's form and the back-office's correction offer the same list in the same order.
 */
export function useCountryOptions(locale: string) {
  return useMemo(() => {
    const collator = new Intl.Collator(locale);
    const named = REGISTRATION_COUNTRIES.map((entry) => ({
      ...entry,
      name: countryName(entry.code, locale),
    }));
    const [first, second, ...rest] = named;
    return [first, second, ...rest.sort((a, b) => collator.compare(a.name, b.name))].filter(
      (entry) => entry !== undefined,
    );
  }, [locale]);
}
