/**
 * Every action the audit log records (`audit_log.action`), in one place: `recordAudit` takes only these, and the
 * back-office has a name and a sentence for each in every language (`Admin.audit.actions`, `Admin.audit.sentences`),
 * which a unit test holds. Add a new action here, and its texts, before writing it.
 */
export const AUDIT_ACTIONS = [
  'payment.markActive',
  'payment.unmarkActive',
  'payment.refund',
  'payment.retryDelivery',
  'payment.correctItem',
  'payment.correctPhone',
  'payment.correctBilling',
  'payment.changeEmail',
  'payment.resend',
  'payment.mailRetry',
  'payment.cancel',
  'payment.efacturaResend',
  'mail.retryAll',
  'user.create',
  'user.remove',
  'user.resetPassword',
  'user.changePassword',
  'export.xml',
  'export.excel',
  'catalog.vignettePrices',
  'catalog.topUpProducts',
  'catalog.exchangeRate',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);
