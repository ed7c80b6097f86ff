import { exportHandler } from '@/lib/admin/export-handler';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/admin/payment/export/excel?from=&to=&lang=`: the range's transactions as an .xlsx workbook, its words in
 * the admin's language (PAYMENT_EXPORT).
 */
export const GET = exportHandler('excel');
