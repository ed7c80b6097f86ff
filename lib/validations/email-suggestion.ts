/*
 * The buyer's e-mail is the only proof of purchase and the only way the vignette or the PIN reaches them, so a
 * mistyped provider ("gmial.com") is worth a question before payment. The check only suggests: the address stays
 * whatever the buyer confirms, and nothing here is used by the order schemas or the route handlers.
 */

/**
 * Mail providers this shop's buyers use (Romania, Hungary, the German-speaking countries, and the international
 * ones). Besides being the corrections on offer, each entry is also a known-good domain: an exact match is never
 * questioned. On a tie the earlier entry wins, so the most used come first (`yahoo.co` → yahoo.com, not yahoo.ro).
 * Domains whose near misses are more often real domains than typos stay out: `email.ro` would turn every
 * `gmail.ro` into `email.ro`, and without it `gmail.ro` gets gmail.com.
 */
export const PROVIDER_DOMAINS: readonly string[] = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'live.com',
  'msn.com',
  'aol.com',
  'ymail.com',
  'googlemail.com',
  'protonmail.com',
  'proton.me',
  'mail.com',
  'gmx.com',
  'yahoo.ro',
  'rdslink.ro',
  'yahoo.co.uk',
  'hotmail.co.uk',
  'freemail.hu',
  'citromail.hu',
  't-online.hu',
  'vipmail.hu',
  'indamail.hu',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  'web.de',
  't-online.de',
  'freenet.de',
  'mail.de',
  'posteo.de',
  'yahoo.de',
  'hotmail.de',
  'outlook.de',
  'aon.at',
  'bluewin.ch',
  'yandex.ru',
  'yandex.com',
];

/**
 * Top-level domains an address of ours may end with; a last label outside the list that is one edit from one of them
 * is taken for a typo (`firma.con`, `firma.rp`). The list is broad on purpose: a real TLD missing here would be
 * "corrected". On a tie the earlier entry wins: `con` → com, not co or cn.
 */
export const TOP_LEVEL_DOMAINS: readonly string[] = [
  'com',
  'ro',
  'hu',
  'de',
  'at',
  'net',
  'org',
  'eu',
  'info',
  'biz',
  'md',
  'ch',
  'li',
  'sk',
  'cz',
  'pl',
  'ua',
  'rs',
  'bg',
  'hr',
  'si',
  'ba',
  'me',
  'mk',
  'al',
  'gr',
  'tr',
  'cy',
  'mt',
  'it',
  'fr',
  'es',
  'pt',
  'nl',
  'be',
  'lu',
  'uk',
  'ie',
  'dk',
  'se',
  'no',
  'fi',
  'is',
  'ee',
  'lv',
  'lt',
  'by',
  'ru',
  'us',
  'ca',
  'au',
  'nz',
  'il',
  'ae',
  'jp',
  'cn',
  'in',
  'br',
  'za',
  'co',
  'io',
  'tv',
  'edu',
  'gov',
  'app',
  'dev',
  'pro',
  'name',
  'mobi',
  'online',
  'shop',
  'store',
  'site',
  'email',
  'tech',
  'cloud',
  'xyz',
  'co.uk',
  'org.uk',
  'ac.uk',
  'com.ro',
  'org.ro',
  'co.at',
  'or.at',
  'com.au',
  'com.tr',
  'co.il',
];

const KNOWN_TLDS = new Set(TOP_LEVEL_DOMAINS);

/** Below this length one edit already reaches other real domains (`web.de`, `wed.de`): only one is forgiven. */
const SHORT_NAME = 8;

/**
 * Edits between two names (insertion, deletion, substitution, and the swap of two neighbours, as in "gmial"), made
 * unreachable past what the candidate's length allows. Not sift3, the usual spell-checkers' distance, which prefers
 * `co` to `com` for `con`, misses `cmo`, and takes `gmx.ro` or `gmbh.de` for web-mail providers.
 */
function typingDistance(typed: string, candidate: string): number {
  const rows = typed.length + 1;
  const columns = candidate.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  const at = (row: number, column: number) => table[row]![column]!;
  for (let row = 1; row < rows; row++) {
    for (let column = 1; column < columns; column++) {
      const cost = typed[row - 1] === candidate[column - 1] ? 0 : 1;
      let best = Math.min(at(row - 1, column) + 1, at(row, column - 1) + 1, at(row - 1, column - 1) + cost);
      if (
        row > 1 &&
        column > 1 &&
        typed[row - 1] === candidate[column - 2] &&
        typed[row - 2] === candidate[column - 1]
      ) {
        best = Math.min(best, at(row - 2, column - 2) + 1);
      }
      table[row]![column] = best;
    }
  }
  const distance = at(rows - 1, columns - 1);
  return distance > (candidate.length < SHORT_NAME ? 1 : 2) ? Number.POSITIVE_INFINITY : distance;
}

/** A domain as typed in an address field: letters, digits, hyphens and dots (no internationalized names). */
const PLAIN_DOMAIN = /^[a-z0-9.-]+$/;

/** The nearest of `candidates` within `threshold` edits, the earlier on a tie; `name` itself when it is listed. */
function nearest(name: string, candidates: readonly string[], threshold: number): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === name) return name;
    const distance = typingDistance(name, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return bestDistance <= threshold ? best : undefined;
}

const lastLabel = (domain: string) => domain.slice(domain.lastIndexOf('.') + 1);
const withoutLastLabel = (domain: string) => domain.slice(0, domain.lastIndexOf('.'));

/**
 * The address the buyer most likely meant when the domain of `email` looks like a typo of a known provider
 * (`ana@gmial.com` → `ana@gmail.com`) or of a top-level domain (`ion@firma.con` → `ion@firma.com`); null when the
 * address looks right or is not an address at all. The part before the @ is kept exactly as typed.
 */
export function suggestEmail(email: string): string | null {
  const trimmed = email.trim();
  const at = trimmed.indexOf('@');
  if (at <= 0 || at !== trimmed.lastIndexOf('@')) return null;
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1).toLowerCase();
  if (!domain.includes('.') || !PLAIN_DOMAIN.test(domain)) return null;

  const provider = nearest(domain, PROVIDER_DOMAINS, 2);
  if (provider !== undefined) return provider === domain ? null : `${local}@${provider}`;

  // Only a last label that is no top-level domain at all is corrected (`firma.con`), and nothing else in the domain:
  // `mail.firma.ro` stays as it is.
  if (KNOWN_TLDS.has(lastLabel(domain))) return null;
  const firstDot = domain.indexOf('.');
  const topLevel = domain.slice(firstDot + 1);
  const fixed = firstDot > 0 ? nearest(topLevel, TOP_LEVEL_DOMAINS, 1) : undefined;
  if (fixed === undefined || fixed === topLevel) return null;
  const corrected = `${domain.slice(0, firstDot)}.${fixed}`;
  return withoutLastLabel(corrected) === withoutLastLabel(domain) ? `${local}@${corrected}` : null;
}
