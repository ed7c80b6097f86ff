import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import { CURRENT_DOCUMENT_LAYOUT } from './invoice-document';
import type { InvoiceLocale } from '@/lib/db/document-snapshots';
import labelsOfLayout2 from './layouts/labels-2.json';

// The words an invoice or a credit note prints, per layout. They are written in messages/*.json (`InvoicePdf`) and
// read here as plain text, imported like the e-mails' messages so that a job or a test renders a PDF without a
// request. A document prints the labels of the layout it was issued with, at every download: an issued layout's
// labels are frozen in lib/invoices/layouts/labels-{layout}.json, and a change of wording is a new layout
// (docs/decisions/0023). German's credit note is a "Stornorechnung", not a "Gutschrift": in German VAT law that word
// names the invoice a buyer issues in the seller's stead.

/** Every label of a document, by its key in `InvoicePdf`; `corrects` fills `{number}` and `{date}`. */
export type InvoiceLabels = typeof ro.InvoicePdf;

export type LabelKey = keyof InvoiceLabels;

export type Labels = Record<InvoiceLocale, InvoiceLabels>;

/** The labels as messages/*.json has them now: what a document of the current layout prints. */
export const MESSAGE_LABELS: Labels = {
  ro: ro.InvoicePdf,
  en: en.InvoicePdf,
  de: de.InvoicePdf,
  hu: hu.InvoicePdf,
};

/**
 * The labels of each layout since 2, as documents of it were issued: a copy of messages/*.json taken when the layout
 * was current. Adding layout N means copying `InvoicePdf` of the four messages files to layouts/labels-N.json and
 * listing it here (tests/unit/lib/invoices/document-labels.test.ts fails until then).
 */
export const FROZEN_LABELS: Readonly<Record<number, Labels>> = {
  2: labelsOfLayout2,
};

/**
 * The labels layout 2 reworded, as documents issued before it print them: an issued document never changes, and its
 * PDF is printed from its snapshot at every download (docs/decisions/0023).
 */
const REWORDED_IN_LAYOUT_2: { [Locale in InvoiceLocale]?: Partial<InvoiceLabels> } = {
  ro: { taxId: 'CUI' },
  hu: { creditNote: 'SZTORNÓ SZÁMLA' },
};

function withRewordings(labels: Labels, rewordings: typeof REWORDED_IN_LAYOUT_2): Labels {
  return Object.fromEntries(
    Object.entries(labels).map(([locale, words]) => [
      locale,
      { ...words, ...rewordings[locale as InvoiceLocale] },
    ]),
  ) as Labels;
}

const LABELS_BEFORE_LAYOUT_2 = withRewordings(labelsOfLayout2, REWORDED_IN_LAYOUT_2);

/**
 * The labels a document of `layout` prints (CURRENT_DOCUMENT_LAYOUT; none: issued before layouts were numbered). A
 * layout this release does not know yet (a document issued by a newer server during a rolling deploy) prints the
 * current labels, as it did before labels were frozen per layout.
 */
export function labelsOf(layout: number | undefined): Labels {
  if (layout === undefined || layout < 2) return LABELS_BEFORE_LAYOUT_2;
  if (layout === CURRENT_DOCUMENT_LAYOUT) return MESSAGE_LABELS;
  return FROZEN_LABELS[layout] ?? MESSAGE_LABELS;
}

/** Romanian first (the legal language), then the buyer's language when it differs. */
export function labelParts(
  labels: Labels,
  locale: InvoiceLocale,
  key: LabelKey,
): { ro: string; other?: string } {
  const ro = labels.ro[key];
  const other = labels[locale][key];
  return locale === 'ro' || other === ro ? { ro } : { ro, other };
}

/** "Romanian / buyer's language", or the Romanian alone when they read the same. */
export function bilingual(labels: Labels, locale: InvoiceLocale, key: LabelKey): string {
  const { ro, other } = labelParts(labels, locale, key);
  return other ? `${ro} / ${other}` : ro;
}

/** The labels in which a credit note differs from an invoice; everything else reads the same on both. */
export const WORDING = {
  INVOICE: { title: 'invoice', paymentStatus: 'paid', total: 'total', legalNote: 'legalNote' },
  CREDIT_NOTE: {
    title: 'creditNote',
    paymentStatus: 'refunded',
    total: 'creditNoteTotal',
    legalNote: 'creditNoteLegalNote',
  },
} as const satisfies Record<string, Record<string, LabelKey>>;

export type Wording = (typeof WORDING)[keyof typeof WORDING];
