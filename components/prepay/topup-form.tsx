'use client';

import { useId, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
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
import { FieldError } from '@/components/form/field-error';
import { TextField } from '@/components/form/text-field';
import {
  fetchesSchemaWhenTouched,
  whenSchemaUnavailable,
  zodFormResolver,
} from '@/components/form/zod-form-resolver';
import { fill, formatEur, formatRon } from '@/lib/i18n/format';
import { rememberPreformatted, type PreformattedTexts } from '@/lib/i18n/preformatted';
import { errorText, type ValidationLabels } from '@/lib/i18n/labels';
import type { TopUpOrderRequest } from '@/lib/client/api';
import { isProductLineClosed, isApiRequestError } from '@/lib/client/api-error';
import { apiOnDemand } from '@/lib/client/api-on-demand';
import { CHECKOUT_STORAGE_KEYS, checkOut } from '@/lib/client/checkout';
import type { Locale } from '@/lib/i18n/routing';
import { formatNationalPhone, parseRomanianPhone } from '@/lib/phones/romanian-phone';
import type { TopUpOperator } from '@/lib/topups/catalog';
import type messages from '@/messages/ro.json';
import { useHydrated } from '@/lib/client/use-hydrated';

export type TopUpFormLabels = (typeof messages)['TopUpForm'];

interface TopUpValues extends BillingFormValues {
  productId: string;
  phone: string;
  phoneConfirm: string;
  email: string;
  acceptTerms: boolean;
}

/** The schema's input for the form's values: the invoice only when asked for (components/form/billing-fields.tsx). */
const toInput = (values: TopUpValues) => ({
  productId: values.productId,
  phone: values.phone,
  email: values.email.trim(),
  invoice: billingInput(values),
  acceptTerms: values.acceptTerms,
});

/**
 * The visitor's part of the shared order schema (lib/validations/purchase-forms: the operator is the page's) judges the
 * fields; the number typed a second time must be the same number, however written.
 */
const formSchema = () => import('@/lib/validations/purchase-forms').then((forms) => forms.topUpFormSchema);

const resolver = zodFormResolver(formSchema, {
  toInput,
  toFormErrors: (errors, values) =>
    !errors.phone && parseRomanianPhone(values.phone)?.e164 !== parseRomanianPhone(values.phoneConfirm)?.e164
      ? { ...errors, phoneConfirm: { type: 'mismatch', message: 'phoneMismatch' } }
      : errors,
});

const FORM_FIELDS = new Set(['productId', 'phone', 'email', 'acceptTerms', ...BILLING_FIELD_PATHS]);

interface Props {
  operator: Pick<TopUpOperator, 'id' | 'name' | 'plan'>;
  products: TopUpOperator['products'];
  locale: Locale;
  labels: TopUpFormLabels;
  validation: ValidationLabels;
  emailSuggestion: EmailSuggestionLabels;
  billing: BillingLabels;
  /** The amounts and the billing fields' lists as the server formatted them (lib/i18n/preformatted.ts). */
  preformatted: PreformattedTexts;
}

/**
 * A top-up in one screen (route `{lang}/prepay/{provider}`, docs/screens.md, Routes): the amount, the number typed
 * twice, the e-mail, a summary of what is delivered and how, the terms with the express consent of OUG 34/2014 art. 16,
 * and "Pay", which creates the order and sends the browser to the payment provider's form.
 */
export function TopUpForm({
  operator,
  products,
  locale,
  labels: t,
  validation,
  emailSuggestion,
  billing,
  preformatted,
}: Props) {
  // Before anything is formatted: taking the form over then makes no Intl formatter.
  rememberPreformatted(preformatted);
  const id = useId();
  const hydrated = useHydrated();
  const form = useForm<TopUpValues>({
    defaultValues: {
      productId: '',
      phone: '',
      phoneConfirm: '',
      email: '',
      wantsInvoice: false,
      invoice: EMPTY_BILLING,
      acceptTerms: false,
    },
    resolver,
  });
  const { control, register, handleSubmit, setError, setValue, formState } = form;
  const [payError, setPayError] = useState<string>();
  const paying = useRef(false);
  const [productId, phone, email] = useWatch({ control, name: ['productId', 'phone', 'email'] });
  const product = products.find((candidate) => candidate.id === productId);
  const parsedPhone = parseRomanianPhone(phone ?? '');
  const errors = formState.errors;
  const message = (key: string | undefined) => errorText(key, validation, t.errors);
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${fieldId(name)}-error`;
  const described = (name: keyof TopUpValues, error: string | undefined) => ({
    id: fieldId(name),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId(name) : undefined,
  });

  const productError = message(errors.productId?.message);
  const phoneError = message(errors.phone?.message);
  const confirmError = message(errors.phoneConfirm?.message);
  const emailError = message(errors.email?.message);
  const termsError = message(errors.acceptTerms?.message);

  const pay = async (values: TopUpValues) => {
    if (paying.current) return;
    setPayError(undefined);
    // Judged already: the schema is loaded, and gives the request's fields (trimmed, the invoice only when asked for).
    const fields = (await formSchema()).parse(toInput(values));
    const body: TopUpOrderRequest = {
      operatorId: operator.id,
      productId: fields.productId,
      phone: fields.phone,
      email: fields.email,
      locale,
      ...(fields.invoice ? { invoice: fields.invoice } : {}),
      acceptTerms: true,
    };
    paying.current = true;
    try {
      await checkOut(
        CHECKOUT_STORAGE_KEYS.topUp,
        body,
        (key) => apiOnDemand().then((api) => api.postTopUpOrder(body, key)),
        {
          onBack: () => (paying.current = false),
        },
      );
    } catch (error) {
      paying.current = false;
      if (isApiRequestError(error) && error.status === 422 && error.issues.length) {
        const formIssues = error.issues.filter((issue) => FORM_FIELDS.has(issue.path));
        formIssues.forEach((issue, index) =>
          setError(
            issue.path as Path<TopUpValues>,
            { type: 'server', message: issue.code ?? 'invalid' },
            { shouldFocus: index === 0 },
          ),
        );
        const rest = error.issues.filter((issue) => !FORM_FIELDS.has(issue.path));
        setPayError(
          rest.length ? rest.map((issue) => message(issue.code ?? 'invalid')).join(' ') : t.fixErrors,
        );
      } else if (isApiRequestError(error) && error.status === 0) {
        setPayError(t.networkError);
      } else if (isProductLineClosed(error)) {
        setPayError(t.lineClosed);
      } else {
        setPayError(t.payError);
      }
    }
  };

  const heading = 'flex items-center gap-3 text-xl font-semibold text-slate-900';
  const stepNumber =
    'flex size-8 shrink-0 items-center justify-center rounded-full bg-brand text-base font-bold text-white';
  const operatorName = `${operator.name} ${operator.plan}`;

  return (
    <form
      {...fetchesSchemaWhenTouched(resolver)}
      onSubmit={(event) => {
        // A new try: what the last one said goes.
        setPayError(undefined);
        void handleSubmit(pay)(event).catch(
          whenSchemaUnavailable(() => setPayError(message('formUnavailable'))),
        );
      }}
      className="max-w-2xl"
      data-testid="topup-form"
    >
      {/* Disabled until the scripts run (useHydrated); a layout of its own would not be the same form. */}
      <fieldset disabled={!hydrated} className="contents space-y-8">
        <fieldset aria-describedby={productError ? errorId('productId') : undefined}>
          <legend className={heading}>
            <span aria-hidden="true" className={stepNumber}>
              1
            </span>
            {t.amountStep}
          </legend>
          <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {products.map((option) => (
              <label
                key={option.id}
                className="has-checked:border-brand has-checked:bg-brand/5 has-focus-visible:outline-brand relative flex min-h-24 cursor-pointer flex-col rounded-xl border-2 border-slate-300 bg-white p-3 has-focus-visible:outline-2 has-focus-visible:outline-offset-2"
                data-product={option.id}
              >
                <input {...register('productId')} type="radio" value={option.id} className="sr-only" />
                <span className="text-2xl font-bold text-slate-900">
                  {formatEur(Math.round(option.faceValue * 100), locale)}
                </span>
                <span className="text-slate-800 tabular-nums">{formatRon(option.priceRon, locale)}</span>
                <span
                  className={`mt-2 w-fit rounded-full px-2 py-0.5 text-sm font-semibold ${
                    option.delivery === 'PIN' ? 'bg-accent text-slate-900' : 'bg-slate-200 text-slate-900'
                  }`}
                >
                  {option.delivery === 'PIN' ? t.deliveryPin : t.deliveryDirect}
                </span>
              </label>
            ))}
          </div>
          <p className="mt-2 text-sm text-slate-700">{t.amountHint}</p>
          <FieldError id={errorId('productId')} message={productError} />
        </fieldset>

        <section aria-labelledby={`${id}-number`} className="space-y-4">
          <h2 id={`${id}-number`} className={heading}>
            <span aria-hidden="true" className={stepNumber}>
              2
            </span>
            {t.numberStep}
          </h2>
          <TextField
            {...register('phone')}
            id={fieldId('phone')}
            label={fill(t.phone, { operator: operatorName })}
            hint={fill(t.phoneHint, { operator: operator.name })}
            error={phoneError}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="07xx xxx xxx"
          />
          <TextField
            {...register('phoneConfirm')}
            id={fieldId('phoneConfirm')}
            label={t.phoneConfirm}
            error={confirmError}
            type="tel"
            inputMode="tel"
            autoComplete="off"
          />
        </section>

        <section aria-labelledby={`${id}-checkout`} className="space-y-5">
          <h2 id={`${id}-checkout`} className={heading}>
            <span aria-hidden="true" className={stepNumber}>
              3
            </span>
            {t.checkoutStep}
          </h2>
          <EmailField
            {...register('email')}
            id={fieldId('email')}
            label={t.email}
            hint={t.emailHint}
            error={emailError}
            value={email}
            suggestionLabels={emailSuggestion}
            onCorrect={(corrected) =>
              setValue('email', corrected, { shouldValidate: true, shouldDirty: true })
            }
          />

          <FormProvider {...form}>
            <BillingFields idPrefix={id} locale={locale} labels={billing} message={message} />
          </FormProvider>

          <section
            aria-labelledby={`${id}-summary`}
            className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
            data-testid="topup-summary"
          >
            <h3 id={`${id}-summary`} className="text-lg font-semibold text-slate-900">
              {t.summary}
            </h3>
            <div aria-live="polite">
              {product ? (
                <>
                  <p className="mt-2 text-slate-900">
                    {fill(product.delivery === 'PIN' ? t.summaryPin : t.summaryDirect, {
                      value: formatEur(Math.round(product.faceValue * 100), locale),
                      operator: operatorName,
                      phone: parsedPhone ? formatNationalPhone(parsedPhone.e164) : t.summaryNoPhone,
                      email: email?.trim() || t.summaryNoEmail,
                    })}
                  </p>
                  <p className="mt-2 flex items-baseline justify-between gap-3 border-t-2 border-slate-900 pt-2 text-lg font-bold text-slate-900">
                    <span>{t.total}</span>
                    <span data-testid="topup-total" data-bani={product.priceRon} className="tabular-nums">
                      {formatRon(product.priceRon, locale)}
                    </span>
                  </p>
                  <p className="mt-1 text-sm text-slate-700">{t.vatIncluded}</p>
                </>
              ) : (
                <p className="mt-2 text-slate-700">{t.summaryEmpty}</p>
              )}
            </div>
          </section>

          <TermsConsent
            input={{ ...register('acceptTerms'), ...described('acceptTerms', termsError) }}
            label={t.terms}
            linkText={t.termsLink}
            errorId={errorId('acceptTerms')}
            error={termsError}
          />
          <PayButton
            id={id}
            label={product ? fill(t.pay, { amount: formatRon(product.priceRon, locale) }) : t.payPlain}
            hint={t.payHint}
            error={payError}
          />
        </section>
      </fieldset>
    </form>
  );
}
