'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import { formatRon } from '@/lib/admin-client/format';
import type { OrderEvent } from '@/lib/admin-client/order-actions-api';
import { deliveryErrorOf, paymentFailureOf, refundAnswerOf } from '@/lib/admin-client/provider-answers';
import { orderEventActorKey } from '@/lib/orders/event-codes';
import { isKeyOf } from '../admin-i18n';

type EventLike = Pick<OrderEvent, 'reason'> & Partial<Pick<OrderEvent, 'code' | 'params'>>;

/** What the history says of an event: a line in the reader's language, and what it was recorded with, raw. */
export interface EventText {
  text: string;
  /** The provider's own words, or the English reason of an event this screen cannot describe; behind "details". */
  raw?: string;
}

/** The message of a dotted code (`refund.confirmed`) in a message group, if there is one. */
function messageAt(group: object, code: string): string | undefined {
  let node: unknown = group;
  for (const part of code.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * What an event of the order's history says, in the reader's language: its code's message in `Admin.events` with its
 * values (amounts in bani shown in lei, an order state by its name, a provider's answer by what it means), the
 * provider's words behind "details". An event with no code, or one this screen does not know yet, says so, with the
 * English `reason` it was recorded with behind "details".
 */
export function useEventText(): (event: EventLike) => EventText {
  const t = useTranslations('Admin');
  const { Admin } = useMessages();
  const locale = useLocale();

  return (event) => {
    const message = event.code ? messageAt(Admin.events, event.code) : undefined;
    if (!event.code || message === undefined) return { text: t('events.unknown'), raw: event.reason };
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
    let raw: string | undefined;
    let hasMessage = nonEmpty(params.message);
    if (event.code === 'payment.failed') {
      const why = paymentFailureOf(params);
      raw = [params.code, params.message].filter(nonEmpty).join(': ') || undefined;
      hasMessage = raw !== undefined;
      values.message = t(`providerAnswers.payment.${why}`);
    } else if (event.code === 'delivery.failed' && nonEmpty(params.error)) {
      raw = params.error;
      values.error = t(`providerAnswers.delivery.${deliveryErrorOf(params.error)}`);
    } else if (event.code === 'refund.refused' && nonEmpty(params.message)) {
      raw = params.message;
      values.message = t(`providerAnswers.refund.${refundAnswerOf(params.message)}`);
    }
    values.hasMessage = hasMessage ? 'yes' : 'no';
    return { text: t(`events.${event.code}` as Parameters<typeof t>[0], values), raw };
  };
}

/** Who recorded an event: the buyer, a provider, a job in the reader's language; a staff member by user name. */
export function useActorText(): (actor: string) => string {
  const d = useTranslations('Admin.details');
  return (actor) => {
    const key = orderEventActorKey(actor);
    return key ? d(`actors.${key}`) : d('by', { actor });
  };
}

/** An actor by name: the buyer, a provider, a job in the reader's language ("the buyer"); a staff member as is. */
export function useActorName(): (actor: string) => string {
  const d = useTranslations('Admin.details');
  return (actor) => {
    const key = orderEventActorKey(actor);
    return key ? d(`actorNames.${key}`) : actor;
  };
}
