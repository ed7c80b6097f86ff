import 'server-only';

import { eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { KEPT_FORMATTERS } from '@/lib/i18n/kept-formatters';
import { COMPANY } from '@/lib/company';
import { addDays } from '@/lib/dates/calendar-dates';
import type { Db } from '@/lib/db/client';
import { expiryReminders, orderItems, orders, refunds, type outbox } from '@/lib/db/schema';
import { formatDay } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/routing';
import {
  reminderToken,
  sameAgainUrl,
  stillWanted,
  unsubscribePageUrl,
  unsubscribeUrl,
} from '@/lib/reminders/expiry-reminders';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import { HUNGARIAN_COUNTIES } from '@/lib/vignettes/counties';
import type { VignetteType } from '@/lib/vignettes/periods';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import { mailLocale, renderLinkLetter, type MailFrame } from './layout';
import type { MailMessage } from './mailer';
import { OBSOLETE } from './mail-kinds';

// Each language's book, of which only this e-mail's namespace travels with the translator.
const BOOKS: Record<Locale, typeof ro> = { ro, en, de, hu };

export interface ExpiryReminderData {
  locale: Locale;
  email: string;
  reference: string;
  plate: string;
  type: VignetteType;
  county?: string;
  lastDay: string;
  againUrl: string;
  /** The page with the unsubscribe button, for a reader whose mail client shows no one-click unsubscribe. */
  unsubscribePageUrl: string;
}

/** The reminder e-mail, in the buyer's language; every value is escaped in the HTML. */
export function renderExpiryReminder(data: ExpiryReminderData): {
  subject: string;
  text: string;
  html: string;
} {
  const locale = mailLocale(data.locale);
  const t = createTranslator({
    ...KEPT_FORMATTERS,
    locale,
    messages: { ExpiryReminderEmail: BOOKS[locale].ExpiryReminderEmail },
    namespace: 'ExpiryReminderEmail',
    timeZone: SHOP_TIME_ZONE,
  });
  const lastDay = formatDay(data.lastDay, locale);
  const nextDay = formatDay(addDays(data.lastDay, 1), locale);
  const frame: MailFrame = {
    lang: locale,
    subject: t('subject', { plate: data.plate, lastDay }),
    preheader: t('preheader', { nextDay }),
    heading: t('heading'),
    signOff: [t('signOff'), t('team', { brand: COMPANY.brand })],
    footer: [`${COMPANY.name} · ${COMPANY.headquarters}`, t('sentTo', { email: data.email })],
  };
  return renderLinkLetter(
    frame,
    [
      t('greeting'),
      t('intro', { period: t(`periods.${data.type}`), plate: data.plate, lastDay }),
      ...(data.county ? [t('county', { county: data.county })] : []),
      t('againText', { nextDay }),
      { url: data.againUrl, button: t('againButton') },
      t('why', { reference: data.reference, brand: COMPANY.brand }),
      t('unsubscribeText'),
      { url: data.unsubscribePageUrl, button: t('unsubscribeButton') },
    ],
    t,
  );
}

type OutboxRow = typeof outbox.$inferSelect;

/**
 * The reminder of an outbox row (lib/reminders/expiry-reminders.ts), to the order's address, with the one-click
 * unsubscribe headers of RFC 8058. Not sent ({@link OBSOLETE}) when, since it was chosen, the buyer unsubscribed,
 * the order was refunded or is being refunded, or the order is gone.
 */
export async function expiryReminderMessage(
  db: Db,
  row: OutboxRow,
): Promise<MailMessage | typeof OBSOLETE | null> {
  const reminderId = Number(row.details?.reminderId);
  if (!Number.isInteger(reminderId) || reminderId <= 0) return null;
  const [found] = await db
    .select({ order: orders, item: orderItems })
    .from(expiryReminders)
    .innerJoin(orders, eq(orders.id, expiryReminders.orderId))
    .innerJoin(orderItems, eq(orderItems.id, expiryReminders.orderItemId))
    .where(eq(expiryReminders.id, reminderId));
  if (!found) return OBSOLETE;
  const { order, item } = found;
  if (!['FULFILLED', 'FULFILLMENT_FAILED'].includes(order.status)) return OBSOLETE;
  const given = await db
    .select({ status: refunds.status, paymentId: refunds.providerPaymentId })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  if (given.some((refund) => refund.status !== 'REFUSED' && !refund.paymentId)) return OBSOLETE;
  if (!(await stillWanted(db, order.email, order.reminderConsentAt))) return OBSOLETE;
  if (!item.vignetteType || !item.lastDay || !item.plate) return null;
  const locale = mailLocale(order.locale);
  const [unsubscribeToken, againToken] = await Promise.all([
    reminderToken(db, reminderId, 'unsubscribe'),
    reminderToken(db, reminderId, 'again'),
  ]);
  const rendered = renderExpiryReminder({
    locale,
    email: order.email,
    reference: order.reference ?? order.id,
    plate: item.plate,
    type: item.vignetteType,
    county: HUNGARIAN_COUNTIES.find((county) => county.id === item.county)?.name,
    lastDay: item.lastDay,
    againUrl: sameAgainUrl(locale, againToken),
    unsubscribePageUrl: unsubscribePageUrl(locale, unsubscribeToken),
  });
  return {
    to: order.email,
    ...rendered,
    attachments: [],
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl(locale, unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
