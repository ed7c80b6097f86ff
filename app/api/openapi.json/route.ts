import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { servedOpenApiDocument } from '@/lib/openapi/served';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/openapi.json`: the API's OpenAPI 3.1 description, generated from the handlers' own schemas (docs/api.md).
 * It names no secret and changes only with a release or the sandboxes' configuration, so clients and caches may keep
 * it a while.
 */
export const GET = apiHandler(async () =>
  NextResponse.json(servedOpenApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } }),
);
