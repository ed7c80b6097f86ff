import { checkoutTextsOf } from '@/lib/i18n/checkout-texts';
import { languageFileRoute } from '@/lib/i18n/language-files';

export const dynamic = 'force-static';
export const dynamicParams = false;

/**
 * GET /assets/checkout-texts/{lang}.json (docs/api.md, Catalogue): the texts of a vignette page's checkout, which the
 * browser fetches once the cart holds a vignette (lib/i18n/checkout-texts.ts).
 */
export const { GET, generateStaticParams } = languageFileRoute(checkoutTextsOf);
