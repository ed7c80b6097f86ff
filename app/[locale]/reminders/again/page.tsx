import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { UnavailablePage } from '@/components/errors/unavailable-page';
import { FillCartFromReminder } from '@/components/reminders/fill-cart-from-reminder';
import {
  reminderPageMetadata,
  reminderTokenOf,
  type ReminderPageProps,
} from '@/components/reminders/page-texts';
import { Link } from '@/lib/i18n/navigation';
import { sameAgainCart, type SameAgainCartItem } from '@/lib/buyers/my-orders';
import { reminderSameAgain } from '@/lib/buyers/reminder-again';
import { getDb } from '@/lib/db/client';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { pageFailure } from '@/lib/log/page-failure';
import { categoryByCode } from '@/lib/vignettes/categories';

// The token is the buyer's own: rendered per request, never cached, never indexed.
export const dynamic = 'force-dynamic';

export const generateMetadata = (props: ReminderPageProps): Promise<Metadata> =>
  reminderPageMetadata(props, 'ReminderAgainPage', '/reminders/again');

/**
 * `/{lang}/reminders/again?token=…`, an expiry reminder's "buy the same again": the reminded vignette goes in the cart
 * from the day after it ends, and the vignette page opens. No sign-in: the token is signed and names one vignette.
 */
export default async function ReminderAgainPage(props: ReminderPageProps) {
  const { locale } = await props.params;
  setRequestLocale(locale);
  const token = await reminderTokenOf(props);
  let found: { lines: SameAgainCartItem[] } | null = null;
  try {
    const vignette = await reminderSameAgain(await getDb(), token);
    found = vignette && { lines: await sameAgainCart([vignette]) };
  } catch (error) {
    if (isDatabaseUnavailable(error)) return <UnavailablePage />;
    throw await pageFailure('reminder-again', error);
  }
  const t = await getTranslations({ locale, namespace: 'ReminderAgainPage' });
  const slug = found?.lines[0] && categoryByCode(found.lines[0].categoryCode)?.slug;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('heading')}</h1>
      {found && slug ? (
        <>
          <FillCartFromReminder
            lines={found.lines}
            productPath={`/vignette/${slug}`}
            token={token}
            label={t('filling')}
          />
          <Link
            href={`/vignette/${slug}`}
            prefetch={false}
            className="text-brand mt-4 inline-block underline"
          >
            {t('continue')}
          </Link>
        </>
      ) : (
        <p role="alert" className="mt-4 text-slate-800" data-testid="reminder-again-problem">
          {found ? t('unavailable') : t('invalid')}
        </p>
      )}
    </div>
  );
}
