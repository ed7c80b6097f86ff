'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { TOP_UP_OPERATORS } from '@/lib/topups/seed-data';
import { SELLABLE_CATEGORIES } from '@/lib/vignettes/categories';
import { ORDER_STATUSES, type PaymentFilters } from '@/lib/admin-client/admin-api';
import { AttentionToggle } from './attention';
import { DateRangeFields } from '../ui/date-range-fields';
import { SearchForm, useSearchText } from '../ui/search-form';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { secondaryButton } from '../ui/styles';

export const VIGNETTE_PRODUCTS = SELLABLE_CATEGORIES.map((category) => category.code);
export const TOPUP_PRODUCTS = TOP_UP_OPERATORS.map((operator) => operator.id);

/**
 * The date range, state, product and "active" filters, applied as they change, the search box (order id,
 * e-mail, plate, phone), applied when typing pauses or on Enter, and "needs attention" with how many do.
 */
export function TransactionFilters({
  filters,
  rangeError,
  attentionCount,
  onChange,
  onReset,
}: {
  filters: PaymentFilters;
  rangeError?: string;
  /** How many orders need a hand now, from the list's last answer. */
  attentionCount?: number;
  onChange: (filters: Partial<PaymentFilters>) => void;
  onReset: () => void;
}) {
  const t = useTranslations('Admin');
  const f = useTranslations('Admin.transactions.filters');
  const id = useId();
  const [search, setSearch] = useSearchText(filters.q, (text) => onChange({ q: text }));

  return (
    <SearchForm
      label={f('label')}
      onSubmit={() => onChange({ q: search })}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6"
    >
      <DateRangeFields
        range={filters}
        labels={{ from: f('from'), to: f('to') }}
        error={rangeError}
        onChange={onChange}
      />
      <SelectField
        id={`${id}-status`}
        label={f('status')}
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value })}
      >
        <option value="">{f('anyStatus')}</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`statuses.${status}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-product`}
        label={f('product')}
        value={filters.product}
        onChange={(event) => onChange({ product: event.target.value })}
      >
        <option value="">{t('products.all')}</option>
        <optgroup label={t('products.vignettes')}>
          <option value="VIGNETTE">{t('products.VIGNETTE')}</option>
          {VIGNETTE_PRODUCTS.map((code) => (
            <option key={code} value={code}>
              {t(`products.${code}`)}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('products.topups')}>
          <option value="TOPUP">{t('products.TOPUP')}</option>
          {TOPUP_PRODUCTS.map((operator) => (
            <option key={operator} value={operator}>
              {t(`products.${operator}`)}
            </option>
          ))}
        </optgroup>
      </SelectField>
      <SelectField
        id={`${id}-active`}
        label={f('active')}
        value={filters.active}
        onChange={(event) => onChange({ active: event.target.value as PaymentFilters['active'] })}
      >
        <option value="">{f('anyActive')}</option>
        <option value="true">{f('activeYes')}</option>
        <option value="false">{f('activeNo')}</option>
      </SelectField>
      <TextField
        id={`${id}-q`}
        type="search"
        label={f('search')}
        hint={f('searchHint')}
        value={search}
        enterKeyHint="search"
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-6">
        <AttentionToggle
          pressed={filters.attention === 'true'}
          count={attentionCount}
          onToggle={(pressed) => onChange({ attention: pressed ? 'true' : '' })}
        />
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            setSearch('');
            onReset();
          }}
        >
          {f('reset')}
        </button>
      </div>
    </SearchForm>
  );
}
