'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import useSWR from 'swr';
import {
  invoicePdfUrl,
  invoicesUrl,
  invoiceXmlUrl,
  type InvoiceRow,
  type Page,
} from '@/lib/admin-client/admin-api';
import { useDownload } from '@/lib/admin-client/download';
import { formatDateTime, formatRon } from '@/lib/admin-client/format';
import { useFailureText } from '../admin-i18n';
import { Notice } from '../ui/notice';
import { PAGE_SIZES, Pagination } from '../ui/pagination';
import { ScrollTable } from '../ui/scroll-table';
import { SearchForm, useSearchText } from '../ui/search-form';
import { TextField } from '../ui/text-field';
import { card, rowButton, screenTitle } from '../ui/styles';

const cell = 'px-3 py-2 align-top';

/**
 * What a row's number does not say: a credit note, and the invoice it reverses; an invoice reversed by credit notes,
 * wholly or in part (how much).
 */
function DocumentNote({ invoice }: { invoice: InvoiceRow }) {
  const i = useTranslations('Admin.invoices');
  const locale = useLocale();
  const note = 'mt-1 block font-sans text-xs font-normal';
  if (invoice.kind === 'CREDIT_NOTE')
    return (
      <span className={`${note} text-slate-700`}>
        <span className="inline-block rounded-full bg-purple-100 px-2 py-0.5 font-semibold text-purple-900">
          {i('creditNote')}
        </span>{' '}
        {invoice.invoiceNumber && i('creditNoteFor', { number: invoice.invoiceNumber })}
      </span>
    );
  if (!invoice.reversed) return null;
  return (
    <span className={note}>
      <span className="inline-block rounded-full bg-slate-200 px-2 py-0.5 font-semibold text-slate-800">
        {invoice.reversed === 'FULL'
          ? i('reversedFull')
          : i('reversedPartial', { amount: formatRon(invoice.creditedRon, locale) })}
      </span>
    </span>
  );
}

/**
 * Issued invoices and credit notes, newest first, searchable by name, company, e-mail or number, each downloadable
 * as its PDF or its e-Factura XML (INVOICE_READ).
 */
export function InvoicesScreen() {
  const t = useTranslations('Admin');
  const i = useTranslations('Admin.invoices');
  const locale = useLocale();
  const failureText = useFailureText();
  const id = useId();
  const [query, setQuery] = useState({ page: 0, size: PAGE_SIZES[0] as number, q: '' });
  const { data, error } = useSWR<Page<InvoiceRow>>(invoicesUrl(query));
  const pdf = useDownload();
  const search = (q: string) => setQuery((current) => ({ ...current, q, page: 0 }));
  const [text, setText] = useSearchText(query.q, search);

  return (
    <div className="space-y-6">
      <h1 className={screenTitle}>{i('title')}</h1>
      <SearchForm label={i('searchLabel')} className={`${card} max-w-xl`} onSubmit={() => search(text)}>
        <TextField
          id={`${id}-q`}
          type="search"
          label={i('search')}
          hint={i('searchHint')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </SearchForm>
      <Notice tone="error" urgent>
        {error ? failureText(error) : pdf.error ? failureText(pdf.error) : undefined}
      </Notice>
      {data && data.items.length === 0 && <p className={`${card} text-slate-700`}>{i('empty')}</p>}
      {data && data.items.length > 0 && (
        <ScrollTable caption={i('caption')} minWidth="min-w-[48rem]">
          <thead className="border-b border-slate-300 bg-slate-50">
            <tr>
              {[i('columns.number'), i('columns.issuedAt'), i('columns.buyer'), i('columns.orderId')].map(
                (label) => (
                  <th key={label} scope="col" className={`${cell} font-semibold`}>
                    {label}
                  </th>
                ),
              )}
              <th scope="col" className={`${cell} text-right font-semibold`}>
                {i('columns.vat')}
              </th>
              <th scope="col" className={`${cell} text-right font-semibold`}>
                {i('columns.total')}
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                <span className="sr-only">{i('columns.file')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((invoice) => {
              const creditNote = invoice.kind === 'CREDIT_NOTE';
              const xmlKey = `${invoice.number}.xml`;
              return (
                <tr key={invoice.number} className="border-b border-slate-200 last:border-0">
                  <th scope="row" className={`${cell} font-mono font-semibold whitespace-nowrap`}>
                    {invoice.number}
                    <DocumentNote invoice={invoice} />
                    {invoice.replaced && (
                      <div className="font-sans text-xs font-normal text-slate-700">{i('replaced')}</div>
                    )}
                  </th>
                  <td className={`${cell} whitespace-nowrap`}>{formatDateTime(invoice.issuedAt, locale)}</td>
                  <td className={cell}>
                    {invoice.buyerName && <div>{invoice.buyerName}</div>}
                    <div className="break-all text-slate-700">{invoice.email}</div>
                  </td>
                  <td className={`${cell} font-mono text-xs break-all`}>{invoice.orderId}</td>
                  <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
                    {formatRon(creditNote ? -invoice.vatRon : invoice.vatRon, locale)}
                  </td>
                  <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
                    {formatRon(creditNote ? -invoice.totalRon : invoice.totalRon, locale)}
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    <span className="inline-flex gap-2">
                      <button
                        type="button"
                        className={rowButton}
                        disabled={pdf.pending !== undefined}
                        aria-label={
                          pdf.pending === invoice.number
                            ? undefined
                            : i(creditNote ? 'downloadCreditNoteLabel' : 'downloadLabel', {
                                number: invoice.number,
                              })
                        }
                        onClick={() =>
                          void pdf.download(
                            invoice.number,
                            invoicePdfUrl(invoice.orderId, invoice),
                            `${invoice.number}.pdf`,
                          )
                        }
                      >
                        {pdf.pending === invoice.number ? t('shell.downloading') : i('download')}
                      </button>
                      <button
                        type="button"
                        className={rowButton}
                        disabled={pdf.pending !== undefined}
                        aria-label={
                          pdf.pending === xmlKey
                            ? undefined
                            : i(creditNote ? 'downloadCreditNoteXmlLabel' : 'downloadXmlLabel', {
                                number: invoice.number,
                              })
                        }
                        onClick={() =>
                          void pdf.download(xmlKey, invoiceXmlUrl(invoice.orderId, invoice), xmlKey)
                        }
                      >
                        {pdf.pending === xmlKey ? t('shell.downloading') : i('downloadXml')}
                      </button>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </ScrollTable>
      )}
      {!data && !error && (
        <p role="status" className="text-sm text-slate-700">
          {t('shell.loading')}
        </p>
      )}
      {data && (
        <Pagination
          page={query.page}
          size={query.size}
          total={data.total}
          onPageChange={(page) => setQuery((current) => ({ ...current, page }))}
          onSizeChange={(size) => setQuery((current) => ({ ...current, size, page: 0 }))}
        />
      )}
    </div>
  );
}
