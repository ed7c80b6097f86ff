import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { seeOther } from '@/lib/api/redirect';
import { getDb } from '@/lib/db/client';
import { unsubscribePagePath, unsubscribeFromReminders } from '@/lib/reminders/expiry-reminders';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/reminders/unsubscribe?token=…&lang=…`, the reminder's List-Unsubscribe address opened in a browser: 303 to
 * the page whose button unsubscribes. A GET never unsubscribes: mail scanners open links before the buyer does.
 */
export const GET = apiHandler(async (request) => {
  const query = new URL(request.url).searchParams;
  return seeOther(unsubscribePagePath(query.get('lang'), query.get('token') ?? ''));
});

/**
 * `POST /api/reminders/unsubscribe?token=…`: the one-click unsubscribe of RFC 8058 (a mail client posts
 * `List-Unsubscribe=One-Click`, with no cookie and no session) and the page's button. The signed token is the proof;
 * 404 for one that does not hold. Answering twice unsubscribes once.
 */
export const POST = apiHandler(async (request) => {
  const token = new URL(request.url).searchParams.get('token');
  if (!(await unsubscribeFromReminders(await getDb(), token)))
    throw new ApiError('NOT_FOUND', 'This unsubscribe link is not valid');
  return NextResponse.json({ unsubscribed: true });
});
