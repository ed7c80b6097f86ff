import { PENDING_CHECKOUT_TEXT_KEYS } from '@/components/order/pending-checkout-texts';
import { languageFileRoute } from '@/lib/i18n/language-files';

// An address of any version is answered (lib/i18n/language-files.ts): not one static file per address asked.
export const dynamic = 'force-dynamic';

/**
 * GET /assets/pay-again-texts/{lang}.{version}.json (docs/api.md, Catalogue): the texts of a purchase page's offer to continue
 * a payment left unfinished, fetched with the order's status (components/order/pending-checkout.tsx).
 */
export const { GET } = languageFileRoute((messages) =>
  Object.fromEntries(PENDING_CHECKOUT_TEXT_KEYS.map((key) => [key, messages.PayAgain[key]])),
);
