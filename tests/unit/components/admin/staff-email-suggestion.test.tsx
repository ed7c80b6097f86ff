/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { TransactionDetailsDialog } from '@/components/admin/transactions/transaction-details-dialog';
import { logout } from '@/lib/admin-client/session';
import { ROLE_PERMISSIONS } from '@/lib/auth/permissions';
import ro from '@/messages/ro.json';
import { callsTo, on, resetFakeApi } from './fake-api';
import { DETAILS, PAYMENT } from './order-fixtures';
import { renderAdmin, signInAs, t } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

/*
 * Staff type the address a caller spells out: the buyer's form's typo suggestion ("did you mean …?") is under the
 * field of both e-mail dialogs, and "yes" puts the suggested address into the field.
 */

const a = t.actions;
const s = ro.EmailSuggestion;
const question = (email: string) => s.question.replace('{email}', email);

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  on('GET', '/api/nmps/utils/transaction/details', { body: DETAILS });
});

async function openAction(button: string, title: string) {
  signInAs([...ROLE_PERMISSIONS.OPERATOR]);
  renderAdmin(<TransactionDetailsDialog payment={PAYMENT} onClose={() => {}} />);
  const details = within(
    await screen.findByRole('dialog', { name: t.details.title.replace('{id}', 'order-1') }),
  );
  fireEvent.click(await details.findByRole('button', { name: button }));
  return within(await screen.findByRole('dialog', { name: title }));
}

describe('the staff e-mail dialogs', () => {
  it('suggest the likely address when staff leave the field, and take it on "yes"', async () => {
    const dialog = await openAction(a.email.button, a.email.title);
    const field = dialog.getByLabelText(a.email.label);
    fireEvent.change(field, { target: { value: 'ana@gmial.com' } });
    expect(dialog.queryByText(/ana@gmail\.com/)).not.toBeInTheDocument();
    fireEvent.blur(field);

    const suggestion = await dialog.findByTestId('email-suggestion');
    expect(suggestion).toHaveTextContent(question('ana@gmail.com'));
    fireEvent.click(within(suggestion).getByRole('button', { name: s.accept }));
    expect(field).toHaveValue('ana@gmail.com');
    expect(dialog.queryByTestId('email-suggestion')).not.toBeInTheDocument();

    on('PATCH', '/api/admin/payment/email', { body: { email: 'ana@gmail.com' } });
    fireEvent.click(dialog.getByRole('button', { name: a.email.save }));
    await screen.findByText(a.email.done.replace('{email}', 'ana@gmail.com'));
    expect(callsTo('PATCH', '/api/admin/payment/email')[0]!.json).toEqual({
      id: 'order-1',
      email: 'ana@gmail.com',
    });
  });

  it('leave the address as typed on "no", and in the re-send dialog too', async () => {
    const dialog = await openAction(a.resend.button, a.resend.title);
    const field = dialog.getByLabelText(a.resend.to);
    fireEvent.change(field, { target: { value: 'office@yahooo.com' } });
    fireEvent.blur(field);
    const suggestion = await dialog.findByTestId('email-suggestion');
    expect(suggestion).toHaveTextContent(question('office@yahoo.com'));
    fireEvent.click(within(suggestion).getByRole('button', { name: s.dismiss }));
    expect(field).toHaveValue('office@yahooo.com');
    expect(dialog.queryByTestId('email-suggestion')).not.toBeInTheDocument();
  });
});
