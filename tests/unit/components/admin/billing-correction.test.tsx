/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TransactionDetailsDialog } from '@/components/admin/transactions/transaction-details-dialog';
import type { TransactionDetails } from '@/lib/admin-client/admin-api';
import { logout } from '@/lib/admin-client/session';
import { ROLE_PERMISSIONS } from '@/lib/auth/permissions';
import ro from '@/messages/ro.json';
import { callsTo, on, resetFakeApi } from './fake-api';
import { DETAILS, PAYMENT } from './order-fixtures';
import { renderAdmin, signInAs, t, validation } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

/*
 * An administrator corrects whom an invoiced order's invoice names, in the checkout's billing block judged by the
 * API's own schema, and confirms knowing that a credit note and a new invoice will be issued; an operator is told it
 * is an administrator's to do.
 */

const b = t.actions.billing;
const labels = ro.Billing;
const BILLING_PATH = '/api/admin/payment/billing';
const fill = (template: string, values: Record<string, string | number> = {}) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

const INVOICED: TransactionDetails = {
  ...DETAILS,
  invoiceData: {
    kind: 'PERSON',
    name: 'Ioana Marin',
    street: 'Bd. Eroilor 5',
    city: 'Cluj-Napoca',
    county: 'RO-CJ',
    postalCode: '400129',
    country: 'RO',
  },
};

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  on('GET', '/api/nmps/utils/transaction/details', { body: INVOICED });
});

async function openDetails(authorities: readonly string[]) {
  signInAs([...authorities]);
  renderAdmin(<TransactionDetailsDialog payment={PAYMENT} onClose={() => {}} />);
  const details = within(
    await screen.findByRole('dialog', { name: fill(t.details.title, { id: 'order-1' }) }),
  );
  await details.findByRole('heading', { name: t.details.items });
  return details;
}

async function openForm() {
  const details = await openDetails(ROLE_PERMISSIONS.ADMIN);
  fireEvent.click(details.getByRole('button', { name: b.button }));
  return within(await screen.findByRole('dialog', { name: fill(b.title, { id: 'order-1' }) }));
}

/** The company the buyer meant, with a CUI whose control digit is wrong. */
async function enterCompany(form: ReturnType<typeof within>) {
  fireEvent.click(form.getByRole('radio', { name: labels.company }));
  fireEvent.change(await form.findByLabelText(labels.companyName), {
    target: { value: 'Dante International SA' },
  });
  fireEvent.change(form.getByLabelText(labels.taxId, { exact: false }), { target: { value: 'RO14399841' } });
}

describe('correcting the billing data of an order', () => {
  it('judges the data by the API’s schema, then says a credit note and a new invoice will be issued', async () => {
    const form = await openForm();
    // What the order holds now is the form's start.
    expect(form.getByLabelText(labels.name)).toHaveValue('Ioana Marin');
    expect(form.getByLabelText(labels.street)).toHaveValue('Bd. Eroilor 5');
    expect(form.queryByLabelText(labels.toggle)).not.toBeInTheDocument();

    await enterCompany(form);
    fireEvent.click(form.getByRole('button', { name: b.next }));
    expect(await form.findByText(validation.taxIdControlDigit)).toBeInTheDocument();
    expect(callsTo('PATCH', BILLING_PATH)).toHaveLength(0);

    fireEvent.change(form.getByLabelText(labels.taxId, { exact: false }), {
      target: { value: 'RO14399840' },
    });
    fireEvent.click(form.getByRole('button', { name: b.next }));
    expect(await form.findByText(fill(b.question, { number: 'RP-2026-000042' }))).toBeInTheDocument();
    expect(
      form.getByText(
        fill(b.reissue, {
          number: 'RP-2026-000042',
          name: 'Dante International SA',
          email: 'buyer@example.com',
        }),
      ),
    ).toBeInTheDocument();
    expect(callsTo('PATCH', BILLING_PATH)).toHaveLength(0);

    const documents = {
      replaced: { id: 1, number: 'RP-2026-000042' },
      creditNote: { id: 2, number: 'RPVS-2026-000001' },
      invoice: { id: 3, number: 'RP-2026-000043' },
    };
    on('PATCH', BILLING_PATH, { body: { invoice: {}, documents } });
    fireEvent.click(form.getByRole('button', { name: b.confirm }));

    expect(
      await screen.findByText(
        fill(b.done, {
          replaced: 'RP-2026-000042',
          creditNote: 'RPVS-2026-000001',
          invoice: 'RP-2026-000043',
        }),
      ),
    ).toBeInTheDocument();
    expect(callsTo('PATCH', BILLING_PATH)[0]!.json).toEqual({
      id: 'order-1',
      invoice: {
        kind: 'COMPANY',
        name: 'Dante International SA',
        taxId: 'RO14399840',
        street: 'Bd. Eroilor 5',
        city: 'Cluj-Napoca',
        county: 'RO-CJ',
        postalCode: '400129',
        country: 'RO',
      },
    });
  });

  it('sends staff back to the form with the server’s reason next to the field it names', async () => {
    const form = await openForm();
    fireEvent.click(form.getByRole('button', { name: b.next }));
    await form.findByText(fill(b.question, { number: 'RP-2026-000042' }));
    on('PATCH', BILLING_PATH, {
      status: 422,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'Invalid input',
          issues: [{ path: 'invoice.city', code: 'required', message: 'required' }],
        },
      },
    });
    fireEvent.click(form.getByRole('button', { name: b.confirm }));
    const city = await form.findByLabelText(labels.city);
    await waitFor(() => expect(city).toHaveAccessibleDescription(validation.required));
  });

  it('tells an operator that the correction is an administrator’s', async () => {
    const details = await openDetails(ROLE_PERMISSIONS.OPERATOR);
    expect(details.queryByRole('button', { name: b.button })).not.toBeInTheDocument();
    expect(details.getByText(fill(t.actions.adminOnly, { action: b.button }))).toBeInTheDocument();
  });
});
