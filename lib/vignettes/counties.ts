/**
 * Hungary's 19 counties, for the yearly county vignette (docs/domain.md, Plates, countries and counties). The API
 * speaks the ids; the names are proper nouns, shown as they are in every language.
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
