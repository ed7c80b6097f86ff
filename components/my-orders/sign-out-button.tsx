'use client';

import { useState } from 'react';
import { apiOnDemand } from '@/lib/client/api-on-demand';

/** Ends the browser's "my orders" session, then shows the page again: the e-mail form. */
export function SignOutButton({ label }: { label: string }) {
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      const { api } = await apiOnDemand();
      await api.delete('/api/my-orders/session', { retry: 0 });
    } finally {
      // Whatever the answer, the page is read again: signed out, it shows the form; if not, the list again.
      window.location.reload();
    }
  };
  return (
    <button
      type="button"
      onClick={() => void signOut()}
      disabled={busy}
      data-testid="my-orders-sign-out"
      className="inline-flex min-h-11 items-center rounded border border-slate-400 bg-white px-4 font-semibold text-slate-900 disabled:opacity-70"
    >
      {label}
    </button>
  );
}
