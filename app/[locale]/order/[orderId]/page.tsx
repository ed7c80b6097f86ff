import type { Metadata } from 'next';
import { getFormatter, getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { NotFoundStatus } from '@/components/not-found/not-found-status';
import { ResendConfirmation } from '@/components/order/resend-confirmation';
import { UnavailablePage } from '@/components/errors/unavailable-page';
import { COMPANY, officeHours } from '@/lib/company';
import { getDb } from '@/lib/db/client';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { toBuyerOrder, type BuyerOrder } from '@/lib/orders/buyer-order';
import { loadOrder } from '@/lib/orders/order-read';
import { pageMetadata } from '@/lib/seo/metadata';
import { countyName } from '@/lib/vignettes/counties';
import { validityText } from '@/lib/vignettes/validity-text';

interface Props {
  params: Promise<{ locale: Locale; orderId: string }>;
}

// A buyer's own order: read from the database on every visit, never cached, never indexed.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, orderId } = await params;
  const t = await getTranslations({ locale, namespace: 'OrderPage.meta' });
  return pageMetadata({
    locale,
    path: `/order/${orderId}`,
    title: t('title'),
    description: t('description'),
    noindex: true,
  });
}

export default async function OrderPage({ params }: Props) {
  const { locale, orderId } = await params;
  setRequestLocale(locale);
  let order: BuyerOrder | undefined;
  try {
    const loaded = await loadOrder(await getDb(), orderId);
    order = loaded && toBuyerOrder(loaded);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return <UnavailablePage />;
    throw error;
  }
  const [t, format, messages] = await Promise.all([
    getTranslations('OrderPage'),
    getFormatter(),
    getMessages(),
  ]);
  if (!order) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-bold">{t('notFound')}</h1>
        <Suspense fallback={null}>
          <NotFoundStatus />
        </Suspense>
      </div>
    );
  }
  const isTopUp = order.kind === 'TOPUP';
  const statusText =
    isTopUp &&
    (order.status === 'PAID' || order.status === 'FULFILLED' || order.status === 'FULFILLMENT_FAILED')
      ? t(`topUpStatus.${order.status}`)
      : t(`status.${order.status}`);
  const inProgress = order.status === 'PENDING_PAYMENT' || order.status === 'PAID';
  /** An item without its id is "being issued" only while the order is paid; after a failure it was not issued. */
  const undelivered = order.status !== 'PAID';
  const lei = (bani: number) => format.number(bani / 100, { style: 'currency', currency: 'RON' });
  // An order is paid minutes after it is placed or not at all: its creation stands for the payment's day.
  const paidAt = order.createdAt;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {/* While the payment or the issuing is under way, the page refreshes itself until the state settles. */}
      {inProgress && <meta httpEquiv="refresh" content="3" />}
      <h1 className="text-3xl font-bold text-slate-900">{t('heading')}</h1>
      <p className="mt-1 text-slate-600">{t('orderId', { orderId: order.id })}</p>
      <p
        role="status"
        data-testid="order-status"
        data-status={order.status}
        className="mt-6 rounded-lg bg-white p-4 text-lg shadow-sm"
      >
        {statusText}
      </p>
      {/* A delivery that failed or a refund under way: the buyer learns whom to ask, as the e-mail says too. */}
      {(order.status === 'FULFILLMENT_FAILED' || order.status === 'REFUND_PENDING') && (
        <p className="mt-3 text-slate-800" data-testid="order-help">
          {t('help', { phone: COMPANY.phone, email: COMPANY.email, hours: officeHours })}
        </p>
      )}
      <ul className="mt-6 space-y-3">
        {order.items.map((item) => {
          if (item.kind === 'TOPUP') {
            return (
              <li key={item.key} className="rounded-lg bg-white p-4 shadow-sm" data-testid="order-topup">
                <p className="font-semibold">{t('topUp')}</p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
                  <dt className="text-slate-600">{t('operator')}</dt>
                  <dd>
                    {item.operator.name} {item.operator.plan}
                  </dd>
                  <dt className="text-slate-600">{t('phone')}</dt>
                  <dd>{item.phone}</dd>
                  <dt className="text-slate-600">{t('faceValue')}</dt>
                  <dd>
                    {format.number(item.faceValueEur, {
                      style: 'currency',
                      currency: 'EUR',
                    })}
                  </dd>
                  <dt className="text-slate-600">{t('delivery')}</dt>
                  <dd>{item.delivery === 'PIN' ? t('deliveryPin') : t('deliveryDirect')}</dd>
                  <dt className="text-slate-600">{t('reference')}</dt>
                  <dd className="font-mono" data-testid="issued-id">
                    {item.reference ?? (undelivered ? t('notDelivered') : t('pendingDelivery'))}
                  </dd>
                </dl>
                {/* The PIN is money: it travels only by e-mail, never on a page that a shared link opens. */}
                {item.pinSent && <p className="mt-2 text-slate-800">{t('pinSent')}</p>}
              </li>
            );
          }
          return (
            <li key={item.key} className="rounded-lg bg-white p-4 shadow-sm">
              <p className="font-semibold">
                {t('vignette')} {item.categoryTitle}
              </p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
                <dt className="text-slate-600">{t('plate')}</dt>
                <dd>
                  {item.plate} ({item.country})
                </dd>
                {item.county && (
                  <>
                    <dt className="text-slate-600">{t('county')}</dt>
                    <dd>{countyName(item.county)}</dd>
                  </>
                )}
                {item.firstDay && item.lastDay && (
                  <>
                    <dt className="text-slate-600">{t('validity')}</dt>
                    <dd>
                      {validityText(
                        messages.VignetteValidity,
                        { firstDay: item.firstDay, lastDay: item.lastDay },
                        paidAt,
                        locale,
                      )}
                    </dd>
                  </>
                )}
                <dt className="text-slate-600">{t('issuedId')}</dt>
                <dd className="font-mono" data-testid="issued-id">
                  {item.issuedId ?? (undelivered ? t('notIssued') : t('pendingId'))}
                </dd>
              </dl>
            </li>
          );
        })}
      </ul>
      <p className="mt-6 text-lg font-semibold">{t('total', { amount: lei(order.amountBani) })}</p>
      <p className="mt-1 text-slate-600">{t('email', { email: order.email })}</p>
      {order.status === 'FULFILLED' && (
        <ResendConfirmation
          orderId={order.id}
          label={t('resend')}
          sentText={t('resent')}
          waitText={t.raw('resendWait') as string}
          failedText={t('resendFailed')}
        />
      )}
      {(order.status === 'FAILED' || order.status === 'EXPIRED' || order.status === 'CANCELED') && (
        <Link
          href={isTopUp ? '/prepay' : '/vignette'}
          className="bg-brand hover:bg-brand-dark mt-6 inline-flex min-h-11 items-center rounded px-6 font-semibold text-white"
        >
          {isTopUp ? t('buyTopUpAgain') : t('buyAgain')}
        </Link>
      )}
    </div>
  );
}
