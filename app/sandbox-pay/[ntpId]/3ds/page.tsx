import { getTranslations } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { notFound, redirect } from 'next/navigation';
import { buttonClass, inputClass, SandboxFrame } from '@/components/payment/sandbox-frame';
import { getDb } from '@/lib/db/client';
import { routing } from '@/lib/i18n/routing';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';
import { findSandboxPayment, sandboxIsLive } from '@/lib/payment-provider/sandbox/sandbox';

export const dynamic = 'force-dynamic';

/** The sandbox's 3-D Secure step, as a bank's page would show it. */
export default async function SandboxThreeDsPage({ params }: { params: Promise<{ ntpId: string }> }) {
  // Only when the sandbox is the configured provider: otherwise the shop shows no card form at all.
  if (!sandboxIsLive()) notFound();
  const { ntpId } = await params;
  const payment = await findSandboxPayment(await getDb(), ntpId);
  if (!payment || payment.status !== NETOPIA_STATUS.THREE_D_AUTH)
    redirect(`/sandbox-pay/${encodeURIComponent(ntpId)}`);
  const locale = hasLocale(routing.locales, payment.language) ? payment.language : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'SandboxPayment' });
  return (
    <SandboxFrame lang={locale} title={t('threeDsTitle')} notice={t('threeDsText')}>
      <form method="post" action="/api/payments/sandbox/3ds" className="mt-4">
        <input type="hidden" name="ntpId" value={payment.ntpId} />
        <label className="block font-medium">
          {t('threeDsCode')}
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            className={inputClass}
          />
        </label>
        <button type="submit" className={buttonClass}>
          {t('confirm')}
        </button>
      </form>
    </SandboxFrame>
  );
}
