import 'server-only';

import { eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { KEPT_FORMATTERS } from '@/lib/i18n/kept-formatters';
import { signingSecret } from '@/lib/auth/tokens';
import { parseSecretToken, unsealToken } from '@/lib/security/secret-tokens';
import { COMPANY } from '@/lib/company';
import { getConfig } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { buyerSignInLinks } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/routing';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import { mailLocale, renderLinkLetter, type MailFrame } from './layout';
import type { MailMessage } from './mailer';
import { OBSOLETE, type MailKind, type OutboxRow } from './mail-kinds';

// Each language's book, of which only this e-mail's namespace travels with the translator.
const BOOKS: Record<Locale, typeof ro> = { ro, en, de, hu };

/** The outbox kind of the sign-in link's e-mail (queued by lib/buyers/sign-in.ts). */
export const BUYER_SIGN_IN = 'BUYER_SIGN_IN' satisfies MailKind;

/** The page a sign-in link opens: its button redeems the token (a mail scanner's prefetch spends nothing). */
export const signInPageUrl = (locale: string, token: string) =>
  `${getConfig().siteUrl}/${locale}/orders/sign-in?token=${encodeURIComponent(token)}`;

export interface BuyerSignInData {
  locale: Locale;
  email: string;
  url: string;
  /** The orders page, to ask for another link. */
  ordersUrl: string;
}

/** The e-mail with a buyer's sign-in link, in the language the buyer asked in; every value is escaped in the HTML. */
export function renderBuyerSignIn(data: BuyerSignInData): { subject: string; text: string; html: string } {
  const locale = mailLocale(data.locale);
  const t = createTranslator({
    ...KEPT_FORMATTERS,
    locale,
    messages: { MyOrdersEmail: BOOKS[locale].MyOrdersEmail },
    namespace: 'MyOrdersEmail',
    timeZone: SHOP_TIME_ZONE,
  });
  const frame: MailFrame = {
    lang: locale,
    subject: t('subject', { brand: COMPANY.brand }),
    preheader: t('preheader'),
    heading: t('heading'),
    signOff: [t('signOff'), t('team', { brand: COMPANY.brand })],
    footer: [`${COMPANY.name} · ${COMPANY.headquarters}`, t('sentTo', { email: data.email })],
  };
  return renderLinkLetter(
    frame,
    [
      t('greeting'),
      t('intro', { brand: COMPANY.brand }),
      t('validity'),
      { url: data.url, button: t('button') },
      t('notAsked'),
      t('askAgain'),
      { url: data.ordersUrl, button: t('ordersButton') },
    ],
    t,
  );
}

/**
 * The sign-in e-mail of an outbox row (lib/buyers/sign-in.ts), to the address it was asked for. A link used,
 * expired or deleted before its e-mail went out, or sealed under a secret changed since, is not sent
 * ({@link OBSOLETE}).
 */
export async function buyerSignInMessage(
  db: Db,
  row: OutboxRow,
): Promise<MailMessage | typeof OBSOLETE | null> {
  const { linkId, token: sealed } = row.details ?? {};
  if (!linkId || !sealed || !row.recipient) return null;
  const token = unsealToken(sealed, await signingSecret(db));
  // Sealed under a secret changed since (JWT_SECRET): the link cannot be written out, and the buyer asks again.
  if (!token) return OBSOLETE;
  if (parseSecretToken(token)?.id !== linkId) return null;
  const [link] = await db.select().from(buyerSignInLinks).where(eq(buyerSignInLinks.id, linkId));
  // A link no longer there expired a day ago and was deleted (lib/buyers/sign-in.ts).
  if (!link || link.usedAt || link.expiresAt <= new Date()) return OBSOLETE;
  const locale = mailLocale(link.locale);
  const rendered = renderBuyerSignIn({
    locale,
    email: row.recipient,
    url: signInPageUrl(locale, token),
    ordersUrl: `${getConfig().siteUrl}/${locale}/orders`,
  });
  return { to: row.recipient, ...rendered, attachments: [] };
}
