import 'server-only';

import { NextResponse } from 'next/server';
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { seeOther } from '@/lib/api/redirect';
import { getDb } from '@/lib/db/client';
import { text } from '@/lib/validations/text';
import { findSandboxPayment, isOnOrigin, sandboxIsLive, sandboxSite, type PayResult } from './sandbox';

/** A sandbox route: 404, as if it did not exist, unless the sandbox is the configured provider. */
export function sandboxRoute<C>(handler: (request: Request, context: C) => Promise<Response>) {
  return apiHandler<C>(async (request, context) => {
    if (!sandboxIsLive()) throw new ApiError('NOT_FOUND', 'Not found');
    return handler(request, context);
  });
}

/**
 * After the form: the 3-D Secure step, or back to the shop's return address (as the provider redirects). Paths of
 * the shop are answered relative (seeOther), so the buyer stays on the host name the card form was opened at: a
 * redirect to another origin after the form's POST is blocked by the CSP's `form-action 'self'`.
 */
export async function redirectAfterPay(result: PayResult) {
  if (result.kind === 'UNKNOWN')
    return NextResponse.json({ error: { code: 'NOT_FOUND', message: 'No such payment' } }, { status: 404 });
  if (result.kind === 'THREE_D_SECURE') return seeOther(`/sandbox-pay/${result.payment.ntpId}/3ds`);
  // Checked at the start call already; a row recorded before that check existed goes to the shop's home.
  if (!isOnOrigin(result.payment.redirectUrl, sandboxSite().redirectOrigins)) return seeOther('/');
  const target = new URL(result.payment.redirectUrl);
  return seeOther(`${target.pathname}${target.search}`);
}

/** A settled or expired payment's page sends the buyer back to the shop. */
export async function redirectToShop(ntpId: string) {
  const payment = await findSandboxPayment(await getDb(), ntpId);
  return redirectAfterPay(payment ? { kind: 'DONE', payment } : { kind: 'UNKNOWN' });
}

/** The sandbox card form's fields (lib/payment-provider/sandbox/payment-form.ts); the card holder's name is not used. */
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
