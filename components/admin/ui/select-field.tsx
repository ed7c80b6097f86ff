import type { ReactNode, SelectHTMLAttributes } from 'react';
import { fieldInput, fieldLabel } from './styles';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  children: ReactNode;
}

export function SelectField({ id, label, className = '', children, ...select }: SelectFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <select id={id} className={fieldInput} {...select}>
        {children}
      </select>
    </div>
  );
}
