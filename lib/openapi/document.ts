import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '@/lib/api/error-body';
import type { HttpMethod } from '@/lib/api/routes';
import { BUYER_SESSION_COOKIE } from '@/lib/buyers/session-cookie';
import { needsXsrfCheck, XSRF_COOKIE, XSRF_HEADER } from '@/lib/security/xsrf';
import { errorAnswer } from './answers';
import { OPERATIONS, type Operation, type Sandbox } from './operations';

type JsonSchema = Record<string, unknown>;

/** OpenAPI 3.1's schemas are JSON Schema 2020-12, which zod 4 writes itself. */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // A refinement or transform has no JSON Schema; what the schema checks before it is still described.
    unrepresentable: 'any',
  }) as JsonSchema;
  // The dialect is the document's (`jsonSchemaDialect`), not each schema's.
  delete converted.$schema;
  return converted;
};

/** `/api/orders/[orderId]` → `/api/orders/{orderId}`. */
export const openApiPath = (route: string) => route.replace(/\[([^\]]+)\]/g, '{$1}');

/** The properties of an object schema (an intersection's too) as parameters of that place. */
function parametersOf(schema: z.ZodType, place: 'query' | 'path') {
  const json = jsonSchema(schema, 'input');
  const parts = (json.allOf as JsonSchema[] | undefined) ?? [json];
  return parts.flatMap((part) => {
    const required = new Set((part.required as string[] | undefined) ?? []);
    return Object.entries((part.properties as Record<string, JsonSchema> | undefined) ?? {}).map(
      ([name, property]) => ({
        name,
        in: place,
        required: place === 'path' || required.has(name),
        schema: property,
      }),
    );
  });
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before asking again', schema: { type: 'integer' } },
};

/** The failures an operation can answer: those of its kind (a body, a query, a token...) and its own. */
export function errorsOf(route: string, method: HttpMethod, operation: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(['INTERNAL', 'UNAVAILABLE', ...(operation.errors ?? [])]);
  const add = (...more: ErrorCode[]) => more.forEach((code) => codes.add(code));
  if (operation.body || operation.form)
    add('BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION');
  if (operation.query) add('VALIDATION');
  if (operation.idempotent) add('BAD_REQUEST');
  if (operation.staff) add('UNAUTHORIZED', 'FORBIDDEN');
  if (operation.buyerSession) add('UNAUTHORIZED');
  if (operation.rateLimited) add('TOO_MANY_REQUESTS');
  if (needsXsrfCheck(method, route)) add('FORBIDDEN');
  return [...codes];
}

/** A sandbox's answers, whatever their status and media type, are its provider's. */
const PROVIDER_ANSWERS = {
  default: { description: "In the provider's contract", content: { '*/*': {} } },
};

function responsesOf(route: string, method: HttpMethod, operation: Operation) {
  if (operation.sandbox) return PROVIDER_ANSWERS;
  const responses: Record<string, JsonSchema> = {};
  for (const answer of operation.answers) {
    const status = String(answer.status);
    const mediaType = answer.schema ? 'application/json' : answer.mediaType;
    const existing = responses[status] ?? { description: answer.description };
    if (mediaType) {
      existing.content = {
        ...(existing.content as JsonSchema | undefined),
        [mediaType]: answer.schema ? { schema: jsonSchema(answer.schema, 'output') } : {},
      };
    }
    responses[status] = existing;
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsOf(route, method, operation)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([one], [other]) => one - other)) {
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\``).join(', '),
      ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
      content: {
        'application/json': {
          schema: operation.failure ? jsonSchema(operation.failure, 'output') : ERROR_REF,
        },
      },
    };
  }
  return responses;
}

function securityOf(route: string, method: HttpMethod, operation: Operation) {
  const requirement: Record<string, string[]> = {};
  if (operation.staff) requirement.staffToken = [];
  if (operation.buyerSession) requirement.buyerSession = [];
  if (needsXsrfCheck(method, route)) {
    requirement.xsrfHeader = [];
    requirement.xsrfCookie = [];
  }
  return Object.keys(requirement).length ? [requirement] : [];
}

function operationObject(route: string, method: HttpMethod, operation: Operation) {
  const parameters = [
    ...(operation.path ? parametersOf(operation.path, 'path') : []),
    ...(operation.query ? parametersOf(operation.query, 'query') : []),
    ...(operation.idempotent
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: 'The same key again answers the same order; with another body, 409',
            schema: { type: 'string', pattern: '^[\\w-]{8,128}$' },
          },
        ]
      : []),
  ];
  const body = operation.body ?? operation.form;
  const authority = operation.staff?.authority;
  return {
    operationId: `${method.toLowerCase()}${route
      .replace(/^\/api/, '')
      .split(/[^A-Za-z0-9]+/)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join('')}`,
    summary: operation.summary,
    ...(authority ? { description: `Needs the authority \`${authority}\`.` } : {}),
    tags: [operation.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: {
              [operation.form ? 'application/x-www-form-urlencoded' : 'application/json']: {
                schema: jsonSchema(body, 'input'),
              },
            },
          },
        }
      : {}),
    responses: responsesOf(route, method, operation),
    security: securityOf(route, method, operation),
  };
}

export interface DocumentOptions {
  /** The sandboxes this server serves: their routes are described, the others' are not (they answer 404). */
  sandboxes: readonly Sandbox[];
  /** The document's `info.version`. */
  version?: string;
}

/**
 * The OpenAPI 3.1 description of the API, built from the schemas the handlers validate with (lib/validations) and
 * those of their answers (./answers.ts), for the routes of `OPERATIONS`.
 */
export function openApiDocument({ sandboxes, version = '1' }: DocumentOptions) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [route, methods] of Object.entries(OPERATIONS)) {
    for (const [method, operation] of Object.entries(methods) as [HttpMethod, Operation][]) {
      if (operation.sandbox && !sandboxes.includes(operation.sandbox)) continue;
      (paths[openApiPath(route)] ??= {})[method.toLowerCase()] = operationObject(route, method, operation);
    }
  }
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Road Partners shop API',
      version,
      description:
        'Hungarian e-vignettes and Romanian prepaid top-ups. Amounts named `*Ron` are in bani; calendar days are ' +
        "Budapest's. Every failure answers the `Error` shape. Every non-GET call echoes the `XSRF-TOKEN` cookie in " +
        'the `X-XSRF-TOKEN` header (the payment provider and the sandboxes excepted); `GET /api/xsrf-token` sets the ' +
        'cookie. Staff calls carry the token of `POST /api/login`.',
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'catalogue' },
      { name: 'orders' },
      { name: 'my orders' },
      { name: 'validity check' },
      { name: 'reminders' },
      { name: 'payments' },
      { name: 'staff' },
      { name: 'health' },
      { name: 'description' },
      ...(sandboxes.length
        ? [{ name: 'sandbox', description: "Stand-ins for the providers, in their providers' contracts" }]
        : []),
    ],
    paths,
    components: {
      schemas: { Error: jsonSchema(errorAnswer, 'output') },
      securitySchemes: {
        staffToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token of `POST /api/login` (its `Authorization` answer header)',
        },
        xsrfHeader: {
          type: 'apiKey',
          in: 'header',
          name: XSRF_HEADER,
          description: 'The value of the `XSRF-TOKEN` cookie, echoed (docs/decisions/0010)',
        },
        xsrfCookie: { type: 'apiKey', in: 'cookie', name: XSRF_COOKIE },
        buyerSession: {
          type: 'apiKey',
          in: 'cookie',
          name: BUYER_SESSION_COOKIE,
          description: 'The session of `POST /api/my-orders/session`',
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
