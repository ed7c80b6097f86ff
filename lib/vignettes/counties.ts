/**
 * Hungary's 19 counties, for the yearly county vignette (docs/domain.md, Plates, countries and counties). The API
 * speaks the ids; the names are proper nouns, shown as they are in every language: Romanian, English and German
 * write today's counties by their Hungarian names too ("județul Győr-Moson-Sopron", "Győr-Moson-Sopron County",
 * "Komitat Győr-Moson-Sopron"; German exonyms such as Raab name the town or the old county, not this one). The word
 * for "county" around a name belongs to each language's messages ("județul {county}", "{county} vármegye").
 */
export const HUNGARIAN_COUNTIES = [
  { id: 'bacs-kiskun', name: 'Bács-Kiskun' },
  { id: 'baranya', name: 'Baranya' },
  { id: 'bekes', name: 'Békés' },
  { id: 'borsod-abauj-zemplen', name: 'Borsod-Abaúj-Zemplén' },
  { id: 'csongrad-csanad', name: 'Csongrád-Csanád' },
  { id: 'fejer', name: 'Fejér' },
  { id: 'gyor-moson-sopron', name: 'Győr-Moson-Sopron' },
  { id: 'hajdu-bihar', name: 'Hajdú-Bihar' },
  { id: 'heves', name: 'Heves' },
  { id: 'jasz-nagykun-szolnok', name: 'Jász-Nagykun-Szolnok' },
  { id: 'komarom-esztergom', name: 'Komárom-Esztergom' },
  { id: 'nograd', name: 'Nógrád' },
  { id: 'pest', name: 'Pest' },
  { id: 'somogy', name: 'Somogy' },
  { id: 'szabolcs-szatmar-bereg', name: 'Szabolcs-Szatmár-Bereg' },
  { id: 'tolna', name: 'Tolna' },
  { id: 'vas', name: 'Vas' },
  { id: 'veszprem', name: 'Veszprém' },
  { id: 'zala', name: 'Zala' },
] as const;

export type CountyId = (typeof HUNGARIAN_COUNTIES)[number]['id'];

export const isCounty = (id: string): id is CountyId => HUNGARIAN_COUNTIES.some((county) => county.id === id);

/**
 * The county's proper name ("Győr-Moson-Sopron") for its id ("gyor-moson-sopron"), as a reader sees it in any of
 * the shop's languages; an id the list does not know is shown as it is rather than hidden.
 */
export function countyName(id: string): string {
  return HUNGARIAN_COUNTIES.find((county) => county.id === id)?.name ?? id;
}
