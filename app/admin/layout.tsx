import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { AdminApp } from '@/components/admin/admin-app';
import type { AdminCatalog, AdminMessages } from '@/components/admin/admin-i18n';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import '../globals.css';
import { THEME_COLOUR } from '@/lib/seo/web-app';

/** Rendered per request: each answer's scripts carry the nonce of its Content-Security-Policy (proxy.ts). */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false, follow: false } };
export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: THEME_COLOUR };

/** Only what the back-office shows: its own namespace, the validation messages and the shop's form parts it uses. */
const texts = (messages: typeof ro): AdminMessages => ({
  Admin: messages.Admin,
  Validation: messages.Validation,
  Billing: messages.Billing,
  EmailSuggestion: messages.EmailSuggestion,
});
const CATALOG: AdminCatalog = { ro: texts(ro), en: texts(en), de: texts(de), hu: texts(hu) };

/**
 * The back-office's own root layout (docs/decisions/0005-client-only-back-office.md), beside the shop's `[locale]` one:
 * no public header or footer, no address prefix. Everything under it runs in the browser; the language is chosen there
 * and kept in localStorage, so the server renders the default one.
 */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="ro">
      <body className="flex min-h-screen flex-col bg-slate-100 font-sans text-slate-900 antialiased">
        <AdminApp catalog={CATALOG}>{children}</AdminApp>
      </body>
    </html>
  );
}
