import { declineReasonOf, type DeclineReason } from '@/lib/payment-provider/decline-reasons';
import { maskEmail, maskPhone, type OrderRow } from './orders';
import { deliveryShortfall } from './partial-delivery';
import { PAID_STATUSES } from './status';
import { isAbandoned, payAgainRefusal, payAgainUntil, type PayAgainRefusal } from './pay-again-rules';
import { vignetteOf, type LoadedItem, type LoadedOrder, type VignetteOf } from './order-read';

export interface BuyerVignette extends VignetteOf {
  kind: 'VIGNETTE';
  /** The item's row id: a stable key, not shown. */
  key: number;
  categoryCode: string | null;
  categoryTitle: string | null;
  priceBani: number;
  issuedId: string | null;
}

export interface BuyerTopUp {
  kind: 'TOPUP';
  key: number;
  productId: string;
  operator: { id: string; name: string; plan: string };
  /** Masked. */
  phone: string;
  faceValueEur: number;
  delivery: 'DIRECT' | 'PIN';
  priceBani: number;
  reference: string | null;
  /** Whether a PIN was delivered; the PIN itself is not the page's to show. */
  pinSent: boolean;
}

export interface BuyerOrder {
  id: string;
  /** The short reference to read out on the phone (`RP-7K3-9QX`); null on an order older than references. */
  reference: string | null;
  kind: OrderRow['kind'];
  status: OrderRow['status'];
  /** Masked. */
  email: string;
  amountBani: number;
  createdAt: Date;
  items: (BuyerVignette | BuyerTopUp)[];
  /**
   * For an order whose payment did not pay (declined, expired, cancelled, or left at the provider's form while the
   * order still waits: `PENDING_PAYMENT`): why, and whether (until when) it can be paid again.
   */
  unpaid?: {
    reason: DeclineReason;
    /** Null when "pay again" is possible. */
    payAgainRefusal: PayAgainRefusal | null;
    payAgainUntil: Date;
  };
  /** Whether the order has an invoice: it was paid. */
  hasInvoice: boolean;
  /**
   * An order whose delivery failed after some of its vignettes were issued: how many are (valid), the plates of
   * those that are not, and what a refund of those gives back.
   */
  partlyFailed?: { delivered: number; undelivered: string[]; refundableBani: number };
}

/** What the buyer is told of an order left partly delivered (lib/orders/partial-delivery.ts), if it is one. */
function partlyFailedOf(order: OrderRow, items: BuyerOrder['items']): BuyerOrder['partlyFailed'] {
  if (order.status !== 'FULFILLMENT_FAILED') return undefined;
  const delivery = items.map((item) => ({
    issuedId: item.kind === 'TOPUP' ? item.reference : item.issuedId,
    priceBani: item.priceBani,
  }));
  const shortfall = deliveryShortfall(delivery, order.amountBani);
  if (!shortfall.partial) return undefined;
  return {
    delivered: shortfall.delivered,
    undelivered: items.flatMap((item, index) =>
      delivery[index]!.issuedId ? [] : [item.kind === 'TOPUP' ? item.phone : (item.plate ?? '')],
    ),
    refundableBani: shortfall.refundableBani,
  };
}

const UNPAID: readonly OrderRow['status'][] = ['FAILED', 'EXPIRED', 'CANCELED'];
const INVOICED = PAID_STATUSES;

function buyerItem({ item, categoryTitle, topUp }: LoadedItem): BuyerVignette | BuyerTopUp {
  if (topUp) {
    return {
      kind: 'TOPUP',
      key: item.id,
      productId: topUp.product.id,
      operator: { id: topUp.operator.id, name: topUp.operator.name, plan: topUp.operator.plan },
      phone: maskPhone(item.phone ?? ''),
      faceValueEur: topUp.product.faceValueCents / 100,
      delivery: topUp.product.delivery,
      priceBani: item.priceBani,
      reference: item.issuedId,
      pinSent: Boolean(item.deliveredPin),
    };
  }
  return {
    kind: 'VIGNETTE',
    key: item.id,
    categoryCode: item.categoryCode,
    categoryTitle,
    ...vignetteOf(item),
    priceBani: item.priceBani,
    issuedId: item.issuedId,
  };
}

/**
 * What the buyer sees of an order, on its page and from its API. Whoever holds the link counts as the buyer, so the
 * e-mail and phone are masked, and a PIN (money) never leaves by this way: it travels only by e-mail.
 */
export function toBuyerOrder({ order, items }: LoadedOrder, now = new Date()): BuyerOrder {
  const buyerItems = items.map(buyerItem);
  const partlyFailed = partlyFailedOf(order, buyerItems);
  return {
    ...(partlyFailed ? { partlyFailed } : {}),
    ...(UNPAID.includes(order.status) || isAbandoned(order, now)
      ? {
          unpaid: {
            reason: declineReasonOf(order),
            payAgainRefusal: payAgainRefusal(
              order,
              items.map(({ item }) => item),
              now,
            ),
            payAgainUntil: payAgainUntil(order),
          },
        }
      : {}),
    // An order refunded because it was paid late never had an invoice: only a paid order has one.
    hasInvoice: INVOICED.includes(order.status),
    id: order.id,
    reference: order.reference,
    kind: order.kind,
    status: order.status,
    email: maskEmail(order.email),
    amountBani: order.amountBani,
    createdAt: order.createdAt,
    items: buyerItems,
  };
}

/** The body of `GET /api/orders/{orderId}` (amounts in bani, whatever the names say: the API's contract). */
export function buyerOrderAnswer(order: BuyerOrder) {
  return {
    orderId: order.id,
    reference: order.reference,
    status: order.status,
    email: order.email,
    amountRon: order.amountBani,
    createdAt: order.createdAt.toISOString(),
    kind: order.kind,
    ...(order.unpaid
      ? {
          payment: {
            declineReason: order.unpaid.reason,
            canPayAgain: order.unpaid.payAgainRefusal === null,
            payAgainUntil: order.unpaid.payAgainUntil.toISOString(),
          },
        }
      : {}),
    items: order.items.map((item) =>
      item.kind === 'TOPUP'
        ? {
            productId: item.productId,
            phone: item.phone,
            priceRon: item.priceBani,
            reference: item.reference,
          }
        : {
            categoryCode: item.categoryCode,
            categoryTitle: item.categoryTitle,
            type: item.type,
            county: item.county,
            plate: item.plate,
            country: item.country,
            firstDay: item.firstDay,
            lastDay: item.lastDay,
            priceRon: item.priceBani,
            issuedId: item.issuedId,
          },
    ),
  };
}
