import { preformatted } from '@/lib/i18n/preformatted';

/**
 * Countries of registration a vignette buyer can choose (docs/domain.md, Plates, countries and counties): the API
 * speaks ISO 3166-1 alpha-2, people see the country's name and its international vehicle registration code (the
 * distinguishing sign of the 1949 and 1968 conventions, as on the oval sticker or the EU band of a plate).
 *
 * Romania comes first and Hungary second because most buyers drive Romanian cars and Hungarian plates are the
 * next most common; the rest follow by code so that the list is stable for tests and diffs.
 */
const COUNTRIES = [
  { code: 'RO', sign: 'RO' },
  { code: 'HU', sign: 'H' },
  { code: 'AD', sign: 'AND' },
  { code: 'AL', sign: 'AL' },
  { code: 'AM', sign: 'AM' },
  { code: 'AT', sign: 'A' },
  { code: 'AZ', sign: 'AZ' },
  { code: 'BA', sign: 'BIH' },
  { code: 'BE', sign: 'B' },
  { code: 'BG', sign: 'BG' },
  { code: 'BY', sign: 'BY' },
  { code: 'CA', sign: 'CDN' },
  { code: 'CH', sign: 'CH' },
  { code: 'CY', sign: 'CY' },
  { code: 'CZ', sign: 'CZ' },
  { code: 'DE', sign: 'D' },
  { code: 'DK', sign: 'DK' },
  { code: 'EE', sign: 'EST' },
  { code: 'ES', sign: 'E' },
  { code: 'FI', sign: 'FIN' },
  { code: 'FO', sign: 'FO' },
  { code: 'FR', sign: 'F' },
  // 'UK' replaced 'GB' as the United Kingdom's sign on 28 September 2021.
  { code: 'GB', sign: 'UK' },
  { code: 'GE', sign: 'GE' },
  { code: 'GG', sign: 'GBG' },
  { code: 'GI', sign: 'GBZ' },
  { code: 'GR', sign: 'GR' },
  { code: 'HR', sign: 'HR' },
  { code: 'IE', sign: 'IRL' },
  { code: 'IL', sign: 'IL' },
  { code: 'IM', sign: 'GBM' },
  { code: 'IS', sign: 'IS' },
  { code: 'IT', sign: 'I' },
  { code: 'JE', sign: 'GBJ' },
  { code: 'KZ', sign: 'KZ' },
  { code: 'LI', sign: 'FL' },
  { code: 'LT', sign: 'LT' },
  { code: 'LU', sign: 'L' },
  { code: 'LV', sign: 'LV' },
  { code: 'MC', sign: 'MC' },
  { code: 'MD', sign: 'MD' },
  { code: 'ME', sign: 'MNE' },
  // 'NMK' replaced 'MK' after the country's renaming in 2019.
  { code: 'MK', sign: 'NMK' },
  { code: 'MT', sign: 'M' },
  { code: 'NL', sign: 'NL' },
  { code: 'NO', sign: 'N' },
  { code: 'PL', sign: 'PL' },
  { code: 'PT', sign: 'P' },
  { code: 'RS', sign: 'SRB' },
  { code: 'RU', sign: 'RUS' },
  { code: 'SE', sign: 'S' },
  { code: 'SI', sign: 'SLO' },
  { code: 'SK', sign: 'SK' },
  { code: 'SM', sign: 'RSM' },
  { code: 'TR', sign: 'TR' },
  { code: 'UA', sign: 'UA' },
  { code: 'US', sign: 'USA' },
  { code: 'VA', sign: 'V' },
  // Kosovo has no officially assigned ISO 3166-1 code; XK is the user-assigned code the EU, CLDR and the
  // browsers' Intl use, and Kosovo-registered cars cross Hungary on their way to western Europe.
  { code: 'XK', sign: 'RKS' },
] as const satisfies readonly { code: string; sign: string }[];

export type CountryCode = (typeof COUNTRIES)[number]['code'];

export const REGISTRATION_COUNTRIES: readonly { code: CountryCode; sign: string }[] = COUNTRIES;

const SIGN_BY_CODE: ReadonlyMap<string, string> = new Map(COUNTRIES.map((c) => [c.code, c.sign]));

