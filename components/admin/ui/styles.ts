/** The back-office's few shared looks, so that every screen's buttons and fields match. */

const button =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60';

export const primaryButton = `${button} bg-brand text-white hover:bg-brand-dark`;
export const secondaryButton = `${button} border border-slate-400 bg-white text-slate-900 hover:bg-slate-100`;
export const dangerButton = `${button} bg-red-700 text-white hover:bg-red-800`;
const smallButton =
  'inline-flex min-h-9 items-center rounded px-2 text-sm font-semibold underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60';
/** A small button inside a table row. */
export const rowButton = `${smallButton} text-brand`;
export const dangerRowButton = `${smallButton} text-red-800`;

export const fieldLabel = 'block text-sm font-medium text-slate-900';
export const fieldInput =
  'mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-brand aria-[invalid=true]:border-red-700';
export const fieldHint = 'mt-1 text-sm text-slate-700';

export const card = 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';
export const screenTitle = 'text-2xl font-bold text-slate-900';
