/** Characters XML 1.0 cannot carry at all: control characters, lone surrogates, U+FFFE and U+FFFF. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Text for an XML document, in an element or in a quoted attribute: the five markup characters escaped, and the
 * characters XML 1.0 cannot carry dropped, so that a name typed with a stray one still makes a well-formed document
 * rather than one its reader refuses.
 */
export const escapeXml = (text: string): string =>
  text.replace(NOT_XML, '').replace(/[&<>"']/g, (character) => ENTITIES[character]!);
