import type { Messages } from 'next-intl';
import { NextResponse } from 'next/server';
import { locales } from './routing';

/**
 * A route of static JSON files built from messages/, one per language (`/assets/i18n/{lang}.json`,
 * `/assets/checkout-texts/{lang}.json`): its `[file]` is `{lang}.json`, its answer `select` of that language's
 * messages, which a browser or the mobile app may keep for an hour (the texts change with a new version only).
 * The route file itself says `dynamic = 'force-static'` and `dynamicParams = false`, which Next reads there.
 */
export function languageFileRoute(select: (messages: Messages) => unknown) {
  return {
    generateStaticParams: () => locales.map((locale) => ({ file: `${locale}.json` })),
    GET: async (_request: Request, { params }: { params: Promise<{ file: string }> }) => {
      const locale = (await params).file.replace(/\.json$/, '');
      const messages = (await import(`../../messages/${locale}.json`)).default as Messages;
      return NextResponse.json(select(messages), { headers: { 'Cache-Control': 'public, max-age=3600' } });
    },
  };
}
