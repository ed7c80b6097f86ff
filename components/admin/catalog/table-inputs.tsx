'use client';

import { useRef, type InputHTMLAttributes, type Ref } from 'react';
import { FieldError } from '@/components/form/field-error';

/** A catalog table's cell. */
export const cell = 'px-3 py-2 align-top';

/** The inputs of a table by key, so that a check can put focus on the first one it refuses. */
export function useTableInputs() {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  return {
    ref: (key: string) => (element: HTMLInputElement | null) => {
      if (element) inputs.current.set(key, element);
      else inputs.current.delete(key);
    },
    /** Focuses the input of the first key given; false when no key is given, so that the check may go on. */
    focusFirst: (keys: string[]) => {
      const first = keys[0];
      if (first === undefined) return false;
      inputs.current.get(first)?.focus();
      return true;
    },
  };
}

/**
 * A number typed in a table's cell, named by its headers or its own label, with why it was refused under it and tied
 * to it by aria-describedby.
 */
export function CellInput({
  errorId,
  error,
  ref,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  errorId: string;
  error: string | undefined;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <>
      <input
        ref={ref}
        type="number"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="focus-visible:outline-brand min-h-11 w-28 rounded-md border border-slate-400 bg-white px-2 text-right text-base text-slate-900 placeholder:text-slate-600 focus-visible:outline-2 aria-[invalid=true]:border-red-700"
        {...input}
      />
      <FieldError id={errorId} message={error} />
    </>
  );
}
