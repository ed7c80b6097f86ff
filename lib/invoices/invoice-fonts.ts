import 'server-only';

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

// A full Noto Sans (Latin, Latin Extended: ă â î ș ț ő ű ä ö ü ß): the 14 standard PDF fonts cannot show ș ț ő ű.
// The files ship beside this module (fonts/, with their licence) and are found from its location, not from the
// working directory, which is wherever the server was started. A package's files cannot be found by module
// resolution here: Next bundles this module, and its require.resolve answers module ids, not paths. Its
// import.meta.url, though, is the module's place in the project (or in the standalone output, which carries the
// fonts: next.config.mjs), worked out when the server runs.
const FONT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts');
const FONT_REGULAR = path.join(FONT_DIR, 'NotoSans-Regular.ttf');
const FONT_BOLD = path.join(FONT_DIR, 'NotoSans-Bold.ttf');

/** A font as pdfkit's own font engine (fontkit) parsed it; pdfkit accepts one wherever it accepts a font file. */
type ParsedFont = { layout: (...args: never[]) => unknown; _glyphs?: unknown[] };
let fontCache: { regular: ParsedFont; bold: ParsedFont } | undefined;

/** pdfkit parses a font file anew for each document; this hands it the font it parsed for an earlier one. */
function parseFont(file: string): ParsedFont {
  const doc = new PDFDocument({ font: file, autoFirstPage: false });
  const parsed = (doc as unknown as { _font?: { font?: ParsedFont } })._font?.font;
  if (typeof parsed?.layout !== 'function') throw new Error(`pdfkit did not parse the font ${file}`);
  return parsed;
}

/**
 * The invoice's fonts, parsed once per process. Parsing (fontkit decoding the font's tables, above all its
 * layout tables) was most of an invoice's rendering time, and an invoice is rendered for every paid order: under
 * load it took more CPU than every request of the purchase together.
 */
export function loadFonts() {
  fontCache ??= { regular: parseFont(FONT_REGULAR), bold: parseFont(FONT_BOLD) };
  // The decoded tables are shared; the glyph objects are not: fontkit keeps each glyph with the characters it was
  // first met as, which differ between documents (ligatures, substitutions) and then spoil a document's text layer.
  for (const font of [fontCache.regular, fontCache.bold]) font._glyphs = [];
  return fontCache;
}
