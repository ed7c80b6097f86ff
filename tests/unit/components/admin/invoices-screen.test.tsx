/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoicesScreen } from '@/components/admin/invoices/invoices-screen';
import { logout } from '@/lib/admin-client/session';
import { calls, callsTo, on, resetFakeApi } from './fake-api';
import { renderAdmin, signInAs, t } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const INVOICE = {
  orderId: 'order-1',
  number: 'RPV-2026-000042',
  issuedAt: '2026-11-20T10:02:00.000Z',
  totalRon: 8976,
  vatRon: 0,
  buyerName: 'Ion Popescu',
  email: 'ion@example.com',
  kind: 'INVOICE',
  creditNoteId: null,
  invoiceNumber: null,
  creditedRon: 0,
  reversed: null,
};
const REVERSED = { ...INVOICE, creditedRon: 8976, reversed: 'FULL' };
const CREDIT_NOTE = {
  ...INVOICE,
  kind: 'CREDIT_NOTE',
  number: 'RPVS-2026-000003',
  creditNoteId: 3,
  invoiceNumber: 'RPV-2026-000042',
  issuedAt: '2026-11-21T09:00:00.000Z',
};
let saved: string[];

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  signInAs(['INVOICE_READ']);
  on('GET', '/api/admin/invoices', ({ params }) => ({
    body: {
      items: params.q === 'nimic' ? [] : [INVOICE],
      total: params.q === 'nimic' ? 0 : 1,
      page: 0,
      size: 20,
    },
  }));
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:pdf');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => jest.restoreAllMocks());

describe('InvoicesScreen', () => {
  it('lists the invoices with their amounts in lei, and searches', async () => {
    renderAdmin(<InvoicesScreen />);
    const row = (await screen.findByRole('rowheader', { name: 'RPV-2026-000042' })).closest('tr')!;
    expect(row).toHaveTextContent('Ion Popescu');
    expect(row).toHaveTextContent(/89,76\sRON/);
    expect(callsTo('GET', '/api/admin/invoices')[0]!.params).toEqual({ page: '0', size: '20' });

    await userEvent.type(screen.getByLabelText(t.invoices.search), 'nimic');
    expect(await screen.findByText(t.invoices.empty)).toBeInTheDocument();
    expect(calls.at(-1)!.params).toEqual({ page: '0', size: '20', q: 'nimic' });
  });

  it('downloads an invoice’s PDF through the API client', async () => {
    on('GET', '/api/invoice', {
      body: '%PDF',
      headers: { 'Content-Disposition': 'attachment; filename="factura-RPV-2026-000042.pdf"' },
    });
    renderAdmin(<InvoicesScreen />);
    const row = within((await screen.findByRole('rowheader', { name: 'RPV-2026-000042' })).closest('tr')!);
    fireEvent.click(row.getByRole('button', { name: 'Descarcă factura RPV-2026-000042 în format PDF' }));
    await waitFor(() => expect(saved).toEqual(['factura-RPV-2026-000042.pdf']));
    expect(callsTo('GET', '/api/invoice')[0]!.params).toEqual({ orderId: 'order-1' });
  });

  it('lists a credit note with the invoice it reverses, marks the reversed invoice, and downloads the credit note', async () => {
    on('GET', '/api/admin/invoices', {
      body: { items: [CREDIT_NOTE, REVERSED], total: 2, page: 0, size: 20 },
    });
    on('GET', '/api/invoice', {
      body: '%PDF',
      headers: { 'Content-Disposition': 'attachment; filename="storno-RPVS-2026-000003.pdf"' },
    });
    renderAdmin(<InvoicesScreen />);
    const creditNote = (await screen.findByRole('rowheader', { name: /RPVS-2026-000003/ })).closest('tr')!;
    expect(creditNote).toHaveTextContent(t.invoices.creditNote);
    expect(creditNote).toHaveTextContent(t.invoices.creditNoteFor.replace('{number}', 'RPV-2026-000042'));
    expect(creditNote).toHaveTextContent(/-89,76\sRON/);
    const invoice = screen.getByRole('rowheader', { name: /^RPV-2026-000042/ }).closest('tr')!;
    expect(invoice).toHaveTextContent(t.invoices.reversedFull);

    fireEvent.click(
      within(creditNote).getByRole('button', {
        name: t.invoices.downloadCreditNoteLabel.replace('{number}', 'RPVS-2026-000003'),
      }),
    );
    await waitFor(() => expect(saved).toEqual(['storno-RPVS-2026-000003.pdf']));
    expect(callsTo('GET', '/api/invoice')[0]!.params).toEqual({
      orderId: 'order-1',
      type: 'credit-note',
      creditNoteId: '3',
    });
  });
});
