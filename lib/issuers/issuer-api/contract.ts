/**
 * The shop's vignette issuer contract (docs/issuer-api.md, docs/issuer-api.openapi.json): the bodies both sides of
 * the HTTP API exchange, as zod schemas. The adapter (./client.ts) checks the issuer's answers with them, the built-in
 * sandbox (./sandbox.ts) checks the shop's requests with them, and a unit test holds the OpenAPI document to them
 * (tests/unit/lib/issuers/issuer-api-openapi.test.ts), so the three never drift apart.
 *
 * Framework-free and without `server-only`, so the document's test can read it.
 */
import { z } from 'zod';
import { CATEGORY_CODES, type CategoryCode } from '@/lib/vignettes/categories';
import { HUNGARIAN_COUNTIES } from '@/lib/vignettes/counties';
import { VIGNETTE_TYPES } from '@/lib/vignettes/periods';

/** The contract's version, the last segment of the base URL the integrator gives (`https://gateway.example/v1`). */
export const ISSUER_API_VERSION = 'v1';

/** The header that carries the shop's delivery key of an item (lib/orders/fulfilment.ts, `deliveryKey`). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The query parameter of the look-up by key. */
export const IDEMPOTENCY_QUERY = 'idempotencyKey';
/** A delivery key: `<order id>:<position>`, `:r<revision>` after a correction; letters, digits, `:`, `_`, `-`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9:_-]{1,200}$/;

/** The paths of the contract, relative to the base URL, as OpenAPI writes them. */
export const ISSUER_API_PATHS = {
  vignettes: '/vignettes',
  vignette: '/vignettes/{id}',
  corrections: '/vignettes/{id}/corrections',
  health: '/health',
} as const;

/** The operations every issuer serves (`/health` is optional for a gateway; the sandbox serves it). */
export const ISSUER_API_OPERATIONS = [
  { method: 'post', path: ISSUER_API_PATHS.vignettes },
  { method: 'get', path: ISSUER_API_PATHS.vignettes },
  { method: 'get', path: ISSUER_API_PATHS.vignette },
  { method: 'post', path: ISSUER_API_PATHS.corrections },
  { method: 'get', path: ISSUER_API_PATHS.health },
] as const;

const day = z.iso.date().meta({ description: 'A calendar day in Hungary (Europe/Budapest), YYYY-MM-DD.' });
const plate = z
  .string()
  .min(1)
  .max(20)
  .meta({
    description:
      'The registration number as on the plate, upper case, without spaces or dashes (letters may be accented).',
    examples: ['B123ABC'],
  });
const country = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .meta({ description: 'Country of registration, ISO 3166-1 alpha-2.', examples: ['RO'] });
const countyIds = HUNGARIAN_COUNTIES.map((county) => county.id) as [string, ...string[]];

/** `POST /vignettes`: the vignette the shop sold. */
export const issueRequestSchema = z
  .object({
    category: z.enum(CATEGORY_CODES as unknown as [CategoryCode, ...CategoryCode[]]).meta({
      description: 'Vehicle category: CAR (D1), VAN (D2), MOTOR (D1M), TRAIL (U), BUS (B2).',
    }),
    type: z
      .enum(VIGNETTE_TYPES)
      .meta({ description: 'The period: a day, 10 days, a month, a year, a county year.' }),
    county: z
      .enum(countyIds)
      .nullable()
      .meta({ description: 'The county of a COUNTY_YEAR vignette; null for every other type.' }),
    plate,
    country,
    firstDay: day,
    lastDay: day,
  })
  .strict()
  .meta({ description: 'A vignette to register with the national system.' });
export type IssueRequestBody = z.infer<typeof issueRequestSchema>;

/** `POST /vignettes/{id}/corrections`: the plate and country the vignette must carry from now on. */
export const correctionRequestSchema = z
  .object({ plate, country })
  .strict()
  .meta({ description: "The vignette's plate and country after the correction." });

/** A vignette as the issuer registered it, with every correction applied. */
export const vignetteSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .max(100)
      .meta({
        description: "The national system's identifier of the vignette, shown to the buyer.",
        examples: ['HU-EM-3F9A0C12B7D4'],
      }),
    status: z.enum(['ISSUED']).meta({ description: 'ISSUED: valid on its days.' }),
    idempotencyKey: z.string().meta({ description: 'The key the vignette was issued under.' }),
    category: issueRequestSchema.shape.category,
    type: issueRequestSchema.shape.type,
    county: issueRequestSchema.shape.county,
    plate,
    country,
    firstDay: day,
    lastDay: day,
    issuedAt: z.iso
      .datetime({ offset: true })
      .meta({ description: 'When the national system registered it.' }),
    corrections: z
      .array(
        z.object({
          previous: z.object({ plate, country }),
          correctedAt: z.iso.datetime({ offset: true }),
        }),
      )
      .meta({ description: 'The corrections applied, oldest first; `plate` and `country` are the latest.' }),
  })
  .meta({ description: 'A vignette as the issuer registered it.' });
export type IssuedVignette = z.infer<typeof vignetteSchema>;

/**
 * The error codes of the contract. Temporary (ask again later): CONFLICT, TOO_MANY_REQUESTS, UNAVAILABLE, INTERNAL
 * and every 5xx. Permanent (asking again gives the same answer): the rest.
 */
export const ISSUER_ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION',
  'IDEMPOTENCY_KEY_REUSED',
  'REFUSED',
  'CORRECTION_REFUSED',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type IssuerErrorCode = (typeof ISSUER_ERROR_CODES)[number];

/** Every error answer: the shop's own error shape, plus the national system's reason of a refusal. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().meta({
        description: `One of ${ISSUER_ERROR_CODES.join(', ')}; a client treats an unknown code by its HTTP status.`,
      }),
      message: z.string().meta({ description: 'For people: staff read it in the back-office.' }),
      reason: z.string().optional().meta({
        description:
          "REFUSED and CORRECTION_REFUSED: the national system's (or the rule's) code of the refusal.",
      }),
      issues: z
        .array(z.object({ path: z.string(), message: z.string() }).loose())
        .optional()
        .meta({ description: 'VALIDATION: one entry per wrong field.' }),
    }),
  })
  .meta({ description: 'Every error answer.' });

/** `GET /health`. */
export const healthSchema = z
  .object({ status: z.enum(['ok']), version: z.string() })
  .meta({ description: 'The gateway answers and reaches the national system.' });

/** The schemas the OpenAPI document names under `components.schemas`. */
export const ISSUER_API_SCHEMAS = {
  IssueRequest: issueRequestSchema,
  CorrectionRequest: correctionRequestSchema,
  Vignette: vignetteSchema,
  Error: errorBodySchema,
  Health: healthSchema,
} as const;

/**
 * The JSON Schemas of the contract, as the OpenAPI document's `components.schemas` must hold them: generated from the
 * zod schemas above, references between them written as `#/components/schemas/<name>`.
 */
export function issuerApiJsonSchemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(ISSUER_API_SCHEMAS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: dialect, $id: uri, ...rest } = schema as Record<string, unknown>;
      void dialect;
      void uri;
      return [id, rest];
    }),
  );
}
