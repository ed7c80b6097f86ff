import { efacturaSubmissions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/client';
import { attentionTimeOf } from './submissions-schedule';

/**
 * Queues a newly issued document for ANAF, in the issuing transaction: the row exists exactly when the document
 * does. The caller kicks the `efactura` job after the commit.
 */
export async function queueEfacturaSubmission(
  tx: Executor,
  document: { orderId: string; invoiceId: number; creditNoteId?: number; issuedAt: Date },
): Promise<void> {
  await tx.insert(efacturaSubmissions).values({
    kind: document.creditNoteId === undefined ? 'INVOICE' : 'CREDIT_NOTE',
    orderId: document.orderId,
    invoiceId: document.invoiceId,
    creditNoteId: document.creditNoteId,
    issuedAt: document.issuedAt,
    attentionAt: attentionTimeOf(document.issuedAt),
  });
}
