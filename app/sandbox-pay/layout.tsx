import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import '../globals.css';

export const metadata: Metadata = { title: 'Sandbox payments', robots: { index: false, follow: false } };

/** The sandbox provider's hosted pages stand apart from the shop, as the real provider's do. */
export default function SandboxLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="ro">
      <body className="min-h-screen bg-slate-100 font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
