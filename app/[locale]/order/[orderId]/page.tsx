import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { cookies, headers } from 'next/headers';
import { NotFoundView } from '@/components/not-found/not-found-view';
import { CheckoutSettled } from '@/components/order/checkout-settled';
import { OrderItems } from '@/components/order/order-items';
import { OrderReference } from '@/components/order/order-reference';
import { ResendConfirmation } from '@/components/order/resend-confirmation';
import { UnpaidOrder } from '@/components/order/unpaid-order';
import { TooManyRequestsPage, UnavailablePage } from '@/components/errors/unavailable-page';
import { COMPANY, officeHours } from '@/lib/company';
import { getDb } from '@/lib/db/client';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { buyerCreditNotesOf, type BuyerCreditNote } from '@/lib/invoices/credit-note';
import type { Locale } from '@/lib/i18n/routing';
import { pageFailure } from '@/lib/log/page-failure';
import { toBuyerOrder, type BuyerOrder } from '@/lib/orders/buyer-order';
import {
  DOCUMENT_TOKEN_PARAM,
  holdsDocumentAccess,
  ORDER_DOCUMENTS_COOKIE,
} from '@/lib/orders/document-access';
import { LIMITED_RETRY_AFTER_SECONDS, ORDER_LOOKUP_HEADER } from '@/lib/orders/order-lookup';
import { loadOrder } from '@/lib/orders/order-read';
import { RESEND_INTERVAL_MS } from '@/lib/orders/resend';
import { pageMetadata } from '@/lib/seo/metadata';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import { pageLocale } from '@/lib/i18n/page-locale';

