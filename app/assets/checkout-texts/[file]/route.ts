import { checkoutTextsOf } from '@/lib/i18n/checkout-texts';
import { languageFileRoute } from '@/lib/i18n/language-files';

// An address of any version is answered (lib/i18n/language-files.ts): not one static file per address asked.
export const dynamic = 'force-dynamic';

/**
 * GET /assets/checkout-texts/{lang}.{version}.json (docs/api.md, Catalogue): the texts of a vignette page's checkout, which the
 * browser fetches once the cart holds a vignette (lib/i18n/checkout-texts.ts).
 */
export const { GET } = languageFileRoute(checkoutTextsOf);
