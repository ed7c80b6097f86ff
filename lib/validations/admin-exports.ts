import { z } from 'zod';
import { locales, routing } from '@/lib/i18n/routing';
import { optional } from './admin-transactions';

/**
 * `GET /api/admin/payment/export/excel?lang=`: the language of the spreadsheet's headers, states and products, the
 * back-office's own (lib/admin-client/locale.ts); Romanian when absent. The range and filters are
 * `transactionRangeQuerySchema`'s.
 */
export const spreadsheetLanguageQuerySchema = z.object({
  lang: optional(z.enum(locales, { error: 'invalid' })).default(routing.defaultLocale),
});
