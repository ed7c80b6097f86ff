/*
 * An order of several items can be partly delivered: one vignette issued, another refused or never answered. What
 * was delivered is valid and confirmed at once; what the buyer is told of the rest (the failure e-mail, the order
 * page, the refund it promises) covers only the rest.
 */

/** What the rule needs of an item: whether it was delivered, and its price. */
export interface DeliveredOrNot {
  issuedId: string | null;
  priceBani: number;
}

export interface DeliveryShortfall {
  delivered: number;
  undelivered: number;
  /** Some items delivered and some not. */
  partial: boolean;
  /**
   * What a refund of the undelivered part gives back: the whole amount paid when nothing was delivered, else the
   * undelivered items' prices.
   */
  refundableBani: number;
}

/** How much of an order was delivered, and what is owed back for the rest if it cannot be delivered. */
export function deliveryShortfall(items: readonly DeliveredOrNot[], totalBani: number): DeliveryShortfall {
  const missing = items.filter((item) => !item.issuedId);
  const delivered = items.length - missing.length;
  return {
    delivered,
    undelivered: missing.length,
    partial: delivered > 0 && missing.length > 0,
    refundableBani: delivered ? missing.reduce((sum, item) => sum + item.priceBani, 0) : totalBani,
  };
}

/**
 * The marker of the confirmation e-mail queued when an order is left partly delivered: it confirms what was
 * delivered, and has nothing to say once the whole order is delivered (its full confirmation is queued then).
 */
export const PARTIAL_CONFIRMATION = { partial: 'true' } as const;

export const isPartialConfirmation = (details: Record<string, string> | null | undefined) =>
  details?.partial === PARTIAL_CONFIRMATION.partial;
