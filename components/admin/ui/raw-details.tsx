'use client';

import { useTranslations } from 'next-intl';

/**
 * A value in the words of the system that produced it (a provider's answer, a stored code, an audit entry's JSON,
 * a configuration variable), folded away behind "Technical details" for the staff member who needs it: the screen
 * says the same in the reader's language beside it. A native <details>, opened with the keyboard and announced as
 * a disclosure by screen readers.
 */
export function RawDetails({ value }: { value: string | null | undefined }) {
  const t = useTranslations('Admin.shell');
  if (value === null || value === undefined || value.trim() === '') return null;
  return (
    <details className="mt-1 text-xs text-slate-700" data-testid="raw-details">
      <summary className="w-fit cursor-pointer rounded underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
        {t('rawDetails')}
      </summary>
      <pre className="mt-1 font-mono break-words whitespace-pre-wrap text-slate-900">{value}</pre>
    </details>
  );
}
