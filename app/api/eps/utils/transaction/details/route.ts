import { transactionDetailsHandler } from '@/lib/admin/transaction-details-handler';

export const dynamic = 'force-dynamic';

/** `GET /api/eps/utils/transaction/details?id=`: one top-up order for staff (secured: PAYMENT_READ). */
export const GET = transactionDetailsHandler('TOPUP');
