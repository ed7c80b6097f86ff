'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import useSWR from 'swr';
import { wholeNumberOf } from '@/lib/admin-client/amount-input';
import {
  putVignettePrices,
  vignettePricesUrl,
  type VignettePriceSheet,
} from '@/lib/admin-client/catalog-api';
import { formatHuf } from '@/lib/i18n/format';
import { MAX_VIGNETTE_PRICE_HUF } from '@/lib/validations/catalog';
import { SELLABLE_CATEGORIES, type SellableCode } from '@/lib/vignettes/categories';
import { VIGNETTE_TYPES, type VignetteType } from '@/lib/vignettes/periods';
import { useIssueText } from '../admin-i18n';
import { Notice } from '../ui/notice';
import { ScrollTable } from '../ui/scroll-table';
import { SelectField } from '../ui/select-field';
import { primaryButton } from '../ui/styles';
import { CatalogSection } from './catalog-section';
import { ConfirmSaveDialog, OutcomeNotice, useConfirmedSave, type Outcome } from './confirmed-save';
import { CellInput, cell, useTableInputs } from './table-inputs';

const keyOf = (categoryCode: string, type: VignetteType) => `${categoryCode}:${type}`;

interface PriceChange {
  categoryCode: SellableCode;
  type: VignetteType;
  from: number | null;
  to: number;
}

/**
 * A year's vignette prices in forints (CATALOG_READ), editable with CATALOG_WRITE: this year's and next year's, which
 * must be in before the pre-sale of 1 December. Only changed prices are sent, after a confirmation that lists them.
 */
