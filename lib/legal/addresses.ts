/** A piece of a legal text: words as they are, or a web address the page shows as a link to `href`. */
export type LegalTextPart = { text: string } | { address: string; href: string };

/** The end of an address: not the punctuation of the sentence around it ("… la anpc.ro." links `anpc.ro`). */
const TAIL = String.raw`[^\s<>"]*[^\s<>".,;:!?'»)\]]`;
/**
 * A web address in running text: one with its scheme (`https://…`), or a bare domain of the countries and kinds the
 * texts cite (`anpc.ro/ce-este-sal`, `www.dataprotection.ro`), never the domain of an e-mail address.
 */
const ADDRESS = new RegExp(
  String.raw`(?<![\w@./-])(?:https?://${TAIL}|(?:[a-z0-9-]+\.)+(?:ro|eu|com|org|net)(?![\w-])(?:/${TAIL})?)`,
  'gi',
);

/** `text` cut into its words and its web addresses, in order; a text without an address is one part. */
export function splitAddresses(text: string): LegalTextPart[] {
  const parts: LegalTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0];
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ address, href: /^https?:\/\//i.test(address) ? address : `https://${address}` });
    last = match.index + address.length;
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last) });
  return parts;
}
