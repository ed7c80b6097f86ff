'use client';

import { useLocale, useTranslations } from 'next-intl';
import {
  ATTENTION_REASONS,
  type AttentionReason,
  type OrderDetails,
} from '@/lib/admin-client/order-actions-api';
import { primaryButton, secondaryButton } from '../ui/styles';

/**
 * "Needs attention (3)": shows only the orders that need a hand, or all again. The count is the server's, whatever the
 * other filters, so that staff see work waiting even while they look elsewhere; the badge shows only when there is.
 */
export function AttentionToggle({
  pressed,
  count,
  onToggle,
}: {
  pressed: boolean;
  /** Unknown until the list has answered. */
  count: number | undefined;
  onToggle: (pressed: boolean) => void;
}) {
  const a = useTranslations('Admin.attention');
  const locale = useLocale();
  const waiting = count !== undefined && count > 0;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={pressed ? primaryButton : secondaryButton}
      onClick={() => onToggle(!pressed)}
    >
      {a('filter')}
      {/* Read as "… (3)", seen as a badge: the visible text stays part of the button's name. */}
      {waiting && (
        <>
          <span className="sr-only"> (</span>
          <span className="min-w-6 rounded-full bg-red-700 px-1.5 text-center text-xs leading-5 font-bold text-white tabular-nums">
            {count.toLocaleString(locale)}
          </span>
          <span className="sr-only">)</span>
        </>
      )}
    </button>
  );
}

/** The row's marker in the list. */
export function AttentionMarker() {
  const a = useTranslations('Admin.attention');
  return <span className="rounded bg-red-100 px-1 font-semibold text-red-900">{a('marker')}</span>;
}

/** Why the order needs a hand, each reason with what to do about it. */
export function AttentionNotice({
  order,
}: {
  order: Pick<OrderDetails, 'needsAttention' | 'attentionReasons'>;
}) {
  const a = useTranslations('Admin.attention');
  if (!order.needsAttention) return null;
  const reasons = (order.attentionReasons ?? []).filter((reason): reason is AttentionReason =>
    (ATTENTION_REASONS as readonly string[]).includes(reason),
  );
  return (
    <section
      aria-labelledby="order-attention-title"
      className="rounded-md border border-red-700/30 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <h3 id="order-attention-title" className="font-semibold">
        {a('title')}
      </h3>
      {reasons.length > 0 && (
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {reasons.map((reason) => (
            <li key={reason}>{a(`reasons.${reason}`)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
