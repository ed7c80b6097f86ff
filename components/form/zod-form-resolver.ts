import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** What a form hands its schema to judge: each of the schema's fields, holding whatever the form holds (an empty choice, an unticked box). */
type Unjudged<Input> = { [Field in keyof Input]-?: unknown };

interface ZodFormResolverOptions<Values extends FieldValues, Input> {
  /** The schema's fields from the form's: a form's fields rarely have the shape of the API's request. */
  toInput: (values: Values) => NoInfer<Unjudged<Input>>;
  /** The schema's errors (at its fields' paths) as the form's: moved to the field that shows them, plus the form's own checks. */
  toFormErrors: (errors: FieldErrors, values: Values) => FieldErrors<Values>;
}

/** Whether an error of the schema's is one field's (a leaf of its input), which a form field of its own can show. */
export const isFieldError = (error: object | undefined): error is FieldError =>
  error !== undefined && 'type' in error && typeof error.type === 'string';

/**
 * react-hook-form's resolver for a form judged by a shared zod schema (lib/validations) whose input is not the
 * form's values. Errors carry the schema's message keys, which the form turns into texts; a valid form gives its own
 * values, not the schema's output, since it builds its request from them.
 */
export function zodFormResolver<Values extends FieldValues, Input extends FieldValues>(
  schema: z.ZodType<unknown, Input>,
  { toInput, toFormErrors }: ZodFormResolverOptions<Values, Input>,
): Resolver<Values> {
  // The schema is handed what the form holds, not yet its input: it is its own errors' judge.
  const resolve = zodResolver<FieldValues, unknown, unknown>(schema);
  return async (values, context, options) => {
    // The form's field names are not the schema's; they matter only to field arrays, which the errors' paths show too.
    const result = await resolve(toInput(values), context, { ...options, names: undefined });
    const errors = toFormErrors(result.errors, values);
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}
