'use client';

import { useEffect, useState } from 'react';
// The spell checker reaches the browser only through this component (lib/validations/email-suggestion.ts).
import { suggestEmail } from '@/lib/validations/email-suggestion';
import type messages from '@/messages/ro.json';
import { EMAIL_INPUT, TextField, type TextFieldProps } from './text-field';

export type EmailSuggestionLabels = (typeof messages)['EmailSuggestion'];

interface EmailSuggestionProps {
  /** The id of the e-mail input: its blur starts the check, and the focus goes back to it after an answer. */
  inputId: string;
  /** The field's current value. */
  value: string | undefined;
  labels: EmailSuggestionLabels;
  /** Puts the suggested address into the field (react-hook-form's setValue, validated). */
  onAccept: (email: string) => void;
}

/**
 * "Did you mean ana@gmail.com?" under an e-mail field, with "yes" and "no". The address is checked when the buyer
 * leaves the field, not while they type; once a suggestion is shown it follows the value until it no longer applies.
 * "No" is remembered for that address, so the question is not asked twice. The region is always in the page, so a
 * screen reader announces the question when it appears.
 */
export function EmailSuggestion({ inputId, value, labels, onAccept }: EmailSuggestionProps) {
  const [watching, setWatching] = useState(false);
  const [dismissed, setDismissed] = useState<readonly string[]>([]);

  const typed = value?.trim() ?? '';
  const suggestion = watching && !dismissed.includes(typed) ? suggestEmail(typed) : null;
  // A suggestion that no longer applies (corrected, refused, or the address changed) waits for the next blur.
  if (watching && !suggestion) setWatching(false);

  useEffect(() => {
    const input = document.getElementById(inputId);
    // Left by a tap or a click elsewhere (the terms' checkbox, the Pay button), the question waits until that click
    // is done: shown at once, it would push the control down under the finger, and the click would miss it.
    let pointerDown = false;
    const onPointerDown = () => (pointerDown = true);
    const onPointerUp = () => (pointerDown = false);
    const check = () => {
      if (!pointerDown) return setWatching(true);
      const afterClick = () => setTimeout(() => setWatching(true), 0);
      document.addEventListener('pointerup', afterClick, { once: true, capture: true });
      document.addEventListener('pointercancel', afterClick, { once: true, capture: true });
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('pointerup', onPointerUp, true);
    document.addEventListener('pointercancel', onPointerUp, true);
    input?.addEventListener('blur', check);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('pointerup', onPointerUp, true);
      document.removeEventListener('pointercancel', onPointerUp, true);
      input?.removeEventListener('blur', check);
    };
  }, [inputId]);

  // The buttons vanish with the answer: the focus returns to the field rather than to the page's start.
  const backToField = () => document.getElementById(inputId)?.focus();

  const [before = '', after = ''] = labels.question.split('{email}');
  const button =
    'inline-flex min-h-11 items-center rounded px-4 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

  return (
    <div role="status" aria-live="polite">
      {suggestion && (
        <div
          className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
          data-testid="email-suggestion"
        >
          <p className="text-slate-900">
            {before}
            <strong className="font-semibold break-all">{suggestion}</strong>
            {after}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => {
                onAccept(suggestion);
                backToField();
              }}
              className={`bg-brand text-white hover:brightness-110 ${button}`}
              data-testid="email-suggestion-accept"
            >
              {labels.accept}
            </button>
            <button
              type="button"
              onClick={() => {
                setDismissed((previous) => [...previous, typed]);
                backToField();
              }}
              className={`border-brand text-brand hover:bg-brand/10 border ${button}`}
              data-testid="email-suggestion-dismiss"
            >
              {labels.dismiss}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The checkout's e-mail field: the input (TextField, an e-mail keyboard and autocomplete) with its typo suggestion
 * under it, which puts the corrected address into the form through `onCorrect`.
 */
export function EmailField({
  suggestionLabels,
  onCorrect,
  ...field
}: Omit<TextFieldProps, 'value'> & {
  value: string | undefined;
  suggestionLabels: EmailSuggestionLabels;
  onCorrect: (email: string) => void;
}) {
  const { value, ...input } = field;
  return (
    <div>
      <TextField {...input} {...EMAIL_INPUT} />
      <EmailSuggestion inputId={field.id} value={value} labels={suggestionLabels} onAccept={onCorrect} />
    </div>
  );
}
