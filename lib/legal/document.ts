import { createTranslator } from 'next-intl';
import { KEPT_FORMATTERS } from '@/lib/i18n/kept-formatters';
import { companyPlaceholders, fillPlaceholders } from '@/lib/company';
import type { Locale } from '@/lib/i18n/routing';
import type ro from '@/messages/ro.json';
import { analyticsPlaceholders, type AnalyticsDisclosure } from './analytics';
import { currentVersion, formatVersionDate, type LegalDocumentId, type LegalVersion } from './versions';

/** A table of a legal text, as messages/*.json holds it. */
export interface LegalTable {
  caption: string;
  head: string[];
  rows: string[][];
}

/** What a block says only when analytics are on, or only when they are off: added after its own text. */
interface LegalVariant {
  paragraphs?: string[];
  items?: string[];
}

/**
 * One section (or subsection) of a legal text in messages/*.json, shown in this order: its paragraphs, its list, its
 * table, its closing paragraphs, its subsections. A paragraph that leads into the list ("We are not liable for:") is
 * the last of `paragraphs`; what follows the list goes in `closing`.
 */
export interface LegalBlock {
  title: string;
  paragraphs?: string[];
  items?: string[];
  table?: LegalTable;
  closing?: string[];
  subsections?: Record<string, LegalBlock>;
  withAnalytics?: LegalVariant;
  withoutAnalytics?: LegalVariant;
}

/** A block as the page shows it: its variant chosen, its placeholders filled. */
export interface ResolvedLegalBlock {
  title: string;
  paragraphs: string[];
  items: string[];
  table?: LegalTable;
  closing: string[];
  subsections: [string, ResolvedLegalBlock][];
}

/**
 * Chooses what each block says for the shop's configuration (`withAnalytics` or `withoutAnalytics`, after the block's
 * own paragraphs and items) and fills every text with `fill`.
 */
export function resolveLegalBlock(
  block: LegalBlock,
  analyticsOn: boolean,
  fill: (text: string) => string,
): ResolvedLegalBlock {
  const variant = (analyticsOn ? block.withAnalytics : block.withoutAnalytics) ?? {};
  return {
    title: fill(block.title),
    paragraphs: [...(block.paragraphs ?? []), ...(variant.paragraphs ?? [])].map(fill),
    items: [...(block.items ?? []), ...(variant.items ?? [])].map(fill),
    table: block.table && {
      caption: fill(block.table.caption),
      head: block.table.head.map(fill),
      rows: block.table.rows.map((row) => row.map(fill)),
    },
    closing: (block.closing ?? []).map(fill),
    subsections: Object.entries(block.subsections ?? {}).map(([key, sub]) => [
      key,
      resolveLegalBlock(sub, analyticsOn, fill),
    ]),
  };
}

/** Everything a legal page shows, in its language, ready to render (components/legal/legal-document-view.tsx). */
export interface LegalDocumentContent {
  heading: string;
  intro: string;
  /** "Last updated: 26 November 2026 · Version 1.0". */
  lastUpdated: string;
  /** The same day as YYYY-MM-DD, for the machine-readable `<time>`. */
  updatedOn: string;
  contentsLabel: string;
  sections: [string, ResolvedLegalBlock][];
}

/** The messages a legal page reads: its text, whose lists the type of the messages sees as texts, and the page's own. */
type LegalMessages = Record<LegalDocumentId, { heading: string; intro: string; sections: unknown }> & {
  LegalDocument: (typeof ro)['LegalDocument'];
};

/**
 * One legal text for one language and configuration: the company's details and, when analytics are on, the
 * service's name, address and retention filled in; the version and date of LEGAL_VERSIONS shown under the heading.
 */
export function buildLegalDocument({
  namespace,
  locale,
  messages,
  siteUrl,
  analytics,
  version = currentVersion(namespace),
}: {
  namespace: LegalDocumentId;
  locale: Locale;
  messages: LegalMessages;
  siteUrl: string;
  analytics: AnalyticsDisclosure;
  /** Which version `messages` holds: the current one unless an archived text is shown. */
  version?: LegalVersion;
}): LegalDocumentContent {
  const ui = createTranslator({
    ...KEPT_FORMATTERS,
    locale,
    messages: { LegalDocument: messages.LegalDocument },
    namespace: 'LegalDocument',
  });
  const values = {
    ...companyPlaceholders(siteUrl),
    ...analyticsPlaceholders(analytics, (days) => ui('analyticsRetention', { days })),
  };
  const fill = (text: string) => fillPlaceholders(text, values);
  const text = messages[namespace];
  // Read whole, lists and all (global.d.ts).
  const blocks = text.sections as Record<string, LegalBlock>;
  return {
    heading: text.heading,
    intro: fill(text.intro),
    lastUpdated: ui('lastUpdated', {
      date: formatVersionDate(version.date, locale),
      version: version.version,
    }),
    updatedOn: version.date,
    contentsLabel: ui('contents'),
    sections: Object.entries(blocks).map(([id, block]) => [
      id,
      resolveLegalBlock(block, analytics.enabled, fill),
    ]),
  };
}
