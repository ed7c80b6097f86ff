/**
 * Payment statuses of API v2 (`payment.status`), as the official SDKs name them. Kept with the database, below the
 * payment provider: the sandbox's payments table defaults to one, and the sandbox's pages read them without loading
 * the notification checks.
 */
export const NETOPIA_STATUS = {
  NEW: 1,
  OPENED: 2, // pre-authorised (card)
  PAID: 3, // captured
  CANCELED: 4, // void
  CONFIRMED: 5,
  PENDING: 6,
  SCHEDULED: 7,
  CREDIT: 8, // captured, then refunded
  CHARGEBACK_INIT: 9,
  CHARGEBACK_ACCEPT: 10,
  ERROR: 11,
  DECLINED: 12,
  FRAUD: 13, // held for the provider's risk review
  PENDING_AUTH: 14, // authorisation awaiting acceptance
  THREE_D_AUTH: 15, // 3-D Secure authentication required
  CHARGEBACK_REPRESENTMENT: 16,
  REVERSED: 17,
  PENDING_ANY: 18,
  PROGRAMMED_RECURRENT_PAYMENT: 19,
  CANCELED_PROGRAMMED_RECURRENT_PAYMENT: 20,
  TRIAL_PENDING: 21,
  TRIAL: 22,
  EXPIRED: 23, // a purchase never paid, cancelled by the provider
} as const;
