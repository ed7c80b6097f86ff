'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
import { isApiRequestError } from '@/lib/client/api-error';

/** What the last press of the button did; `until` is when the button works again (ms since the epoch). */
type Outcome = { kind: 'sent'; until: number } | { kind: 'wait'; until: number } | { kind: 'failed' } | null;

/** Seconds to wait after too many presses (429) when the answer does not say. */
const TOO_MANY_WAIT_SECONDS = 60;

/**
 * "Send the confirmation again": a call through the shop's API client, which carries the anti-forgery header that
 * every non-GET API call needs (a plain HTML form could not). It says what really happened: sent, or sent moments
 * ago and possible again in N seconds (counting down), or not possible now. After a success the button rests for the
 * interval the shop keeps between two e-mails, so quick taps cannot turn a success into "could not send".
 */
export function ResendConfirmation({
  orderId,
  action = 'resend',
  label,
  sentText,
  waitText,
  failedText,
  intervalSeconds,
}: {
  orderId: string;
  /** `resend` the confirmation, or send the links to the order's `documents` (both to the order's own address). */
  action?: 'resend' | 'documents';
  label: string;
  sentText: string;
  /** With `{seconds}`. */
  waitText: string;
  failedText: string;
  /** How long the shop keeps between two confirmation e-mails of an order (lib/orders/resend.ts). */
  intervalSeconds: number;
}) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const until = outcome && 'until' in outcome ? outcome.until : 0;
  const resting = until > now;
  // The countdown ticks each second while the button rests, and stops once it works again.
  useEffect(() => {
    if (!until) return;
    const timer = window.setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  const resend = async () => {
    setBusy(true);
    const after = (seconds: number) => Date.now() + seconds * 1000;
    try {
      const answer = await api
        .post(`/api/orders/${encodeURIComponent(orderId)}/${action}`, {
          headers: { Accept: 'application/json' },
          retry: 0,
        })
        .json<{ queued: boolean; retryAfterSeconds?: number }>();
      setOutcome(
        answer.queued
          ? { kind: 'sent', until: after(intervalSeconds) }
          : { kind: 'wait', until: after(answer.retryAfterSeconds ?? intervalSeconds) },
      );
    } catch (error) {
      setOutcome(
        isApiRequestError(error) && error.status === 429
          ? { kind: 'wait', until: after(TOO_MANY_WAIT_SECONDS) }
          : { kind: 'failed' },
      );
    } finally {
      setNow(Date.now());
      setBusy(false);
    }
  };
  const text =
    outcome?.kind === 'sent'
      ? sentText
      : outcome?.kind === 'wait' && resting
        ? waitText.replace('{seconds}', String(Math.ceil((until - now) / 1000)))
        : outcome?.kind === 'failed'
          ? failedText
          : '';
  return (
    <div className="mt-6">
      <button
        type="button"
        onClick={() => void resend()}
        disabled={busy || resting}
        className="border-brand text-brand hover:bg-brand/10 min-h-11 rounded border px-4 font-semibold disabled:opacity-60"
      >
        {label}
      </button>
      <p role="status" className={`mt-2 ${outcome?.kind === 'sent' ? 'text-emerald-800' : 'text-slate-800'}`}>
        {text}
      </p>
    </div>
  );
}
