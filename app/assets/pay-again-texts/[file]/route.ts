import { PENDING_CHECKOUT_TEXT_KEYS } from '@/components/order/pending-checkout-texts';
import { languageFileRoute } from '@/lib/i18n/language-files';

export const dynamic = 'force-static';
export const dynamicParams = false;

/**
 * GET /assets/pay-again-texts/{lang}.json (docs/api.md, Catalogue): the texts of a purchase page's offer to continue
 * a payment left unfinished, fetched with the order's status (components/order/pending-checkout.tsx).
 */
export const { GET, generateStaticParams } = languageFileRoute((messages) =>
  Object.fromEntries(PENDING_CHECKOUT_TEXT_KEYS.map((key) => [key, messages.PayAgain[key]])),
);
