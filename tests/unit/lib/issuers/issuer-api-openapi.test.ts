import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { API_ROUTE_METHODS } from '@/lib/api/routes';
import {
  correctionRequestSchema,
  errorBodySchema,
  healthSchema,
  ISSUER_API_OPERATIONS,
  ISSUER_API_SCHEMAS,
  issuerApiJsonSchemas,
  issueRequestSchema,
  vignetteSchema,
} from '@/lib/issuers/issuer-api/contract';

/*
 * docs/issuer-api.openapi.json is what an integrator builds a gateway from: it must say what the adapter expects and
 * the sandbox serves. Its schemas are the contract's zod schemas as JSON Schema (regenerate them with
 * `issuerApiJsonSchemas()` after a change), its paths the sandbox's routes, its examples valid.
 */

type Operation = {
  operationId: string;
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown; example?: unknown }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

const document = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../../../docs/issuer-api.openapi.json'), 'utf8'),
) as Document;
const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ route, method, operation })),
);
const refOf = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ZOD: Record<string, z.ZodType> = {
  IssueRequest: issueRequestSchema,
  CorrectionRequest: correctionRequestSchema,
  Vignette: vignetteSchema,
  Error: errorBodySchema,
  Health: healthSchema,
};

describe('the issuer contract’s OpenAPI document', () => {
  it('is OpenAPI 3.1 with a bearer scheme required everywhere', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(document.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(document.security).toEqual([{ bearer: [] }]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names exactly the operations the adapter uses and the sandbox serves', () => {
    const documented = operations.map(({ method, route }) => `${method} ${route}`).sort();
    expect(documented).toEqual(
      ISSUER_API_OPERATIONS.map(({ method, path: route }) => `${method} ${route}`).sort(),
    );
    const prefix = '/api/issuer-sandbox/v1';
    const served = Object.entries(API_ROUTE_METHODS)
      .filter(([route]) => route.startsWith(`${prefix}/`))
      .flatMap(([route, methods]) =>
        methods.map(
          (method) => `${method.toLowerCase()} ${route.slice(prefix.length).replace(/\[(\w+)\]/g, '{$1}')}`,
        ),
      )
      .sort();
    expect(served).toEqual(documented);
  });

  it('holds the zod schemas of the contract as its components', () => {
    expect(Object.keys(document.components.schemas).sort()).toEqual(Object.keys(ISSUER_API_SCHEMAS).sort());
    expect(document.components.schemas).toEqual(issuerApiJsonSchemas());
  });

  it('points each body at its schema, and every reference resolves', () => {
    const op = (route: string, method: string) => document.paths[route]![method]!;
    expect(op('/vignettes', 'post').requestBody!.content['application/json']!.schema).toEqual(
      refOf('IssueRequest'),
    );
    expect(
      op('/vignettes/{id}/corrections', 'post').requestBody!.content['application/json']!.schema,
    ).toEqual(refOf('CorrectionRequest'));
    for (const { route, method, operation } of operations)
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = response.content?.['application/json']?.schema;
        const expected = status.startsWith('2') ? (route === '/health' ? 'Health' : 'Vignette') : 'Error';
        expect([`${method} ${route} ${status}`, schema]).toEqual([
          `${method} ${route} ${status}`,
          refOf(expected),
        ]);
      }
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const name = /#\/components\/schemas\/(\w+)"/.exec(ref)?.[1];
      expect(name && document.components.schemas[name]).toBeTruthy();
    }
  });

  it('gives examples that the contract’s schemas accept', () => {
    let checked = 0;
    for (const { operation } of operations)
      for (const media of [
        operation.requestBody?.content['application/json'],
        ...Object.values(operation.responses).map((response) => response.content?.['application/json']),
      ]) {
        if (!media?.example) continue;
        const name = (media.schema as { $ref: string }).$ref.split('/').at(-1)!;
        expect(ZOD[name]!.safeParse(media.example).error).toBeUndefined();
        checked++;
      }
    expect(checked).toBeGreaterThan(20);
  });
});
