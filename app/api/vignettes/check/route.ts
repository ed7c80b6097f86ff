import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { toIssues } from '@/lib/api/request';
import { getDb } from '@/lib/db/client';
import { plateCheckAnswer, vignettesByPlate } from '@/lib/orders/vignettes-by-plate';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/api/rate-limit';
import { plateCheckSchema } from '@/lib/validations/plate-check';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/vignettes/check?plate=&country=`: the vignettes this shop delivered for a plate, with their days and
 * status today; nothing of who bought them. Limited per address; a plate the form would refuse is a 400 naming why.
 */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await enforceRateLimit(request, RATE_LIMITS.plateCheck, db);
  const search = new URL(request.url).searchParams;
  const parsed = plateCheckSchema.safeParse({
    plate: search.get('plate') ?? undefined,
    country: search.get('country') ?? undefined,
  });
  if (!parsed.success) {
    throw new ApiError(
      'BAD_REQUEST',
      'Give the plate and its country of registration: ?plate=B123XYZ&country=RO',
      toIssues(parsed.error),
    );
  }
  const vignettes = await vignettesByPlate(db, parsed.data, new Date());
  return NextResponse.json(plateCheckAnswer(parsed.data, vignettes), {
    headers: { 'Cache-Control': 'no-store' },
  });
});
