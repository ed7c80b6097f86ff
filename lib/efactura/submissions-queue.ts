import { sql } from 'drizzle-orm';
import { efacturaSubmissions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { attentionTimeOf } from './submissions-schedule';

/**
 * Queues a newly issued document for ANAF, in the issuing transaction: the row exists exactly when the document
 * does. The caller kicks the `efactura` job after the commit.
 */
export async function queueEfacturaSubmission(
  tx: Executor,
  document: { orderId: string; invoiceId: number; creditNoteId?: number; issuedAt: Date },
): Promise<void> {
  await preparedStatement(tx, 'efactura_submission_queue', (on) =>
    on
      .insert(efacturaSubmissions)
      .values({
        kind: sql.placeholder('kind'),
        orderId: sql.placeholder('orderId'),
        invoiceId: sql.placeholder('invoiceId'),
        creditNoteId: sql.placeholder('creditNoteId'),
        issuedAt: sql.placeholder('issuedAt'),
        attentionAt: sql.placeholder('attentionAt'),
      })
      .prepare('efactura_submission_queue'),
  ).execute({
    kind: document.creditNoteId === undefined ? 'INVOICE' : 'CREDIT_NOTE',
    orderId: document.orderId,
    invoiceId: document.invoiceId,
    creditNoteId: document.creditNoteId ?? null,
    issuedAt: document.issuedAt,
    attentionAt: attentionTimeOf(document.issuedAt),
  });
}
