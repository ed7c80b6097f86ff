/*
 * What goes into a page's HTML and nowhere else (docs/decisions/0029-*.md): inline scripts, and a legal text's
 * article. Whatever a server component renders is sent twice: once as HTML, and again in the page's React Server
 * Components payload, which Next inlines in the same document for the client router. Structured data is read by
 * crawlers from the HTML, and the head's script runs once, from the HTML: in the payload they only doubled the page's
 * bytes (the FAQ's 15 KB of questions and answers twice). So components/layout/html-only-script.tsx keeps the text
 * here under a short key and puts only that key in the payload; the client component it renders
 * (components/layout/kept-script.tsx) takes the text back while Next renders the HTML from that payload, in the same
 * process, a moment later. A legal text is kept the same way, as what its article shows
 * (components/legal/kept-legal-document.tsx, decision 0039).
 *
 * Shared through globalThis: the server components and the HTML renderer load their own copies of this module.
 */

/** How many documents are kept: far more than are rendered at once; the oldest go first. */
const KEPT = 500;

const KEY = Symbol.for('road-partners.html-only');

const store = (): Map<string, unknown> =>
  ((globalThis as { [KEY]?: Map<string, unknown> })[KEY] ??= new Map());

/** Keeps `value` under `key` (the same value, the same key) for the HTML renderer. */
export function keepForHtml(key: string, value: unknown): void {
  const kept = store();
  kept.delete(key);
  kept.set(key, value);
  while (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
}

/**
 * The value kept under `key`, on the server; undefined in the browser, or when it is not (or no longer) kept. The
 * caller names the type it kept there: the key is the hash of that value.
 */
export function keptForHtml<T = string>(key: string): T | undefined {
  return typeof window === 'undefined' ? (store().get(key) as T | undefined) : undefined;
}
