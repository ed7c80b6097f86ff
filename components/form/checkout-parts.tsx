'use client';

import type { InputHTMLAttributes } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { FieldError } from './field-error';

/**
 * The terms checkbox with the express consent of OUG 34/2014 art. 16 (a service performed at once, no withdrawal),
 * a link to the terms in a new tab, and its error. `input` carries the form library's registration and the ARIA
 * wiring of the field.
 */
export function TermsConsent({
  input,
  label,
  linkText,
  errorId,
  error,
}: {
  input: InputHTMLAttributes<HTMLInputElement> & { id: string };
  label: string;
  linkText: string;
  errorId: string;
  error?: string;
}) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input {...input} type="checkbox" className="accent-brand mt-0.5 size-6 shrink-0" />
        <label htmlFor={input.id} className="text-slate-900">
          {label}
        </label>
      </div>
      <p className="mt-1 ml-9">
        <Link
          href="/terms-conditions"
          target="_blank"
          rel="noopener"
          prefetch={false}
          className="text-brand underline"
        >
          {linkText}
        </Link>
      </p>
      <FieldError id={errorId} message={error} className="ml-9" />
    </div>
  );
}

/** "Pay {amount}", the note that payment happens on the provider's page, and what went wrong, announced. */
export function PayButton({
  id,
  label,
  hint,
  error,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
}) {
  return (
    <div className="space-y-2">
      <button
        type="submit"
        aria-describedby={`${id}-pay-hint${error ? ` ${id}-pay-error` : ''}`}
        className="bg-accent focus-visible:outline-brand inline-flex min-h-12 w-full items-center justify-center rounded-lg px-6 text-lg font-bold text-slate-900 hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-2"
        data-testid="pay-button"
      >
        {label}
      </button>
      <p id={`${id}-pay-hint`} className="text-sm text-slate-700">
        {hint}
      </p>
      <div role="alert">
        <FieldError id={`${id}-pay-error`} message={error} />
      </div>
    </div>
  );
}
