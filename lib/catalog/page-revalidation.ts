import 'server-only';

import { randomUUID } from 'node:crypto';
import { revalidateTag } from 'next/cache';
import { loopbackOrigin } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { logger } from '@/lib/log/logger';
import { forgetKeptPages } from '@/lib/server/page-cache';
import { sameToken, XSRF_COOKIE, XSRF_HEADER } from '@/lib/security/xsrf';
import { announceCatalogChange } from './catalog-changes';

/**
 * The cache tag of everything the public pages read from the catalog (prices, top-up products, the rate): the
 * reads of page-data.ts carry it, and so, through them, do the prerendered pages that use them (the purchase pages,
 * the prepay section, the FAQ).
 */
export const CATALOG_TAG = 'catalog';

/**
 * Regenerates this server's catalog pages: the next request for one renders it again from the database, and so does
 * every read tagged {@link CATALOG_TAG}; the copies of pages the server keeps are forgotten. Next accepts it only inside a request (a route handler).
 */
export function revalidateCatalogPages(): void {
  // Expired at once rather than "stale while revalidating": the next buyer must not be shown the old price.
  revalidateTag(CATALOG_TAG, { expire: 0 });
  // And the copies the server keeps in front of Next (lib/server/page-cache.ts).
  forgetKeptPages();
}

/**
 * In a route handler, once a change of the catalog committed: this server's pages at once, every other server's
 * through the PostgreSQL channel. The change stands even if the announcement fails (the database went away just
 * after the commit): the other servers then catch up with their timer, {@link CATALOG_TAG}'s hour at most.
 */
export async function catalogChanged(db: Db): Promise<void> {
  revalidateCatalogPages();
  try {
    await announceCatalogChange(db, { revalidatedHere: true });
  } catch (error) {
    logger.error({ err: error }, 'the catalog change could not be announced to the other servers');
  }
}

/** Where the listener asks this server to regenerate its pages: docs/api.md, Catalogue. */
export const CATALOG_REVALIDATION_PATH = '/api/internal/catalog-revalidation';
export const REVALIDATION_TOKEN_HEADER = 'X-Revalidation-Token';

const globalForRevalidation = globalThis as unknown as { roadRevalidationToken?: string };

/**
 * A secret of this process, never sent anywhere but to its own loopback address: only this process may ask for
 * {@link CATALOG_REVALIDATION_PATH}. Kept on globalThis: the listener (instrumentation) and the route handler are
 * bundled apart.
 */
const revalidationToken = () => (globalForRevalidation.roadRevalidationToken ??= randomUUID());

/** Whether a request to {@link CATALOG_REVALIDATION_PATH} comes from this very process. */
export const isOwnRevalidationRequest = (header: string | null) => sameToken(revalidationToken(), header);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * {@link revalidateCatalogPages} from outside a request (the listener, a job): Next only revalidates inside one, so the
 * process asks its own route handler over loopback. Retried while the server is not yet listening (at start-up the
 * listener connects before Next opens its port). Concurrent calls share one pass, plus one more if a change came in
 * during it.
 */
export function revalidateCatalogPagesFromBackground(options: { attempts?: number; delayMs?: number } = {}) {
  const state = ((
    globalForRevalidation as { roadRevalidationPass?: RevalidationPass }
  ).roadRevalidationPass ??= {
    running: false,
    again: false,
  });
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  void (async () => {
    try {
      do {
        state.again = false;
        await askOwnServer(options.attempts ?? 60, options.delayMs ?? 1_000);
      } while (state.again);
    } finally {
      state.running = false;
    }
  })();
}

interface RevalidationPass {
  running: boolean;
  again: boolean;
}

async function askOwnServer(attempts: number, delayMs: number): Promise<void> {
  const url = `${loopbackOrigin()}${CATALOG_REVALIDATION_PATH}`;
  // The anti-forgery check compares a cookie with a header (decision 0010): the process is its own client here.
  const xsrf = randomUUID();
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          [REVALIDATION_TOKEN_HEADER]: revalidationToken(),
          [XSRF_HEADER]: xsrf,
          Cookie: `${XSRF_COOKIE}=${xsrf}`,
        },
        signal: AbortSignal.timeout(5_000),
      });
      if (response.ok) return;
      lastError = new Error(`status ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    if (attempt < attempts) await pause(delayMs);
  }
  logger.error({ err: lastError }, 'the catalog pages of this server could not be regenerated');
}
