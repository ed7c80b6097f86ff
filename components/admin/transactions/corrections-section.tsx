'use client';

import { useLocale, useTranslations } from 'next-intl';
import { invoicePdfUrl, invoiceXmlUrl } from '@/lib/admin-client/admin-api';
import { useDownload } from '@/lib/admin-client/download';
import { formatDateTime } from '@/lib/admin-client/format';
import { creditNotePdfUrl, creditNoteXmlUrl, type OrderDetails } from '@/lib/admin-client/order-actions-api';
import { usePermission } from '@/lib/admin-client/session';
import { useFailureText } from '../admin-i18n';
import { Notice } from '../ui/notice';
import { rowButton } from '../ui/styles';

type Correction = OrderDetails['corrections'][number];
type CorrectionDocument = Correction['replaced'];

const FORMATS = [
  { format: 'pdf', label: 'downloadInvoice' },
  { format: 'xml', label: 'downloadInvoiceXml' },
] as const;

/**
 * The invoices a correction replaced (a plate, the buyer's billing data), each with the storno that reversed it and
 * the new invoice that replaced it, every one downloadable as issued (INVOICE_READ): an issued invoice never changes.
 */
export function CorrectionsSection({ order }: { order: Pick<OrderDetails, 'id' | 'corrections'> }) {
  const r = useTranslations('Admin.corrections');
  const d = useTranslations('Admin.details');
  const t = useTranslations('Admin');
  const locale = useLocale();
  const failureText = useFailureText();
  const mayReadInvoices = usePermission('INVOICE_READ');
  const file = useDownload();
  const corrections = order.corrections ?? [];
  if (corrections.length === 0) return null;

  const urlOf = (kind: 'invoice' | 'creditNote', document: CorrectionDocument, format: 'pdf' | 'xml') => {
    if (kind === 'creditNote')
      return format === 'xml'
        ? creditNoteXmlUrl(order.id, document.id)
        : creditNotePdfUrl(order.id, document.id);
    return format === 'xml'
      ? invoiceXmlUrl(order.id, { invoiceId: document.id })
      : invoicePdfUrl(order.id, { invoiceId: document.id });
  };

  const row = (label: string, kind: 'invoice' | 'creditNote', document: CorrectionDocument) => (
    <li className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
      <span>
        {label}: <span className="font-mono">{document.number}</span> ·{' '}
        {formatDateTime(document.issuedAt, locale)}
      </span>
      {mayReadInvoices &&
        FORMATS.map(({ format, label: buttonLabel }) => {
          const key = `${kind}-${document.id}.${format}`;
          return (
            <button
              key={format}
              type="button"
              className={rowButton}
              disabled={file.pending !== undefined}
              aria-label={`${d(buttonLabel)}: ${document.number}`}
              onClick={() =>
                void file.download(key, urlOf(kind, document, format), `${document.number}.${format}`)
              }
            >
              {file.pending === key ? t('shell.downloading') : d(buttonLabel)}
            </button>
          );
        })}
    </li>
  );

  return (
    <section aria-labelledby="order-corrections-title" className="space-y-3">
      <h3 id="order-corrections-title" className="text-base font-semibold text-slate-900">
        {r('title')}
      </h3>
      <ul className="space-y-3">
        {corrections.map((correction) => (
          <li key={correction.creditNote.id} className="rounded-md border border-slate-200 p-3">
            <p className="mb-2 text-sm text-slate-900">
              {r('summary', {
                replaced: correction.replaced.number,
                creditNote: correction.creditNote.number,
                invoice: correction.invoice.number,
              })}
            </p>
            <ul className="space-y-1">
              {row(r('replaced'), 'invoice', correction.replaced)}
              {row(r('creditNote'), 'creditNote', correction.creditNote)}
              {row(r('invoice'), 'invoice', correction.invoice)}
            </ul>
          </li>
        ))}
      </ul>
      <Notice tone="error" urgent>
        {file.error ? failureText(file.error) : undefined}
      </Notice>
    </section>
  );
}
