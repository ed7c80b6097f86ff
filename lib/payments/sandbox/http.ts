import 'server-only';

import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { getConfig } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { findSandboxPayment, isOnOrigin, sandboxIsLive, sandboxSite, type PayResult } from './sandbox';

/** A sandbox route: 404, as if it did not exist, unless the sandbox is the configured provider. */
export function sandboxRoute<C>(handler: (request: Request, context: C) => Promise<Response>) {
  return apiHandler<C>(async (request, context) => {
    if (!sandboxIsLive()) throw new ApiError('NOT_FOUND', 'Not found');
    return handler(request, context);
  });
}

/** After the form: the 3-D Secure step, or back to the shop's return address (as the provider redirects). */
export async function redirectAfterPay(request: Request, result: PayResult) {
  const origin = new URL(request.url).origin;
  if (result.kind === 'UNKNOWN')
    return NextResponse.json({ error: { code: 'NOT_FOUND', message: 'No such payment' } }, { status: 404 });
  if (result.kind === 'THREE_D_SECURE')
    return NextResponse.redirect(`${origin}/sandbox-pay/${result.payment.ntpId}/3ds`, 303);
  // Checked at the start call already; a row recorded before that check existed goes to the shop's home.
  const target = isOnOrigin(result.payment.redirectUrl, sandboxSite().redirectOrigins)
    ? result.payment.redirectUrl
    : getConfig().siteUrl;
  return NextResponse.redirect(target, 303);
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
