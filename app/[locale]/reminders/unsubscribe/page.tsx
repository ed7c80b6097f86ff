import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { UnsubscribeButton } from '@/components/reminders/unsubscribe-button';
import {
  reminderPageMetadata,
  reminderTokenOf,
  type ReminderPageProps,
} from '@/components/reminders/page-texts';
import { Link } from '@/lib/i18n/navigation';

// The token is the buyer's own: rendered per request, never cached, never indexed.
export const dynamic = 'force-dynamic';

export const generateMetadata = (props: ReminderPageProps): Promise<Metadata> =>
  reminderPageMetadata(props, 'ReminderUnsubscribePage', '/reminders/unsubscribe');

/**
 * `/{lang}/reminders/unsubscribe?token=…`, where a reminder's unsubscribe link leads. Opening it changes nothing (mail
 * scanners open links); its button unsubscribes, with no sign-in (RFC 8058's one-click POST does the same).
 */
export default async function ReminderUnsubscribePage(props: ReminderPageProps) {
  const { locale } = await props.params;
  setRequestLocale(locale);
  const token = await reminderTokenOf(props);
  const t = await getTranslations({ locale, namespace: 'ReminderUnsubscribePage' });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('heading')}</h1>
      <p className="mt-2 text-slate-700">{t('intro')}</p>
      <UnsubscribeButton
        token={token}
        texts={{
          button: t('button'),
          done: t('done'),
          doneHint: t('doneHint'),
          invalid: t('invalid'),
          failed: t('failed'),
        }}
      />
      <Link href="/" className="text-brand mt-6 inline-block underline">
        {t('backHome')}
      </Link>
    </div>
  );
}
