import 'server-only';

import { apiHandler } from '@/lib/api/handler';
import { readQuery } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { spreadsheetLanguageQuerySchema } from '@/lib/validations/admin-exports';
import { transactionRangeQuerySchema } from '@/lib/validations/admin-transactions';
import { exportTransactions, type ExportFormat } from './transaction-exports';

/**
 * `GET /api/admin/payment/export/{xml,excel}?from=&to=` (and the list's filters; `lang` for the spreadsheet): a
 * streamed download of the range's transactions (PAYMENT_EXPORT), recorded in the audit log.
 */
export const exportHandler = (format: ExportFormat) =>
  apiHandler(async (request) => {
    const db = await getDb();
    const principal = await requireAuthority(db, request, 'PAYMENT_EXPORT');
    const query = readQuery(request, transactionRangeQuerySchema);
    // Only the spreadsheet has words of a language; the XML stays language-neutral.
    const locale = format === 'excel' ? readQuery(request, spreadsheetLanguageQuerySchema).lang : undefined;
    const file = await exportTransactions(db, principal, format, query, { locale });
    return new Response(file.body, {
      headers: {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.filename}"`,
        'Cache-Control': 'no-store',
      },
    });
  });
