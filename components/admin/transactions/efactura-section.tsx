'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatDateTime } from '@/lib/admin-client/format';
import { postEfacturaResend, type Efactura, type OrderDetails } from '@/lib/admin-client/order-actions-api';
import { useActionPermissions } from '@/lib/admin-client/action-permissions';
import { useFailureText } from '../admin-i18n';
import { Facts } from '../ui/facts';
import { Notice } from '../ui/notice';
import { RawDetails } from '../ui/raw-details';
import { AdminOnly } from './admin-only';
import { secondaryButton } from '../ui/styles';

const statusTones: Record<Efactura['status'], string> = {
  PENDING: 'bg-slate-100 text-slate-900',
  UPLOADING: 'bg-amber-100 text-amber-900',
  UPLOADED: 'bg-amber-100 text-amber-900',
  ACCEPTED: 'bg-green-100 text-green-900',
  REJECTED: 'bg-red-100 text-red-900',
};

interface Document {
  key: string;
  title: string;
  creditNoteId?: number;
  /** An invoice replaced after a correction: not the order's current one. */
  invoiceId?: number;
  efactura: Efactura;
}

/**
 * Where the order's invoice and credit notes are at ANAF's RO e-Factura: the state, ANAF's index, ANAF's error texts
 * as it wrote them, the last temporary failure, and for PAYMENT_WRITE the button that sends a rejected (or
 * unconfirmed) document again once it is fixed.
 */
export function EfacturaSection({
  order,
  revalidate,
}: {
  order: Pick<OrderDetails, 'id' | 'invoice' | 'refunds' | 'corrections'>;
  revalidate: () => Promise<void>;
}) {
  const e = useTranslations('Admin.efactura');
  const documents: Document[] = [];
  if (order.invoice?.efactura)
    documents.push({
      key: 'invoice',
      title: e('invoice', { number: order.invoice.number }),
      efactura: order.invoice.efactura,
    });
  for (const refund of order.refunds ?? []) {
    const note = refund.creditNote;
    if (note?.efactura)
      documents.push({
        key: `credit-note-${note.id}`,
        title: e('creditNote', { number: note.number }),
        creditNoteId: note.id,
        efactura: note.efactura,
      });
  }
  for (const { replaced, creditNote } of order.corrections ?? []) {
    if (replaced.efactura)
      documents.push({
        key: `invoice-${replaced.id}`,
        title: e('invoice', { number: replaced.number }),
        invoiceId: replaced.id,
        efactura: replaced.efactura,
      });
    if (creditNote.efactura)
      documents.push({
        key: `credit-note-${creditNote.id}`,
        title: e('creditNote', { number: creditNote.number }),
        creditNoteId: creditNote.id,
        efactura: creditNote.efactura,
      });
  }
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="order-efactura-title" className="space-y-3">
      <h3 id="order-efactura-title" className="text-base font-semibold text-slate-900">
        {e('title')}
      </h3>
      <ul className="space-y-3">
        {documents.map((document) => (
          <li key={document.key} className="rounded-md border border-slate-200 p-3">
            <EfacturaDocument orderId={order.id} document={document} revalidate={revalidate} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function EfacturaDocument({
  orderId,
  document,
  revalidate,
}: {
  orderId: string;
  document: Document;
  revalidate: () => Promise<void>;
}) {
  const e = useTranslations('Admin.efactura');
  const locale = useLocale();
  const failureText = useFailureText();
  const mayWrite = useActionPermissions().efacturaResend;
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState(false);
  const { efactura } = document;

  const resend = async () => {
    setSending(true);
    setFailure(undefined);
    setSent(false);
    try {
      await postEfacturaResend(orderId, document.creditNoteId, document.invoiceId);
      setSent(true);
      await revalidate();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="space-y-2">
      <p className="text-sm font-semibold text-slate-900">{document.title}</p>
      <Facts
        rows={[
          [
            e('status'),
            <span
              key="status"
              className={`rounded px-1.5 py-0.5 text-xs font-semibold ${statusTones[efactura.status]}`}
            >
              {e(`statuses.${efactura.status}`)}
            </span>,
          ],
          [e('uploadId'), efactura.uploadId],
          [e('updatedAt'), formatDateTime(efactura.updatedAt, locale)],
        ]}
      />
      {efactura.attention && (
        <p className="text-sm font-medium text-red-800">{e(`attention.${efactura.attention}`)}</p>
      )}
      {efactura.messages.length > 0 && (
        <div>
          <p className="text-sm text-slate-700">{e('messages')}</p>
          {/* ANAF's texts as it wrote them, in Romanian: kept whole, lines and all. */}
          <pre
            lang="ro"
            className="mt-1 rounded border border-red-700/30 bg-red-50 p-2 font-mono text-xs break-words whitespace-pre-wrap text-red-900"
          >
            {efactura.messages.join('\n')}
          </pre>
        </div>
      )}
      {efactura.lastError && (
        <div className="text-sm text-slate-700">
          <p>{e('lastError')}</p>
          <RawDetails value={efactura.lastError} />
        </div>
      )}
      {!mayWrite && efactura.canResend && <AdminOnly action={e('resend')} />}
      {mayWrite && efactura.canResend && (
        <button type="button" className={secondaryButton} disabled={sending} onClick={() => void resend()}>
          {sending ? e('resendPending') : e('resend')}
        </button>
      )}
      <Notice tone={failure ? 'error' : 'success'} urgent={Boolean(failure)}>
        {failure ?? (sent ? e('resent') : undefined)}
      </Notice>
    </div>
  );
}
