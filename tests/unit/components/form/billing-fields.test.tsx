/** @jest-environment jsdom */
/*
 * The checkouts' optional billing block: whom the invoice names and where, in the parts RO e-Factura needs, with
 * each error next to its field in the visitor's language, and the structured `invoice` in the order's body.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TopUpForm } from '@/components/prepay/topup-form';
import { CheckoutForm } from '@/components/vignette/checkout-form';
import { ApiRequestError } from '@/lib/client/api-error';
import { checkOut } from '@/lib/client/checkout';
import de from '@/messages/de.json';
import ro from '@/messages/ro.json';

// Nothing is paid here: the API client (and ky, which jsdom cannot load) and the checkout's redirect stay out.
jest.mock('@/lib/client/api', () => ({
  postOrder: jest.fn(),
  postTopUpOrder: jest.fn(),
}));
jest.mock('@/lib/client/checkout', () => ({
  CHECKOUT_STORAGE_KEYS: { vignette: 'vignetteCheckout', topUp: 'topUpCheckout' },
  checkOut: jest.fn(),
}));
jest.mock('next/navigation', () => ({
  usePathname: () => '/ro/prepay/orange',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}));

const sent = jest.mocked(checkOut);
beforeEach(() => sent.mockReset());

function renderTopUp(messages: typeof ro = ro, locale: 'ro' | 'de' = 'ro') {
  return render(
    <TopUpForm
      operator={{ id: 'orange', name: 'Orange', plan: 'PrePay' }}
      products={[{ id: 'orange-5', faceValue: 5, currency: 'EUR', priceRon: 2600, delivery: 'DIRECT' }]}
      locale={locale}
      labels={messages.TopUpForm}
      validation={messages.Validation}
      emailSuggestion={messages.EmailSuggestion}
      billing={messages.Billing}
      preformatted={[]}
    />,
  );
}

const t = ro.Billing;
const field = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });

/** The top-up's own fields, filled so that only the billing block decides whether the order is sent. */
async function fillTopUp(user: ReturnType<typeof userEvent.setup>, messages: typeof ro = ro) {
  await user.click(screen.getByRole('radio', { name: /5,00/ }));
  await user.type(field(messages.TopUpForm.phone.replace('{operator}', 'Orange PrePay')), '0722123456');
  await user.type(field(messages.TopUpForm.phoneConfirm), '0722123456');
  await user.type(field(messages.TopUpForm.email), 'contabilitate@example.ro');
  await user.click(
    screen.getByRole('checkbox', { name: new RegExp(`^${messages.TopUpForm.terms.slice(0, 20)}`) }),
  );
}

