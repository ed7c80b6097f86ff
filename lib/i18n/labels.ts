import type messages from '@/messages/ro.json';
import { fill } from './format';

/**
 * The texts of the purchase flow, handed by the server page to the client components as plain objects (no message
 * catalogue or ICU parser in the browser). Placeholders such as `{plate}` are filled with `fill()` from ./format.
 */
export type VignetteFormLabels = (typeof messages)['VignetteForm'];

/** The `Validation` messages: zod message keys and API issue codes, in the page's language. */
export type ValidationLabels = Record<string, string>;

/** Category code → its name in the page's language ("autoturism"), for the cart's lines. */
export type CategoryNames = Record<string, string>;

/**
 * The text of an error key: a `Validation` message, else one of the form's own, else the generic one, its
 * placeholders filled from `params`. A message that names a value it was not given (`{county}` with no county: an
 * error key kept without its values) is never shown raw: the generic message stands in for it.
 */
export function errorText(
  key: string | undefined,
  validation: ValidationLabels,
  own: Record<string, string>,
  params: Record<string, string | number> = {},
): string | undefined {
  if (!key) return undefined;
  const generic = validation.invalid ?? key;
  const text = validation[key] ?? own[key];
  if (text === undefined) return generic;
  const filled = fill(text, params);
  return /[{}]/.test(filled) ? generic : filled;
}
