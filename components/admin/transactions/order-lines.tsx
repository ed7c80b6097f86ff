'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type {
  StatusEvent,
  TopUpLine,
  TransactionDetails,
  TransactionProduct,
  VignetteLine,
} from '@/lib/admin-client/admin-api';
import type { OrderEvent } from '@/lib/admin-client/order-actions-api';
import { formatDateTime, formatDay, formatEur, formatHuf, formatRon } from '@/lib/admin-client/format';
import { countyName } from '@/lib/vignettes/counties';
import { isKeyOf } from '../admin-i18n';
import { Facts } from '../ui/facts';
import { StatusBadge } from '../ui/status-badge';
import { RawDetails } from '../ui/raw-details';
import { useActorText, useEventText } from './event-text';
import { DeliveryErrorText } from './provider-answer';
import { useProductNames } from './use-product-names';

/** Plates, references and codes in a fixed-width font, where O and 0 or I and 1 are told apart. */
const mono = (text: string | null | undefined) => text && <span className="font-mono">{text}</span>;

const isVignette = (line: VignetteLine | TopUpLine): line is VignetteLine =>
  'plate' in line && 'firstDay' in line;

/** A line as the transactions list names its products; none for a top-up whose product is unknown. */
function productOf(line: VignetteLine | TopUpLine): TransactionProduct | undefined {
  if (isVignette(line)) {
    return line.categoryCode && line.type
      ? { categoryCode: line.categoryCode, type: line.type, count: 1 }
      : undefined;
  }
  return line.operator && line.faceValue !== undefined && line.delivery
    ? {
        operator: line.operator,
        faceValueCents: Math.round(line.faceValue * 100),
        currency: 'EUR',
        delivery: line.delivery,
        count: 1,
      }
    : undefined;
}

/**
 * What was bought, one card a line headed by its product's name, with what the issuer or the top-up provider
 * answered, and below each what staff can do to that line (`lineActions`, by the line's index).
 */
