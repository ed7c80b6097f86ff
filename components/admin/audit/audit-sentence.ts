'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import type { AuditEntry } from '@/lib/admin-client/admin-api';
import { formatDay, formatRon } from '@/lib/admin-client/format';
import { isAuditAction } from '@/lib/auth/audit-actions';
import { formatNationalPhone } from '@/lib/phones/romanian-phone';
import { isKeyOf } from '../admin-i18n';

type Details = Record<string, unknown>;

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '—';
const count = (value: unknown): number => (Array.isArray(value) ? value.length : 0);
/** `ORDER_CONFIRMATION #12, DELIVERY_FAILED #13`: the e-mails queued again (lib/mail/dead-letters.ts). */
const messageCount = (value: unknown): number =>
  typeof value === 'string' && value.trim() !== '' ? value.split(', ').length : 0;
const phone = (value: unknown) =>
  typeof value === 'string' && value.startsWith('+40') ? formatNationalPhone(value) : text(value);
const child = (value: unknown): Details =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Details) : {};
/** The list's filters an export was made with, beyond its days (lib/validations/admin-transactions.ts). */
const EXPORT_RANGE_KEYS = new Set(['from', 'to']);

/**
 * What an audit entry records, as one sentence in the reader's language (`Admin.audit.sentences`), with the values of
 * its details: amounts in lei, days and roles and states by their names. An action this screen does not know (one
 * written by a newer server) says so. The entry's JSON stays behind "details" for whoever needs it.
 */
export function useAuditSentence(): (entry: Pick<AuditEntry, 'action' | 'target' | 'details'>) => string {
  const t = useTranslations('Admin');
  const { Admin } = useMessages();
  const locale = useLocale();
  const day = (value: unknown) =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? formatDay(value, locale, 'medium')
      : text(value);

  return ({ action, target, details: stored }) => {
    if (!isAuditAction(action)) return t('audit.sentences.unknown');
    const details = stored ?? {};
    const values: Record<string, string | number> = {};
    switch (action) {
      case 'payment.refund':
        values.amount = typeof details.amountBani === 'number' ? formatRon(details.amountBani, locale) : '—';
        values.reason = text(details.reason);
        values.duplicate = details.duplicatePayment ? 'yes' : 'no';
        break;
      case 'payment.correctItem':
      case 'payment.correctBilling':
      case 'payment.changeEmail':
        values.from = text(details.from);
        values.to = text(details.to);
        break;
      case 'payment.correctPhone':
        values.from = phone(details.from);
        values.to = phone(details.to);
        break;
      case 'payment.resend':
        values.to = text(details.to);
        break;
      case 'payment.mailRetry':
      case 'mail.retryAll':
        values.count = messageCount(details.messages);
        break;
      case 'payment.efacturaResend': {
        values.document = details.document === 'CREDIT_NOTE' ? 'CREDIT_NOTE' : 'INVOICE';
        const status = text(details.previousStatus);
        values.status = isKeyOf(Admin.efactura.statuses, status) ? t(`efactura.statuses.${status}`) : status;
        break;
      }
      case 'user.create': {
        const role = text(details.role);
        values.username = text(details.username);
        values.role = isKeyOf(Admin.roles, role) ? t(`roles.${role}`) : role;
        break;
      }
      case 'user.remove':
      case 'user.resetPassword':
        values.username = text(details.username);
        break;
      case 'export.xml':
      case 'export.excel':
        values.from = day(details.from);
        values.to = day(details.to);
        values.filtered = Object.keys(details).some((key) => !EXPORT_RANGE_KEYS.has(key)) ? 'yes' : 'no';
        break;
      case 'catalog.vignettePrices':
        values.year = text(details.year ?? target);
        values.count = count(details.changes);
        break;
      case 'catalog.topUpProducts':
        values.operators = count(details.operators);
        values.products = count(details.products);
        values.added = count(details.added);
        break;
      case 'catalog.exchangeRate': {
        const [to, from] = [child(details.to), child(details.from)];
        values.day = day(to.date ?? target);
        values.rate = typeof to.RON2HUF === 'number' ? to.RON2HUF.toLocaleString(locale) : text(to.RON2HUF);
        values.before =
          typeof from.RON2HUF === 'number' ? from.RON2HUF.toLocaleString(locale) : t('audit.sentences.none');
        break;
      }
    }
    return t(`audit.sentences.${action}` as Parameters<typeof t>[0], values);
  };
}
