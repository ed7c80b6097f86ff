import { ALL_FAQ_ANCHORS } from '@/lib/faq/structure';
import type { Locale } from '@/lib/i18n/routing';
import { FORMER_OPERATORS, TOP_UP_OPERATORS } from '@/lib/topups/seed-data';
import { PRODUCT_SLUGS } from '@/lib/vignettes/categories';

/**
 * Every public page of the shop, the one list that Lighthouse's gate in `npm test` (tests/e2e/lighthouse.spec.ts,
 * scripts/lighthouse.mjs) and the Lighthouse bench (bench/lighthouse.mjs) measure. It is made from the shop's own
 * lists (the vignette categories on sale, the operators a fresh shop sells, the FAQ's questions), so that a page added
 * to those is measured without an edit here.
 *
 * - `content`: information and section pages (home, the sections' tiles, FAQ, legal texts, contact): the baseline
 *   the purchase pages' JavaScript is compared with
 * - `purchase`: a vignette category's or an operator's page, with its form
 * - `outcome`: a payment outcome page (app/[locale]/payment), `noindex` on purpose
 * - `not-found`: an unknown address, answered 404 with the localized not-found page, `noindex` on purpose
 */
export type PageKind = 'content' | 'purchase' | 'outcome' | 'not-found';

export interface PublicPage {
  /** The address after the host: `/ro/vignette/car`. */
  path: string;
  kind: PageKind;
  locale: Locale;
}

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

/**
 * The categories that must score 100 on each kind of page. They do not move with the machine's load; performance
 * does, and is measured, never gated. SEO is left out where the page is kept out of search results on purpose: its
 * `noindex` fails Lighthouse's "is-crawlable" audit, and the not-found page's 404 its "http-status-code".
 */
export const GATED_CATEGORIES: Record<PageKind, readonly LighthouseCategory[]> = {
  content: ['accessibility', 'best-practices', 'seo'],
  purchase: ['accessibility', 'best-practices', 'seo'],
  outcome: ['accessibility', 'best-practices'],
  'not-found': ['accessibility', 'best-practices'],
};

/**
 * The layout shift the gate lets pass. CLS is observed, not simulated: a page whose content never moves measures 0 on
 * any machine, and a shift that shows only on a loaded one (content painted before the script that moves it ran) is
 * one a slow phone sees too. But the bench's 240 runs on a quiet machine saw 0.001 twice on content pages (no element
 * named; a header painted before its menu button was parsed measures 0.00098, its language button moving left, which
 * Chromium no longer paints and other browsers may), which at once per page over 48 pages would fail one run of
 * `npm test` in three; a shift a visitor sees is a hundred times that (the purchase page's 0.36 before issue 16;
 * Google's "good" is 0.1).
 */
export const CLS_TOLERANCE = 0.005;

const pagesOf = (locale: Locale, paths: [string, PageKind][]): PublicPage[] =>
  paths.map(([path, kind]) => ({ path: `/${locale}${path}`, kind, locale }));

/** Romanian, the default language: every page. */
const ROMANIAN: PublicPage[] = pagesOf('ro', [
  ['', 'content'],
  ['/vignette', 'content'],
  ...PRODUCT_SLUGS.map((slug): [string, PageKind] => [`/vignette/${slug}`, 'purchase']),
  // The validity check's form; an answer about a plate is kept out of search results (tests/e2e/vignette-check.spec.ts).
  ['/vignette/check', 'content'],
  ['/prepay', 'content'],
  ...TOP_UP_OPERATORS.map((operator): [string, PageKind] => [`/prepay/${operator.id}`, 'purchase']),
  // A former operator's address tells its customers where their numbers went: a notice, no form.
  ...Object.keys(FORMER_OPERATORS).map((id): [string, PageKind] => [`/prepay/${id}`, 'content']),
  ['/faq', 'content'],
  ...ALL_FAQ_ANCHORS.map((anchor): [string, PageKind] => [`/faq/${anchor}`, 'content']),
  ['/contact', 'content'],
  ['/terms-conditions', 'content'],
  ['/gdpr', 'content'],
  ['/cookie-policy', 'content'],
  ['/payment/successful', 'outcome'],
  ['/payment/timeout', 'outcome'],
  ['/pagina-care-nu-exista', 'not-found'],
]);

/**
 * The other languages: enough to show their pages pass too (the same templates with other texts), each with its
 * home and one purchase page, both forms among them.
 */
const OTHER_LANGUAGES: PublicPage[] = [
  ...pagesOf('en', [
    ['', 'content'],
    [`/vignette/${PRODUCT_SLUGS[0]}`, 'purchase'],
  ]),
  ...pagesOf('de', [
    ['', 'content'],
    [`/prepay/${TOP_UP_OPERATORS[0].id}`, 'purchase'],
  ]),
  ...pagesOf('hu', [
    ['', 'content'],
    [`/vignette/${PRODUCT_SLUGS[0]}`, 'purchase'],
  ]),
];

export const PUBLIC_PAGES: readonly PublicPage[] = [...ROMANIAN, ...OTHER_LANGUAGES];

/** Lighthouse's phone (a Moto G Power), for a browser test that must see a page as Lighthouse's runs see it. */
export const LIGHTHOUSE_PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
