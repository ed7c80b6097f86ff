'use client';

import { useState } from 'react';
import { api } from '@/lib/client/api';

/**
 * "Send the confirmation again": a call through the shop's API client, which carries the anti-forgery header that
 * every non-GET API call needs (a plain HTML form could not).
 */
export function ResendConfirmation({
  orderId,
  label,
  sentText,
}: {
  orderId: string;
  label: string;
  sentText: string;
}) {
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await api.post(`/api/orders/${encodeURIComponent(orderId)}/resend`, {
        headers: { Accept: 'application/json' },
        retry: 0,
      });
      setSent(true);
    } finally {
      setBusy(false);
    }
  };
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
      <p role="status" className="mt-2 text-emerald-800">
        {sent ? sentText : ''}
      </p>
    </div>
  );
}
