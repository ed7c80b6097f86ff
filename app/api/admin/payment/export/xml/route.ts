import { exportHandler } from '@/lib/admin/export-handler';

export const dynamic = 'force-dynamic';

/** `GET /api/admin/payment/export/xml?from=&to=`: the range's transactions as XML (PAYMENT_EXPORT). */
export const GET = exportHandler('xml');
