import 'server-only';

import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/client';
import { invoices } from '@/lib/db/schema';
import type { MailKind } from '@/lib/mail/mail-kinds';
import { queueBuyerMail } from './resend';

/** The outbox kind of the e-mail with the links to an order's documents (lib/orders/order-mail.ts). */
export const ORDER_DOCUMENTS = 'ORDER_DOCUMENTS' satisfies MailKind;

/**
 * Queues the e-mail with the links to an order's documents, to the order's own address (never one the caller
 * names: whoever holds the id alone learns nothing and can send nothing elsewhere), at most once every few minutes
 * as the confirmation's re-send. 404 for no such order, 409 while it has no invoice yet.
 */
export const sendOrderDocuments = (db: Db, orderId: string, now = new Date()) =>
  queueBuyerMail(
    db,
    orderId,
    {
      kind: ORDER_DOCUMENTS,
      check: async (tx, order) => {
        const [invoice] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(eq(invoices.orderId, order.id));
        if (!invoice)
          throw new ApiError('CONFLICT', 'The order has no documents yet: they are issued once it is paid');
      },
    },
    now,
  );