export function VignettePricesSection({ mayWrite }: { mayWrite: boolean }) {
  const p = useTranslations('Admin.catalog.prices');
  const id = useId();
  const [year, setYear] = useState<number>();
  const { data, error, mutate } = useSWR<VignettePriceSheet>(vignettePricesUrl(year));
  // While another year loads, the previous year's list is not shown as if it were the new one's.
  const sheet = data && (year === undefined || data.year === year) ? data : undefined;

  return (
    <CatalogSection
      title={p('title')}
      intro={p('intro')}
      controls={
        data && (
          <SelectField
            id={`${id}-year`}
            label={p('year')}
            className="max-w-48"
            value={year ?? data.year}
            onChange={(event) => setYear(Number(event.target.value))}
          >
            {data.editableYears.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </SelectField>
        )
      }
      data={sheet}
      error={error}
    >
      {(sheet) => (
        <PriceForm
          key={sheet.year}
          sheet={sheet}
          mayWrite={mayWrite}
          onSaved={(saved) => void mutate(saved, { revalidate: false })}
        />
      )}
    </CatalogSection>
  );
}

function PriceForm({
  sheet,
  mayWrite,
  onSaved,
}: {
  sheet: VignettePriceSheet;
  mayWrite: boolean;
  onSaved: (sheet: VignettePriceSheet) => void;
}) {
  const t = useTranslations('Admin');
  const p = useTranslations('Admin.catalog.prices');
  const locale = useLocale();
  const issueText = useIssueText();
  const id = useId();
  const stored = new Map(
    sheet.prices.map((price) => [keyOf(price.categoryCode, price.type), price.priceHuf]),
  );
  const listed = new Set([...sheet.prices, ...sheet.missing].map((entry) => entry.categoryCode));
  const categories = SELLABLE_CATEGORIES.filter((category) => listed.has(category.code));
  const textsOf = (prices: VignettePriceSheet['prices']) =>
    Object.fromEntries(
      prices.map((price) => [keyOf(price.categoryCode, price.type), String(price.priceHuf)]),
    );

  const [draft, setDraft] = useState<Record<string, string>>(() => textsOf(sheet.prices));
  /** Per field, a `Validation` message key. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const inputs = useTableInputs();
  const save = useConfirmedSave({
    send: (changes: PriceChange[]) =>
      putVignettePrices({
        year: sheet.year,
        prices: changes.map(({ categoryCode, type, to }) => ({ categoryCode, type, priceHuf: to })),
      }),
    onSaved: (saved) => {
      setDraft(textsOf(saved.prices));
      setOutcome({ tone: 'success', text: p('saved', { year: sheet.year }) });
      onSaved(saved);
    },
    onRefused: (issues, changes) => {
      // The server names the entry by its place in what was sent: `prices.3.priceHuf`.
      const problems: Record<string, string> = {};
      let general: string | undefined;
      for (const issue of issues) {
        const change = changes[Number(/^prices\.(\d+)\./.exec(issue.path)?.[1] ?? NaN)];
        if (change) problems[keyOf(change.categoryCode, change.type)] = issue.code ?? 'invalid';
        else general = issueText(issue.code);
      }
      setErrors(problems);
      setOutcome({ tone: 'error', text: general ?? p('fixErrors') });
      return true;
    },
  });

  const label = (change: Pick<PriceChange, 'categoryCode' | 'type'>) =>
    `${t(`products.${change.categoryCode}`)}, ${t(`vignetteTypes.${change.type}`)}`;
  const huf = (value: number | null) => (value === null ? p('none') : formatHuf(value, locale));

  /** The changed prices, or the fields to correct first. */
  const review = () => {
    setOutcome(undefined);
    const problems: Record<string, string> = {};
    const changes: PriceChange[] = [];
    for (const { code } of categories) {
      for (const type of VIGNETTE_TYPES) {
        const key = keyOf(code, type);
        const before = stored.get(key) ?? null;
        const text = draft[key] ?? '';
        // A price is never removed (the year's orders need it); an empty field that had none stays without one.
        if (text.trim() === '') {
          if (before !== null) problems[key] = 'required';
          continue;
        }
        const value = wholeNumberOf(text);
        if (value === null || value < 1 || value > MAX_VIGNETTE_PRICE_HUF) problems[key] = 'priceInvalid';
        else if (value !== before) changes.push({ categoryCode: code, type, from: before, to: value });
      }
    }
    setErrors(problems);
    if (inputs.focusFirst(Object.keys(problems))) return;
    if (!changes.length) setOutcome({ tone: 'info', text: p('unchanged') });
    else save.ask(changes);
  };

  const caption = p('caption', { year: sheet.year });
  return (
    <div className="space-y-4">
      {sheet.missing.length > 0 && (
        <Notice tone="info">{p('missingSummary', { count: sheet.missing.length, year: sheet.year })}</Notice>
      )}
      <ScrollTable caption={caption} minWidth="min-w-[48rem]">
        <thead className="border-b border-slate-300 bg-slate-50">
          <tr>
            <th scope="col" className={`${cell} font-semibold`}>
              {p('category')}
            </th>
            {VIGNETTE_TYPES.map((type) => (
              <th key={type} id={`${id}-${type}`} scope="col" className={`${cell} font-semibold`}>
                {t(`vignetteTypes.${type}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categories.map(({ code }) => (
            <tr key={code} className="border-b border-slate-200 last:border-0">
              <th id={`${id}-${code}`} scope="row" className={`${cell} font-semibold`}>
                {t(`products.${code}`)}
              </th>
              {VIGNETTE_TYPES.map((type) => {
                const key = keyOf(code, type);
                const price = stored.get(key);
                if (!mayWrite)
                  return (
                    <td key={type} className={`${cell} whitespace-nowrap`}>
                      {price === undefined ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">{p('missing')}</span>
                        </>
                      ) : (
                        formatHuf(price, locale)
                      )}
                    </td>
                  );
                const problem = errors[key];
                return (
                  <td key={type} className={cell}>
                    <CellInput
                      ref={inputs.ref(key)}
                      errorId={`${id}-${code}-${type}-error`}
                      error={problem && issueText(problem)}
                      inputMode="numeric"
                      min={1}
                      step={1}
                      aria-labelledby={`${id}-${code} ${id}-${type}`}
                      placeholder={price === undefined ? p('missing') : undefined}
                      value={draft[key] ?? ''}
                      onChange={(event) => {
                        const value = event.target.value;
                        setDraft((current) => ({ ...current, [key]: value }));
                      }}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <OutcomeNotice outcome={outcome} />
      {mayWrite && (
        <button type="button" className={primaryButton} onClick={review}>
          {p('save')}
        </button>
      )}
      <ConfirmSaveDialog
        save={save}
        title={p('confirmTitle', { year: sheet.year })}
        text={p('confirmText')}
        lines={save.confirming?.map((change) =>
          p('change', { product: label(change), from: huf(change.from), to: huf(change.to) }),
        )}
        labels={{ cancel: p('cancel'), confirm: p('confirm'), pending: p('saving') }}
      />
    </div>
  );
}
