import { noEndpointResponse } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { getDatabase } from '@/lib/db/client';
import { mayReadMetrics } from '@/lib/metrics-endpoint/access';
import { renderMetrics } from '@/lib/metrics-endpoint/scrape';

export const dynamic = 'force-dynamic';

// A stranger gets the answer of an address with no endpoint: the metrics do not advertise themselves.
export const GET = apiHandler(async (request) => {
  if (!mayReadMetrics(request)) return noEndpointResponse();
  const { body, contentType } = await renderMetrics(getDatabase);
  return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } });
});
