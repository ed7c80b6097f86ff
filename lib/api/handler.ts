import { ApiError, errorResponse } from './errors';
import { requestLogger } from '@/lib/log/logger';

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/**
 * Wraps a route handler: expected failures (ApiError) become their JSON error, anything else is logged with the
 * request id and answered as a 500 that reveals nothing.
 */
export function apiHandler<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ApiError) return error.toResponse();
      requestLogger(request).error({ err: error, method: request.method, url: request.url }, 'unhandled error');
      return errorResponse('INTERNAL', 'Internal server error');
    }
  };
}
