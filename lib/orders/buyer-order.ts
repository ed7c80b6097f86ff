import { maskEmail, maskPhone, type OrderRow } from './orders';
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
  operator: { name: string; plan: string };
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
  kind: OrderRow['kind'];
  status: OrderRow['status'];
  /** Masked. */
  email: string;
  amountBani: number;
  createdAt: Date;
  items: (BuyerVignette | BuyerTopUp)[];
}

function buyerItem({ item, categoryTitle, topUp }: LoadedItem): BuyerVignette | BuyerTopUp {
  if (topUp) {
    return {
      kind: 'TOPUP',
      key: item.id,
      productId: topUp.product.id,
      operator: { name: topUp.operator.name, plan: topUp.operator.plan },
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
export function toBuyerOrder({ order, items }: LoadedOrder): BuyerOrder {
  return {
    id: order.id,
    kind: order.kind,
    status: order.status,
    email: maskEmail(order.email),
    amountBani: order.amountBani,
    createdAt: order.createdAt,
    items: items.map(buyerItem),
  };
}

/** The body of `GET /api/orders/{orderId}` (amounts in bani, whatever the names say: the API's contract). */
export function buyerOrderAnswer(order: BuyerOrder) {
  return {
    orderId: order.id,
    status: order.status,
    email: order.email,
    amountRon: order.amountBani,
    createdAt: order.createdAt.toISOString(),
    kind: order.kind,
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
