import { getMessages, getTranslations } from 'next-intl/server';
import { formatEur } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/routing';
import type { BuyerOrder } from '@/lib/orders/buyer-order';
import { plateWithCountry } from '@/lib/vignettes/countries';
import { countyName } from '@/lib/vignettes/counties';
import { validityText } from '@/lib/vignettes/validity-text';

/*
 * Label and value side by side from the small breakpoint up; on a phone each label above its value, so that a long
 * label ("Număr de înmatriculare") does not squeeze the validity into a column a few words wide.
 */
const FACTS =
  'mt-2 grid grid-cols-1 gap-x-4 text-slate-800 sm:grid-cols-[auto_1fr] sm:gap-y-1 [&>dd]:mb-1.5 sm:[&>dd]:mb-0 [&>dt]:text-sm sm:[&>dt]:text-base';

/**
 * An order's items as the buyer sees them, on the order page and the payment's success page: each vignette with its
 * category and period, vehicle, county, days of validity and id; each top-up with its operator, number (masked),
 * value and reference.
 */
export async function OrderItems({
  order,
  locale,
  refunded = false,
}: {
  order: BuyerOrder;
  locale: Locale;
  /** Money of the order was given back: each vignette says whether it was cancelled at the issuer. */
  refunded?: boolean;
}) {
  const [t, messages] = await Promise.all([
    getTranslations({ locale, namespace: 'OrderPage' }),
    getMessages({ locale }),
  ]);
  /** An item without its id is "being issued" only while the order is paid; after a failure it was not issued. */
  const undelivered = order.status !== 'PAID';
  // An order is paid minutes after it is placed or not at all: its creation stands for the payment's day.
  const paidAt = order.createdAt;
  const periodNames = messages.OrderEmail.types as Record<string, string>;
  return (
    <ul className="mt-6 space-y-3">
      {order.items.map((item) => {
        if (item.kind === 'TOPUP') {
          return (
            <li key={item.key} className="rounded-lg bg-white p-4 shadow-sm" data-testid="order-topup">
              <p className="font-semibold">{t('topUp')}</p>
              <dl className={FACTS}>
                <dt className="text-slate-600">{t('operator')}</dt>
                <dd>
                  {item.operator.name} {item.operator.plan}
                </dd>
                <dt className="text-slate-600">{t('phone')}</dt>
                <dd>{item.phone}</dd>
                <dt className="text-slate-600">{t('faceValue')}</dt>
                <dd>{formatEur(Math.round(item.faceValueEur * 100), locale)}</dd>
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
          <li key={item.key} className="rounded-lg bg-white p-4 shadow-sm" data-testid="order-vignette">
            <p className="font-semibold">
              {t('vignette')} {item.categoryTitle}
              {item.type && periodNames[item.type] ? `, ${periodNames[item.type]}` : ''}
            </p>
            <dl className={FACTS}>
              <dt className="text-slate-600">{t('plate')}</dt>
              <dd>{plateWithCountry(item.plate ?? '', item.country ?? '')}</dd>
              {item.county && (
                <>
                  <dt className="text-slate-600">{t('county')}</dt>
                  <dd>{countyName(item.county)}</dd>
                </>
              )}
              {item.firstDay && item.lastDay && (
                <>
                  <dt className="text-slate-600">{t('validity')}</dt>
                  <dd data-testid="validity">
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
              {/* A refund gives money back; it does not cancel a vignette at the issuer, and the buyer is told so. */}
              {refunded && (
                <>
                  <dt className="text-slate-600">{t('atIssuer')}</dt>
                  <dd data-testid="issuer-cancellation">
                    {item.issuedId ? t('notCancelled') : t('nothingToCancel')}
                  </dd>
                </>
              )}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
