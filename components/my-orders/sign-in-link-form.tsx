'use client';

import { useState, type FormEvent } from 'react';
import { EMAIL_INPUT, TextField } from '@/components/form/text-field';
import { isApiRequestError } from '@/lib/client/api-error';
import { apiOnDemand } from '@/lib/client/api-on-demand';
import type { Locale } from '@/lib/i18n/routing';

export interface SignInLinkTexts {
  emailLabel: string;
  submit: string;
  sending: string;
  /** With `{email}`. */
  sent: string;
  failed: string;
  tooMany: string;
  emailInvalid: string;
}

type Outcome = { kind: 'sent'; email: string } | { kind: 'problem'; text: string } | null;

/**
 * The e-mail form of "my orders": asks the shop to mail a sign-in link. Whatever the address, the answer is the same
 * (the shop never says whether it has orders), so the page says "if orders were placed with it, the link is on its
 * way".
 */
export function SignInLinkForm({ locale, texts }: { locale: Locale; texts: SignInLinkTexts }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [invalid, setInvalid] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    // The handler's own schema, so that the form refuses exactly what the API would; fetched at the first submit, so
    // that the page's first load carries no validation code.
    const { myOrdersLinkSchema } = await import('@/lib/validations/my-orders');
    if (!myOrdersLinkSchema.safeParse({ email: address, locale }).success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setBusy(true);
    setOutcome(null);
    try {
      const { api } = await apiOnDemand();
      await api.post('/api/my-orders/link', { json: { email: address, locale }, retry: 0 });
      setOutcome({ kind: 'sent', email: address });
    } catch (error) {
      const status = isApiRequestError(error) ? error.status : 0;
      setOutcome({
        kind: 'problem',
        text: status === 429 ? texts.tooMany : status === 422 ? texts.emailInvalid : texts.failed,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-6 space-y-4"
      data-testid="my-orders-form"
    >
      <TextField
        id="my-orders-email"
        {...EMAIL_INPUT}
        name="email"
        required
        label={texts.emailLabel}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={invalid ? texts.emailInvalid : undefined}
      />
      <button
        type="submit"
        disabled={busy}
        className="bg-brand hover:bg-brand-dark inline-flex min-h-11 w-full items-center justify-center rounded px-6 font-semibold text-white disabled:opacity-70 sm:w-auto"
      >
        {busy ? texts.sending : texts.submit}
      </button>
      <p role="status" className="text-slate-800" data-testid="my-orders-sent">
        {outcome?.kind === 'sent' ? texts.sent.replace('{email}', outcome.email) : ''}
      </p>
      <p role="alert" className="text-red-800" data-testid="my-orders-problem">
        {outcome?.kind === 'problem' ? outcome.text : ''}
      </p>
    </form>
  );
}
