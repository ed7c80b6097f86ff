'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import { formatRon } from '@/lib/admin-client/format';
import type { OrderEvent } from '@/lib/admin-client/order-actions-api';
import { isKeyOf } from '../admin-i18n';

type EventLike = Pick<OrderEvent, 'reason'> & Partial<Pick<OrderEvent, 'code' | 'params'>>;

/** The message of a dotted code (`refund.confirmed`) in a message group, if there is one. */
function messageAt(group: object, code: string): string | undefined {
  let node: unknown = group;
  for (const part of code.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * What an event of the order's history says, in the reader's language: its code's message in `Admin.events` with its
 * values (amounts in bani shown in lei, an order state by its name), or the English `reason` it was recorded with when
 * it has no code or one this screen does not know yet.
 */
export function useEventText(): (event: EventLike) => string {
  const t = useTranslations('Admin');
  const { Admin } = useMessages();
  const locale = useLocale();

  return (event) => {
    const message = event.code ? messageAt(Admin.events, event.code) : undefined;
    if (!event.code || message === undefined) return event.reason;
    const params = event.params ?? {};
    const values: Record<string, string | number> = {};
    // A value the event did not carry shows as a dash rather than breaking the whole line.
    for (const [, name] of message.matchAll(/\{(\w+)/g)) values[name!] = '—';
    for (const [name, value] of Object.entries(params)) {
      if (name === 'amount' && typeof value === 'number') values[name] = formatRon(value, locale);
      else if (name === 'status' && typeof value === 'string' && isKeyOf(Admin.statuses, value))
        values[name] = t(`statuses.${value}`);
      // Items are numbered from 0 where they are stored; people count from 1.
      else if (name === 'position' && typeof value === 'number') values[name] = value + 1;
      else values[name] = value;
    }
    values.hasMessage = typeof params.message === 'string' && params.message.trim() !== '' ? 'yes' : 'no';
    return t(`events.${event.code}` as Parameters<typeof t>[0], values);
  };
}
