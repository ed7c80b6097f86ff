import { languageFileRoute } from '@/lib/i18n/language-files';

// The dictionaries are built once; other clients (the mobile app) read the same messages as the pages.
export const dynamic = 'force-static';
export const dynamicParams = false;

/** GET /assets/i18n/{lang}.json (docs/api.md, Catalogue): the translation dictionary of one language. */
export const { GET, generateStaticParams } = languageFileRoute((messages) => messages);
