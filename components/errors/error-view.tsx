import type { ReactNode } from 'react';

/** The texts of the shop's error page, translated by the server (messages: `ErrorPage`). */
export interface ErrorTexts {
  heading: string;
  text: string;
  paymentSafe: string;
  retry: string;
  backHome: string;
}

/**
 * The shop's error page: what went wrong in the visitor's words, that a payment is not lost, and two ways on (try
 * again, the home page). Rendered by the server where a page meets a database that is away, and by the error
 * boundaries in the browser.
 */
export function ErrorView({ texts, retry, home }: { texts: ErrorTexts; retry: ReactNode; home: ReactNode }) {
  return (
    <div
      className="mx-auto flex max-w-3xl flex-col items-center px-4 py-12 text-center"
      data-testid="error-page"
    >
      <h1 className="text-3xl font-bold text-slate-900">{texts.heading}</h1>
      <p className="mt-3 text-lg text-slate-700">{texts.text}</p>
      <p className="mt-3 text-slate-700">{texts.paymentSafe}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        {retry}
        {home}
      </div>
    </div>
  );
}

export const ERROR_BUTTON_CLASS =
  'bg-brand hover:bg-brand-dark inline-flex min-h-11 items-center rounded px-6 font-semibold text-white';
export const ERROR_LINK_CLASS =
  'text-brand inline-flex min-h-11 items-center rounded border border-current px-6 font-semibold';
