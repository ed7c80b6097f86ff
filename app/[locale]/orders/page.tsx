import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { cookies } from 'next/headers';
import { MyOrdersList, type ListedOrder } from '@/components/my-orders/my-orders-list';
import { SignInLinkForm } from '@/components/my-orders/sign-in-link-form';
import { SignOutButton } from '@/components/my-orders/sign-out-button';
import { UnavailablePage } from '@/components/errors/unavailable-page';
import { listMyOrders, sameAgainCart } from '@/lib/buyers/my-orders';
import { BUYER_SESSION_COOKIE } from '@/lib/buyers/session-cookie';
import { findBuyerSession } from '@/lib/buyers/sign-in';
import { getDb } from '@/lib/db/client';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import type { Locale } from '@/lib/i18n/routing';
import { pageFailure } from '@/lib/log/page-failure';
import { myOrdersMetadata, signInLinkTexts } from '@/components/my-orders/page-texts';
import { pageLocale } from '@/lib/i18n/page-locale';

interface Props {
  params: Promise<{ locale: Locale }>;
}

// A buyer's own orders: read on every visit from the session cookie, never cached, never indexed.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return myOrdersMetadata(await pageLocale(params), '/orders');
}

/** `/{lang}/orders`: with a session, its e-mail's orders; without one, the form that mails a sign-in link. */
export default async function MyOrdersPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const cookie = (await cookies()).get(BUYER_SESSION_COOKIE)?.value;
  let session: { email: string; orders: ListedOrder[] } | null = null;
  try {
    const db = await getDb();
    const found = await findBuyerSession(db, cookie);
    if (found) {
      const orders = await listMyOrders(db, found.email);
      session = {
        email: found.email,
        orders: await Promise.all(
          orders.map(async (order) => ({ order, sameAgain: await sameAgainCart(order.sameAgain) })),
        ),
      };
    }
  } catch (error) {
    if (isDatabaseUnavailable(error)) return <UnavailablePage />;
    throw await pageFailure('my-orders', error);
  }
  const t = await getTranslations({ locale, namespace: 'MyOrdersPage' });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('heading')}</h1>
      {session ? (
        <>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
            <p className="break-all text-slate-700" data-testid="my-orders-email">
              {t('signedInAs', { email: session.email })}
            </p>
            <SignOutButton label={t('signOut')} />
          </div>
          <MyOrdersList orders={session.orders} locale={locale} />
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-700">{t('intro')}</p>
          <SignInLinkForm locale={locale} texts={await signInLinkTexts(locale)} />
        </>
      )}
    </div>
  );
}
