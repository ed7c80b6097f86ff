'use client';

import { useState } from 'react';
import type { OrderResponse } from '@/lib/client/api';
import { isApiRequestError, isProductLineClosed } from '@/lib/client/api-error';
import { apiOnDemand } from '@/lib/client/api-on-demand';
import { loading } from '@/lib/client/loading';

export interface PayAgainTexts {
  button: string;
  busy: string;
  unavailable: string;
  tooMany: string;
  failed: string;
  /** The product is not sold online at the moment (lib/config/live-mode.ts). */
  lineClosed: string;
  /** By the reason's code: `PAID`, `TOO_LATE` ... */
  refused: Record<string, string>;
}

/** The button's texts from the `PayAgain` messages, with the label it shows (`button`, or `continue`). */
export function payAgainTexts(
  messages: Omit<PayAgainTexts, 'button'> & Record<'button' | 'continue', string>,
  label: 'button' | 'continue' = 'button',
): PayAgainTexts {
  const { busy, unavailable, tooMany, failed, lineClosed, refused } = messages;
  return { button: messages[label], busy, unavailable, tooMany, failed, lineClosed, refused };
}

/**
 * "Pay again": asks the shop for a new payment form of the same order and goes there, the buyer filling in nothing
 * again. A refusal says why in the buyer's words (too late, too many tries, a start day passed ...), as does a
 * provider that does not answer.
 */
export function PayAgainButton({ orderId, texts }: { orderId: string; texts: PayAgainTexts }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const payAgain = async () => {
    setBusy(true);
    setProblem('');
    const hideOverlay = loading.showOverlay();
    try {
      const { api } = await apiOnDemand();
      const order = await api
        .post(`/api/orders/${encodeURIComponent(orderId)}/payment`, { retry: 0 })
        .json<OrderResponse>();
      // Back from the provider's form, a page restored from the back-forward cache must be usable again.
      window.addEventListener('pageshow', () => (hideOverlay(), setBusy(false)), { once: true });
      window.location.assign(order.paymentUrl);
    } catch (error) {
      hideOverlay();
      setBusy(false);
      setProblem(problemText(error, texts));
    }
  };
  return (
    <div className="mt-4">
      <button
        type="button"
        onClick={() => void payAgain()}
        disabled={busy}
        data-testid="pay-again"
        className="bg-brand hover:bg-brand-dark inline-flex min-h-11 items-center rounded px-6 font-semibold text-white disabled:opacity-70"
      >
        {busy ? texts.busy : texts.button}
      </button>
      <p role="alert" className="mt-2 text-red-800" data-testid="pay-again-problem">
        {problem}
      </p>
    </div>
  );
}

function problemText(error: unknown, texts: PayAgainTexts): string {
  if (!isApiRequestError(error)) return texts.failed;
  const refusal = error.status === 409 ? error.issues[0]?.code?.replace(/^payAgain\./, '') : undefined;
  if (refusal && texts.refused[refusal]) return texts.refused[refusal];
  if (error.status === 429) return texts.tooMany;
  if (isProductLineClosed(error)) return texts.lineClosed;
  if (error.status === 503) return texts.unavailable;
  return texts.failed;
}
