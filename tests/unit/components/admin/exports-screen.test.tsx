/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ExportsScreen } from '@/components/admin/exports/exports-screen';
import { lastDays } from '@/lib/admin-client/format';
import { setAdminLocale } from '@/lib/admin-client/locale';
import { logout } from '@/lib/admin-client/session';
import { callsTo, on, resetFakeApi } from './fake-api';
import { renderAdmin, signInAs, t, validation } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const e = t.exports;
let saved: { href: string; download: string }[];

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  signInAs(['PAYMENT_READ', 'PAYMENT_EXPORT']);
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:export');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  setAdminLocale('ro');
});

describe('ExportsScreen', () => {
  it('fetches the file with the API client and saves it under the server’s name', async () => {
    on('GET', '/api/admin/payment/export/excel', {
      body: 'xlsx',
      headers: { 'Content-Disposition': 'attachment; filename="payments_2026-11-01_2026-11-21.xlsx"' },
    });
    renderAdmin(<ExportsScreen />);
    fireEvent.change(screen.getByLabelText(e.from), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(e.to), { target: { value: '2026-11-21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Descarcă Excel' }));
    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:export', download: 'payments_2026-11-01_2026-11-21.xlsx' }]),
    );
    expect(callsTo('GET', '/api/admin/payment/export/excel')[0]!.params).toEqual({
      from: '2026-11-01',
      to: '2026-11-21',
      lang: 'ro',
    });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Fișierul Excel a fost descărcat.'),
    );
  });

  it('names the file itself when the server gives no name, and offers the last 30 days first', async () => {
    on('GET', '/api/admin/payment/export/xml', { body: '<payments/>' });
    renderAdmin(<ExportsScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Descarcă XML' }));
    const { from, to } = lastDays(30);
    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:export', download: `transactions-${from}-${to}.xml` }]),
    );
  });

  it('asks for the spreadsheet in the admin’s language, and for the XML in none', async () => {
    on('GET', '/api/admin/payment/export/excel', { body: 'xlsx' });
    on('GET', '/api/admin/payment/export/xml', { body: '<payments/>' });
    setAdminLocale('de');
    renderAdmin(<ExportsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Excel herunterladen' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const xml = screen.getByRole('button', { name: 'XML herunterladen' });
    await waitFor(() => expect(xml).toBeEnabled());
    fireEvent.click(xml);
    await waitFor(() => expect(saved).toHaveLength(2));
    const { from, to } = lastDays(30);
    expect(callsTo('GET', '/api/admin/payment/export/excel')[0]!.params).toEqual({ from, to, lang: 'de' });
    expect(callsTo('GET', '/api/admin/payment/export/xml')[0]!.params).toEqual({ from, to });
  });

  it('asks for nothing with a range longer than a year', async () => {
    renderAdmin(<ExportsScreen />);
    fireEvent.change(screen.getByLabelText(e.from), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText(e.to), { target: { value: '2026-11-21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Descarcă XML' }));
    expect(await screen.findByText(validation.dateRangeTooLong)).toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/payment/export/xml')).toHaveLength(0);
  });

  it('says why a download failed', async () => {
    on('GET', '/api/admin/payment/export/xml', {
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'no' } },
    });
    renderAdmin(<ExportsScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Descarcă XML' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(t.errors.forbidden));
  });
});
