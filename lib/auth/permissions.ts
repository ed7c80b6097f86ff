/** Authority strings checked by the server on every secured handler (docs/architecture.md, The back-office). */
export const AUTHORITIES = [
  'PAYMENT_READ',
  'PAYMENT_WRITE',
  'PAYMENT_EXPORT',
  'PAYMENT_REFUND',
  'ORDER_SUPPORT',
  'INVOICE_READ',
  'CATALOG_READ',
  'CATALOG_WRITE',
  'AUDIT_READ',
  'USER_READ',
  'USER_WRITE',
] as const;

export type Authority = (typeof AUTHORITIES)[number];

/**
 * The roles the shop seeds. An operator answers buyers on the phone: reads orders, invoices and the catalog, and
 * takes the call-centre actions (ORDER_SUPPORT); money, cancellations, issued documents and the catalog stay an
 * administrator's.
 */
export const ROLE_PERMISSIONS: Record<'ADMIN' | 'OPERATOR', readonly Authority[]> = {
  ADMIN: AUTHORITIES,
  OPERATOR: ['PAYMENT_READ', 'ORDER_SUPPORT', 'INVOICE_READ', 'CATALOG_READ'],
};

export type RoleName = keyof typeof ROLE_PERMISSIONS;

/**
 * What each of staff's actions on an order needs, one table for the handlers that check it and the screen that
 * offers it (or says whose action it is): re-sending, changing the e-mail, correcting an item not delivered yet and
 * retrying a delivery are the call centre's; a refund, a cancellation, a change to what was already issued (a
 * vignette's correction, an e-Factura upload) and marking an order active are an administrator's.
 */
export const ACTION_AUTHORITIES = {
  refund: 'PAYMENT_REFUND',
  retry: 'ORDER_SUPPORT',
  email: 'ORDER_SUPPORT',
  resend: 'ORDER_SUPPORT',
  correctUndelivered: 'ORDER_SUPPORT',
  correctIssued: 'PAYMENT_WRITE',
  cancel: 'PAYMENT_WRITE',
  correctBilling: 'PAYMENT_WRITE',
  efacturaResend: 'PAYMENT_WRITE',
  markActive: 'PAYMENT_WRITE',
} as const satisfies Record<string, Authority>;

export type OrderAction = keyof typeof ACTION_AUTHORITIES;
