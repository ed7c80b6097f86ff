import { randomBytes } from 'node:crypto';

/**
 * The orderID a payment is started under at the provider. The first start of an order uses the order's own id. A
 * start after a crash may find that id taken by the first attempt (Netopia answers 56, "duplicate order"): that
 * attempt's form address was lost with the process before anyone saw it, so nobody can pay it, and the v2 API has no
 * call that gives it back (`/operation/status` needs the ntpID we never recorded and answers no address). The
 * payment is then started again under `<order id>.<random suffix>`. Order ids are base64url and never hold a dot,
 * so a notification's orderID leads back to its order either way.
 */
export const restartedPaymentReference = (orderId: string) =>
  `${orderId}.${randomBytes(6).toString('base64url')}`;

/** The order a provider's orderID belongs to. */
export const orderIdOfPaymentReference = (reference: string) => reference.split('.')[0] ?? reference;

/** The orderID the provider knows an order's recorded payment by (orders from before the column: their id). */
export const paymentReferenceOf = (order: { id: string; paymentReference: string | null }) =>
  order.paymentReference ?? order.id;
