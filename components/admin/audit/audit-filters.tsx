'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { AuditFilters as Filters } from '@/lib/admin-client/admin-api';
import { DateRangeFields } from '../ui/date-range-fields';
import { SearchForm, useSearchText } from '../ui/search-form';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { secondaryButton } from '../ui/styles';
import { useActionName } from './action-names';

/**
 * The audit log's filters: the actor's user name (applied when typing pauses or on Enter), the action, chosen among
 * those the log holds and named in words, and a range of days.
 */
export function AuditFilters({
  filters,
  actions,
  rangeError,
  onChange,
  onReset,
}: {
  filters: Filters;
  /** Every action name the log holds. */
  actions: readonly string[];
  rangeError?: string;
  onChange: (filters: Partial<Filters>) => void;
  onReset: () => void;
}) {
  const f = useTranslations('Admin.audit.filters');
  const actionName = useActionName();
  const id = useId();
  const [user, setUser] = useSearchText(filters.user, (text) => onChange({ user: text }));

  const options = actions
    .map((action) => ({ action, label: actionName(action) }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <SearchForm
      label={f('label')}
      onSubmit={() => onChange({ user })}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextField
        id={`${id}-user`}
        type="search"
        label={f('user')}
        hint={f('userHint')}
        value={user}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setUser(event.target.value)}
      />
      <SelectField
        id={`${id}-action`}
        label={f('action')}
        value={filters.action}
        onChange={(event) => onChange({ action: event.target.value })}
      >
        <option value="">{f('anyAction')}</option>
        {options.map(({ action, label }) => (
          <option key={action} value={action}>
            {label}
          </option>
        ))}
      </SelectField>
      <DateRangeFields
        range={filters}
        labels={{ from: f('from'), to: f('to') }}
        error={rangeError}
        onChange={onChange}
      />
      <div className="flex items-end sm:col-span-2 lg:col-span-4">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            setUser('');
            onReset();
          }}
        >
          {f('reset')}
        </button>
      </div>
    </SearchForm>
  );
}
