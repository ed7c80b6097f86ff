import { FillCartButton } from '@/components/cart/fill-cart-button';
import { getTranslations } from 'next-intl/server';
import { ResendConfirmation } from '@/components/order/resend-confirmation';
import type { MyOrder, SameAgainCartItem } from '@/lib/buyers/my-orders';
import { formatDay, formatRon } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/routing';
import { RESEND_INTERVAL_MS } from '@/lib/orders/resend';
import { calendarDayIn, SHOP_TIME_ZONE } from '@/lib/time-zones';
import { categoryByCode } from '@/lib/vignettes/categories';
import { plateWithCountry } from '@/lib/vignettes/countries';
import { countyName } from '@/lib/vignettes/counties';

const LINK = 'text-brand inline-flex min-h-11 items-center font-semibold underline underline-offset-2';

/** One order of the list with its "same again" lines, priced for today. */
export interface ListedOrder {
  order: MyOrder;
  sameAgain: SameAgainCartItem[];
}

/**
 * The orders of the session's e-mail, newest first, one card each: its reference, status, day and total; each
 * vignette with its vehicle and whether it is active, to come or over; each top-up; the documents; re-send; and "buy
 * the same again".
 */
export async function MyOrdersList({ orders, locale }: { orders: ListedOrder[]; locale: Locale }) {
  const [t, orderTexts] = await Promise.all([
    getTranslations({ locale, namespace: 'MyOrdersPage' }),
    getTranslations({ locale, namespace: 'OrderPage' }),
  ]);
  if (!orders.length)
    return (
      <p className="mt-6 text-slate-800" data-testid="my-orders-empty">
        {t('empty')}
      </p>
    );
  return (
    <ul className="mt-6 space-y-4" data-testid="my-orders-list">
      {orders.map(({ order, sameAgain }) => {
        const productSlug = sameAgain[0] && categoryByCode(sameAgain[0].categoryCode)?.slug;
        const download = (query: string) => `/api/orders/${encodeURIComponent(order.id)}/invoice?${query}`;
        return (
          <li key={order.id} className="rounded-lg bg-white p-4 shadow-sm" data-testid="my-order">
            <h2 className="text-lg font-semibold text-slate-900">
              {t('order', { reference: order.reference })}
            </h2>
            <p className="text-slate-700">
              {t('placedOn', {
                date: formatDay(calendarDayIn(SHOP_TIME_ZONE, new Date(order.createdAt)), locale, 'long'),
              })}{' '}
              ·{' '}
              <span data-testid="my-order-status" data-status={order.status}>
                {t(`status.${order.status}`)}
              </span>
            </p>
            <ul className="mt-3 space-y-2">
              {order.vignettes.map((vignette) => (
                <li
                  key={vignette.key}
                  data-testid="my-order-vignette"
                  data-standing={vignette.standing ?? ''}
                >
                  <p className="font-medium text-slate-900">
                    {orderTexts('vignette')} {vignette.categoryTitle} ·{' '}
                    <span className="font-mono">
                      {plateWithCountry(vignette.plate ?? '', vignette.country ?? '')}
                    </span>
                    {vignette.county ? ` · ${countyName(vignette.county)}` : ''}
                  </p>
                  <p className="text-slate-700">
                    {vignette.standing && vignette.firstDay && vignette.lastDay
                      ? t(`standing.${vignette.standing}`, {
                          first: formatDay(vignette.firstDay, locale, 'long'),
                          last: formatDay(vignette.lastDay, locale, 'long'),
                        })
                      : t('notIssued')}
                  </p>
                </li>
              ))}
              {order.topUps.map((topUp) => (
                <li key={topUp.key} data-testid="my-order-topup">
                  <p className="font-medium text-slate-900">{orderTexts('topUp')}</p>
                  <p className="text-slate-700">
                    {t('topUpLine', {
                      operator: `${topUp.operator.name} ${topUp.operator.plan}`,
                      value: new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(
                        topUp.faceValueEur,
                      ),
                      phone: topUp.phone,
                    })}
                  </p>
                </li>
              ))}
            </ul>
            <p className="mt-3 font-semibold text-slate-900">
              {t('total', { amount: formatRon(order.amountBani, locale) })}
            </p>
            <ul className="mt-2">
              <li>
                <a
                  href={`/${locale}/order/${encodeURIComponent(order.id)}?${order.documentQuery}`}
                  className={LINK}
                >
                  {t('openOrder', { reference: order.reference })}
                </a>
              </li>
              {order.documents &&
                [
                  { key: 'invoice', text: t('invoice'), query: order.documents.invoice },
                  ...order.documents.creditNotes.map((note) => ({
                    key: `credit-note-${note.id}`,
                    text: t('creditNote'),
                    query: note.query,
                  })),
                ].map((document) => (
                  <li key={document.key}>
                    <a
                      href={download(document.query)}
                      download
                      className={LINK}
                      data-testid={`my-order-${document.key}`}
                    >
                      {document.text}
                    </a>
                  </li>
                ))}
            </ul>
            {order.mayResend && (
              <ResendConfirmation
                orderId={order.id}
                label={orderTexts('resend')}
                sentText={orderTexts('resent')}
                waitText={orderTexts.raw('resendWait') as string}
                failedText={orderTexts('resendFailed')}
                intervalSeconds={RESEND_INTERVAL_MS / 1000}
              />
            )}
            {productSlug && (
              <FillCartButton
                items={sameAgain}
                href={`/vignette/${productSlug}`}
                label={t('sameAgain')}
                hint={t('sameAgainHint')}
                testId="my-orders-same-again"
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
