'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import useSWR from 'swr';
import { EXCHANGE_RATE_URL, putExchangeRate, type ExchangeRateStatus } from '@/lib/admin-client/catalog-api';
import { formatDateTime, formatDay } from '@/lib/admin-client/format';
import { exchangeRateUpdateSchema, RATE_DECIMALS } from '@/lib/validations/catalog';
import { isKeyOf, useIssueText } from '../admin-i18n';
import { Facts } from '../ui/facts';
import { Notice } from '../ui/notice';
import { TextField } from '../ui/text-field';
import { primaryButton } from '../ui/styles';
import { RawDetails } from '../ui/raw-details';
import { CatalogSection } from './catalog-section';
import { ConfirmSaveDialog, OutcomeNotice, useConfirmedSave, type Outcome } from './confirmed-save';

/** Forints per leu with every decimal the rate has (up to 6): "76,912345". */
const formatRate = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: RATE_DECIMALS }).format(value);

/**
 * The exchange rate in use (CATALOG_READ): its value, source and day, and how the BNR feed has been doing; with
 * CATALOG_WRITE a rate set by hand, which the shop uses until the feed brings a new day's rate.
 */
export function ExchangeRateSection({ mayWrite }: { mayWrite: boolean }) {
  const r = useTranslations('Admin.catalog.rate');
  const locale = useLocale();
  const { Admin } = useMessages();
  const { data, error, mutate } = useSWR<ExchangeRateStatus>(EXCHANGE_RATE_URL);
  const reason = (code: string) =>
    isKeyOf(Admin.catalog.rate.reasons, code) ? r(`reasons.${code}`) : r('reasons.UNKNOWN');
  const source = (code: string) => (isKeyOf(Admin.catalog.rate.sources, code) ? r(`sources.${code}`) : code);

  return (
    <CatalogSection title={r('title')} data={data} error={error}>
      {(data) => (
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
          {!data.feed.enabled && (
            <div className="text-sm text-slate-800">
              <p>{r('feedOff')}</p>
              <RawDetails value="EXCHANGE_RATE_FEED_URL=" />
            </div>
          )}
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
                    <RawDetails value={data.feed.lastFailure.message} />
                  </>
                ) : (
                  r('never')
                ),
              ],
            ]}
          />
          {mayWrite && <ManualRateForm onSaved={(status) => void mutate(status, { revalidate: false })} />}
        </>
      )}
    </CatalogSection>
  );
}

function ManualRateForm({ onSaved }: { onSaved: (status: ExchangeRateStatus) => void }) {
  const r = useTranslations('Admin.catalog.rate');
  const locale = useLocale();
  const issueText = useIssueText();
  const id = useId();
  const [value, setValue] = useState('');
  /** A `Validation` message key. */
  const [problem, setProblem] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const input = useRef<HTMLInputElement>(null);
  const save = useConfirmedSave({
    send: (rate: number) => putExchangeRate({ RON2HUF: rate }),
    onSaved: (status, rate) => {
      setValue('');
      setOutcome({ tone: 'success', text: r('saved', { rate: formatRate(rate, locale) }) });
      onSaved(status);
    },
    onRefused: ([issue]) => {
      setProblem(issue?.code ?? 'rateInvalid');
      return true;
    },
  });

  const review = () => {
    setOutcome(undefined);
    const parsed = exchangeRateUpdateSchema.safeParse({
      RON2HUF: value.trim() === '' ? undefined : Number(value),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'rateInvalid');
      input.current?.focus();
      return;
    }
    setProblem(undefined);
    save.ask(parsed.data.RON2HUF);
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
      <OutcomeNotice outcome={outcome} />
      <button type="submit" className={primaryButton}>
        {r('form.submit')}
      </button>
      <ConfirmSaveDialog
        save={save}
        title={
          save.confirming === null ? '' : r('confirmTitle', { rate: formatRate(save.confirming, locale) })
        }
        text={r('confirmText')}
        labels={{ cancel: r('cancel'), confirm: r('confirm'), pending: r('saving') }}
      />
    </form>
  );
}
