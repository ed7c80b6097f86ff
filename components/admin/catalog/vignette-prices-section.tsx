'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import useSWR from 'swr';
import { FieldError } from '@/components/form/field-error';
import { wholeNumberOf } from '@/lib/admin-client/amount-input';
import {
  putVignettePrices,
  vignettePricesUrl,
  type VignettePriceSheet,
} from '@/lib/admin-client/catalog-api';
import { isApiRequestError } from '@/lib/client/api';
import { formatHuf } from '@/lib/i18n/format';
import { MAX_VIGNETTE_PRICE_HUF } from '@/lib/validations/catalog';
import { SELLABLE_CATEGORIES, type SellableCode } from '@/lib/vignettes/categories';
import { VIGNETTE_TYPES, type VignetteType } from '@/lib/vignettes/periods';
import { useFailureText, useIssueText } from '../admin-i18n';
import { AdminDialog } from '../ui/admin-dialog';
import { ConfirmActions } from '../ui/confirm-actions';
import { Notice } from '../ui/notice';
import { ScrollTable } from '../ui/scroll-table';
import { SelectField } from '../ui/select-field';
import { card, primaryButton } from '../ui/styles';

const cell = 'px-3 py-2 align-top';
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
  const t = useTranslations('Admin');
  const p = useTranslations('Admin.catalog.prices');
  const failureText = useFailureText();
  const id = useId();
  const [year, setYear] = useState<number>();
  const { data, error, mutate } = useSWR<VignettePriceSheet>(vignettePricesUrl(year));
  // While another year loads, the previous year's list is not shown as if it were the new one's.
  const sheet = data && (year === undefined || data.year === year) ? data : undefined;

  return (
    <section aria-labelledby={`${id}-title`} className={`${card} space-y-4`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {p('title')}
      </h2>
      <p className="text-sm text-slate-800">{p('intro')}</p>
      {data && (
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
      )}
      <Notice tone="error" urgent>
        {error ? failureText(error) : undefined}
      </Notice>
      {sheet ? (
        <PriceForm
          key={sheet.year}
          sheet={sheet}
          mayWrite={mayWrite}
          onSaved={(saved) => void mutate(saved, { revalidate: false })}
        />
      ) : (
        !error && (
          <p role="status" className="text-sm text-slate-700">
            {t('shell.loading')}
          </p>
        )
      )}
    </section>
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
  const failureText = useFailureText();
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
  const [confirming, setConfirming] = useState<PriceChange[] | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error' | 'info'; text: string }>();
  const inputs = useRef(new Map<string, HTMLInputElement>());

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
    const first = Object.keys(problems)[0];
    if (first) {
      inputs.current.get(first)?.focus();
      return;
    }
    if (!changes.length) setOutcome({ tone: 'info', text: p('unchanged') });
    else setConfirming(changes);
  };

  const save = async (changes: PriceChange[]) => {
    setPending(true);
    setFailure(undefined);
    try {
      const saved = await putVignettePrices({
        year: sheet.year,
        prices: changes.map(({ categoryCode, type, to }) => ({ categoryCode, type, priceHuf: to })),
      });
      setDraft(textsOf(saved.prices));
      setConfirming(null);
      setOutcome({ tone: 'success', text: p('saved', { year: sheet.year }) });
      onSaved(saved);
    } catch (error) {
      const issues = isApiRequestError(error) && error.status === 422 ? (error.issues ?? []) : [];
      if (!issues.length) {
        setFailure(failureText(error));
        return;
      }
      // The server names the entry by its place in what was sent: `prices.3.priceHuf`.
      const problems: Record<string, string> = {};
      let general: string | undefined;
      for (const issue of issues) {
        const change = changes[Number(/^prices\.(\d+)\./.exec(issue.path)?.[1] ?? NaN)];
        if (change) problems[keyOf(change.categoryCode, change.type)] = issue.code ?? 'invalid';
        else general = issueText(issue.code);
      }
      setErrors(problems);
      setConfirming(null);
      setOutcome({ tone: 'error', text: general ?? p('fixErrors') });
    } finally {
      setPending(false);
    }
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
                const errorId = `${id}-${code}-${type}-error`;
                const problem = errors[key];
                return (
                  <td key={type} className={cell}>
                    <input
                      ref={(element) => {
                        if (element) inputs.current.set(key, element);
                        else inputs.current.delete(key);
                      }}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      step={1}
                      aria-labelledby={`${id}-${code} ${id}-${type}`}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={problem ? errorId : undefined}
                      placeholder={price === undefined ? p('missing') : undefined}
                      value={draft[key] ?? ''}
                      onChange={(event) => {
                        const value = event.target.value;
                        setDraft((current) => ({ ...current, [key]: value }));
                      }}
                      className="focus-visible:outline-brand min-h-11 w-28 rounded-md border border-slate-400 bg-white px-2 text-right text-base text-slate-900 placeholder:text-slate-600 focus-visible:outline-2 aria-[invalid=true]:border-red-700"
                    />
                    <FieldError id={errorId} message={problem && issueText(problem)} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <Notice tone={outcome?.tone} urgent={outcome?.tone === 'error'}>
        {outcome?.text}
      </Notice>
      {mayWrite && (
        <button type="button" className={primaryButton} onClick={review}>
          {p('save')}
        </button>
      )}
      <AdminDialog
        open={confirming !== null}
        onClose={() => {
          setConfirming(null);
          setFailure(undefined);
        }}
        title={p('confirmTitle', { year: sheet.year })}
      >
        <p className="text-slate-800">{p('confirmText')}</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-900">
          {confirming?.map((change) => (
            <li key={keyOf(change.categoryCode, change.type)}>
              {p('change', { product: label(change), from: huf(change.from), to: huf(change.to) })}
            </li>
          ))}
        </ul>
        <ConfirmActions
          failure={failure}
          cancelLabel={p('cancel')}
          confirmLabel={pending ? p('saving') : p('confirm')}
          onCancel={() => {
            setConfirming(null);
            setFailure(undefined);
          }}
          onConfirm={() => confirming && void save(confirming)}
          disabled={pending}
        />
      </AdminDialog>
    </div>
  );
}
