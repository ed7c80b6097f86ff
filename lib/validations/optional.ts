import { z } from 'zod';

export const absentIfEmpty = (value: unknown) => (value === '' ? undefined : value);

/** An optional query parameter: an empty one (`status=`) counts as absent, so a form can send every field it has. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(absentIfEmpty, schema.optional());
