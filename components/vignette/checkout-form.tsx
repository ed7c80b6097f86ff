'use client';

import { useId, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import { postOrder, type OrderRequest, type QuoteResponse } from '@/lib/client/api';
import { isProductLineClosed, isApiRequestError, type ApiIssue } from '@/lib/client/api-error';
import { CHECKOUT_STORAGE_KEYS, checkOut } from '@/lib/client/checkout';
import type { Locale } from '@/lib/i18n/routing';
import { requestItem, type CartItem } from '@/lib/cart/cart-store';
import { reminderSource } from '@/lib/cart/reminder-source';
import {
  BILLING_FIELD_PATHS,
  BillingFields,
  billingInput,
  EMPTY_BILLING,
  type BillingFormValues,
  type BillingLabels,
} from '@/components/form/billing-fields';
import { PayButton, TermsConsent } from '@/components/form/checkout-parts';
import { EmailField, type EmailSuggestionLabels } from '@/components/form/email-suggestion';
import {
  fetchesSchemaWhenTouched,
  whenSchemaUnavailable,
  zodFormResolver,
} from '@/components/form/zod-form-resolver';
import { fill, formatDay, formatHuf, formatRate, formatRon } from '@/lib/i18n/format';
import { errorText, type ValidationLabels, type VignetteFormLabels } from '@/lib/i18n/labels';
import { validityText, type ValidityTexts } from '@/lib/vignettes/validity-text';

export interface CheckoutValues extends BillingFormValues {
  email: string;
  acceptTerms: boolean;
  /** The separate consent to expiry reminders: unticked until the buyer ticks it. */
  remindBeforeEnd: boolean;
}

const DEFAULT_VALUES: CheckoutValues = {
  email: '',
  wantsInvoice: false,
  invoice: EMPTY_BILLING,
  acceptTerms: false,
  remindBeforeEnd: false,
};

/** The schema's input for the form's values: the invoice only when asked for (components/form/billing-fields.tsx). */
function toOrderFields(values: CheckoutValues) {
  return {
    email: values.email.trim(),
    acceptTerms: values.acceptTerms,
    remindBeforeEnd: values.remindBeforeEnd,
    invoice: billingInput(values),
  };
}

/** The buyer's part of the shared order schema (lib/validations/purchase-forms): the cart's items come from the cart. */
const checkoutSchema = () =>
  import('@/lib/validations/purchase-forms').then((forms) => forms.vignetteCheckoutSchema);

const checkoutResolver = zodFormResolver(checkoutSchema, {
  toInput: toOrderFields,
  toFormErrors: (errors) => errors,
});

/** Moves the focus to the first cart line an issue names (`items.N.field`), where its problem is shown. */
function focusCartItem(issues: readonly ApiIssue[]) {
  const index = issues.find((issue) => issue.path.startsWith('items.'))?.path.split('.')[1];
  if (index !== undefined) document.getElementById(`cart-item-${index}`)?.focus();
}

const FORM_FIELDS = new Set<string>(['email', 'acceptTerms', ...BILLING_FIELD_PATHS]);

export interface CheckoutFormProps {
  items: readonly CartItem[];
  quote: { data?: QuoteResponse; error?: unknown; isLoading: boolean; retry: () => void };
  locale: Locale;
  labels: VignetteFormLabels;
  validation: ValidationLabels;
  emailSuggestion: EmailSuggestionLabels;
  billing: BillingLabels;
  validityTexts: ValidityTexts;
  /** The present, for the validity of items not paid yet: "from the payment" for today. */
  now: Date;
  describeItem: (item: Pick<CartItem, 'categoryCode' | 'type' | 'plate' | 'country' | 'county'>) => string;
  /** The order's 422 issues about the cart's items (`items.N.field`), shown on those items. */
  onItemIssues: (issues: ApiIssue[]) => void;
}

/**
 * Checkout: e-mail, optional invoice data, the order summary from the quote, the terms with the express consent of
 * OUG 34/2014 art. 16, and "Pay", which creates the order and sends the browser to the payment provider's form.
 */
export function CheckoutForm({
  items,
  quote,
  locale,
  labels,
  validation,
  emailSuggestion,
  billing,
  validityTexts,
  now,
  describeItem,
  onItemIssues,
}: CheckoutFormProps) {
  const id = useId();
  const form = useForm<CheckoutValues>({ defaultValues: DEFAULT_VALUES, resolver: checkoutResolver });
  const { control, register, handleSubmit, setError, setValue, formState } = form;
  const email = useWatch({ control, name: 'email' });
  const [payError, setPayError] = useState<string>();
  const paying = useRef(false);
  const t = labels.checkout;
  const errors = formState.errors;
  const message = (key: string | undefined) => errorText(key, validation, labels.errors);
  const fieldId = (name: string) => `${id}-${name.replace('.', '-')}`;
  const errorId = (name: string) => `${fieldId(name)}-error`;

  const field = (name: Path<CheckoutValues>, error: string | undefined) => ({
    id: fieldId(name),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId(name) : undefined,
  });

  const emailError = message(errors.email?.message);
  const termsError = message(errors.acceptTerms?.message);
  const quoteProblem = isApiRequestError(quote.error) && quote.error.status === 422;

  const pay = async (values: CheckoutValues) => {
    if (paying.current) return;
    setPayError(undefined);
    if (!quote.data) {
      setPayError(quoteProblem ? t.cartProblems : quote.isLoading ? t.quoteLoading : t.quoteError);
      if (quoteProblem && isApiRequestError(quote.error)) focusCartItem(quote.error.issues);
      return;
    }
    // Judged already: the schema is loaded, and gives the request's fields (trimmed, the invoice only when asked for).
    const fields = (await checkoutSchema()).parse(toOrderFields(values));
    const body: OrderRequest = {
      items: items.map(requestItem),
      email: fields.email,
      locale,
      ...(fields.invoice ? { invoice: fields.invoice } : {}),
      acceptTerms: true,
      ...(fields.remindBeforeEnd ? { remindBeforeEnd: true } : {}),
      ...(reminderSource() ? { fromReminder: reminderSource() } : {}),
    };
    paying.current = true;
    try {
      await checkOut(CHECKOUT_STORAGE_KEYS.vignette, body, (key) => postOrder(body, key), {
        onBack: () => (paying.current = false),
      });
    } catch (error) {
      paying.current = false;
      if (isApiRequestError(error) && error.status === 422 && error.issues.length) {
        const itemIssues = error.issues.filter((issue) => issue.path.startsWith('items.'));
        const formIssues = error.issues.filter((issue) => FORM_FIELDS.has(issue.path));
        formIssues.forEach((issue, index) =>
          setError(
            issue.path as Path<CheckoutValues>,
            { type: 'server', message: issue.code ?? 'invalid' },
            { shouldFocus: index === 0 },
          ),
        );
        onItemIssues(itemIssues);
        const rest = error.issues.filter(
          (issue) => !issue.path.startsWith('items.') && !FORM_FIELDS.has(issue.path),
        );
        setPayError(
          rest.length ? rest.map((issue) => message(issue.code ?? 'invalid')).join(' ') : t.fixErrors,
        );
        if (!formIssues.length) focusCartItem(itemIssues);
      } else if (isApiRequestError(error) && error.status === 0) {
        setPayError(t.networkError);
      } else if (isProductLineClosed(error)) {
        setPayError(t.lineClosed);
      } else {
        setPayError(t.payError);
      }
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="vignette-checkout">
      <h2 id={`${id}-heading`} className="flex items-center gap-3 text-xl font-semibold text-slate-900">
        <span
          aria-hidden="true"
          className="bg-brand flex size-8 shrink-0 items-center justify-center rounded-full text-base font-bold text-white"
        >
          5
        </span>
        {labels.steps.checkout}
      </h2>
      <form
        {...fetchesSchemaWhenTouched(checkoutResolver)}
        onSubmit={(event) => {
          // A new try: what the last one said goes.
          setPayError(undefined);
          void handleSubmit(pay)(event).catch(
            whenSchemaUnavailable(() => setPayError(message('formUnavailable'))),
          );
        }}
        className="space-y-5"
      >
        <EmailField
          {...register('email')}
          id={fieldId('email')}
          label={t.email}
          hint={t.emailHint}
          error={emailError}
          value={email}
          suggestionLabels={emailSuggestion}
          onCorrect={(corrected) => setValue('email', corrected, { shouldValidate: true, shouldDirty: true })}
        />

        <FormProvider {...form}>
          <BillingFields idPrefix={id} locale={locale} labels={billing} message={message} />
        </FormProvider>

        <section
          aria-labelledby={`${id}-summary`}
          className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
          data-testid="order-summary"
        >
          <h3 id={`${id}-summary`} className="text-lg font-semibold text-slate-900">
            {t.summary}
          </h3>
          <div aria-live="polite">
            {quote.data ? (
              <>
                <ul className="mt-2 divide-y divide-slate-200">
                  {quote.data.items.map((quoted, index) => (
                    <li key={index} className="py-2" data-testid="summary-item">
                      <p className="font-medium break-words text-slate-900">
                        {describeItem(
                          quoted as Pick<CartItem, 'categoryCode' | 'type' | 'plate' | 'country' | 'county'>,
                        )}
                      </p>
                      <p
                        className="text-sm text-slate-700"
                        data-first-day={quoted.firstDay}
                        data-last-day={quoted.lastDay}
                      >
                        {validityText(validityTexts, quoted, now, locale)}
                      </p>
                      <p className="text-sm text-slate-900 tabular-nums">
                        {formatHuf(quoted.priceHuf, locale)} ·{' '}
                        <span className="font-semibold">{formatRon(quoted.priceRon, locale)}</span>
                      </p>
                    </li>
                  ))}
                </ul>
                <p className="mt-2 flex items-baseline justify-between gap-3 border-t-2 border-slate-900 pt-2 text-lg font-bold text-slate-900">
                  <span>{t.total}</span>
                  <span data-testid="summary-total" data-bani={quote.data.totalRon} className="tabular-nums">
                    {formatRon(quote.data.totalRon, locale)}
                  </span>
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  {fill(t.rate, {
                    rate: formatRate(quote.data.RON2HUF, locale),
                    date: quote.data.rateDate ? formatDay(quote.data.rateDate, locale, 'medium') : '',
                  })}
                </p>
              </>
            ) : quote.isLoading ? (
              <p className="mt-2 text-slate-700">{t.quoteLoading}</p>
            ) : quote.error ? (
              <div className="mt-2 space-y-2">
                <p className="text-red-700">{quoteProblem ? t.cartProblems : t.quoteError}</p>
                {!quoteProblem && (
                  <button
                    type="button"
                    onClick={quote.retry}
                    className="border-brand text-brand hover:bg-brand/10 inline-flex min-h-11 items-center rounded border px-4 font-medium"
                  >
                    {labels.retry}
                  </button>
                )}
              </div>
            ) : null}
          </div>
        </section>

        <div className="flex items-start gap-3">
          <input
            {...register('remindBeforeEnd')}
            id={fieldId('remindBeforeEnd')}
            type="checkbox"
            data-testid="checkout-remind-me"
            className="accent-brand mt-0.5 size-6 shrink-0"
          />
          <label htmlFor={fieldId('remindBeforeEnd')} className="text-slate-900">
            {t.remindMe}
          </label>
        </div>
        <TermsConsent
          input={{ ...register('acceptTerms'), ...field('acceptTerms', termsError) }}
          label={t.terms}
          linkText={t.termsLink}
          errorId={errorId('acceptTerms')}
          error={termsError}
        />
        <PayButton
          id={id}
          label={quote.data ? fill(t.pay, { amount: formatRon(quote.data.totalRon, locale) }) : t.payPlain}
          hint={t.payHint}
          error={payError}
        />
      </form>
    </section>
  );
}
