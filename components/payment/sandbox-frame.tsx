import type { ReactNode } from 'react';

/** The sandbox provider's page frame: its own look, so nobody mistakes it for the shop. */
export function SandboxFrame({
  lang,
  title,
  notice,
  children,
}: {
  lang: string;
  title: string;
  notice: string;
  children: ReactNode;
}) {
  return (
    <main lang={lang} className="mx-auto max-w-md px-4 py-8">
      <div className="rounded-xl bg-white p-6 shadow">
        <p className="text-sm font-semibold tracking-wide text-emerald-800 uppercase">Netopia sandbox</p>
        <h1 className="mt-1 text-2xl font-bold">{title}</h1>
        <p className="mt-2 rounded bg-amber-50 p-3 text-sm text-amber-900">{notice}</p>
        {children}
      </div>
    </main>
  );
}

export const inputClass =
  'mt-1 block w-full rounded border border-slate-400 px-3 py-2 text-lg focus:border-emerald-700 focus:outline-2 focus:outline-emerald-700';
export const buttonClass =
  'mt-6 w-full rounded bg-emerald-700 px-4 py-3 text-lg font-semibold text-white hover:bg-emerald-800';
