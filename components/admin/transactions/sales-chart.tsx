'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useRef } from 'react';
import type { DailySales } from '@/lib/admin-client/admin-api';
import { formatDay, formatRon } from '@/lib/admin-client/format';
import { useElementWidth } from '@/lib/admin-client/use-element-width';
import { axisTicks, labelEvery } from './chart-scale';

const HEIGHT = 240;
const MARGIN = { top: 12, right: 8, bottom: 32, left: 64 };

const compactFormats = new Map<string, Intl.NumberFormat>();
/** Axis values in lei, short: "1,5 K" rather than "1.500,00 RON". */
function compactLei(lei: number, locale: string) {
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(locale, format);
  }
  return format.format(lei);
}

const shortDay = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * Sales per day over the chosen range, in lei: a bar a day on a value axis with round ticks, the days written
 * underneath as far as they fit. The SVG is one image to assistive technology, named by a summary of the period
 * (total, orders, best day); the figures themselves are in a table that opens below.
 */
export function SalesChart({ days }: { days: DailySales[] }) {
  const c = useTranslations('Admin.chart');
  const locale = useLocale();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box, 720);

  const plotWidth = Math.max(width - MARGIN.left - MARGIN.right, 10);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const maxLei = Math.max(0, ...days.map((day) => day.amountRon / 100));
  const ticks = axisTicks(maxLei);
  const top = ticks[ticks.length - 1] || 1;
  const band = days.length ? plotWidth / days.length : plotWidth;
  const barWidth = Math.max(band * 0.7, 1);
  const every = labelEvery(days.length, plotWidth);
  const y = (lei: number) => MARGIN.top + plotHeight - (lei / top) * plotHeight;

  const totalBani = days.reduce((sum, day) => sum + day.amountRon, 0);
  const totalCount = days.reduce((sum, day) => sum + day.count, 0);
  const best = days.reduce<DailySales | undefined>(
    (found, day) => (!found || day.amountRon > found.amountRon ? day : found),
    undefined,
  );
  const first = days[0]?.day;
  const last = days[days.length - 1]?.day;
  const range = first && last && { from: formatDay(first, locale), to: formatDay(last, locale) };
  const summary = !range
    ? c('noDays')
    : best && best.amountRon > 0
      ? c('summary', {
          ...range,
          count: totalCount,
          amount: formatRon(totalBani, locale),
          bestDay: formatDay(best.day, locale),
          bestAmount: formatRon(best.amountRon, locale),
        })
      : c('summaryEmpty', range);

  return (
    <figure className="space-y-3" data-testid="sales-chart">
      <figcaption>
        <h2 className="text-lg font-semibold text-slate-900">{c('title')}</h2>
        <p id={`${id}-summary`} className="text-sm text-slate-700">
          {summary}
        </p>
      </figcaption>
      <div ref={box} className="w-full">
        <svg
          role="img"
          aria-labelledby={`${id}-summary`}
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block max-w-full text-slate-700"
        >
          <text
            x={12}
            y={MARGIN.top + plotHeight / 2}
            transform={`rotate(-90 12 ${MARGIN.top + plotHeight / 2})`}
            textAnchor="middle"
            className="fill-current text-[11px]"
          >
            {c('axisLei')}
          </text>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={MARGIN.left + plotWidth}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-slate-200"
              />
              <text
                x={MARGIN.left - 6}
                y={y(tick)}
                dy="0.32em"
                textAnchor="end"
                className="fill-current text-[11px] tabular-nums"
              >
                {compactLei(tick, locale)}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const lei = day.amountRon / 100;
            const x = MARGIN.left + index * band + (band - barWidth) / 2;
            const barTop = y(lei);
            return (
              <g key={day.day}>
                <rect
                  data-testid="sales-bar"
                  data-day={day.day}
                  x={x}
                  y={barTop}
                  width={barWidth}
                  height={Math.max(MARGIN.top + plotHeight - barTop, 0)}
                  className="fill-brand hover:fill-brand-dark"
                >
                  <title>
                    {c('bar', {
                      day: formatDay(day.day, locale),
                      amount: formatRon(day.amountRon, locale),
                      count: day.count,
                    })}
                  </title>
                </rect>
                {index % every === 0 && (
                  <text
                    x={x + barWidth / 2}
                    y={HEIGHT - MARGIN.bottom + 16}
                    textAnchor="middle"
                    className="fill-current text-[11px]"
                  >
                    {shortDay(day.day, locale)}
                  </text>
                )}
              </g>
            );
          })}
          <line
            x1={MARGIN.left}
            x2={MARGIN.left + plotWidth}
            y1={MARGIN.top + plotHeight}
            y2={MARGIN.top + plotHeight}
            className="stroke-slate-500"
          />
        </svg>
      </div>
      {days.length > 0 && (
        <details className="text-sm">
          <summary className="text-brand focus-visible:outline-brand inline-flex min-h-11 cursor-pointer items-center font-semibold focus-visible:outline-2">
            {c('showTable')}
          </summary>
          <div
            role="region"
            aria-label={c('tableCaption')}
            tabIndex={0}
            className="focus-visible:outline-brand relative mt-2 max-h-80 overflow-auto rounded ring-1 ring-slate-200 focus-visible:outline-2"
          >
            <table className="w-full border-collapse text-left">
              <caption className="sr-only">{c('tableCaption')}</caption>
              <thead className="sticky top-0 bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {c('day')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {c('count')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {c('amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.day} className="border-t border-slate-200">
                    <th scope="row" className="px-3 py-1 font-normal">
                      {formatDay(day.day, locale)}
                    </th>
                    <td className="px-3 py-1 text-right tabular-nums">{day.count.toLocaleString(locale)}</td>
                    <td className="px-3 py-1 text-right tabular-nums">{formatRon(day.amountRon, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </figure>
  );
}
