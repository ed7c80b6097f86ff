'use client';

import type { Ref } from 'react';
import type { ApiIssue, QuoteResponse } from '@/lib/client/api';
import { Link } from '@/lib/i18n/navigation';
import { findOverlaps, MAX_CART_ITEMS, type CartItem } from '@/lib/cart/cart-store';
import { SELLABLE_CATEGORIES, type SellableCode } from '@/lib/vignettes/categories';
import { FieldError } from '@/components/form/field-error';
import { fill, formatHuf, formatRon } from '@/lib/i18n/format';
import { validityText, type ValidityTexts } from '@/lib/vignettes/validity-text';
import {
  errorText,
  type CategoryNames,
  type ValidationLabels,
  type VignetteFormLabels,
} from '@/lib/i18n/labels';

interface CartPanelProps {
  items: readonly CartItem[];
  quote?: QuoteResponse;
  /** Issues of the quote or the order, by the item's index in the cart. */
  issues: ReadonlyMap<number, ApiIssue[]>;
  currentCategory: SellableCode;
  locale: string;
  labels: Omit<VignetteFormLabels, 'checkout'>;
  validation: ValidationLabels;
  validityTexts: ValidityTexts;
  /** The present, for the validity of items not paid yet: "from the payment" for today. */
  now: Date;
  categoryNames: CategoryNames;
  describeItem: (item: Pick<CartItem, 'categoryCode' | 'type' | 'plate' | 'country' | 'county'>) => string;
  onRemove: (item: CartItem) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The field an API issue names (`items.0.startDate` → startDate), as the buyer knows it. */
function fieldLabel(path: string, labels: Omit<VignetteFormLabels, 'checkout'>): string | undefined {
  const field = path.split('.')[2];
  switch (field) {
    case 'plate':
      return labels.plate.label;
    case 'country':
      return labels.country.label;
    case 'startDate':
      return labels.start.label;
    case 'county':
      return labels.county.label;
    case 'type':
      return labels.periods.legend;
    default:
      return undefined;
  }
}

/**
 * The cart shared by the product pages: each vignette with its validity and price (the quote's, once it came), its
 * problems as the API reported them, a warning when it overlaps another one of the same vehicle, and a way to remove
 * it; then links to add a vignette of another category to the same cart.
 */
export function CartPanel({
  items,
  quote,
  issues,
  currentCategory,
  locale,
  labels,
  validation,
  validityTexts,
  now,
  categoryNames,
  describeItem,
  onRemove,
  headingRef,
}: CartPanelProps) {
  const others = SELLABLE_CATEGORIES.filter((category) => category.code !== currentCategory);

  return (
    <section aria-labelledby="vignette-cart-heading" className="space-y-3" data-testid="vignette-cart">
      <h2
        id="vignette-cart-heading"
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-3 text-xl font-semibold text-slate-900 focus:outline-none"
      >
        <span
          aria-hidden="true"
          className="bg-brand flex size-8 shrink-0 items-center justify-center rounded-full text-base font-bold text-white"
        >
          4
        </span>
        {labels.steps.cart}
      </h2>
      {items.length === 0 ? (
        <p className="text-slate-700">{labels.cart.empty}</p>
      ) : (
        <>
          <p className="text-slate-700">
            {fill(labels.cart.count, { count: items.length, max: MAX_CART_ITEMS })}
          </p>
          <ul className="space-y-3">
            {items.map((item, index) => {
              const quoted = quote?.items[index];
              const firstDay = quoted?.firstDay ?? item.firstDay;
              const lastDay = quoted?.lastDay ?? item.lastDay;
              const overlapping =
                findOverlaps(
                  items.filter((other) => other.id !== item.id),
                  item,
                ).length > 0;
              const problems = issues.get(index) ?? [];
              const name = describeItem(item);
              return (
                <li
                  key={item.id}
                  id={`cart-item-${index}`}
                  tabIndex={-1}
                  data-testid="cart-item"
                  className="focus:outline-brand rounded-lg border border-slate-300 bg-white p-3 focus:outline-2"
                >
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-slate-900">{name}</p>
                      <p className="text-sm text-slate-700">
                        {validityText(validityTexts, { firstDay, lastDay }, now, locale)}
                      </p>
                      <p className="text-sm font-medium text-slate-900 tabular-nums">
                        {formatHuf(quoted?.priceHuf ?? item.priceHuf, locale)} ·{' '}
                        {formatRon(quoted?.priceRon ?? item.priceRon, locale)}
                      </p>
                    </div>
                    <button
                      type="button"
                      onClick={() => onRemove(item)}
                      aria-label={fill(labels.cart.removeLabel, { item: name })}
                      className="focus-visible:outline-brand inline-flex min-h-11 shrink-0 items-center rounded px-3 font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2"
                    >
                      {labels.cart.remove}
                    </button>
                  </div>
                  {overlapping && (
                    <p className="mt-2 rounded border-l-4 border-amber-500 bg-amber-50 p-2 text-sm text-amber-950">
                      {labels.cart.overlap}
                    </p>
                  )}
                  {problems.map((problem, problemIndex) => {
                    const label = fieldLabel(problem.path, labels);
                    const text =
                      errorText(problem.code ?? 'invalid', validation, labels.errors, problem.params) ?? '';
                    return (
                      <FieldError
                        key={problemIndex}
                        id={`cart-item-${index}-problem-${problemIndex}`}
                        message={label ? `${label}: ${text}` : text}
                      />
                    );
                  })}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <div className="rounded-lg bg-slate-100 p-3">
        <p className="text-sm text-slate-800">{labels.cart.addOther}</p>
        <ul className="mt-2 flex flex-wrap gap-2">
          {others.map((category) => (
            <li key={category.code}>
              <Link
                href={`/vignette/${category.slug}`}
                className="border-brand text-brand hover:bg-brand/10 inline-flex min-h-11 items-center rounded border bg-white px-3 font-medium"
              >
                {category.title} · {categoryNames[category.code]}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
