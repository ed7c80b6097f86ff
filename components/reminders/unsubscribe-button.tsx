'use client';

import { useState } from 'react';
import { isApiRequestError } from '@/lib/client/api-error';
import { apiOnDemand } from '@/lib/client/api-on-demand';

export interface UnsubscribeTexts {
  button: string;
  done: string;
  doneHint: string;
  invalid: string;
  failed: string;
}

/**
 * The unsubscribe page's button: it posts the reminder's signed token (no session needed), so opening the page, as a
 * mail scanner does, changes nothing.
 */
export function UnsubscribeButton({ token, texts }: { token: string; texts: UnsubscribeTexts }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'invalid' | 'failed'>(
    token ? 'idle' : 'invalid',
  );
  const unsubscribe = async () => {
    setState('busy');
    try {
      const { api } = await apiOnDemand();
      await api.post('/api/reminders/unsubscribe', { searchParams: { token }, retry: 0 });
      setState('done');
    } catch (error) {
      setState(isApiRequestError(error) && error.status === 404 ? 'invalid' : 'failed');
    }
  };
  if (state === 'done')
    return (
      <div role="status" className="mt-6" data-testid="reminder-unsubscribed">
        <p className="font-semibold text-slate-900">{texts.done}</p>
        <p className="mt-1 text-slate-700">{texts.doneHint}</p>
      </div>
    );
  return (
    <>
      {state !== 'invalid' && (
        <button
          type="button"
          onClick={() => void unsubscribe()}
          disabled={state === 'busy'}
          data-testid="reminder-unsubscribe"
          className="bg-brand hover:bg-brand-dark mt-6 inline-flex min-h-11 w-full items-center justify-center rounded px-6 font-semibold text-white disabled:opacity-70 sm:w-auto"
        >
          {texts.button}
        </button>
      )}
      <p role="alert" className="mt-4 text-red-800" data-testid="reminder-unsubscribe-problem">
        {state === 'invalid' ? texts.invalid : state === 'failed' ? texts.failed : ''}
      </p>
    </>
  );
}
