import { FillCartButton } from '@/components/cart/fill-cart-button';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import type { BuyerOrder } from '@/lib/orders/buyer-order';
import { PAY_AGAIN_REFUSALS } from '@/lib/orders/pay-again-rules';
import { categoryByCode } from '@/lib/vignettes/categories';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import { isProductLineSold } from '@/lib/config/live-mode';
import { productLineOf } from '@/lib/orders/product-lines';
import { ProductLineClosedNotice } from '@/components/product-lines/product-line-closed';
import { ENDED_FOR_GOOD } from '@/lib/orders/pay-again-rules';
import { pricesChanged, startAgainCart } from '@/lib/orders/start-again';
import { PayAgainButton } from './pay-again-button';

type UnpaidOrder = BuyerOrder & { unpaid: NonNullable<BuyerOrder['unpaid']> };

/** Where the buyer changes what they ordered: the first vignette's product page (its cart), or the operator's page. */
function changeHref(order: BuyerOrder): string {
  const [first] = order.items;
  if (first?.kind === 'TOPUP') return `/prepay/${first.operator.id}`;
  const slug = first?.categoryCode ? categoryByCode(first.categoryCode)?.slug : undefined;
  return slug ? `/vignette/${slug}` : '/vignette';
}

/**
 * An order whose payment did not pay (declined, expired, cancelled): why, in words the buyer can act on, that no money
 * was taken, and the ways on: pay the same order again (while it may be), or change the cart, which is kept.
 */
export async function UnpaidOrder({ order, locale }: { order: UnpaidOrder; locale: Locale }) {
  const [t, format] = await Promise.all([
    getTranslations({ locale, namespace: 'PayAgain' }),
    getFormatter({ locale }),
  ]);
  const isTopUp = order.kind === 'TOPUP';
  const vignettes = order.items.flatMap((item) => (item.kind === 'VIGNETTE' ? [item] : []));
  const { reason, payAgainUntil } = order.unpaid;
  // The pay button's own rule, asked before it is offered: the prices of today, as "pay again" compares them.
  const payAgainRefusal =
    order.unpaid.payAgainRefusal ??
    ((await pricesChanged(vignettes, new Date())) ? ('PRICES_CHANGED' as const) : null);
  // Over for good: the same vignettes go back into the cart at today's prices, whatever this browser's cart holds.
  const startAgain =
    !isTopUp && payAgainRefusal && ENDED_FOR_GOOD.includes(payAgainRefusal)
      ? await startAgainCart(vignettes, new Date())
      : [];
  return (
    <section
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4"
      aria-labelledby="unpaid-heading"
    >
      <h2 id="unpaid-heading" className="text-lg font-semibold text-slate-900">
        {t('reasonHeading')}
      </h2>
      <p className="mt-1 text-slate-800" data-testid="decline-reason" data-reason={reason}>
        {t(`reasons.${reason}`)} {t('noMoney')}
      </p>
      {!isProductLineSold(productLineOf(order)) ? (
        <div className="mt-3">
          <ProductLineClosedNotice line={productLineOf(order)} />
        </div>
      ) : payAgainRefusal === null ? (
        <>
          <PayAgainButton
            orderId={order.id}
            texts={{
              // A payment left at the form was never declined: it is paid now, not again.
              button: order.status === 'PENDING_PAYMENT' ? t('payNow') : t('button'),
              busy: t('busy'),
              unavailable: t('unavailable'),
              tooMany: t('tooMany'),
              failed: t('failed'),
              lineClosed: t('lineClosed'),
              refused: Object.fromEntries(
                PAY_AGAIN_REFUSALS.map((refusal) => [refusal, t(`refused.${refusal}`)]),
              ),
            }}
          />
          <p className="text-slate-700">
            {t('until', {
              time: format.dateTime(payAgainUntil, { timeStyle: 'short', timeZone: SHOP_TIME_ZONE }),
            })}
          </p>
        </>
      ) : (
        <p className="mt-3 text-slate-800" data-testid="pay-again-refused">
          {t(`refused.${payAgainRefusal}`)}
        </p>
      )}
      {startAgain.length > 0 && (
        <FillCartButton
          items={startAgain}
          replace
          href={changeHref(order)}
          label={t('startAgain')}
          hint={t('startAgainHint')}
          testId="start-again"
          className="mt-4"
        />
      )}
      <Link
        href={changeHref(order)}
        className="text-brand mt-3 inline-flex min-h-11 items-center font-semibold underline underline-offset-2"
        data-testid="change-cart"
      >
        {isTopUp ? t('changeTopUp') : t('changeCart')}
      </Link>
    </section>
  );
}
