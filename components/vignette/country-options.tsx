'use client';

import { useCountryOptions } from './use-country-options';

/** The `<option>`s of a country-of-registration select, in the order and words of {@link useCountryOptions}. */
export function CountryOptions({ locale }: { locale: string }) {
  return useCountryOptions(locale).map((entry) => (
    <option key={entry.code} value={entry.code}>
      {entry.name} ({entry.sign})
    </option>
  ));
}
