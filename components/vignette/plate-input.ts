/**
 * What a plate's text field is, wherever a plate is typed (the order form, the validity check): no suggestions or
 * corrections from the browser or the phone's keyboard, capitals offered, the schema's length, and the look that
 * shows each character plainly (a monospace, a slashed zero where the font has one).
 */
export const PLATE_INPUT = {
  type: 'text',
  maxLength: 24,
  autoComplete: 'off',
  autoCapitalize: 'characters',
  autoCorrect: 'off',
  spellCheck: false,
  className:
    'focus-visible:outline-brand mt-1 min-h-11 w-full rounded border border-slate-400 bg-white px-3 font-mono text-lg tracking-wider text-slate-900 uppercase slashed-zero focus-visible:outline-2 aria-[invalid=true]:border-red-700',
} as const;
