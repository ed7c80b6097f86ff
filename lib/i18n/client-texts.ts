import 'server-only';
import type { Messages } from 'next-intl';
import { getMessages } from 'next-intl/server';

/*
 * How a client component gets its texts in this shop: as props, from the server component that renders it. One
 * string is translated there and handed over (`label={t('resend')}`); a group of texts is the component's message
 * namespace, `await clientTexts('CookieBanner')`, which the component types `ClientTexts<'CookieBanner'>` (or as
 * the keys it needs, which the namespace must then have), with `{placeholders}` filled in the browser by `fill()`.
 * The shop's pages have no NextIntlClientProvider and no useTranslations in client components: the provider would
 * ship the ICU message parser to every page (lib/i18n/navigation.ts). The back-office, client-only and outside the
 * page budget, is the one user of the provider (components/admin/admin-i18n.tsx).
 */

/** The texts of one message namespace, as a client component receives them. */
export type ClientTexts<Namespace extends keyof Messages> = Messages[Namespace];

/** One namespace of the request's messages, plain text for a client component's props. */
export async function clientTexts<Namespace extends keyof Messages>(
  namespace: Namespace,
): Promise<ClientTexts<Namespace>> {
  const messages = await getMessages();
  return messages[namespace];
}
