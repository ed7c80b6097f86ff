import type { Messages } from 'next-intl';
import { NextResponse } from 'next/server';
import type { Locale } from './routing';
import { languageFileOf } from './texts-address';

/**
 * A route of JSON files built from messages/, one per language (`/assets/i18n/{lang}.{version}.json`,
 * `/assets/checkout-texts/…`, `/assets/pay-again-texts/…`): its `[file]` is `{lang}.{version}.json` or `{lang}.json`,
 * its answer `select` of that language's messages, kept by a browser for good under this build's version and a few
 * minutes under any other (lib/i18n/texts-address.ts). Answered per request, from a body made once per language: an
 * address of any version must be answered, and Next would keep a file of each one asked (the route file says
 * `dynamic = 'force-dynamic'`, which Next reads there).
 */
export function languageFileRoute(select: (messages: Messages) => unknown) {
  const bodies = new Map<Locale, Promise<string>>();
  const bodyOf = (locale: Locale) => {
    let body = bodies.get(locale);
    if (!body) {
      body = import(`../../messages/${locale}.json`).then((module) =>
        JSON.stringify(select((module as { default: Messages }).default)),
      );
      bodies.set(locale, body);
    }
    return body;
  };
  return {
    GET: async (_request: Request, { params }: { params: Promise<{ file: string }> }) => {
      const file = languageFileOf((await params).file);
      if (!file)
        return new NextResponse('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
      return new NextResponse(await bodyOf(file.locale), {
        headers: { 'Content-Type': 'application/json', 'Cache-Control': file.cacheControl },
      });
    },
  };
}
