/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { TransactionDetailsDialog } from '@/components/admin/transactions/transaction-details-dialog';
import { logout } from '@/lib/admin-client/session';
import { callsTo, on, resetFakeApi } from './fake-api';
import { DETAILS as ORDER_DETAILS, PAYMENT as ORDER_ROW } from './order-fixtures';

// With its short reference, by which the dialog is named.
const PAYMENT = { ...ORDER_ROW, reference: 'RP-7K3-9QX' };
const DETAILS = { ...ORDER_DETAILS, reference: 'RP-7K3-9QX' };
import { renderAdmin, signInAs, t } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const OPERATOR = ['PAYMENT_READ', 'INVOICE_READ'];

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  on('GET', '/api/nmps/utils/transaction/details', { body: DETAILS });
});

const dialog = () => screen.findByRole('dialog', { name: t.details.title.replace('{id}', 'RP-7K3-9QX') });

describe('transaction details', () => {
  it('show the lines with the issuer’s reference and the history, and no "mark as active" without PAYMENT_WRITE', async () => {
    signInAs(OPERATOR);
    renderAdmin(<TransactionDetailsDialog payment={PAYMENT} onClose={() => {}} />);
    const details = within(await dialog());
    expect(await details.findByText('HU-E-123456')).toBeInTheDocument();
    expect(details.getByRole('heading', { name: 'D1 de 10 zile' })).toBeInTheDocument();
    expect(details.getByText(`${t.events.unknown} · ${t.details.actors.provider}`)).toBeInTheDocument();
    expect(details.getByText(t.details.active.no)).toBeInTheDocument();
    expect(details.queryByRole('button', { name: t.details.active.mark })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/nmps/utils/transaction/details')[0]!.params).toEqual({ id: 'order-1' });
  });

  it('with PAYMENT_WRITE mark the order active, then say who did it and when', async () => {
    signInAs([...OPERATOR, 'PAYMENT_WRITE'], { username: 'ana' });
    const marked = { ...PAYMENT, active: true, activeBy: 'ana', activeAt: '2026-11-21T09:30:00.000Z' };
    on('PATCH', '/api/admin/payment', { body: marked });
    renderAdmin(<TransactionDetailsDialog payment={PAYMENT} onClose={() => {}} />);
    const details = within(await dialog());
    on('GET', '/api/nmps/utils/transaction/details', { body: { ...DETAILS, ...marked } });
    fireEvent.click(await details.findByRole('button', { name: t.details.active.mark }));

    expect(await details.findByText(/^Marcată activă de ana la 21 nov\. 2026, 11:30\.$/)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/payment')[0]!.json).toEqual({ id: 'order-1', active: true });
    expect(details.queryByRole('button', { name: t.details.active.mark })).not.toBeInTheDocument();
  });

  it('show a staff re-send in the history: what went where, who sent it and when', async () => {
    signInAs(OPERATOR);
    on('GET', '/api/nmps/utils/transaction/details', {
      body: {
        ...DETAILS,
        events: [
          ...DETAILS.events,
          {
            from: 'FULFILLED',
            to: 'FULFILLED',
            reason: 'confirmation sent again by staff',
            code: 'mail.resent',
            params: { to: 'office@example.ro' },
            actor: 'ana',
            at: '2026-11-21T09:30:00.000Z',
          },
          {
            from: 'FULFILLED',
            to: 'FULFILLED',
            reason: '2 undelivered e-mail(s) queued again by staff',
            code: 'mail.requeued',
            params: { count: 2 },
            actor: 'ion',
            at: '2026-11-21T10:00:00.000Z',
          },
        ],
      },
    });
    renderAdmin(<TransactionDetailsDialog payment={PAYMENT} onClose={() => {}} />);
    const details = within(await dialog());
    const resent = t.events.mail.resent.replace('{to}', 'office@example.ro');
    expect(await details.findByText(`${resent} · de ana`)).toBeInTheDocument();
    expect(details.getByText('21 nov. 2026, 11:30')).toBeInTheDocument();
    expect(
      details.getByText('2 e-mailuri nelivrate au fost repuse în coada de trimitere · de ion'),
    ).toBeInTheDocument();
  });
});
