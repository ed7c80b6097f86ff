/**
 * The `PayAgain` texts that components/order/pending-checkout.tsx shows (its notice and its button), picked by the
 * purchase pages for its props: the rest of the namespace (the refusal reasons of the payment outcome page) is a
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
