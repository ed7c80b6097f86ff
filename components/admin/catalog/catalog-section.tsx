'use client';

import { useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { useFailureText } from '../admin-i18n';
import { Notice } from '../ui/notice';
import { card } from '../ui/styles';

/**
 * One part of the catalog screen, a card named by its heading: what it is about, then the data once it has come (or
 * why it has not, said at once), "loading" meanwhile.
 */
export function CatalogSection<Data>({
  title,
  intro,
  controls,
  data,
  error,
  children,
}: {
  title: string;
  intro?: string;
  /** What stands between the intro and the data, such as the choice of what to show. */
  controls?: ReactNode;
  data: Data | undefined;
  error: unknown;
  children: (data: Data) => ReactNode;
}) {
  const t = useTranslations('Admin');
  const failureText = useFailureText();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={`${card} space-y-4`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro && <p className="text-sm text-slate-800">{intro}</p>}
      {controls}
      <Notice tone="error" urgent>
        {error ? failureText(error) : undefined}
      </Notice>
      {data !== undefined
        ? children(data)
        : !error && (
            <p role="status" className="text-sm text-slate-700">
              {t('shell.loading')}
            </p>
          )}
    </section>
  );
}
