/**
 * The layout a document issued now is printed with. An issued document keeps the layout it was issued with, since its
 * PDF is printed from its snapshot at every download and must stay the same file: a change of the printed form (not
 * of what the document states) is a new layout, and the PDF printer keeps each earlier one.
 *
 * - none: documents issued before layouts were numbered (the seller's share capital as `COMPANY` writes it, "202000 lei");
 * - 2: the share capital with a thousands separator ("202.000 lei"), as every amount of the document is printed.
 */
export const CURRENT_DOCUMENT_LAYOUT = 2;
