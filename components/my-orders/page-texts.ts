import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { SignInLinkTexts } from '@/components/my-orders/sign-in-link-form';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

/** The e-mail form's texts, for both pages of "my orders". */
export async function signInLinkTexts(locale: Locale): Promise<SignInLinkTexts> {
  const [t, validation] = await Promise.all([
    getTranslations({ locale, namespace: 'MyOrdersPage' }),
    getTranslations({ locale, namespace: 'Validation' }),
  ]);
  return {
    emailLabel: t('emailLabel'),
    submit: t('submit'),
    sending: t('sending'),
    sent: t.raw('sent') as string,
    failed: t('failed'),
    tooMany: t('tooMany'),
    emailInvalid: validation('emailInvalid'),
  };
}

/** The metadata of both pages of "my orders": translated, and never indexed. */
export async function myOrdersMetadata(locale: Locale, path: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'MyOrdersPage.meta' });
  return pageMetadata({ locale, path, title: t('title'), description: t('description'), noindex: true });
}
