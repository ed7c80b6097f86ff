import { hasLocale } from 'next-intl';
import { seeOther } from '@/lib/api/redirect';
import { getDb } from '@/lib/db/client';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';
import { routing } from '@/lib/i18n/routing';
import { sandboxRoute } from '@/lib/payment-provider/sandbox/http';
import { openPaymentHtml, unknownPaymentHtml } from '@/lib/payment-provider/sandbox/payment-form';
import { findSandboxPayment, isPayable } from '@/lib/payment-provider/sandbox/sandbox';

export const dynamic = 'force-dynamic';

const html = (body: string) =>
  new Response(body, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/**
 * The sandbox provider's hosted card form (no card field is ever on the shop's own pages): plain HTML from a route,
 * the provider's page rather than the shop's, with no script to hydrate. 404 unless the sandbox is the provider.
 */
export const GET = sandboxRoute<{ params: Promise<{ ntpId: string }> }>(async (_request, { params }) => {
  const { ntpId } = await params;
  const payment = await findSandboxPayment(await getDb(), ntpId);
  if (!payment) return html(unknownPaymentHtml(routing.defaultLocale));
  // Expired or already settled: the buyer goes back to the shop, which shows the order's state. Answered, not
  // thrown: the route's wrapper would take Next's redirect() for a failure.
  if (!isPayable(payment)) {
    return seeOther(
      payment.status === NETOPIA_STATUS.THREE_D_AUTH
        ? `/sandbox-pay/${encodeURIComponent(ntpId)}/3ds`
        : `/api/payments/sandbox/pay?ntpId=${encodeURIComponent(ntpId)}`,
    );
  }
  const locale = hasLocale(routing.locales, payment.language) ? payment.language : routing.defaultLocale;
  return html(openPaymentHtml(locale, payment));
});
