import { z } from 'zod';
import { checkRange, day, optional, pageFields } from './admin-transactions';
import { text } from './text';

/**
 * `GET /api/admin/audit?user=&action=&from=&to=&page=&size=` (docs/api.md, Audit log): the back-office's audit-log
 * screen and the route handler share it. As with the transactions, an empty parameter counts as absent.
 */
export const auditLogQuerySchema = z
  .object({
    ...pageFields,
    /** The actor's user name, matched whole and whatever its case. */
    user: optional(text().trim().max(100, 'tooLong')),
    /** An action name, exactly: `payment.markActive`. */
    action: optional(text().trim().max(100, 'tooLong')),
    /** Calendar days in Romania, both included. */
    from: optional(day),
    to: optional(day),
  })
  .superRefine(checkRange(false));

export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