interface Props {
  params: Promise<{ locale: Locale; orderId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

// A buyer's own order: read from the database on every visit, never cached, never indexed.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const { orderId } = await params;
  const t = await getTranslations({ locale, namespace: 'OrderPage.meta' });
  return pageMetadata({
    locale,
    path: `/order/${orderId}`,
    title: t('title'),
    description: t('description'),
    noindex: true,
  });
}

export default async function OrderPage({ params, searchParams }: Props) {
  const { locale, orderId } = await params;
  // The key to the documents: the e-mail's link (`?t=`), or the cookie of the browser that placed the order.
  const given = (await searchParams)[DOCUMENT_TOKEN_PARAM];
  const token = typeof given === 'string' ? given : undefined;
  const cookie = (await cookies()).get(ORDER_DOCUMENTS_COOKIE)?.value;
  setRequestLocale(locale);
  // proxy.ts looked the order up before this page ran (docs/decisions/0018): an unknown order never gets here, and a
  // database found away is not waited for a second time, and a visitor over the order reads' limit reads nothing.
  const lookup = (await headers()).get(ORDER_LOOKUP_HEADER);
  if (lookup === 'unavailable') return <UnavailablePage />;
  if (lookup === 'limited') return <TooManyRequestsPage retryAfterSeconds={LIMITED_RETRY_AFTER_SECONDS} />;
  let order: BuyerOrder | undefined;
  let creditNotes: BuyerCreditNote[] = [];
  let mayDownload = false;
  try {
    const db = await getDb();
    const loaded = await loadOrder(db, orderId);
    order = loaded && toBuyerOrder(loaded);
    if (order?.hasInvoice) {
      [creditNotes, mayDownload] = await Promise.all([
        buyerCreditNotesOf(db, orderId),
        holdsDocumentAccess(db, orderId, { token, cookie }),
      ]);
    }
  } catch (error) {
    if (isDatabaseUnavailable(error)) return <UnavailablePage />;
    throw await pageFailure('order', error);
  }
  // Only when the proxy's look-up had no answer: the same view as its 404, with the status already sent (200).
  if (!order) return <NotFoundView />;
  const [t, format] = await Promise.all([getTranslations('OrderPage'), getFormatter()]);
  const isTopUp = order.kind === 'TOPUP';
  const lei = (bani: number) => format.number(bani / 100, { style: 'currency', currency: 'RON' });
  // Part of the order delivered: what was is valid, and what the page promises covers only the rest.
  const statusText = order.partlyFailed
    ? t('statusPartlyFailed', {
        delivered: order.partlyFailed.delivered,
        missing: order.partlyFailed.undelivered.length,
        plates: order.partlyFailed.undelivered.join(', '),
        amount: lei(order.partlyFailed.refundableBani),
      })
    : isTopUp &&
        (order.status === 'PAID' || order.status === 'FULFILLED' || order.status === 'FULFILLMENT_FAILED')
      ? t(`topUpStatus.${order.status}`)
      : // A payment left at the provider's form waits for nothing: the page says so above its "pay now".
        order.status === 'PENDING_PAYMENT' && order.unpaid
        ? t('statusNotFinished')
        : t(`status.${order.status}`);
  // A payment left at the provider's form is not under way: the page offers to pay it instead of waiting.
  const inProgress = (order.status === 'PENDING_PAYMENT' && !order.unpaid) || order.status === 'PAID';
  // The e-mail's key goes along with each download; the placing browser's cookie goes by itself.
  const documentUrl = (query = '') => {
    const search = new URLSearchParams(query);
    if (token) search.set(DOCUMENT_TOKEN_PARAM, token);
    const suffix = search.size ? `?${search}` : '';
    return `/api/orders/${encodeURIComponent(order.id)}/invoice${suffix}`;
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {/* While the payment or the issuing is under way, the page refreshes itself until the state settles. */}
      {inProgress && <meta httpEquiv="refresh" content="3" />}
      <CheckoutSettled orderId={order.id} paid={order.hasInvoice} />
      <h1 className="text-3xl font-bold text-slate-900">{t('heading')}</h1>
      <OrderReference reference={order.reference} orderId={order.id} locale={locale} />
      <p
        role="status"
        data-testid="order-status"
        data-status={order.status}
        className="mt-6 rounded-lg bg-white p-4 text-lg shadow-sm"
      >
        {statusText}
      </p>
      {order.unpaid && <UnpaidOrder order={{ ...order, unpaid: order.unpaid }} locale={locale} />}
      {/* A delivery that failed or a refund under way: the buyer learns whom to ask, as the e-mail says too. */}
      {(order.status === 'FULFILLMENT_FAILED' || order.status === 'REFUND_PENDING') && (
        <p className="mt-3 text-slate-800" data-testid="order-help">
          {t('help', { phone: COMPANY.phone, email: COMPANY.email, hours: officeHours })}
        </p>
      )}
      <OrderItems
        order={order}
        locale={locale}
        refunded={creditNotes.some((note) => note.kind === 'REFUND')}
      />
      <p className="mt-6 text-lg font-semibold">{t('total', { amount: lei(order.amountBani) })}</p>
      <p className="mt-1 text-slate-600">{t('email', { email: order.email })}</p>
      {order.hasInvoice && (
        <section className="mt-6" aria-labelledby="documents-heading">
          <h2 id="documents-heading" className="text-lg font-semibold text-slate-900">
            {t('documents')}
          </h2>
          {mayDownload ? (
            <ul className="mt-1">
              <li>
                <a
                  href={documentUrl()}
                  download
                  className="text-brand inline-flex min-h-11 items-center font-semibold underline underline-offset-2"
                  data-testid="invoice-download"
                >
                  {t('invoice')}
                </a>
              </li>
              {/* Each credit note by its number, amount and date: two refunds never read as one link twice. */}
              {creditNotes.map((note) => (
                <li key={note.id}>
                  <a
                    href={documentUrl(`type=credit-note&creditNoteId=${note.id}`)}
                    download
                    className="text-brand inline-flex min-h-11 items-center font-semibold underline underline-offset-2"
                    data-testid="credit-note-download"
                  >
                    {note.kind === 'REFUND'
                      ? t('creditNoteRefund', {
                          number: note.number,
                          amount: lei(note.totalBani),
                          date: format.dateTime(note.issuedAt, {
                            dateStyle: 'medium',
                            timeZone: SHOP_TIME_ZONE,
                          }),
                        })
                      : t('creditNoteCorrection', {
                          number: note.number,
                          date: format.dateTime(note.issuedAt, {
                            dateStyle: 'medium',
                            timeZone: SHOP_TIME_ZONE,
                          }),
                        })}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <>
              <p className="mt-1 text-slate-700">{t('documentsByEmail', { email: order.email })}</p>
              <ResendConfirmation
                orderId={order.id}
                action="documents"
                label={t('sendDocuments')}
                sentText={t('documentsSent')}
                waitText={t.raw('documentsWait') as string}
                failedText={t('documentsFailed')}
                intervalSeconds={RESEND_INTERVAL_MS / 1000}
              />
            </>
          )}
        </section>
      )}
      {order.status === 'FULFILLED' && (
        <ResendConfirmation
          orderId={order.id}
          label={t('resend')}
          sentText={t('resent')}
          waitText={t.raw('resendWait') as string}
          failedText={t('resendFailed')}
          intervalSeconds={RESEND_INTERVAL_MS / 1000}
        />
      )}
    </div>
  );
}
