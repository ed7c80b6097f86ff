import { sql, type SQL } from 'drizzle-orm';

/*
 * Staff search without regard to case or diacritics ("stefan" finds "Ștefan"), the same on PGlite and PostgreSQL:
 * unaccent is an extension PGlite may not have, so both sides fold with one table of letters, translate() in SQL and
 * the same table here. Romanian (both cedilla and comma forms), Hungarian and German letters, and the common
 * Western European ones; a letter outside the table is only lowercased.
 */
const FOLDS: Record<string, string> = {
  a: 'ăâáàäãåąĂÂÁÀÄÃÅĄ',
  c: 'çćčÇĆČ',
  d: 'ďđĎĐ',
  e: 'éèêëěęÉÈÊËĚĘ',
  i: 'îíìïÎÍÌÏ',
  l: 'łĺľŁĹĽ',
  n: 'ñńňÑŃŇ',
  o: 'óòôöõőøÓÒÔÖÕŐØ',
  r: 'řŕŘŔ',
  s: 'șşśšßȘŞŚŠ',
  t: 'țţťȚŢŤ',
  u: 'úùûüűůÚÙÛÜŰŮ',
  y: 'ýÿÝŸ',
  z: 'źżžŹŻŽ',
};

const FROM = Object.values(FOLDS).join('');
const TO = Object.entries(FOLDS)
  .map(([plain, marked]) => plain.repeat([...marked].length))
  .join('');
const FOLDED = new Map([...FROM].map((letter, index) => [letter, TO[index]!]));

/** `text` as the search compares it: diacritics folded by the table, then lowercased. */
export const foldText = (text: string): string =>
  [...text]
    .map((letter) => FOLDED.get(letter) ?? letter)
    .join('')
    .toLowerCase();

/** The SQL twin of `foldText`, on a text expression. */
export const foldSql = (expression: SQL): SQL => sql`lower(translate(${expression}, ${FROM}, ${TO}))`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** At most this many words of a search are used: a search is a few names, not a paragraph. */
const MAX_WORDS = 6;

/**
 * True where every word of `text` occurs somewhere in the folded `haystack` (in any order: "Popescu Ana" finds
 * "Ana Popescu"); null when `text` has no word.
 */
export function allWordsIn(haystack: SQL, text: string): SQL | null {
  const words = foldText(text).split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  if (!words.length) return null;
  const folded = foldSql(haystack);
  return sql.join(
    words.map((word) => sql`${folded} like ${`%${escapeLike(word)}%`}`),
    sql` and `,
  );
}
