import { exportHandler } from '@/lib/admin/export-handler';

export const dynamic = 'force-dynamic';

/** `GET /api/admin/payment/export/excel?from=&to=`: the range's transactions as an .xlsx workbook (PAYMENT_EXPORT). */
export const GET = exportHandler('excel');
