import { transactionDetailsHandler } from '@/lib/admin/transaction-details-handler';

export const dynamic = 'force-dynamic';

/** `GET /api/nmps/utils/transaction/details?id=`: one vignette order for staff (secured: PAYMENT_READ). */
export const GET = transactionDetailsHandler('VIGNETTE');
