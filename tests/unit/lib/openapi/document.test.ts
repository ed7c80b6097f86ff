import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { API_ROUTE_METHODS, type HttpMethod } from '@/lib/api/routes';
import { openApiDocument, openApiPath } from '@/lib/openapi/document';
import { OPERATIONS, UNDOCUMENTED_ROUTES } from '@/lib/openapi/operations';
import { routeFiles } from '../../../support/api-route-files';
import { ALL_SANDBOXES, answerMismatch } from '../../../support/openapi-contract';

/**
 * The validator ships as an ES module that reads its schemas beside itself (import.meta.url), which Jest's CommonJS
 * transform cannot run: it runs in a Node process of its own, the document on its standard input.
 */
function validateAsOpenApi(document: unknown): { valid: boolean; version: string; errors: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors }));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: JSON.stringify(document),
    cwd: process.cwd(),
  });
  return JSON.parse(output.toString('utf8'));
}

const documented = (sandboxes = ALL_SANDBOXES) => openApiDocument({ sandboxes });
const methodsIn = (document: ReturnType<typeof openApiDocument>, route: string) =>
  Object.keys((document.paths[openApiPath(route)] ?? {}) as object).map((method) => method.toUpperCase());

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1, with every sandbox and with none', () => {
    for (const sandboxes of [ALL_SANDBOXES, []]) {
      const result = validateAsOpenApi(documented(sandboxes));
      expect(result.errors).toBeUndefined();
      expect(result).toMatchObject({ valid: true, version: '3.1' });
    }
  });

  it('describes every route of the table and of app/api, each with its methods, but the two left out on purpose', () => {
    const document = documented();
    const expected = Object.fromEntries(
      Object.entries(API_ROUTE_METHODS)
        .filter(([route]) => !(route in UNDOCUMENTED_ROUTES))
        .map(([route, methods]) => [route, [...methods].sort()]),
    );
    const inDocument = Object.fromEntries(
      Object.keys(expected).map((route) => [route, methodsIn(document, route).sort()]),
    );
    expect(inDocument).toEqual(expected);
    for (const { route, methods } of routeFiles('api').filter(({ route }) => !route.includes('[...'))) {
      if (route in UNDOCUMENTED_ROUTES) continue;
      expect({ route, methods: methodsIn(document, route).sort() }).toEqual({
        route,
        methods: [...methods].sort(),
      });
    }
    expect(Object.keys(document.paths)).toHaveLength(Object.keys(expected).length);
    // Nothing left out that the table no longer has: the list of exceptions stays true.
    for (const route of Object.keys(UNDOCUMENTED_ROUTES)) expect(API_ROUTE_METHODS).toHaveProperty([route]);
  });

  it("leaves out a sandbox's routes unless that sandbox is served", () => {
    const paths = Object.keys(documented([]).paths);
    expect(paths.filter((route) => /sandbox/.test(route))).toEqual([]);
    const withPayments = Object.keys(documented(['payments']).paths).filter((route) => /sandbox/.test(route));
    expect(withPayments.length).toBeGreaterThan(0);
    expect(withPayments.every((route) => route.startsWith('/api/payments/sandbox/'))).toBe(true);
  });

  it('names no secret: no token, password or key of the configuration', () => {
    const text = JSON.stringify(documented());
    for (const name of [
      'JWT_SECRET',
      'METRICS_TOKEN',
      'NETOPIA_API_KEY',
      'SMTP_URL',
      '/api/metrics',
      '/api/internal',
    ])
      expect(text).not.toContain(name);
  });

  describe('agrees with the route files', () => {
    const source = (route: string) =>
      fs.readFileSync(path.join(process.cwd(), 'app', route, 'route.ts'), 'utf8');
    const operations = Object.entries(OPERATIONS).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        route,
        method: method as HttpMethod,
        operation,
      })),
    );

    it('marks staff-only every route whose file checks a staff token, and no other', () => {
      const checksToken = (route: string) =>
        /requireAuthority|authenticate\(|requireSignedIn|requirePrincipal|transactionDetailsHandler|exportHandler/.test(
          source(route),
        );
      for (const { route, operation } of operations.filter(({ operation }) => !operation.sandbox))
        expect({ route, staff: Boolean(operation.staff) }).toEqual({ route, staff: checksToken(route) });
    });

    it('lists 429 on a route whose file limits its callers, and on no other', () => {
      const routes = [
        ...new Set(operations.filter(({ operation }) => !operation.sandbox).map(({ route }) => route)),
      ];
      for (const route of routes)
        expect({
          route,
          rateLimited: Object.values(OPERATIONS[route]!).some((operation) => operation.rateLimited),
        }).toEqual({ route, rateLimited: /enforceRateLimit|RATE_LIMITS/.test(source(route)) });
    });
  });

  it('requires the anti-forgery header and cookie on every non-GET call but the provider and sandboxes, the staff token on staff calls', () => {
    const document = documented();
    const operation = (route: string, method: string) =>
      (document.paths[openApiPath(route)] as Record<string, { security: Record<string, string[]>[] }>)[
        method
      ]!;
    expect(operation('/api/nmps/orders/order', 'post').security).toEqual([
      { xsrfHeader: [], xsrfCookie: [] },
    ]);
    expect(operation('/api/admin/payment/refund', 'post').security).toEqual([
      { staffToken: [], xsrfHeader: [], xsrfCookie: [] },
    ]);
    expect(operation('/api/admin/payment', 'get').security).toEqual([{ staffToken: [] }]);
    expect(operation('/api/payments/netopia/notify', 'post').security).toEqual([]);
    expect(operation('/api/my-orders', 'get').security).toEqual([{ buyerSession: [] }]);
    expect(operation('/api/nmps/utils/vignette/catalog', 'get').security).toEqual([]);
  });

  it('describes request bodies with the schemas the handlers validate with', () => {
    interface Described {
      requestBody: {
        content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }>;
      };
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    }
    const order = (documented().paths['/api/nmps/orders/order'] as Record<string, Described>).post!;
    const schema = order.requestBody.content['application/json']!.schema;
    expect(schema.required).toEqual(expect.arrayContaining(['items', 'email', 'acceptTerms']));
    expect(schema.properties.items).toMatchObject({ type: 'array', minItems: 1, maxItems: 10 });
    expect(order.responses['422']!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
  });

  it("names an answer that does not keep to it: an unlisted status, another body's shape", async () => {
    const rate = (body: unknown, status = 200) => Response.json(body, { status });
    await expect(
      answerMismatch(
        '/api/currency/nmps/rate',
        'GET',
        rate({ RON2HUF: 76.87, date: '2026-11-20', source: 'BNR' }),
      ),
    ).resolves.toBeUndefined();
    await expect(
      answerMismatch(
        '/api/currency/nmps/rate',
        'GET',
        rate({ RON2HUF: '76.87', date: '2026-11-20', source: 'BNR' }),
      ),
    ).resolves.toMatch(/GET \/api\/currency\/nmps\/rate 200: .*body\/RON2HUF must be number/);
    await expect(
      answerMismatch(
        '/api/currency/nmps/rate',
        'GET',
        rate({ error: { code: 'CONFLICT', message: 'x' } }, 409),
      ),
    ).resolves.toMatch(/answered 409, which the document does not list/);
    await expect(
      answerMismatch(
        '/api/currency/nmps/rate',
        'GET',
        rate({ error: { code: 'UNAVAILABLE', message: 'No exchange rate is known yet' } }, 503),
      ),
    ).resolves.toBeUndefined();
  });
});
