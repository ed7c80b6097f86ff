import { GET } from '@/app/api/openapi.json/route';
import { LIVE_SHOP_ENV, withEnv } from '../../support/process-database';

/*
 * GET /api/openapi.json as a client gets it: cacheable, and describing a sandbox's routes only where that sandbox
 * answers (docs/api.md, The OpenAPI description). The document itself is checked in
 * tests/unit/lib/openapi/document.test.ts; this answer, like every other here, against the document.
 */
const described = async () => {
  const response = await GET(new Request('http://localhost/api/openapi.json'), undefined);
  expect(response.status).toBe(200);
  return {
    response,
    document: (await response.json()) as { openapi: string; paths: Record<string, unknown> },
  };
};

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3.1 document, cacheable, with the sandboxes the server serves', async () => {
    const { response, document } = await described();
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.paths).toHaveProperty(['/api/orders/{orderId}']);
    expect(document.paths).toHaveProperty(['/api/payments/sandbox/payment/card/start']);
    expect(document.paths).not.toHaveProperty(['/api/metrics']);
  });

  it('describes no sandbox route on a live shop, where they answer 404', async () => {
    await withEnv(LIVE_SHOP_ENV, async () => {
      const { document } = await described();
      expect(Object.keys(document.paths).filter((path) => path.includes('sandbox'))).toEqual([]);
      expect(document.paths).toHaveProperty(['/api/nmps/orders/order']);
    });
  });
});
