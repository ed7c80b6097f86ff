import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldError } from '@/components/form/field-error';
import { fieldInput, fieldLabel } from './styles';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  /** Why the choice was refused, shown under the field and tied to it by aria-describedby, as TextField does. */
  error?: string;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

export function SelectField({
  id,
  label,
  error,
  className = '',
  ref,
  children,
  ...select
}: SelectFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fieldInput}
        {...select}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
