/** @jest-environment jsdom */
/*
 * The typo question under the e-mail field of both checkout forms: asked when the buyer leaves the field, answered
 * with "yes" (the field takes the suggested address) or "no" (not asked again for that address).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TopUpForm } from '@/components/prepay/topup-form';
import { CheckoutForm } from '@/components/vignette/checkout-form';
import ro from '@/messages/ro.json';

// Nothing is paid here: the API client (and ky, which jsdom cannot load) stays out.
jest.mock('@/lib/client/api', () => ({
  isApiRequestError: () => false,
  postOrder: jest.fn(),
  postTopUpOrder: jest.fn(),
}));
jest.mock('next/navigation', () => ({
  usePathname: () => '/ro/prepay/orange',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}));

const labels = ro.EmailSuggestion;
const validation: Record<string, string> = ro.Validation;

const forms = {
  'the top-up form': {
    emailLabel: ro.TopUpForm.email,
    render: () =>
      render(
        <TopUpForm
          operator={{ id: 'orange', name: 'Orange', plan: 'PrePay' }}
          products={[{ id: 'orange-5', faceValue: 5, currency: 'EUR', priceRon: 2600, delivery: 'DIRECT' }]}
          locale="ro"
          labels={ro.TopUpForm}
          validation={validation}
          emailSuggestion={labels}
          billing={ro.Billing}
          preformatted={[]}
        />,
      ),
  },
  'the vignette checkout': {
    emailLabel: ro.VignetteForm.checkout.email,
    render: () =>
      render(
        <CheckoutForm
          items={[]}
          quote={{ isLoading: true, retry: () => {} }}
          locale="ro"
          labels={ro.VignetteForm}
          validation={validation}
          emailSuggestion={labels}
          billing={ro.Billing}
          validityTexts={ro.VignetteValidity}
          now={new Date('2026-11-22T10:00:00Z')}
          describeItem={() => ''}
          onItemIssues={() => {}}
        />,
      ),
  },
};

const question = (email: string) => labels.question.replace('{email}', email);
const suggestionBox = () => screen.queryByTestId('email-suggestion');

describe.each(Object.entries(forms))('the e-mail suggestion in %s', (_, form) => {
  const field = () => screen.getByRole('textbox', { name: form.emailLabel });

  /** Types the address into the field and leaves it with Tab, as a buyer moving on to the next field. */
  async function typeAndLeave(user: ReturnType<typeof userEvent.setup>, email: string) {
    await user.clear(field());
    await user.type(field(), email);
    await user.tab();
  }

  it('asks nothing while the address is typed, and asks once the buyer leaves the field', async () => {
    const user = userEvent.setup();
    form.render();
    await user.type(field(), 'ana@gmial.com');
    expect(suggestionBox()).not.toBeInTheDocument();
    await user.tab();
    expect(suggestionBox()).toHaveTextContent(question('ana@gmail.com'));
    // The question lands in a polite live region that was already in the page, so screen readers announce it.
    expect(suggestionBox()?.parentElement).toHaveAttribute('role', 'status');
    expect(suggestionBox()?.parentElement).toHaveAttribute('aria-live', 'polite');
  });

  it('puts the suggested address into the field on "yes", hides the question and gives the focus back', async () => {
    const user = userEvent.setup();
    form.render();
    await typeAndLeave(user, 'ion@yaho.com');
    await user.click(screen.getByRole('button', { name: labels.accept }));
    expect(field()).toHaveValue('ion@yahoo.com');
    expect(suggestionBox()).not.toBeInTheDocument();
    expect(field()).toHaveFocus();
    await user.tab();
    expect(suggestionBox()).not.toBeInTheDocument();
  });

  it('answers "yes" from the keyboard as well', async () => {
    const user = userEvent.setup();
    form.render();
    await typeAndLeave(user, 'x@hotmial.com');
    screen.getByTestId('email-suggestion-accept').focus();
    await user.keyboard('{Enter}');
    expect(field()).toHaveValue('x@hotmail.com');
  });

  it('hides the question on "no" and does not ask again for the same address, but does for another', async () => {
    const user = userEvent.setup();
    form.render();
    await typeAndLeave(user, 'y@yahoo.co');
    await user.click(screen.getByTestId('email-suggestion-dismiss'));
    expect(suggestionBox()).not.toBeInTheDocument();
    expect(field()).toHaveValue('y@yahoo.co');
    expect(field()).toHaveFocus();
    await user.tab();
    expect(suggestionBox()).not.toBeInTheDocument();

    await typeAndLeave(user, 'y@gmial.com');
    expect(suggestionBox()).toHaveTextContent(question('y@gmail.com'));
  });

  it('follows the address once asked: corrected by hand, the question goes away', async () => {
    const user = userEvent.setup();
    form.render();
    await typeAndLeave(user, 'ana@gmial.com');
    await user.clear(field());
    await user.type(field(), 'ana@gmail.com');
    expect(suggestionBox()).not.toBeInTheDocument();
  });

  it('asks nothing about a correct address', async () => {
    const user = userEvent.setup();
    form.render();
    await typeAndLeave(user, 'a@firma-mea.ro');
    expect(suggestionBox()).not.toBeInTheDocument();
  });
});
