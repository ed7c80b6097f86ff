import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { errorBody, errorCodeOf } from '@/lib/api/errors';
import { locales, routing, type Locale } from '@/lib/i18n/routing';
import { securityHeaders } from '@/lib/security/headers.mjs';

/**
 * The answer to a request that Next refuses before any route of ours runs: an address whose percent-escapes do not
 * decode (`/api/orders/%ZZ`, `/ro/order/%E0%A4%A`), which Next's router answers by rendering an error page with 400,
 * or a static file asked with a method other than GET (405). Next renders the pages router's `_error` for those, and
 * skips next.config's headers, so this sets them: the API gets its JSON error, a page gets the shop's localized
 * not-found page with the refusal's status.
 */
export async function answerRefusedRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (res.headersSent) return;
  for (const { key, value } of securityHeaders) res.setHeader(key, value);
  res.setHeader('Cache-Control', 'no-store');
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(errorBody(errorCodeOf(res.statusCode), refusalMessage(res.statusCode))));
    return;
  }
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(await notFoundPage(localeOfPath(pathname)));
}

function refusalMessage(status: number): string {
  if (status === 400) return 'The address is malformed (a percent-escape that does not decode)';
  if (status === 405) return 'This address does not take that method';
  return 'The request was refused';
}

/** The language of the address's first segment, the default one otherwise (`/sandbox-pay/...`, `/%ZZ`). */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? '';
  return (locales as readonly string[]).includes(first) ? (first as Locale) : routing.defaultLocale;
}

const pages = new Map<Locale, Promise<string>>();

/**
 * The prerendered `/{lang}/404` page as the build wrote it (the same HTML that answers any unknown address), read
 * once per language; a short localized page when there is no build output (`next dev`).
 */
function notFoundPage(locale: Locale): Promise<string> {
  let page = pages.get(locale);
  if (!page) {
    page = fs
      .readFile(path.join(process.cwd(), '.next', 'server', 'app', locale, '404.html'), 'utf8')
      .catch(() => plainNotFoundPage(locale));
    pages.set(locale, page);
  }
  return page;
}

async function plainNotFoundPage(locale: Locale): Promise<string> {
  const { NotFoundPage: t } = (await import(`@/messages/${locale}.json`)).default as {
    NotFoundPage: { heading: string; text: string; backHome: string };
  };
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><title>${t.heading}</title></head><body><h1>${t.heading}</h1><p>${t.text}</p><p><a href="/${locale}">${t.backHome}</a></p></body></html>`;
}
