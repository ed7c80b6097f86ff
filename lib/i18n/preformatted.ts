/**
 * Texts the server formatted with `Intl` for a page's first render, handed to the browser with the page so that
 * hydrating it needs no `Intl` at all. The first `Intl` formatter a browser tab makes (any kind: a number, a date, a
 * region's name, a collation) loads ICU's data: 30-70 ms of a phone's main thread, once, inside the task that hydrates
 * the purchase form, which React cannot split (docs/architecture.md, The bench). After hydration the browser formats
 * what the buyer's choices bring with its own `Intl`, when the cost no longer blocks the page.
 *
 * A formatter asks `preformatted(key, make)`: the remembered text for its key (kind, language, value), or `make()`.
 * The server gathers a page's texts with `collectPreformatted`, calling the same formatters the form calls; the form
 * hands them to `rememberPreformatted` before its first render, on the server and in the browser alike, so both
 * render the same text.
 */

/** A page's texts as `[key, text]` pairs: plain data, so a server component can pass them to a client one. */
export type PreformattedTexts = readonly (readonly [key: string, text: string])[];

const remembered = new Map<string, string>();
/** A process serves every page: the keys are bounded by the catalog's prices and the countries, but keep a ceiling. */
const MAX_REMEMBERED = 2_000;

let collecting: Map<string, string> | null = null;
/** A page's texts arrive once and the form renders many times: each list is read once. */
const read = new WeakSet<PreformattedTexts>();

/** The text for `key`: remembered from the server's page, or made now. */
export function preformatted(key: string, make: () => string): string {
  const text = remembered.get(key) ?? make();
  collecting?.set(key, text);
  return text;
}

/** Keeps a page's texts for the formatters to find; the same key always carries the same text. */
export function rememberPreformatted(texts: PreformattedTexts): void {
  if (read.has(texts)) return;
  read.add(texts);
  if (remembered.size + texts.length > MAX_REMEMBERED) remembered.clear();
  for (const [key, text] of texts) remembered.set(key, text);
}

/** Every text the formatters produce while `format` runs, as the page hands them to the browser. */
export function collectPreformatted(format: () => void): PreformattedTexts {
  const outer = collecting;
  const texts = new Map<string, string>();
  collecting = texts;
  try {
    format();
  } finally {
    collecting = outer;
  }
  // A collection inside another one counts for both.
  for (const [key, text] of texts) outer?.set(key, text);
  return [...texts];
}
