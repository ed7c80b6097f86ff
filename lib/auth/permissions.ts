/** Authority strings checked by the server on every secured handler (docs/architecture.md, The back-office). */
export const AUTHORITIES = [
  'PAYMENT_READ',
  'PAYMENT_WRITE',
  'PAYMENT_EXPORT',
  'PAYMENT_REFUND',
  'INVOICE_READ',
  'CATALOG_READ',
  'CATALOG_WRITE',
  'AUDIT_READ',
  'USER_READ',
  'USER_WRITE',
] as const;

export type Authority = (typeof AUTHORITIES)[number];

export const ROLE_PERMISSIONS: Record<'ADMIN' | 'OPERATOR', readonly Authority[]> = {
  ADMIN: AUTHORITIES,
  OPERATOR: ['PAYMENT_READ', 'INVOICE_READ', 'CATALOG_READ'],
};

export type RoleName = keyof typeof ROLE_PERMISSIONS;
