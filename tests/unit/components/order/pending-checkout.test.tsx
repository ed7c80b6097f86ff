/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { PendingCheckout } from '@/components/order/pending-checkout';
import { PENDING_CHECKOUT_TEXT_KEYS } from '@/components/order/pending-checkout-texts';
import { readCart } from '@/lib/cart/cart-store';
import ro from '@/messages/ro.json';
import { tabMidCheckout } from '../../../support/checkout-tab';

jest.mock('@/lib/client/api', () => ({ api: { get: jest.fn(), post: jest.fn() } }));
const { api } = jest.requireMock('@/lib/client/api') as { api: { get: jest.Mock } };

const ORDER_ID = 'BBBBBBBBBBBBBBBBBBBBBB';
const answering = (status: string, reference: string | null = null) => ({
  json: async () => ({ orderId: ORDER_ID, reference, status }),
});

async function renderMidCheckout() {
  tabMidCheckout(ORDER_ID);
  await act(async () => {
    render(<PendingCheckout checkout="vignette" texts={ro.PayAgain} />);
  });
}

describe('PendingCheckout across host names', () => {
  beforeEach(() => api.get.mockReset());

  it('shows nothing and empties the cart when the order was paid elsewhere (3-D Secure on another host)', async () => {
    api.get.mockReturnValue(answering('FULFILLED'));
    await renderMidCheckout();
    expect(api.get).toHaveBeenCalledWith(`/api/orders/${ORDER_ID}`, expect.anything());
    expect(screen.queryByTestId('pending-checkout')).toBeNull();
    expect(readCart()).toEqual([]);
  });

  it('offers to continue the payment of an order still unpaid, keeping the cart', async () => {
    api.get.mockReturnValue(answering('PENDING_PAYMENT'));
    await renderMidCheckout();
    expect(await screen.findByTestId('pending-checkout')).toHaveTextContent(ORDER_ID);
    expect(readCart()).toHaveLength(1);
  });

  it('names the order by its short reference, which reads out on the phone, or by its id when it has none', async () => {
    api.get.mockReturnValue(answering('PENDING_PAYMENT', 'RP-7K3-9QX'));
    await renderMidCheckout();
    const banner = await screen.findByTestId('pending-checkout');
    expect(banner).toHaveTextContent('RP-7K3-9QX');
    expect(banner).not.toHaveTextContent(ORDER_ID);
  });
});

describe('PendingCheckout on a purchase page, its texts fetched with the order', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    api.get.mockReset();
    fetchMock.mockReset();
    global.fetch = fetchMock;
  });

  async function renderWithLocale(locale: 'ro' | 'hu') {
    tabMidCheckout(ORDER_ID);
    await act(async () => {
      render(<PendingCheckout checkout="vignette" locale={locale} />);
    });
  }

  it("shows the offer in the page's language once both the order and the texts came", async () => {
    api.get.mockReturnValue(answering('PENDING_PAYMENT'));
    const texts = Object.fromEntries(
      PENDING_CHECKOUT_TEXT_KEYS.map((key) => [key, key === 'refused' ? {} : `${key} ${ORDER_ID}`]),
    );
    fetchMock.mockResolvedValue({ ok: true, json: async () => texts });
    await renderWithLocale('hu');
    expect(fetchMock).toHaveBeenCalledWith('/assets/pay-again-texts/hu.json');
    expect(await screen.findByTestId('pending-checkout')).toHaveTextContent(`pending ${ORDER_ID}`);
  });

  it('shows nothing when the texts cannot be fetched (no connection), and asks again the next time', async () => {
    api.get.mockReturnValue(answering('PENDING_PAYMENT'));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderWithLocale('ro');
    expect(screen.queryByTestId('pending-checkout')).toBeNull();
    expect(readCart()).toHaveLength(1);
    fetchMock.mockResolvedValue({ ok: true, json: async () => ro.PayAgain });
    await renderWithLocale('ro');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await screen.findByTestId('pending-checkout')).toBeTruthy();
  });
});
