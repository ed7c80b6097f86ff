import type { InputHTMLAttributes, Ref } from 'react';
import { FieldError } from './field-error';

export interface TextFieldStyles {
  label: string;
  input: string;
  hint: string;
  /** The shop's forms say what to type before the field; the back-office's compact forms after it. */
  hintFirst: boolean;
}

/** The public shop's fields: large touch targets, the hint above the field. */
export const SHOP_FIELD_STYLES: TextFieldStyles = {
  label: 'block font-medium text-slate-900',
  input:
    'mt-1 min-h-11 w-full rounded border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-brand aria-[invalid=true]:border-red-700',
  hint: 'text-sm text-slate-700',
  hintFirst: true,
};

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  styles?: TextFieldStyles;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and its error, both tied to it by aria-describedby. */
export function TextField({
  id,
  label,
  hint,
  error,
  styles = SHOP_FIELD_STYLES,
  className = '',
  ref,
  ...input
}: TextFieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const hintText = hint && (
    <p id={`${id}-hint`} className={styles.hint}>
      {hint}
    </p>
  );
  return (
    <div className={className}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {styles.hintFirst && hintText}
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={styles.input}
        {...input}
      />
      {!styles.hintFirst && hintText}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** How an e-mail field behaves on a phone: the e-mail keyboard, no capital letter, no spelling fixes. */
export const EMAIL_INPUT = {
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;
