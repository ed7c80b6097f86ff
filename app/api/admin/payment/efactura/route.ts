import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { ACTION_AUTHORITIES } from '@/lib/auth/permissions';
import { getDb } from '@/lib/db/client';
import { resendEfacturaSubmission } from '@/lib/efactura/submissions';
import { efacturaResendSchema } from '@/lib/validations/efactura';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/admin/payment/efactura` `{id, creditNoteId?, invoiceId?}`: sends an order's invoice (or credit note, or
 * a replaced invoice) to RO e-Factura again after a fix: one ANAF rejected, one whose upload was left unconfirmed, or
 * one whose upload was given up after every try (PAYMENT_WRITE).
 */
export const POST = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, ACTION_AUTHORITIES.efacturaResend);
  const { id, creditNoteId, invoiceId } = validate(efacturaResendSchema, await readJson(request));
  const efactura = await resendEfacturaSubmission(db, principal, { orderId: id, creditNoteId, invoiceId });
  return NextResponse.json({ efactura }, { headers: { 'Cache-Control': 'no-store' } });
});
