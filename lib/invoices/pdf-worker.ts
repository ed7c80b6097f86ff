import 'server-only';

import { parentPort } from 'node:worker_threads';
import type { InvoiceDocument } from '@/lib/db/document-snapshots';
import { renderInvoicePdf } from './invoice-pdf';

// The invoice PDF's worker thread (pdf-thread.ts starts it): renders one document per message, in order. The fonts
// fontkit parsed, and its layout tables, stay in this thread between documents (invoice-fonts.ts).

/** A document to render, numbered by the thread that asked. */
export interface PdfRequest {
  id: number;
  document: InvoiceDocument;
}

/** The PDF's bytes, or the error that refused the document (by name, so a RangeError stays one). */
export type PdfAnswer =
  { id: number; pdf: Uint8Array } | { id: number; error: { name: string; message: string; stack?: string } };

parentPort?.on('message', ({ id, document }: PdfRequest) => {
  renderInvoicePdf(document).then(
    (pdf) => {
      // The bytes move to the other thread rather than being copied.
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      const owned = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
      const answer: PdfAnswer = { id, pdf: owned ? bytes : bytes.slice() };
      parentPort!.postMessage(answer, [answer.pdf.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const { name, message, stack } = error instanceof Error ? error : new Error(String(error));
      parentPort!.postMessage({ id, error: { name, message, stack } } satisfies PdfAnswer);
    },
  );
});