describe('the billing block of the top-up form', () => {
  it('stays closed until asked for, then asks a person for name and address, Romania and its counties first', async () => {
    const user = userEvent.setup();
    renderTopUp();
    expect(screen.queryByTestId('billing-fields')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: t.toggle }));

    expect(field(t.name)).toHaveAttribute('autocomplete', 'name');
    expect(field(t.street)).toHaveAttribute('autocomplete', 'street-address');
    expect(field(t.city)).toHaveAttribute('autocomplete', 'address-level2');
    expect(field(t.postalCode)).toHaveAttribute('autocomplete', 'postal-code');
    expect(select(t.country)).toHaveAttribute('autocomplete', 'country');
    expect(select(t.country)).toHaveValue('RO');
    const counties = within(select(t.county)).getAllByRole('option');
    expect(counties).toHaveLength(43);
    expect(counties.map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['Bistrița-Năsăud', 'Municipiul București', 'Cluj']),
    );
    expect(screen.queryByRole('textbox', { name: new RegExp(t.taxId.slice(0, 10)) })).not.toBeInTheDocument();
  });

  it('asks a company for its CUI and trade register, named as an organisation', async () => {
    const user = userEvent.setup();
    renderTopUp();
    await user.click(screen.getByRole('checkbox', { name: t.toggle }));
    await user.click(screen.getByRole('radio', { name: t.company }));
    expect(field(t.companyName)).toHaveAttribute('autocomplete', 'organization');
    expect(field(t.taxId)).toHaveAccessibleDescription(t.taxIdHint);
    expect(field(t.tradeRegister)).toBeInTheDocument();
  });

  it("offers Bucharest's sectors in place of a city, and no county abroad", async () => {
    const user = userEvent.setup();
    renderTopUp();
    await user.click(screen.getByRole('checkbox', { name: t.toggle }));
    await user.selectOptions(select(t.county), 'RO-B');
    expect(screen.queryByRole('textbox', { name: t.city })).not.toBeInTheDocument();
    expect(
      within(select(t.sector))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'SECTOR1', 'SECTOR2', 'SECTOR3', 'SECTOR4', 'SECTOR5', 'SECTOR6']);
    await user.selectOptions(select(t.country), 'DE');
    expect(screen.queryByRole('combobox', { name: t.county })).not.toBeInTheDocument();
    expect(field(t.city)).toHaveValue('');
  });

  it('shows each error next to its field and sends nothing: a CUI whose control digit is wrong, a missing county', async () => {
    const user = userEvent.setup();
    renderTopUp();
    await fillTopUp(user);
    await user.click(screen.getByRole('checkbox', { name: t.toggle }));
    await user.click(screen.getByRole('radio', { name: t.company }));
    await user.type(field(t.companyName), 'Dante International SA');
    await user.type(field(t.taxId), 'RO14399841');
    await user.type(field(t.street), 'Șos. Virtuții 148');
    await user.type(field(t.city), 'București');
    await user.click(screen.getByTestId('pay-button'));

    expect(field(t.taxId)).toHaveAttribute('aria-invalid', 'true');
    expect(field(t.taxId)).toHaveAccessibleDescription(
      expect.stringContaining(ro.Validation.taxIdControlDigit),
    );
    expect(select(t.county)).toHaveAccessibleDescription(ro.Validation.billingCountyRequired);
    expect(sent).not.toHaveBeenCalled();
  });

  it('speaks the visitor’s language: the same error in German', async () => {
    const user = userEvent.setup();
    renderTopUp(de as unknown as typeof ro, 'de');
    await user.click(screen.getByRole('checkbox', { name: de.Billing.toggle }));
    await user.type(field(de.Billing.postalCode), '3300');
    await user.click(screen.getByTestId('pay-button'));
    expect(field(de.Billing.postalCode)).toHaveAccessibleDescription(de.Validation.postalCodeInvalid);
  });

  it('sends a company in Bucharest as the API takes it: CUI, sector, county code, country', async () => {
    const user = userEvent.setup();
    renderTopUp();
    await fillTopUp(user);
    await user.click(screen.getByRole('checkbox', { name: t.toggle }));
    await user.click(screen.getByRole('radio', { name: t.company }));
    await user.type(field(t.companyName), 'Dante International SA');
    await user.type(field(t.taxId), 'ro 14399840');
    await user.type(field(t.street), 'Șos. Virtuții 148');
    await user.selectOptions(select(t.county), 'RO-B');
    await user.selectOptions(select(t.sector), 'SECTOR6');
    await user.type(field(t.postalCode), '060787');
    await user.click(screen.getByTestId('pay-button'));

    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0]?.[1]).toMatchObject({
      email: 'contabilitate@example.ro',
      invoice: {
        kind: 'COMPANY',
        name: 'Dante International SA',
        taxId: 'RO14399840',
        street: 'Șos. Virtuții 148',
        city: 'SECTOR6',
        county: 'RO-B',
        postalCode: '060787',
        country: 'RO',
      },
    });
    expect(sent.mock.calls[0]?.[1]).not.toHaveProperty('invoice.tradeRegister');
  });

  it("shows the server's 422 issue about a billing field next to that field", async () => {
    const user = userEvent.setup();
    sent.mockRejectedValueOnce(
      new ApiRequestError('/api/eps/utils/orders', 422, 'Unprocessable Content', {
        error: {
          code: 'VALIDATION',
          message: 'The request is not valid.',
          issues: [{ path: 'invoice.street', code: 'tooLong', message: 'The text is too long.' }],
        },
      }),
    );
    renderTopUp();
    await fillTopUp(user);
    await user.click(screen.getByRole('checkbox', { name: t.toggle }));
    await user.type(field(t.name), 'Ion Popescu');
    await user.type(field(t.street), 'Str. Mare 1');
    await user.type(field(t.city), 'Deva');
    await user.selectOptions(select(t.county), 'RO-HD');
    await user.click(screen.getByTestId('pay-button'));

    expect(field(t.street)).toHaveAccessibleDescription(ro.Validation.tooLong);
    expect(field(t.street)).toHaveFocus();
  });
});

describe('the billing block of the vignette checkout', () => {
  it('is the same block, with the structured fields', async () => {
    const user = userEvent.setup();
    render(
      <CheckoutForm
        items={[]}
        quote={{ isLoading: true, retry: () => {} }}
        locale="ro"
        labels={ro.VignetteForm}
        validation={ro.Validation}
        emailSuggestion={ro.EmailSuggestion}
        billing={ro.Billing}
        validityTexts={ro.VignetteValidity}
        now={new Date('2026-11-22T10:00:00Z')}
        describeItem={() => ''}
        onItemIssues={() => {}}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: t.toggle }));
    await user.click(screen.getByRole('radio', { name: t.company }));
    for (const name of [t.companyName, t.taxId, t.tradeRegister, t.street, t.city, t.postalCode])
      expect(field(name)).toBeInTheDocument();
    expect(select(t.county)).toBeInTheDocument();
    expect(select(t.country)).toHaveValue('RO');
  });
});