/** Whether `code` (exact, uppercase alpha-2) is a country a buyer may choose. */
export function isRegistrationCountry(code: string): code is CountryCode {
  return SIGN_BY_CODE.has(code);
}

/** The international vehicle registration code (e.g. 'H' for HU), or undefined for a country not offered. */
export function countrySign(code: string): string | undefined {
  return SIGN_BY_CODE.get(code);
}

/**
 * A vehicle as the buyer's documents name it, `B123ABC (DE)`: the plate and the country's ISO code, the same in the
 * cart, on the order page, in the e-mail and on the invoice. The registration sign (`D`) belongs to the plate itself
 * (its preview and the country list), not to these lines.
 */
export const plateWithCountry = (plate: string, country: string) => `${plate} (${country})`;

const displayNames = new Map<string, Intl.DisplayNames | null>();

function regionNames(locale: string): Intl.DisplayNames | null {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    } catch {
      // A malformed locale tag must not break a page; the caller gets the code instead of a name.
      names = null;
    }
    // Locales come from the router, but keep the cache bounded should a caller pass arbitrary tags.
    if (displayNames.size >= 32) displayNames.clear();
    displayNames.set(locale, names);
  }
  return names;
}

/** A region's name from the runtime's CLDR data, or its code for an unknown region or a malformed locale. */
function regionName(code: string, locale: string): string {
  const names = regionNames(locale);
  if (!names) return code;
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

export interface NamedCountry {
  code: CountryCode;
  sign: string;
  name: string;
}

/** Each language's list as made here: `code=name` joined by `|`, in the select's order. */
const madeLists = new Map<string, string>();

function madeList(locale: string): string {
  let list = madeLists.get(locale);
  if (list === undefined) {
    const [first, second, ...rest] = COUNTRIES.map((entry) => ({
      code: entry.code,
      name: regionName(entry.code, locale),
    }));
    // A malformed locale tag has no collation of its own (its names are the codes): the runtime's default then.
    const collator = regionNames(locale) ? new Intl.Collator(locale) : new Intl.Collator();
    rest.sort((a, b) => collator.compare(a.name, b.name));
    list = [first, second, ...rest]
      .filter((entry) => entry !== undefined)
      .map((entry) => `${entry.code}=${entry.name}`)
      .join('|');
    if (madeLists.size >= 32) madeLists.clear();
    madeLists.set(locale, list);
  }
  return list;
}

/** Each list read once: its names by code, in the list's order. */
const readLists = new Map<string, ReadonlyMap<string, string>>();

/** The language's list, as the page brought it or as made here, read into its names by code (in its order). */
function namesInOrder(locale: string): ReadonlyMap<string, string> {
  const list = preformatted(`countries:${locale}`, () => madeList(locale));
  let names = readLists.get(list);
  if (names === undefined) {
    names = new Map(
      list.split('|').map((entry) => {
        const separator = entry.indexOf('=');
        return [entry.slice(0, separator), entry.slice(separator + 1)] as const;
      }),
    );
    if (readLists.size >= 32) readLists.clear();
    readLists.set(list, names);
  }
  return names;
}

/**
 * The countries of registration as a select lists them: Romania and Hungary first (most buyers), the rest by name in
 * the reader's language. The buyer's form and the back-office's correction offer the same list in the same order.
 * The list is one text, names and order, so that a page can bring it and the browser list the countries with no
 * Intl formatter (lib/i18n/preformatted.ts).
 */
export function countriesInOrder(locale: string): NamedCountry[] {
  return [...namesInOrder(locale)].flatMap(([code, name]) => {
    const sign = SIGN_BY_CODE.get(code);
    return isRegistrationCountry(code) && sign ? [{ code, sign, name }] : [];
  });
}

/**
 * The country's name in `locale` (e.g. countryName('DE', 'ro') === 'Germania'), from the runtime's CLDR data or the
 * list a page brought. Falls back to the code itself for an unknown region or a malformed locale, never throws.
 */
export function countryName(code: string, locale: string): string {
  if (!isRegistrationCountry(code)) return regionName(code, locale);
  return namesInOrder(locale).get(code) ?? code;
}
