'use client';

import { useState } from 'react';
import { isApiRequestError } from '@/lib/client/api-error';
import { apiOnDemand } from '@/lib/client/api-on-demand';
import { useRouter } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { SignInLinkForm, type SignInLinkTexts } from './sign-in-link-form';

export interface RedeemTexts {
  button: string;
  busy: string;
  /** The link was used or has expired. */
  gone: string;
  /** The link is no link of the shop's. */
  unknown: string;
  failed: string;
  tooMany: string;
}

/**
 * The sign-in link's page: its button redeems the token with a POST, so that a mail scanner that opens the link
 * beforehand spends nothing. A link used or expired says so, with the form to ask for a new one.
 */
export function RedeemLink({
  token,
  locale,
  texts,
  formTexts,
}: {
  token: string;
  locale: Locale;
  texts: RedeemTexts;
  formTexts: SignInLinkTexts;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; askAgain: boolean } | null>(
    token ? null : { text: texts.unknown, askAgain: true },
  );
  const redeem = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { api } = await apiOnDemand();
      await api.post('/api/my-orders/session', { json: { token }, retry: 0 });
      // The list is rendered on the server, per request, with the new cookie.
      router.push('/orders');
    } catch (error) {
      setBusy(false);
      const status = isApiRequestError(error) ? error.status : 0;
      if (status === 410) setProblem({ text: texts.gone, askAgain: true });
      else if (status === 404 || status === 422) setProblem({ text: texts.unknown, askAgain: true });
      else setProblem({ text: status === 429 ? texts.tooMany : texts.failed, askAgain: false });
    }
  };
  return (
    <>
      {!problem?.askAgain && (
        <button
          type="button"
          onClick={() => void redeem()}
          disabled={busy}
          data-testid="my-orders-redeem"
          className="bg-brand hover:bg-brand-dark mt-6 inline-flex min-h-11 w-full items-center justify-center rounded px-6 font-semibold text-white disabled:opacity-70 sm:w-auto"
        >
          {busy ? texts.busy : texts.button}
        </button>
      )}
      <p role="alert" className="mt-4 text-red-800" data-testid="my-orders-redeem-problem">
        {problem?.text ?? ''}
      </p>
      {problem?.askAgain && <SignInLinkForm locale={locale} texts={formTexts} />}
    </>
  );
}
