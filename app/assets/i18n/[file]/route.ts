import { NextResponse } from 'next/server';
import { locales } from '@/lib/i18n/routing';

interface Context {
  params: Promise<{ file: string }>;
}

// The dictionaries are built once; other clients (the mobile app) read the same messages as the pages.
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return locales.map((locale) => ({ file: `${locale}.json` }));
}

/** GET /assets/i18n/{lang}.json (docs/api.md, Catalogue): the translation dictionary of one language. */
export async function GET(_request: Request, { params }: Context) {
  const { file } = await params;
  const locale = file.replace(/\.json$/, '');
  const messages = (await import(`../../../../messages/${locale}.json`)).default;
  return NextResponse.json(messages, { headers: { 'Cache-Control': 'public, max-age=3600' } });
}
