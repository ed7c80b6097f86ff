/**
 * What happened to an order, as a key the back-office translates (`Admin.events.<code>`), with the values its text
 * needs. The event's `reason` keeps the same in English for the logs; events older than codes have only `reason`.
 */
export const ORDER_EVENT_CODES = [
  'order.created',
  'payment.paid',
  'payment.failed',
  'payment.canceled',
  'payment.expired',
  'payment.late',
  'payment.retried',
  'delivery.done',
  'delivery.failed',
  'delivery.retried',
  'refund.requested',
  'refund.confirmed',
  'refund.partial',
  'refund.refused',
  'refund.provider',
  'chargeback.opened',
  'chargeback.accepted',
  'order.canceled',
  'order.emailChanged',
  'order.billingCorrected',
  'item.corrected',
  'item.phoneCorrected',
  'invoice.reissued',
  'mail.resent',
  'mail.requeued',
] as const;

export type OrderEventCode = (typeof ORDER_EVENT_CODES)[number];
export type OrderEventParams = Record<string, string | number>;
