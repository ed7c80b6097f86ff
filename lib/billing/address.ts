import { countryName } from '@/lib/vignettes/countries';
import { BUCHAREST, roCountyName, sectorName } from './ro-counties';

/** An address in the parts the checkout asks for (lib/validations/billing.ts), as an invoice's buyer carries it. */
export interface AddressParts {
  street?: string;
  city?: string;
  /** ISO 3166-2:RO, `RO-CJ`; `RO-B` with the sector as the city. */
  county?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
}

/**
 * The address as a reader writes it on one line, in Romanian as the invoice is: street, postal code and city, county,
 * country (`Str. Memorandumului 28, 400114 Cluj-Napoca, Cluj, România`; Bucharest's `SECTOR3` as `Sector 3`,
 * followed by `Municipiul București`). Undefined when the parts say nothing.
 */
export function addressText({ street, city, county, postalCode, country }: AddressParts): string | undefined {
  const place = county === BUCHAREST && city ? sectorName(city) : city;
  const parts = [
    street,
    [postalCode, place].filter(Boolean).join(' '),
    county && roCountyName(county),
    country && countryName(country, 'ro'),
  ];
  const text = parts.filter(Boolean).join(', ');
  return text || undefined;
}
