import type { Config } from '@/lib/config/env';

/** What the privacy and cookie pages say about page-view analytics, from the configuration. */
export type AnalyticsDisclosure =
  | { enabled: false }
  | {
      enabled: true;
      /** Who runs the endpoint, as ANALYTICS_SERVICE names it. */
      service: string;
      /** The address the beacons go to: its host, which is what the visitor's browser contacts. */
      host: string;
      retentionDays: number;
    };

type AnalyticsConfig = Pick<
  Config,
  'NEXT_PUBLIC_ANALYTICS_URL' | 'ANALYTICS_SERVICE' | 'ANALYTICS_RETENTION_DAYS'
>;

/**
 * Analytics are on exactly when the browser has an endpoint to send page views to (NEXT_PUBLIC_ANALYTICS_URL,
 * components/layout/page-view-analytics.tsx); the configuration refuses an endpoint without the service's name and
 * retention, so the pages can always name them.
 */
export function analyticsDisclosure(config: AnalyticsConfig): AnalyticsDisclosure {
  const url = config.NEXT_PUBLIC_ANALYTICS_URL;
  if (!url) return { enabled: false };
  return {
    enabled: true,
    service: config.ANALYTICS_SERVICE ?? new URL(url).host,
    host: new URL(url).host,
    retentionDays: config.ANALYTICS_RETENTION_DAYS ?? 0,
  };
}

/**
 * The placeholders the legal texts' analytics paragraphs use (none when analytics are off); `retention` words a number
 * of days in the page's language ("90 de zile"), since a bare number cannot take its grammar.
 */
export function analyticsPlaceholders(
  disclosure: AnalyticsDisclosure,
  retention: (days: number) => string,
): Record<string, string> {
  if (!disclosure.enabled) return {};
  return {
    analyticsService: disclosure.service,
    analyticsHost: disclosure.host,
    analyticsRetention: retention(disclosure.retentionDays),
  };
}
