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

/** A form's resolver, and a way to fetch its schema ahead of the first judgement (when the form is first touched). */
export type LazyResolver<Values extends FieldValues> = Resolver<Values> & { preload: () => void };

/**
 * The form's schema could not be fetched: the connection is gone. The submit stops (react-hook-form rejects it), nothing
 * typed is lost, and the next submit fetches the schema again. The form says so with the `Validation` message
 * `formUnavailable` (see `whenSchemaUnavailable`).
 */
export class SchemaUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The form’s schema could not be fetched', { cause });
    this.name = 'SchemaUnavailableError';
  }
}

/**
 * The `catch` of a form's submit (`handleSubmit(...)(event)`): `tell` the buyer when the form's rules could not be
 * fetched; any other failure stays an error.
 */
export const whenSchemaUnavailable = (tell: () => void) => (error: unknown) => {
  if (!(error instanceof SchemaUnavailableError)) throw error;
  tell();
};

/**
 * The `<form>` props of a form judged by a lazily fetched schema: the schema is fetched as soon as the form is touched
 * (a press, the focus). Its `onSubmit` catches `whenSchemaUnavailable`.
 */
export const fetchesSchemaWhenTouched = <Values extends FieldValues>(resolver: LazyResolver<Values>) => ({
  noValidate: true,
  onFocusCapture: resolver.preload,
  onPointerDownCapture: resolver.preload,
});

/** Whether an error of the schema's is one field's (a leaf of its input), which a form field of its own can show. */
export const isFieldError = (error: object | undefined): error is FieldError =>
  error !== undefined && 'type' in error && typeof error.type === 'string';

/**
 * react-hook-form's resolver for a form judged by a shared zod schema (lib/validations) whose input is not the
 * form's values. Errors carry the schema's message keys, which the form turns into texts; a valid form gives its own
 * values, not the schema's output, since it builds its request from them.
 *
 * The schema arrives through `loadSchema`, a dynamic `import()`: zod and the schemas are a third of a purchase page's
 * JavaScript, and the page is read (prices, periods) before anything is judged, so they are fetched when the form is
 * first touched (`preload`) or judged, never with the page (docs/architecture.md, Page weight).
 */
export function zodFormResolver<Values extends FieldValues, Input extends FieldValues>(
  loadSchema: () => Promise<z.ZodType<unknown, Input>>,
  { toInput, toFormErrors }: ZodFormResolverOptions<Values, Input>,
): LazyResolver<Values> {
  type Judge = Resolver<FieldValues, unknown, unknown>;
  let judge: Promise<Judge> | undefined;
  const load = (): Promise<Judge> => {
    const loading = (judge ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) =>
        // The schema is handed what the form holds, not yet its input: it is its own errors' judge.
        zodResolver<FieldValues, unknown, unknown>(schema),
    ));
    // A failed download is tried again at the next judgement rather than remembered.
    loading.catch(() => (judge = undefined));
    return loading;
  };
  const resolver: Resolver<Values> = async (values, context, options) => {
    const resolve = await load().catch((error: unknown) => {
      throw new SchemaUnavailableError(error);
    });
    // The form's field names are not the schema's; they matter only to field arrays, which the errors' paths show too.
    const result = await resolve(toInput(values), context, { ...options, names: undefined });
    const errors = toFormErrors(result.errors, values);
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
