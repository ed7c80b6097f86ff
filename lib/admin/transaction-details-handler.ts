import 'server-only';

import { NextResponse } from 'next/server';
import { z } from 'zod';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { transactionDetails } from '@/lib/admin/transaction-details';
import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { readQuery } from '@/lib/api/request';
import { text } from '@/lib/validations/text';

/** The query of both transaction details routes. */
export const transactionDetailsQuerySchema = z.object({
  id: text({ error: 'required' }).trim().min(1, 'required').max(64, 'invalid'),
});

/** `GET .../transaction/details?id=` for vignette (nmps) or top-up (eps) orders: staff with PAYMENT_READ only. */
export const transactionDetailsHandler = (kind: 'VIGNETTE' | 'TOPUP') =>
  apiHandler(async (request) => {
    const db = await getDb();
    await requireAuthority(db, request, 'PAYMENT_READ');
    const { id } = readQuery(request, transactionDetailsQuerySchema);
    const details = await transactionDetails(db, id, kind);
    if (!details)
      throw new ApiError('NOT_FOUND', `There is no ${kind === 'TOPUP' ? 'top-up' : 'vignette'} order ${id}`);
    return NextResponse.json(details, { headers: { 'Cache-Control': 'no-store' } });
  });
