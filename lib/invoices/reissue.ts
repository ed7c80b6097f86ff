/**
 * The outbox kind of the buyer's e-mail with a storno and the invoice that replaces the one it reverses
 * (lib/orders/reissue.ts queues it; lib/mail/outbox.ts sends it).
 */
export const INVOICE_REISSUED = 'INVOICE_REISSUED';
