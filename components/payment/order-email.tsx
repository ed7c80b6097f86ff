'use client';

import { useSearchParams } from 'next/navigation';

/**
 * A line naming the order's e-mail from the `email` query parameter, read in the browser so the page itself stays
 * static. The template's `{email}` is replaced by text: React escapes it, so the parameter cannot inject markup.
 */
export function OrderEmail({ template, fallback }: { template: string; fallback?: string }) {
  // Null only under the pages router (pages/_error.tsx makes Next type it so); this page is in the App Router.
  const email = useSearchParams()?.get('email')?.trim().slice(0, 254);
  if (!email) return fallback ?? null;
  return template.replace('{email}', email);
}
