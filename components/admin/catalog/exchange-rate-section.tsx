'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import useSWR from 'swr';
import { EXCHANGE_RATE_URL, putExchangeRate, type ExchangeRateStatus } from '@/lib/admin-client/catalog-api';
import { formatDateTime, formatDay } from '@/lib/admin-client/format';
import { isApiRequestError } from '@/lib/client/api';
import { exchangeRateUpdateSchema, RATE_DECIMALS } from '@/lib/validations/catalog';
import { isKeyOf, useFailureText, useIssueText } from '../admin-i18n';
import { AdminDialog } from '../ui/admin-dialog';
import { ConfirmActions } from '../ui/confirm-actions';
import { Facts } from '../ui/facts';
import { Notice } from '../ui/notice';
import { TextField } from '../ui/text-field';
import { card, primaryButton } from '../ui/styles';

/** Forints per leu with every decimal the rate has (up to 6): "76,912345". */
const formatRate = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: RATE_DECIMALS }).format(value);

/**
 * The exchange rate in use (CATALOG_READ): its value, source and day, and how the BNR feed has been doing; with
 * CATALOG_WRITE a rate set by hand, which the shop uses until the feed brings a new day's rate.
 */
export function ExchangeRateSection({ mayWrite }: { mayWrite: boolean }) {
  const t = useTranslations('Admin');
  const r = useTranslations('Admin.catalog.rate');
  const locale = useLocale();
  const { Admin } = useMessages();
  const failureText = useFailureText();
  const id = useId();
  const { data, error, mutate } = useSWR<ExchangeRateStatus>(EXCHANGE_RATE_URL);
  const reason = (code: string) =>
    isKeyOf(Admin.catalog.rate.reasons, code) ? r(`reasons.${code}`) : r('reasons.UNKNOWN');
  const source = (code: string) => (isKeyOf(Admin.catalog.rate.sources, code) ? r(`sources.${code}`) : code);

  return (
    <section aria-labelledby={`${id}-title`} className={`${card} space-y-4`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {r('title')}
      </h2>
      <Notice tone="error" urgent>
        {error ? failureText(error) : undefined}
      </Notice>
      {data ? (
        <>
          {data.rate ? (
            <Facts
              rows={[
                [r('inUse'), r('value', { rate: formatRate(data.rate.RON2HUF, locale) })],
                [r('source'), source(data.rate.source)],
                [r('date'), formatDay(data.rate.date, locale, 'medium')],
                [r('recordedAt'), formatDateTime(data.rate.recordedAt, locale)],
              ]}
            />
          ) : (
            <Notice tone="error">{r('none')}</Notice>
          )}
          <h3 className="font-semibold text-slate-900">{r('feed')}</h3>
          {!data.feed.enabled && <p className="text-sm text-slate-800">{r('feedOff')}</p>}
          <Facts
            rows={[
              [
                r('lastSuccess'),
                data.feed.lastSuccess
                  ? r('lastSuccessValue', {
                      at: formatDateTime(data.feed.lastSuccess.at, locale),
                      rate: formatRate(data.feed.lastSuccess.RON2HUF, locale),
                      date: formatDay(data.feed.lastSuccess.date, locale, 'medium'),
                    })
                  : r('never'),
              ],
              [
                r('lastFailure'),
                data.feed.lastFailure ? (
                  <>
                    {r('lastFailureValue', {
                      at: formatDateTime(data.feed.lastFailure.at, locale),
                      reason: reason(data.feed.lastFailure.reason),
                    })}
                    <span className="mt-1 block text-xs break-all text-slate-700">
                      {r('technical')}: {data.feed.lastFailure.message}
                    </span>
                  </>
                ) : (
                  r('never')
                ),
              ],
            ]}
          />
          {mayWrite && <ManualRateForm onSaved={(status) => void mutate(status, { revalidate: false })} />}
        </>
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

function ManualRateForm({ onSaved }: { onSaved: (status: ExchangeRateStatus) => void }) {
  const r = useTranslations('Admin.catalog.rate');
  const locale = useLocale();
  const failureText = useFailureText();
  const issueText = useIssueText();
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  const review = () => {
    setSaved(undefined);
    const parsed = exchangeRateUpdateSchema.safeParse({
      RON2HUF: value.trim() === '' ? undefined : Number(value),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'rateInvalid');
      input.current?.focus();
      return;
    }
    setProblem(undefined);
    setConfirming(parsed.data.RON2HUF);
  };

  const save = async (rate: number) => {
    setPending(true);
    setFailure(undefined);
    try {
      const status = await putExchangeRate({ RON2HUF: rate });
      setValue('');
      setConfirming(null);
      setSaved(r('saved', { rate: formatRate(rate, locale) }));
      onSaved(status);
    } catch (error) {
      const issue = isApiRequestError(error) && error.status === 422 ? error.issues?.[0] : undefined;
      if (!issue) {
        setFailure(failureText(error));
        return;
      }
      setProblem(issue.code ?? 'rateInvalid');
      setConfirming(null);
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-3 border-t border-slate-200 pt-4"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {r('form.title')}
      </h3>
      <TextField
        ref={input}
        id={`${id}-rate`}
        className="max-w-xs"
        type="number"
        inputMode="decimal"
        min={10}
        max={200}
        step="any"
        label={r('form.label')}
        hint={r('form.hint')}
        value={value}
        error={problem && issueText(problem)}
        onChange={(event) => setValue(event.target.value)}
      />
      <Notice tone="success">{saved}</Notice>
      <button type="submit" className={primaryButton}>
        {r('form.submit')}
      </button>
      <AdminDialog
        open={confirming !== null}
        onClose={() => {
          setConfirming(null);
          setFailure(undefined);
        }}
        title={confirming === null ? '' : r('confirmTitle', { rate: formatRate(confirming, locale) })}
      >
        <p className="text-slate-800">{r('confirmText')}</p>
        <ConfirmActions
          failure={failure}
          cancelLabel={r('cancel')}
          confirmLabel={pending ? r('saving') : r('confirm')}
          onCancel={() => {
            setConfirming(null);
            setFailure(undefined);
          }}
          onConfirm={() => confirming !== null && void save(confirming)}
          disabled={pending}
        />
      </AdminDialog>
    </form>
  );
}
