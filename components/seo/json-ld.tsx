import { HtmlOnlyScript } from '@/components/layout/html-only-script';
import { serializeJsonLd } from '@/lib/seo/json-ld';

/**
 * Structured data for search engines, typed with schema-dts where it is built. In the page's HTML only, which is
 * what crawlers read: not again in its React Server Components payload (lib/html-only.ts).
 */
export function JsonLd({ data }: { data: object }) {
  return <HtmlOnlyScript type="application/ld+json" text={serializeJsonLd(data)} />;
}
