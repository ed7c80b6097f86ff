import type { LegalDocumentId } from './versions';

/** Where each legal text is published, under `/{lang}`: the app's routes app/[locale]/<path>/page.tsx. */
export const LEGAL_PATHS: Record<LegalDocumentId, string> = {
  TermsPage: '/terms-conditions',
  PrivacyPage: '/gdpr',
  CookiePolicyPage: '/cookie-policy',
};
