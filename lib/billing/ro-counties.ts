import { preformatted } from '@/lib/i18n/preformatted';

/**
 * Romania's 41 counties and Bucharest with their ISO 3166-2:RO codes, the codes RO e-Factura requires for a Romanian
 * address's county (CIUS-RO rule BR-RO-110, the list `('RO-AB', …, 'RO-VS')` of the official validation). The names
 * are Romanian proper nouns, shown as they are in every language, as ANAF and the post write them.
 *
 * Bucharest is no county: its city field holds the sector, coded as CIUS-RO's SECTOR-RO list wants it (BR-RO-100:
 * "if the country is RO and the subdivision RO-B, the city must be one of SECTOR1 … SECTOR6").
 */
export const RO_COUNTIES = [
  { code: 'RO-AB', name: 'Alba' },
  { code: 'RO-AR', name: 'Arad' },
  { code: 'RO-AG', name: 'Argeș' },
  { code: 'RO-BC', name: 'Bacău' },
  { code: 'RO-BH', name: 'Bihor' },
  { code: 'RO-BN', name: 'Bistrița-Năsăud' },
  { code: 'RO-BT', name: 'Botoșani' },
  { code: 'RO-BR', name: 'Brăila' },
  { code: 'RO-BV', name: 'Brașov' },
  { code: 'RO-B', name: 'Municipiul București' },
  { code: 'RO-BZ', name: 'Buzău' },
  { code: 'RO-CL', name: 'Călărași' },
  { code: 'RO-CS', name: 'Caraș-Severin' },
  { code: 'RO-CJ', name: 'Cluj' },
  { code: 'RO-CT', name: 'Constanța' },
  { code: 'RO-CV', name: 'Covasna' },
  { code: 'RO-DB', name: 'Dâmbovița' },
  { code: 'RO-DJ', name: 'Dolj' },
  { code: 'RO-GL', name: 'Galați' },
  { code: 'RO-GR', name: 'Giurgiu' },
  { code: 'RO-GJ', name: 'Gorj' },
  { code: 'RO-HR', name: 'Harghita' },
  { code: 'RO-HD', name: 'Hunedoara' },
  { code: 'RO-IL', name: 'Ialomița' },
  { code: 'RO-IS', name: 'Iași' },
  { code: 'RO-IF', name: 'Ilfov' },
  { code: 'RO-MM', name: 'Maramureș' },
  { code: 'RO-MH', name: 'Mehedinți' },
  { code: 'RO-MS', name: 'Mureș' },
  { code: 'RO-NT', name: 'Neamț' },
  { code: 'RO-OT', name: 'Olt' },
  { code: 'RO-PH', name: 'Prahova' },
  { code: 'RO-SJ', name: 'Sălaj' },
  { code: 'RO-SM', name: 'Satu Mare' },
  { code: 'RO-SB', name: 'Sibiu' },
  { code: 'RO-SV', name: 'Suceava' },
  { code: 'RO-TR', name: 'Teleorman' },
  { code: 'RO-TM', name: 'Timiș' },
  { code: 'RO-TL', name: 'Tulcea' },
  { code: 'RO-VL', name: 'Vâlcea' },
  { code: 'RO-VS', name: 'Vaslui' },
  { code: 'RO-VN', name: 'Vrancea' },
] as const;

export type RoCountyCode = (typeof RO_COUNTIES)[number]['code'];

/** Bucharest's code: its addresses name a sector where others name a city. */
export const BUCHAREST = 'RO-B' satisfies RoCountyCode;

/** Bucharest's six sectors as CIUS-RO codes them (the SECTOR-RO code list of BR-RO-100). */
export const BUCHAREST_SECTORS = ['SECTOR1', 'SECTOR2', 'SECTOR3', 'SECTOR4', 'SECTOR5', 'SECTOR6'] as const;

export type BucharestSector = (typeof BUCHAREST_SECTORS)[number];

const NAME_BY_CODE: ReadonlyMap<string, string> = new Map(
  RO_COUNTIES.map((county) => [county.code, county.name]),
);

/**
 * The counties as a select lists them: by name, as Romanian sorts them (Argeș after Arad, Sălaj after Satu Mare). The
 * order is a text of its own, so that a page can bring it and the browser sort with no collation (lib/i18n/preformatted.ts).
 */
export function countiesInOrder(): (typeof RO_COUNTIES)[number][] {
  const order = preformatted('counties:ro', () => {
    const collator = new Intl.Collator('ro');
    return [...RO_COUNTIES]
      .sort((a, b) => collator.compare(a.name, b.name))
      .map((county) => county.code)
      .join(',');
  }).split(',');
  const rank = new Map(order.map((code, index) => [code, index]));
  return [...RO_COUNTIES].sort(
    (a, b) => (rank.get(a.code) ?? RO_COUNTIES.length) - (rank.get(b.code) ?? RO_COUNTIES.length),
  );
}

/** Whether `code` (exact, uppercase) is the ISO 3166-2:RO code of a county or of Bucharest. */
export function isRoCounty(code: string): code is RoCountyCode {
  return NAME_BY_CODE.has(code);
}

/** The county's name ("Bistrița-Năsăud") for its code ("RO-BN"); a code the list does not know is shown as it is. */
export function roCountyName(code: string): string {
  return NAME_BY_CODE.get(code) ?? code;
}

/**
 * The CIUS-RO code of a Bucharest sector however a buyer or a client writes it ("Sector 3", "sector3", "SECTOR 3",
 * "3"), or undefined when it names none of the six.
 */
export function sectorCode(value: string): BucharestSector | undefined {
  const number = /^(?:sector\s*)?([1-6])$/i.exec(value.trim())?.[1];
  return number ? (`SECTOR${number}` as BucharestSector) : undefined;
}

/** How a sector is written for a reader: `SECTOR3` → `Sector 3`; any other text as it is. */
export function sectorName(code: string): string {
  const number = /^SECTOR([1-6])$/.exec(code)?.[1];
  return number ? `Sector ${number}` : code;
}
