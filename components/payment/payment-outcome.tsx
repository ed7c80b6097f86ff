import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CheckoutSettled } from '@/components/order/checkout-settled';
import { OrderItems } from '@/components/order/order-items';
import { OrderReference } from '@/components/order/order-reference';
import { UnpaidOrder } from '@/components/order/unpaid-order';
import { SvgImage } from '@/components/ui/svg-image';
import { getDb } from '@/lib/db/client';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { pageFailure } from '@/lib/log/page-failure';
import { toBuyerOrder, type BuyerOrder } from '@/lib/orders/buyer-order';
import { loadOrder } from '@/lib/orders/order-read';
import { pageMetadata } from '@/lib/seo/metadata';
import { pageLocale } from '@/lib/i18n/page-locale';

interface Props {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

type Outcome = 'successful' | 'timeout';

const NAMESPACE = { successful: 'PaymentSuccessPage', timeout: 'PaymentTimeoutPage' } as const;

const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The order an outcome page is about (`?orderId=`, where the payment's return sends the buyer); undefined without one,
 * for an unknown one, or while the database is away: the page then says what it can without it.
 */
async function outcomeOrder(orderId: string | undefined): Promise<BuyerOrder | undefined> {
  if (!orderId) return undefined;
  try {
    const loaded = await loadOrder(await getDb(), orderId);
    return loaded && toBuyerOrder(loaded);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return undefined;
    throw await pageFailure('payment outcome', error);
  }
}

/**
 * The page module of a payment outcome (docs/screens.md, Payment outcome): /{lang}/payment/successful and
 * /{lang}/payment/timeout. With `?orderId=` they show the order itself (its number and items, or why it was not paid
 * and how to pay it again) and its e-mail masked from the database; the spec's `?email=` is still shown as given.
 */
export function paymentOutcomePage(outcome: Outcome) {
  const namespace = NAMESPACE[outcome];
  return {
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const locale = await pageLocale(params);
      const t = await getTranslations({ locale, namespace });
      return pageMetadata({
        locale,
        path: `/payment/${outcome}`,
        title: t('meta.title'),
        description: t('meta.description'),
        noindex: true,
      });
    },
    async Page({ params, searchParams }: Props) {
      const { locale } = await params;
      setRequestLocale(locale);
      const query = await searchParams;
      const [t, order] = await Promise.all([
        getTranslations(namespace),
        outcomeOrder(firstValue(query.orderId)),
      ]);
      // React escapes it: the parameter cannot inject markup.
      const email = order?.email ?? firstValue(query.email)?.trim().slice(0, 254);
      return (
        <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-14 text-center">
          <SvgImage
            src={outcome === 'successful' ? '/images/payment-success.svg' : '/images/payment-timeout.svg'}
            alt=""
            width={120}
            height={120}
            priority
          />
          <h1 className="mt-6 text-3xl font-bold text-slate-900">{t('heading')}</h1>
          {order && <CheckoutSettled orderId={order.id} paid={order.hasInvoice} />}
          {order && (
            <div data-testid="order-number">
              <OrderReference reference={order.reference} orderId={order.id} locale={locale} />
            </div>
          )}
          {outcome === 'successful' ? (
            <>
              <p className="mt-4 text-lg text-slate-800" data-testid="outcome-email">
                {email ? t('text', { email }) : t('textNoEmail')}
              </p>
              <p className="mt-2 text-slate-700">{t('hint')}</p>
            </>
          ) : (
            <>
              <p className="mt-4 text-lg text-slate-800">{t('text')}</p>
              <p className="mt-2 font-medium text-slate-900" data-testid="outcome-email">
                {email ? t('email', { email }) : null}
              </p>
              {!order?.unpaid && <p className="mt-2 text-slate-700">{t('retry')}</p>}
            </>
          )}
          {order && (
            <div className="w-full text-left">
              {order.unpaid && <UnpaidOrder order={{ ...order, unpaid: order.unpaid }} locale={locale} />}
              <OrderItems order={order} locale={locale} />
            </div>
          )}
          <Link
            href={order ? `/order/${order.id}` : '/'}
            className="bg-brand hover:bg-brand-dark mt-8 inline-flex min-h-11 items-center rounded px-6 font-semibold text-white"
            data-testid="outcome-next"
          >
            {order ? t('viewOrder') : t('backHome')}
          </Link>
        </div>
      );
    },
  };
}
