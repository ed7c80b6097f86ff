import 'server-only';

import { headers } from 'next/headers';
import { logger } from './logger';
import { REQUEST_ID_HEADER } from './request-id';

/** What a failed page throws to its error boundary: its message names the page and the request, nothing else. */
export class PageFailure extends Error {
  constructor(page: string, requestId: string | undefined) {
    super(`The ${page} page failed${requestId ? ` (request ${requestId})` : ''}; the logged error says why`);
    this.name = 'PageFailure';
  }
}

/**
 * Logs a page's failure (one that is not "the database is away") and gives the error for the page to throw to its
 * error boundary (app/[locale]/error.tsx). Next prints what a page throws as it is, properties and cause included:
 * a failed statement would put its values (a buyer's e-mail, plate or order) in the server's log. The shop's logger
 * drops them (lib/log/logger.ts), so the failure is logged here, with the request's id, and the page throws an error
 * that carries nothing but that id.
 */
export async function pageFailure(page: string, error: unknown): Promise<PageFailure> {
  const requestId = (await headers()).get(REQUEST_ID_HEADER) ?? undefined;
  logger.error({ err: error, requestId, page }, 'page failed');
  return new PageFailure(page, requestId);
}
