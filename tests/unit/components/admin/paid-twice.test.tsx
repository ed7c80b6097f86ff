/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { TransactionDetailsDialog } from '@/components/admin/transactions/transaction-details-dialog';
import type { TransactionDetails } from '@/lib/admin-client/admin-api';
import { formatRon } from '@/lib/admin-client/format';
import { logout } from '@/lib/admin-client/session';
import { ROLE_PERMISSIONS } from '@/lib/auth/permissions';
import { callsTo, on, resetFakeApi } from './fake-api';
import { DETAILS, PAYMENT } from './order-fixtures';
import { renderAdmin, signInAs, t } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

/*
 * An order paid twice: the details say so, and an administrator gives the second payment back (no credit note) after
 * a confirmation; an operator is told it is an administrator's to do.
 */

const p = t.actions.duplicate;
const DETAILS_PATH = '/api/nmps/utils/transaction/details';
const fill = (template: string, values: Record<string, string | number> = {}) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
const lei = (bani: number) => formatRon(bani, 'ro');
/** Every run of spaces, no-break ones too, as one: as the queries by text read the page. */
const shown = (text: string) => text.replace(/\s+/g, ' ');

const PAID_TWICE: TransactionDetails = {
  ...DETAILS,
  duplicatePayments: [{ paymentId: 'ntp-779', amountRon: 8976, refundedRon: 0, refundableRon: 8976 }],
};

let current: TransactionDetails;
beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  current = PAID_TWICE;
  on('GET', DETAILS_PATH, () => ({ body: current }));
});

async function openDetails(authorities: readonly string[]) {
  signInAs([...authorities]);
  renderAdmin(<TransactionDetailsDialog payment={PAYMENT} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: fill(t.details.title, { id: 'order-1' }) });
  return within(await within(dialog).findByRole('region', { name: p.title }));
}

describe('an order paid twice', () => {
  it('is shown, and an administrator refunds the second payment after a confirmation that no credit note goes', async () => {
    const section = await openDetails(ROLE_PERMISSIONS.ADMIN);
    expect(
      section.getByText(shown(fill(p.text, { amount: lei(8976), payment: 'ntp-779' }))),
    ).toBeInTheDocument();

    fireEvent.click(section.getByRole('button', { name: p.button }));
    const confirm = within(
      await screen.findByRole('dialog', { name: fill(p.dialogTitle, { id: 'order-1' }) }),
    );
    expect(
      confirm.getByText(shown(fill(p.question, { amount: lei(8976), email: 'buyer@example.com' }))),
    ).toBeInTheDocument();
    expect(confirm.getByText(p.explain)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/payment/refund')).toHaveLength(0);

    on('POST', '/api/admin/payment/refund', () => {
      current = {
        ...PAID_TWICE,
        duplicatePayments: [{ paymentId: 'ntp-779', amountRon: 8976, refundedRon: 8976, refundableRon: 0 }],
      };
      return {
        body: {
          status: 'FULFILLED',
          refund: {
            id: 9,
            amountRon: 8976,
            status: 'CONFIRMED',
            providerAnswer: 'credited',
            creditNote: null,
          },
        },
      };
    });
    fireEvent.click(confirm.getByRole('button', { name: fill(p.confirm, { amount: lei(8976) }) }));

    expect(
      await section.findByText(shown(fill(t.actions.refund.confirmed, { amount: lei(8976) }))),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/payment/refund')[0]!.json).toEqual({
      id: 'order-1',
      reason: p.reason,
      payment: 'DUPLICATE',
    });
    expect(await section.findByText(p.settled)).toBeInTheDocument();
    expect(section.queryByRole('button', { name: p.button })).not.toBeInTheDocument();
  });

  it('sends nothing when the administrator goes back from the confirmation', async () => {
    const section = await openDetails(ROLE_PERMISSIONS.ADMIN);
    fireEvent.click(section.getByRole('button', { name: p.button }));
    const confirm = within(
      await screen.findByRole('dialog', { name: fill(p.dialogTitle, { id: 'order-1' }) }),
    );
    fireEvent.click(confirm.getByRole('button', { name: t.actions.back }));
    expect(screen.queryByRole('dialog', { name: fill(p.dialogTitle, { id: 'order-1' }) })).toBeNull();
    expect(callsTo('POST', '/api/admin/payment/refund')).toHaveLength(0);
  });

  it('tells an operator that the refund is an administrator’s', async () => {
    const section = await openDetails(ROLE_PERMISSIONS.OPERATOR);
    expect(section.queryByRole('button', { name: p.button })).not.toBeInTheDocument();
    expect(section.getByText(fill(t.actions.adminOnly, { action: p.button }))).toBeInTheDocument();
  });

  it('is absent for an order paid once', async () => {
    current = DETAILS;
    signInAs([...ROLE_PERMISSIONS.ADMIN]);
    renderAdmin(<TransactionDetailsDialog payment={PAYMENT} onClose={() => {}} />);
    const dialog = within(
      await screen.findByRole('dialog', { name: fill(t.details.title, { id: 'order-1' }) }),
    );
    await dialog.findByRole('heading', { name: t.details.items });
    expect(dialog.queryByRole('heading', { name: p.title })).not.toBeInTheDocument();
  });
});
