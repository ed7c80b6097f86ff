/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RedeemLink } from '@/components/my-orders/redeem-link';
import { FillCartButton } from '@/components/cart/fill-cart-button';
import type { PricedCartLine } from '@/lib/cart/cart-store';
import { SignInLinkForm, type SignInLinkTexts } from '@/components/my-orders/sign-in-link-form';
import { CART_STORAGE_KEY, clearCart } from '@/lib/cart/cart-store';
import { ApiRequestError } from '@/lib/client/api-error';
import ro from '@/messages/ro.json';

// The HTTP client (ky) replaced; the error class is the real one, which the components tell apart without it.
jest.mock('@/lib/client/api', () => ({ api: { post: jest.fn(), delete: jest.fn() } }));
const { api } = jest.requireMock('@/lib/client/api') as { api: { post: jest.Mock } };
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }), usePathname: () => '/ro/orders' }));

const page = ro.MyOrdersPage;
const formTexts: SignInLinkTexts = {
  emailLabel: page.emailLabel,
  submit: page.submit,
  sending: page.sending,
  sent: page.sent,
  failed: page.failed,
  tooMany: page.tooMany,
  emailInvalid: ro.Validation.emailInvalid,
};
const refused = (status: number) => new ApiRequestError('/api/my-orders', status, '');

beforeEach(() => {
  api.post.mockReset();
  push.mockReset();
});

describe('SignInLinkForm', () => {
  it('refuses a malformed address before asking the shop', async () => {
    render(<SignInLinkForm locale="ro" texts={formTexts} />);
    await userEvent.type(screen.getByLabelText(page.emailLabel), 'ana@');
    await userEvent.click(screen.getByRole('button', { name: page.submit }));
    expect(screen.getByText(ro.Validation.emailInvalid)).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('asks for the link in the page’s language and says the same whatever the address', async () => {
    api.post.mockResolvedValue({});
    render(<SignInLinkForm locale="ro" texts={formTexts} />);
    await userEvent.type(screen.getByLabelText(page.emailLabel), ' ana@example.ro ');
    await userEvent.click(screen.getByRole('button', { name: page.submit }));
    expect(api.post).toHaveBeenCalledWith('/api/my-orders/link', {
      json: { email: 'ana@example.ro', locale: 'ro' },
      retry: 0,
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      page.sent.replace('{email}', 'ana@example.ro'),
    );
  });

  it('says when the connection asked too often', async () => {
    api.post.mockRejectedValue(refused(429));
    render(<SignInLinkForm locale="ro" texts={formTexts} />);
    await userEvent.type(screen.getByLabelText(page.emailLabel), 'ana@example.ro');
    await userEvent.click(screen.getByRole('button', { name: page.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(page.tooMany);
  });
});

describe('RedeemLink', () => {
  const texts = {
    button: page.signInButton,
    busy: page.signingIn,
    gone: page.linkGone,
    unknown: page.linkUnknown,
    failed: page.signInFailed,
    tooMany: page.tooMany,
  };
  const renderLink = (token = 'the-token') =>
    render(<RedeemLink token={token} locale="ro" texts={texts} formTexts={formTexts} />);

  it('redeems only when the button is pressed, then opens the list', async () => {
    api.post.mockResolvedValue({});
    renderLink();
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: page.signInButton }));
    expect(api.post).toHaveBeenCalledWith('/api/my-orders/session', {
      json: { token: 'the-token' },
      retry: 0,
    });
    expect(push).toHaveBeenCalledWith('/ro/orders', undefined);
  });

  it('says a used or expired link cannot open the orders, and offers the form to ask again', async () => {
    api.post.mockRejectedValue(refused(410));
    renderLink();
    await userEvent.click(screen.getByRole('button', { name: page.signInButton }));
    expect(await screen.findByText(page.linkGone)).toBeInTheDocument();
    expect(screen.getByLabelText(page.emailLabel)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: page.signInButton })).not.toBeInTheDocument();
  });

  it('shows the form at once for a link without its token', () => {
    renderLink('');
    expect(screen.getByText(page.linkUnknown)).toBeInTheDocument();
    expect(screen.getByLabelText(page.emailLabel)).toBeInTheDocument();
  });
});

describe('FillCartButton', () => {
  const lines: PricedCartLine[] = [
    {
      categoryCode: 'CAR',
      type: 'WEEK',
      plate: 'B123ABC',
      country: 'RO',
      startDate: '2026-03-20',
      firstDay: '2026-03-20',
      lastDay: '2026-03-29',
      priceHuf: 6900,
      priceRon: 8976,
    },
    {
      categoryCode: 'CAR',
      type: 'COUNTY_YEAR',
      county: 'PEST',
      plate: 'B123ABC',
      country: 'RO',
      startDate: '2027-02-01',
      firstDay: '2027-01-01',
      lastDay: '2028-01-31',
      priceHuf: 5450,
      priceRon: 7090,
    },
  ];

  beforeEach(() => clearCart());

  it('puts the same vignettes in the tab’s cart and opens the vignette page', async () => {
    render(
      <FillCartButton
        items={lines}
        href="/vignette/car"
        label={page.sameAgain}
        hint={page.sameAgainHint}
        testId="my-orders-same-again"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: page.sameAgain }));
    const cart = JSON.parse(sessionStorage.getItem(CART_STORAGE_KEY)!) as Record<string, unknown>[];
    expect(cart).toEqual(lines.map((line) => ({ ...line, id: expect.any(String) })));
    expect(new Set(cart.map((item) => item.id)).size).toBe(2);
    expect(push).toHaveBeenCalledWith('/ro/vignette/car', undefined);
  });

  it('adds to what the cart holds, or with replace puts them in its place (start again)', async () => {
    const press = async (replace: boolean) => {
      const { unmount } = render(
        <FillCartButton
          items={lines}
          replace={replace}
          href="/vignette/car"
          label="Fill"
          hint=""
          testId="fill"
        />,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Fill' }));
      unmount();
      return (JSON.parse(sessionStorage.getItem(CART_STORAGE_KEY)!) as unknown[]).length;
    };
    expect(await press(false)).toBe(2);
    expect(await press(false)).toBe(4);
    expect(await press(true)).toBe(2);
  });
});
