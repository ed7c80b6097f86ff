import { createHash } from 'node:crypto';
import { CURRENT_DOCUMENT_LAYOUT } from '@/lib/invoices/invoice-document';
import { FROZEN_LABELS, labelsOf, MESSAGE_LABELS, type Labels } from '@/lib/invoices/invoice-pdf-labels';

/*
 * The words an invoice or a credit note prints are written in messages/*.json (`InvoicePdf`), and an issued
 * document prints them again at every download: a label changed there would change every PDF already issued. So
 * each layout's labels are frozen (lib/invoices/layouts/labels-{layout}.json), the messages must read as the current
 * layout's copy, and a copy never changes after (docs/decisions/0023).
 */

/**
 * SHA-256 of each frozen label set (its JSON, keys in file order): a frozen layout's labels are what its documents
 * were issued with, and stay so. A new layout adds its line here.
 */
const FROZEN_DIGESTS: Record<number, string> = {
  2: 'eda37fd1e3012562637cadefc58b788ae2d1ee37b14f22705e9eaa2bf9a088a8',
};

const digest = (labels: Labels) => createHash('sha256').update(JSON.stringify(labels)).digest('hex');

/** How the messages differ from the labels documents of `layout` were issued with, one sentence per label. */
function changesSinceIssued(messages: Labels, issued: Labels, layout: number): string[] {
  const next = layout + 1;
  const remedy =
    `An issued document's PDF never changes: keep the text, or add layout ${next} ` +
    `(CURRENT_DOCUMENT_LAYOUT = ${next} in lib/invoices/invoice-document.ts, a copy of InvoicePdf of the four ` +
    `messages files in lib/invoices/layouts/labels-${next}.json listed in FROZEN_LABELS, and its digest in FROZEN_DIGESTS of this test).`;
  const changes: string[] = [];
  for (const locale of Object.keys(issued) as (keyof Labels)[]) {
    const was: Record<string, string> = issued[locale];
    const now: Record<string, string> = messages[locale];
    for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
      const where = `InvoicePdf.${key} in messages/${locale}.json`;
      if (!(key in now)) changes.push(`${where} is gone, but layout ${layout} prints it ("${was[key]}").`);
      else if (!(key in was)) changes.push(`${where} is new: layout ${layout} has no such label.`);
      else if (now[key] !== was[key])
        changes.push(
          `${where} is printed on issued documents of layout ${layout} as "${was[key]}"; it now reads "${now[key]}".`,
        );
    }
  }
  return changes.length === 0 ? [] : [...changes, remedy];
}

describe('the labels issued documents print', () => {
  it('reads in messages/*.json as the current layout was issued with: a change of wording is a new layout', () => {
    const issued = FROZEN_LABELS[CURRENT_DOCUMENT_LAYOUT];
    if (!issued)
      throw new Error(
        `Layout ${CURRENT_DOCUMENT_LAYOUT} has no frozen labels: copy InvoicePdf of the four messages files to ` +
          `lib/invoices/layouts/labels-${CURRENT_DOCUMENT_LAYOUT}.json and list it in FROZEN_LABELS.`,
      );
    const changes = changesSinceIssued(MESSAGE_LABELS, issued, CURRENT_DOCUMENT_LAYOUT);
    if (changes.length > 0)
      throw new Error(`This label is printed on issued documents:\n${changes.join('\n')}`);
  });

  it('names the label, the layout and the way out when a printed label is reworded', () => {
    const issued = FROZEN_LABELS[2]!;
    const reworded = { ...issued, de: { ...issued.de, creditNote: 'GUTSCHRIFT' } };
    expect(changesSinceIssued(reworded, issued, 2)).toEqual([
      'InvoicePdf.creditNote in messages/de.json is printed on issued documents of layout 2 as "STORNORECHNUNG"; ' +
        'it now reads "GUTSCHRIFT".',
      expect.stringContaining('add layout 3 (CURRENT_DOCUMENT_LAYOUT = 3'),
    ]);
  });

  it('keeps every frozen label set as it was issued, and has one for every layout since 2', () => {
    const layouts = Object.keys(FROZEN_LABELS).map(Number);
    const expected = Array.from({ length: CURRENT_DOCUMENT_LAYOUT - 1 }, (_, i) => i + 2);
    expect(layouts).toEqual(expected);
    for (const layout of layouts)
      expect([layout, digest(FROZEN_LABELS[layout]!)]).toEqual([layout, FROZEN_DIGESTS[layout]]);
  });

  it('prints the current layout from the messages, an earlier one from its frozen copy', () => {
    expect(labelsOf(CURRENT_DOCUMENT_LAYOUT)).toBe(MESSAGE_LABELS);
    for (const layout of Object.keys(FROZEN_LABELS)
      .map(Number)
      .filter((l) => l !== CURRENT_DOCUMENT_LAYOUT))
      expect(labelsOf(layout)).toBe(FROZEN_LABELS[layout]);
  });

  it('prints a document issued before layouts with the labels layout 2 reworded as they were', () => {
    const before = labelsOf(undefined);
    expect(before.ro.taxId).toBe('CUI');
    expect(before.hu.creditNote).toBe('SZTORNÓ SZÁMLA');
    expect(labelsOf(1)).toBe(before);
    // Every other label reads as layout 2's.
    expect({ ...before.ro, taxId: 'CIF' }).toEqual(FROZEN_LABELS[2]!.ro);
    expect({ ...before.hu, creditNote: 'SZTORNÓSZÁMLA' }).toEqual(FROZEN_LABELS[2]!.hu);
    expect(before.en).toEqual(FROZEN_LABELS[2]!.en);
    expect(before.de).toEqual(FROZEN_LABELS[2]!.de);
  });
});
