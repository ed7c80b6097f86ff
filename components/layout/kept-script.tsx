'use client';

import { keptForHtml } from '@/lib/html-only';

/**
 * The `<script>` of components/layout/html-only-script.tsx, rendered with its text in the HTML only (lib/html-only.ts).
 * In the browser it renders the same element without text: hydration leaves the server's text in place (React does
 * not compare `dangerouslySetInnerHTML` when it hydrates), and after a client-side navigation the element is there
 * empty, which no crawler sees (they load each address's HTML) and which a browser would not run anyway.
 */
export function KeptScript({ id, type }: { id: string; type?: string }) {
  return (
    <script
      type={type}
      dangerouslySetInnerHTML={{ __html: keptForHtml(id) ?? '' }}
      suppressHydrationWarning
    />
  );
}
