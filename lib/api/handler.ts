import { ApiError, errorResponse } from './errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '@/lib/db/errors';
import { requestLogger } from '@/lib/log/logger';
import { observeApiRequest } from '@/lib/metrics/registry';
import { apiRoutePattern } from './routes';

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** The answer while the database is away: 503 with a retry hint, whatever the endpoint (docs/api.md, Conventions). */
export function databaseUnavailableResponse(
  message = 'The service is temporarily unavailable. Please try again in a few seconds.',
) {
  return errorResponse('UNAVAILABLE', message, undefined, {
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
  });
}

/**
 * Wraps a route handler: expected failures (ApiError) become their JSON error, a database that is away becomes a
 * 503 with `Retry-After`, anything else is logged with the request id and answered as a 500 that reveals nothing.
 * Every answer is counted and timed in the metrics under the route's pattern (lib/metrics/registry.ts).
 */
export function apiHandler<C>(handler: Handler<C>): Handler<C> {
  const answer = answerOf(handler);
  return async (request, context) => {
    const started = performance.now();
    const response = await answer(request, context);
    observeApiRequest(
      apiRoutePattern(new URL(request.url).pathname),
      request.method,
      response.status,
      (performance.now() - started) / 1000,
    );
    return response;
  };
}

function answerOf<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ApiError) return error.toResponse();
      if (isDatabaseUnavailable(error)) {
        // Not the failed statement: its parameters may hold a buyer's data.
        requestLogger(request).warn(
          { method: request.method, path: new URL(request.url).pathname },
          'database unavailable',
        );
        return databaseUnavailableResponse();
      }
      requestLogger(request).error(
        { err: error, method: request.method, path: new URL(request.url).pathname },
        'unhandled error',
      );
      return errorResponse('INTERNAL', 'Internal server error');
    }
  };
}
