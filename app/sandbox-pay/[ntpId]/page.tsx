import { getFormatter, getTranslations } from 'next-intl/server';
import { notFound, redirect } from 'next/navigation';
import { buttonClass, inputClass, SandboxFrame } from '@/components/payment/sandbox-frame';
import { COMPANY } from '@/lib/company';
import { getDb } from '@/lib/db/client';
import { hasLocale } from 'next-intl';
import { routing } from '@/lib/i18n/routing';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';
import {
  findSandboxPayment,
  isPayable,
  sandboxIsLive,
  secondsUntilExpiry,
  TEST_CARDS,
} from '@/lib/payment-provider/sandbox/sandbox';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';

export const dynamic = 'force-dynamic';

/** The sandbox provider's hosted card form (no card field is ever on the shop's own pages). */
export default async function SandboxPaymentPage({ params }: { params: Promise<{ ntpId: string }> }) {
  // Only when the sandbox is the configured provider: otherwise the shop shows no card form at all.
  if (!sandboxIsLive()) notFound();
  const { ntpId } = await params;
  const payment = await findSandboxPayment(await getDb(), ntpId);
  const locale =
    payment && hasLocale(routing.locales, payment.language) ? payment.language : routing.defaultLocale;
  const [t, format] = await Promise.all([
    getTranslations({ locale, namespace: 'SandboxPayment' }),
    getFormatter({ locale }),
  ]);
  if (!payment) {
    return (
      <SandboxFrame lang={locale} title={t('title')} notice={t('unknown')}>
        {null}
      </SandboxFrame>
    );
  }
  // Expired or already settled: the buyer goes back to the shop, which shows the order's state.
  if (!isPayable(payment)) {
    if (payment.status === NETOPIA_STATUS.THREE_D_AUTH) redirect(`/sandbox-pay/${ntpId}/3ds`);
    redirect(`/api/payments/sandbox/pay?ntpId=${encodeURIComponent(ntpId)}`);
  }
  const amount = format.number(payment.amountBani / 100, { style: 'currency', currency: payment.currency });
  const secondsLeft = secondsUntilExpiry(payment);

  return (
    <SandboxFrame lang={locale} title={t('title')} notice={t('notice')}>
      {/* When the time is up the page reloads, sees the expiry and sends the buyer back. */}
      <meta httpEquiv="refresh" content={String(secondsLeft + 1)} />
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-600">{t('merchant')}</dt>
        <dd>{COMPANY.name}</dd>
        <dt className="font-medium text-slate-600">{t('order')}</dt>
        <dd className="break-all">{payment.orderId}</dd>
        <dt className="font-medium text-slate-600">{t('amount')}</dt>
        <dd className="text-lg font-bold" data-testid="sandbox-amount">
          {amount}
        </dd>
      </dl>
      <p className="mt-2 text-sm text-slate-600">
        {t('expiresIn', {
          time: format.dateTime(payment.expiresAt, { timeStyle: 'short', timeZone: SHOP_TIME_ZONE }),
        })}
      </p>
      <form method="post" action="/api/payments/sandbox/pay" className="mt-4">
        <input type="hidden" name="ntpId" value={payment.ntpId} />
        <label className="block font-medium">
          {t('cardNumber')}
          <input
            name="cardNumber"
            inputMode="numeric"
            autoComplete="cc-number"
            required
            className={inputClass}
          />
        </label>
        <div className="mt-3 grid grid-cols-2 gap-3">
          <label className="block font-medium">
            {t('expiry')}
            <input name="expiry" placeholder="12/30" autoComplete="cc-exp" required className={inputClass} />
          </label>
          <label className="block font-medium">
            {t('cvv')}
            <input
              name="cvv"
              inputMode="numeric"
              autoComplete="cc-csc"
              required
              maxLength={4}
              className={inputClass}
            />
          </label>
        </div>
        <label className="mt-3 block font-medium">
          {t('cardholder')}
          <input name="cardholder" autoComplete="cc-name" className={inputClass} />
        </label>
        <button type="submit" className={buttonClass}>
          {t('pay', { amount })}
        </button>
      </form>
      <details className="mt-6 text-sm">
        <summary className="cursor-pointer font-medium">{t('testCards')}</summary>
        <ul className="mt-2 space-y-1 font-mono">
          {Object.entries(TEST_CARDS).map(([number, card]) => (
            <li key={number}>
              {number} <span className="font-sans text-slate-600">({card.label})</span>
            </li>
          ))}
        </ul>
      </details>
    </SandboxFrame>
  );
}
