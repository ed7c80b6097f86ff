/**
 * Reads docs/glossary.md: one section per language, each one table of concepts with the shop's term, the variants a
 * translation must not use, and the message keys where such a variant may stay (meta keywords, a real product).
 */

/** The glossary's sections, in their required order, with the messages file each one governs. */
export const GLOSSARY_SECTIONS = [
  { heading: 'English', locale: 'en' },
  { heading: 'Română', locale: 'ro' },
  { heading: 'Deutsch', locale: 'de' },
  { heading: 'Magyar', locale: 'hu' },
] as const;

export type GlossaryLocale = (typeof GLOSSARY_SECTIONS)[number]['locale'];

export const GLOSSARY_COLUMNS = ['Concept', 'Term', 'Avoid', 'Allowed in keys', 'Note'] as const;

export interface GlossaryEntry {
  concept: string;
  term: string;
  /** Matched case-insensitively as substrings of every message of the section's language. */
  avoid: string[];
  /** Message keys (dot paths) where an avoided variant may stay; a trailing `*` matches every key below. */
  allowedKeys: string[];
  note: string;
  /** 1-based line in the Markdown source, for error messages. */
  line: number;
}

export type Glossary = Partial<Record<GlossaryLocale, GlossaryEntry[]>>;

const NONE = new Set(['', '—', '–', '-']);

/** The cells of a Markdown table row, `\|` standing for a literal bar. */
function cells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.replace(/\\\|/g, '|').trim());
}

/** A comma-separated cell as its items, without wrapping backticks or quotes; `—` for none. */
function list(cell: string): string[] {
  if (NONE.has(cell)) return [];
  return cell
    .split(',')
    .map((item) =>
      item
        .trim()
        .replace(/\\\*/g, '*')
        .replace(/^[`„"“]+|[`”"“]+$/g, ''),
    )
    .filter((item) => !NONE.has(item));
}

/**
 * The glossary's sections by language. Throws, naming the line, on a level-2 heading that is not one of
 * `GLOSSARY_SECTIONS` or comes out of order, on a table whose header is not `GLOSSARY_COLUMNS`, on a row with the wrong
 * number of cells, and on a concept that appears twice in one section. A section that is absent is simply missing
 * from the result.
 */
export function parseGlossary(markdown: string): Glossary {
  const glossary: Glossary = {};
  const lines = markdown.split(/\r?\n/);
  let section: (typeof GLOSSARY_SECTIONS)[number] | undefined;
  let lastIndex = -1;
  let header = false;
  lines.forEach((text, index) => {
    const line = index + 1;
    const heading = /^##\s+(.+?)\s*$/.exec(text);
    if (heading) {
      const position = GLOSSARY_SECTIONS.findIndex((candidate) => candidate.heading === heading[1]);
      if (position < 0) throw new Error(`line ${line}: unknown section "${heading[1]}"`);
      if (position <= lastIndex)
        throw new Error(`line ${line}: section "${heading[1]}" is out of order or repeated`);
      section = GLOSSARY_SECTIONS[position]!;
      lastIndex = position;
      header = false;
      glossary[section.locale] = [];
      return;
    }
    if (!section || !text.trim().startsWith('|')) return;
    const row = cells(text);
    if (!header) {
      if (row.join('|') !== GLOSSARY_COLUMNS.join('|'))
        throw new Error(`line ${line}: the table's header must be | ${GLOSSARY_COLUMNS.join(' | ')} |`);
      header = true;
      return;
    }
    if (row.every((cell) => /^:?-+:?$/.test(cell))) return;
    if (row.length !== GLOSSARY_COLUMNS.length)
      throw new Error(`line ${line}: ${row.length} cells, expected ${GLOSSARY_COLUMNS.length}`);
    const [concept, term, avoid, allowedKeys, note] = row as [string, string, string, string, string];
    const entries = glossary[section.locale]!;
    if (entries.some((entry) => entry.concept === concept))
      throw new Error(`line ${line}: concept "${concept}" appears twice in ${section.heading}`);
    entries.push({ concept, term, avoid: list(avoid), allowedKeys: list(allowedKeys), note, line });
  });
  return glossary;
}

/** Every string of a messages file by its key: dot paths, array items as `key[i]` ("FaqPage.x.answer[2]"). */
export function messageStrings(messages: unknown, prefix = ''): [string, string][] {
  if (typeof messages === 'string') return [[prefix, messages]];
  if (Array.isArray(messages)) return messages.flatMap((item, i) => messageStrings(item, `${prefix}[${i}]`));
  if (messages && typeof messages === 'object')
    return Object.entries(messages).flatMap(([key, value]) =>
      messageStrings(value, prefix ? `${prefix}.${key}` : key),
    );
  return [];
}

/** Whether `key` is covered by an "Allowed in keys" pattern: the key itself, an item of it, or below `prefix.*`. */
export function keyAllowed(key: string, pattern: string): boolean {
  if (pattern.endsWith('*')) return key.startsWith(pattern.slice(0, -1));
  return key === pattern || key.startsWith(`${pattern}[`);
}

export interface GlossaryViolation {
  key: string;
  variant: string;
  concept: string;
}

/** The messages that use an avoided variant outside the keys its entry allows, in the file's order. */
export function glossaryViolations(entries: GlossaryEntry[], messages: unknown): GlossaryViolation[] {
  const strings = messageStrings(messages);
  return strings.flatMap(([key, text]) => {
    const lower = text.toLowerCase();
    return entries.flatMap(({ concept, avoid, allowedKeys }) =>
      allowedKeys.some((pattern) => keyAllowed(key, pattern))
        ? []
        : avoid
            .filter((variant) => lower.includes(variant.toLowerCase()))
            .map((variant) => ({ key, variant, concept })),
    );
  });
}
