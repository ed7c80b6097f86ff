'use client';

import { useState } from 'react';
import { api } from '@/lib/client/api';

/** What the last press of the button did. */
type Outcome = { kind: 'sent' } | { kind: 'wait'; seconds: number } | { kind: 'failed' } | null;

/**
 * "Send the confirmation again": a call through the shop's API client, which carries the anti-forgery header that
 * every non-GET API call needs (a plain HTML form could not). It says what really happened: sent, or sent moments
 * ago and possible again in N seconds, or not possible now.
 */
export function ResendConfirmation({
  orderId,
  action = 'resend',
  label,
  sentText,
  waitText,
  failedText,
}: {
  orderId: string;
  /** `resend` the confirmation, or send the links to the order's `documents` (both to the order's own address). */
  action?: 'resend' | 'documents';
  label: string;
  sentText: string;
  /** With `{seconds}`. */
  waitText: string;
  failedText: string;
}) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const answer = await api
        .post(`/api/orders/${encodeURIComponent(orderId)}/${action}`, {
          headers: { Accept: 'application/json' },
          retry: 0,
        })
        .json<{ queued: boolean; retryAfterSeconds?: number }>();
      setOutcome(
        answer.queued ? { kind: 'sent' } : { kind: 'wait', seconds: answer.retryAfterSeconds ?? 120 },
      );
    } catch {
      setOutcome({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  };
  const text =
    outcome?.kind === 'sent'
      ? sentText
      : outcome?.kind === 'wait'
        ? waitText.replace('{seconds}', String(outcome.seconds))
        : outcome?.kind === 'failed'
          ? failedText
          : '';
  return (
    <div className="mt-6">
      <button
        type="button"
        onClick={() => void resend()}
        disabled={busy}
        className="border-brand text-brand hover:bg-brand/10 min-h-11 rounded border px-4 font-semibold"
      >
        {label}
      </button>
      <p role="status" className={`mt-2 ${outcome?.kind === 'sent' ? 'text-emerald-800' : 'text-slate-800'}`}>
        {text}
      </p>
    </div>
  );
}
