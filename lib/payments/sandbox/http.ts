import 'server-only';

import { NextResponse } from 'next/server';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { text } from '@/lib/validations/text';
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

/** The sandbox card form's fields (app/sandbox-pay/[ntpId]/page.tsx); the card holder's name is not used. */
export const sandboxPayForm = z.object({
  ntpId: formField(64),
  cardNumber: formField(40),
  cvv: formField(8).transform((cvv) => cvv.trim()),
  expiry: formField(16),
});

/** The 3-D Secure step's fields (app/sandbox-pay/[ntpId]/3ds/page.tsx). */
export const sandbox3dsForm = z.object({ ntpId: formField(64), code: formField(16) });

function formField(max: number) {
  return text().max(max, 'tooLong').default('');
}
