import 'server-only';

import { NextResponse } from 'next/server';
import { getDb } from '@/lib/db/client';
import { findSandboxPayment, type PayResult } from './sandbox';

/** After the form: the 3-D Secure step, or back to the shop's return address (as the provider redirects). */
export async function redirectAfterPay(request: Request, result: PayResult) {
  const origin = new URL(request.url).origin;
  if (result.kind === 'UNKNOWN')
    return NextResponse.json({ error: { code: 'NOT_FOUND', message: 'No such payment' } }, { status: 404 });
  if (result.kind === 'THREE_D_SECURE')
    return NextResponse.redirect(`${origin}/sandbox-pay/${result.payment.ntpId}/3ds`, 303);
  return NextResponse.redirect(result.payment.redirectUrl, 303);
}

/** A settled or expired payment's page sends the buyer back to the shop. */
export async function redirectToShop(request: Request, ntpId: string) {
  const payment = await findSandboxPayment(await getDb(), ntpId);
  return redirectAfterPay(request, payment ? { kind: 'DONE', payment } : { kind: 'UNKNOWN' });
}

export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  return Object.fromEntries(
    [...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : '']),
  );
}
