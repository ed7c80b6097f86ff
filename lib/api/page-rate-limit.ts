import 'server-only';

import { clientBucket } from './request';
import type { Db } from '@/lib/db/client';
import { takeToken, type BucketVerdict, type RateLimit } from './rate-limit';

/**
 * Takes a token of `limit` for the visitor of a page rendered per request, counted by the same address as the API
 * counts (the server's peer stamp, lib/api/request.ts), so that the page and its API share one bucket. The page
 * shows the shop's 429 view on a refusal (components/errors/unavailable-page.tsx).
 */
export function takePageToken(
  db: Db,
  limit: RateLimit,
  requestHeaders: Headers,
  now = new Date(),
): Promise<BucketVerdict> {
  const request = new Request('http://page.invalid/', { headers: requestHeaders });
  return takeToken(db, limit, clientBucket(request), now);
}
