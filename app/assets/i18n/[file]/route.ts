import { languageFileRoute } from '@/lib/i18n/language-files';

// An address of any version is answered (lib/i18n/language-files.ts): not one static file per address asked. Other
// clients (the mobile app) read the same messages as the pages, at `{lang}.json`.
export const dynamic = 'force-dynamic';

/**
 * GET /assets/i18n/{lang}.{version}.json (docs/api.md, Catalogue): the translation dictionary of one language, which the
 * last-resort error page fetches (app/global-error.tsx).
 */
export const { GET } = languageFileRoute((messages) => messages);