export function OrderLines({
  order,
  lineActions,
}: {
  order: TransactionDetails;
  lineActions?: (index: number) => ReactNode;
}) {
  const d = useTranslations('Admin.details');
  const names = useProductNames();
  return (
    <section aria-labelledby="order-lines-title" className="space-y-3">
      <h3 id="order-lines-title" className="text-base font-semibold text-slate-900">
        {d('items')}
      </h3>
      <ul className="space-y-3">
        {order.items.map((line, index) => {
          const product = productOf(line);
          return (
            <li key={index} className="rounded-md border border-slate-200 p-3">
              {product && <h4 className="mb-2 font-semibold text-slate-900">{names.name(product)}</h4>}
              {isVignette(line) ? <VignetteFacts line={line} /> : <TopUpFacts line={line} />}
              {lineActions?.(index)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function VignetteFacts({ line }: { line: VignetteLine }) {
  const t = useTranslations('Admin');
  const d = useTranslations('Admin.details');
  const { Admin } = useMessages();
  const locale = useLocale();
  const type =
    line.type && (isKeyOf(Admin.vignetteTypes, line.type) ? t(`vignetteTypes.${line.type}`) : line.type);
  return (
    <Facts
      rows={[
        [
          d('category'),
          line.categoryCode &&
            (isKeyOf(Admin.products, line.categoryCode)
              ? t(`products.${line.categoryCode}`)
              : (line.categoryTitle ?? line.categoryCode)),
        ],
        [d('type'), type],
        [d('county'), line.county && countyName(line.county), !line.county],
        [d('plate'), mono([line.plate, line.country].filter(Boolean).join(' · '))],
        [
          d('validity'),
          line.firstDay &&
            line.lastDay &&
            d('validityRange', {
              from: formatDay(line.firstDay, locale, 'medium'),
              to: formatDay(line.lastDay, locale, 'medium'),
            }),
        ],
        [
          d('price'),
          [line.priceHuf !== null && formatHuf(line.priceHuf, locale), formatRon(line.priceRon, locale)]
            .filter(Boolean)
            .join(' · '),
        ],
        [d('issuerReference'), mono(line.reference)],
        [d('attempts'), line.attempts.toLocaleString(locale)],
        [d('lastError'), line.lastError && <DeliveryErrorText error={line.lastError} />, !line.lastError],
      ]}
    />
  );
}

function TopUpFacts({ line }: { line: TopUpLine }) {
  const d = useTranslations('Admin.details');
  const { Admin } = useMessages();
  const locale = useLocale();
  const delivery = line.delivery
    ? isKeyOf(Admin.details.delivery, line.delivery)
      ? d(`delivery.${line.delivery}`)
      : line.delivery
    : undefined;
  const faceValue =
    line.faceValue === undefined ? line.productId : formatEur(Math.round(line.faceValue * 100), locale);
  return (
    <Facts
      rows={[
        [d('operator'), line.operator ?? line.operatorId],
        [d('faceValue'), faceValue],
        [d('deliveryLabel'), delivery],
        [d('phone'), line.phone],
        [d('price'), formatRon(line.priceRon, locale)],
        [d('providerReference'), mono(line.reference)],
        [
          d('providerCost'),
          line.providerCost &&
            new Intl.NumberFormat(locale, { style: 'currency', currency: line.providerCost.currency }).format(
              line.providerCost.amountMinor / 100,
            ),
          !line.providerCost,
        ],
        [d('pin'), mono(line.pin), !line.pin],
        [d('attempts'), line.attempts.toLocaleString(locale)],
        [d('lastError'), line.lastError && <DeliveryErrorText error={line.lastError} />, !line.lastError],
      ]}
    />
  );
}

/**
 * Every change of the order's state, oldest first: from, to, what happened (in the reader's language when the event
 * has a code) and who. An event that left the state as it was (a correction, a late payment) shows that one state.
 */
export function OrderHistory({
  events,
}: {
  events: (StatusEvent & Partial<Pick<OrderEvent, 'code' | 'params'>>)[];
}) {
  const d = useTranslations('Admin.details');
  const locale = useLocale();
  return (
    <section aria-labelledby="order-history-title" className="space-y-3">
      <h3 id="order-history-title" className="text-base font-semibold text-slate-900">
        {d('history')}
      </h3>
      {events.length === 0 ? (
        <p className="text-sm text-slate-700">{d('noHistory')}</p>
      ) : (
        <ol className="space-y-2 border-l-2 border-slate-200 pl-4">
          {events.map((event, index) => (
            <li key={index} className="text-sm">
              <p className="flex flex-wrap items-center gap-1.5">
                <time dateTime={event.at} className="font-medium text-slate-900">
                  {formatDateTime(event.at, locale)}
                </time>
                {event.from === event.to ? (
                  <StatusBadge status={event.to} />
                ) : (
                  <>
                    {event.from ? (
                      <StatusBadge status={event.from} />
                    ) : (
                      <span className="text-slate-700">{d('created')}</span>
                    )}
                    <span aria-hidden="true">→</span>
                    <span className="sr-only">{d('changedTo')}</span>
                    <StatusBadge status={event.to} />
                  </>
                )}
              </p>
              {(event.reason || event.code || event.actor) && <EventLine event={event} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** What happened and who did it, in the reader's language; what the event was recorded with folded below. */
function EventLine({ event }: { event: StatusEvent & Partial<Pick<OrderEvent, 'code' | 'params'>> }) {
  const eventText = useEventText();
  const actorText = useActorText();
  const { text, raw } = eventText(event);
  return (
    <div className="mt-0.5 break-words text-slate-700">
      <p>{[text, event.actor && actorText(event.actor)].filter(Boolean).join(' · ')}</p>
      <RawDetails value={raw} />
    </div>
  );
}
