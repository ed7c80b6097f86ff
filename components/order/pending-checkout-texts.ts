import type { Locale } from '@/lib/i18n/routing';
import { languageFileUrl } from '@/lib/i18n/texts-address';

/**
 * The `PayAgain` texts that components/order/pending-checkout.tsx shows (its notice and its button), which the
 * purchase pages' browser fetches with the order's status (`/assets/pay-again-texts/{lang}.{version}.json`): the rest of the
 * namespace (the refusal reasons of the payment outcome page) is a
 * kilobyte and a half that the page would carry for nothing. Here, not in the client module: a server component
 * importing from a `'use client'` file gets references, not values.
 */
export const PENDING_CHECKOUT_TEXT_KEYS = [
  'pending',
  'continue',
  'button',
  'busy',
  'unavailable',
  'tooMany',
  'failed',
  'lineClosed',
  'refused',
] as const;

/** Where the browser fetches them, one file per language and release built from messages/ (app/assets/pay-again-texts). */
export const pendingCheckoutTextsUrl = (locale: Locale) => languageFileUrl('pay-again-texts', locale);
