import { getFormatter, getTranslations } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { redirect } from 'next/navigation';
import { COMPANY } from '@/lib/company';
import { getDb } from '@/lib/db/client';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';
import { routing } from '@/lib/i18n/routing';
import { sandboxRoute } from '@/lib/payment-provider/sandbox/http';
import { paymentFormHtml, unknownPaymentHtml } from '@/lib/payment-provider/sandbox/payment-form';
import { findSandboxPayment, isPayable, secondsUntilExpiry } from '@/lib/payment-provider/sandbox/sandbox';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';

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
  const locale =
    payment && hasLocale(routing.locales, payment.language) ? payment.language : routing.defaultLocale;
  const [t, format] = await Promise.all([
    getTranslations({ locale, namespace: 'SandboxPayment' }),
    getFormatter({ locale }),
  ]);
  if (!payment) return html(unknownPaymentHtml(locale, { title: t('title'), unknown: t('unknown') }));
  // Expired or already settled: the buyer goes back to the shop, which shows the order's state.
  if (!isPayable(payment)) {
    if (payment.status === NETOPIA_STATUS.THREE_D_AUTH) redirect(`/sandbox-pay/${ntpId}/3ds`);
    redirect(`/api/payments/sandbox/pay?ntpId=${encodeURIComponent(ntpId)}`);
  }
  const amount = format.number(payment.amountBani / 100, { style: 'currency', currency: payment.currency });
  return html(
    paymentFormHtml(locale, payment, COMPANY.name, secondsUntilExpiry(payment), {
      title: t('title'),
      notice: t('notice'),
      merchant: t('merchant'),
      order: t('order'),
      amount: t('amount'),
      amountValue: amount,
      expiresIn: t('expiresIn', {
        time: format.dateTime(payment.expiresAt, { timeStyle: 'short', timeZone: SHOP_TIME_ZONE }),
      }),
      cardNumber: t('cardNumber'),
      expiry: t('expiry'),
      cvv: t('cvv'),
      cardholder: t('cardholder'),
      pay: t('pay', { amount }),
      testCards: t('testCards'),
    }),
  );
});
