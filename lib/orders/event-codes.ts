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
  'payment.duplicate',
  'payment.amountMismatch',
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

/**
 * Who recorded an event when no staff member did, as stored in `order_events.actor` (a staff member's event carries
 * their user name): the back-office names each in the reader's language (`Admin.details.actors.<key>`). `system`
 * is on events older than these names.
 */
export const ORDER_EVENT_ACTORS = {
  buyer: 'buyer',
  provider: 'provider',
  issuer: 'issuer',
  topUpProvider: 'top-up provider',
  reconciler: 'reconciler',
  system: 'system',
} as const;

export type OrderEventActorKey = keyof typeof ORDER_EVENT_ACTORS;

/** The key of an actor that is not a staff member, or undefined for a user name. */
export const orderEventActorKey = (actor: string): OrderEventActorKey | undefined =>
  (Object.keys(ORDER_EVENT_ACTORS) as OrderEventActorKey[]).find((key) => ORDER_EVENT_ACTORS[key] === actor);
