'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { exportUrl } from '@/lib/admin-client/admin-api';
import { useDownload } from '@/lib/admin-client/download';
import { lastDays } from '@/lib/admin-client/format';
import { useAdminLocale } from '@/lib/admin-client/locale';
import { useFailureText } from '../admin-i18n';
import { rangeProblem } from '../transactions/transactions-screen';
import { DateRangeFields } from '../ui/date-range-fields';
import { Notice } from '../ui/notice';
import { card, primaryButton, screenTitle } from '../ui/styles';

const FORMATS = [
  { format: 'xml', extension: 'xml' },
  { format: 'excel', extension: 'xlsx' },
] as const;

/** The transactions of a date range as an XML file or an Excel workbook in the admin's language (PAYMENT_EXPORT). */
export function ExportsScreen() {
  const t = useTranslations('Admin');
  const e = useTranslations('Admin.exports');
  const validation = useTranslations('Validation');
  const failureText = useFailureText();
  const locale = useAdminLocale();
  const [range, setRange] = useState(() => lastDays(30));
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<string>();
  const { download, pending, error } = useDownload();
  const missing = !range.from || !range.to;
  const problem = rangeProblem(range);
  const rangeError = tried && missing ? validation('required') : problem && validation(problem);

  const start = async (format: 'xml' | 'excel', extension: string) => {
    setTried(true);
    setDone(undefined);
    if (missing || problem) return;
    const ok = await download(
      format,
      exportUrl(format, range, locale),
      `transactions-${range.from}-${range.to}.${extension}`,
    );
    if (ok) setDone(e('done', { format: e(format) }));
  };

  return (
    <div className="space-y-6">
      <h1 className={screenTitle}>{e('title')}</h1>
      <div className={`${card} max-w-2xl space-y-4`}>
        <p className="text-slate-800">{e('intro')}</p>
        <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <legend className="sr-only">{e('range')}</legend>
          <DateRangeFields
            range={range}
            labels={{ from: e('from'), to: e('to') }}
            error={rangeError}
            required
            onChange={(change) => setRange((current) => ({ ...current, ...change }))}
          />
        </fieldset>
        <div className="flex flex-wrap gap-3">
          {FORMATS.map(({ format, extension }) => (
            <button
              key={format}
              type="button"
              className={primaryButton}
              disabled={pending !== undefined}
              onClick={() => void start(format, extension)}
            >
              {pending === format ? t('shell.downloading') : e('download', { format: e(format) })}
            </button>
          ))}
        </div>
        <Notice tone="success">{done}</Notice>
        <Notice tone="error" urgent>
          {error ? failureText(error) : undefined}
        </Notice>
      </div>
    </div>
  );
}
