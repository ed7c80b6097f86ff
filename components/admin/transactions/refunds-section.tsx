'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import { useDownload } from '@/lib/admin-client/download';
import { formatDateTime, formatRon } from '@/lib/admin-client/format';
import {
  creditNotePdfUrl,
  creditNoteXmlUrl,
  type OrderDetails,
  type Refund,
} from '@/lib/admin-client/order-actions-api';
import { usePermission } from '@/lib/admin-client/session';
import { isKeyOf, useFailureText } from '../admin-i18n';
import { Facts } from '../ui/facts';
import { Notice } from '../ui/notice';
import { rowButton } from '../ui/styles';
import { useActorName } from './event-text';
import { RefundAnswerText } from './provider-answer';

const statusTones: Record<string, string> = {
  PENDING: 'bg-amber-100 text-amber-900',
  CONFIRMED: 'bg-green-100 text-green-900',
  REFUSED: 'bg-red-100 text-red-900',
};

/**
 * Every refund of the order, in the server's order: how much, why, who asked and where, what the provider answered,
 * and the credit note of a confirmed one to download (INVOICE_READ).
 */
export function RefundsSection({ order }: { order: Pick<OrderDetails, 'id' | 'refunds'> }) {
  const f = useTranslations('Admin.refunds');
  const failureText = useFailureText();
  const mayReadInvoices = usePermission('INVOICE_READ');
  const pdf = useDownload();
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;

  return (
    <section aria-labelledby="order-refunds-title" className="space-y-3">
      <h3 id="order-refunds-title" className="text-base font-semibold text-slate-900">
        {f('title')}
      </h3>
      <ul className="space-y-3">
        {refunds.map((refund) => (
          <li key={refund.id} className="rounded-md border border-slate-200 p-3">
            <RefundFacts
              refund={refund}
              download={
                mayReadInvoices && refund.creditNote
                  ? {
                      pending: pdf.pending,
                      start: (note, format) =>
                        void pdf.download(
                          `credit-note-${note.id}.${format}`,
                          format === 'xml'
                            ? creditNoteXmlUrl(order.id, note.id)
                            : creditNotePdfUrl(order.id, note.id),
                          `${note.number}.${format}`,
                        ),
                    }
                  : undefined
              }
            />
          </li>
        ))}
      </ul>
      <Notice tone="error" urgent>
        {pdf.error ? failureText(pdf.error) : undefined}
      </Notice>
    </section>
  );
}

function RefundFacts({
  refund,
  download,
}: {
  refund: Refund;
  download?: {
    /** The key of the download under way: `credit-note-{id}.{format}`. */
    pending: string | undefined;
    start: (note: NonNullable<Refund['creditNote']>, format: 'pdf' | 'xml') => void;
  };
}) {
  const t = useTranslations('Admin');
  const f = useTranslations('Admin.refunds');
  const { Admin } = useMessages();
  const locale = useLocale();
  const status = isKeyOf(Admin.refunds.statuses, refund.status)
    ? f(`statuses.${refund.status}`)
    : refund.status;
  const origin = isKeyOf(Admin.refunds.origins, refund.origin)
    ? f(`origins.${refund.origin}`)
    : refund.origin;
  const actorName = useActorName();
  const note = refund.creditNote;
  return (
    <>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h4 className="text-sm font-semibold text-slate-900">
          {f('item', { amount: formatRon(refund.amountRon, locale) })}
        </h4>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTones[refund.status] ?? 'bg-slate-200 text-slate-800'}`}
        >
          {status}
        </span>
      </div>
      <Facts
        rows={[
          [f('reason'), refund.reason],
          [f('origin'), origin],
          [f('requestedBy'), refund.requestedBy && actorName(refund.requestedBy)],
          [f('createdAt'), formatDateTime(refund.createdAt, locale)],
          [f('settledAt'), refund.settledAt && formatDateTime(refund.settledAt, locale), !refund.settledAt],
          [
            f('providerAnswer'),
            refund.providerAnswer && <RefundAnswerText answer={refund.providerAnswer} />,
            !refund.providerAnswer,
          ],
          [
            f('creditNote'),
            note && (
              <span className="inline-flex flex-wrap items-center gap-2">
                <span className="font-mono">{note.number}</span>
                {download &&
                  (['pdf', 'xml'] as const).map((format) => (
                    <button
                      key={format}
                      type="button"
                      className={rowButton}
                      disabled={download.pending !== undefined}
                      onClick={() => download.start(note, format)}
                    >
                      {download.pending === `credit-note-${note.id}.${format}`
                        ? t('shell.downloading')
                        : f(format === 'xml' ? 'downloadCreditNoteXml' : 'downloadCreditNote')}
                      {/* Several refunds may each have one: the name says which. */}
                      <span className="sr-only"> {note.number}</span>
                    </button>
                  ))}
              </span>
            ),
            !note,
          ],
        ]}
      />
    </>
  );
}
