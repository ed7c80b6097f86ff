/** @jest-environment jsdom */
import { readCart } from '@/lib/cart/cart-store';
import { checkPendingCheckout, CHECKOUT_STORAGE_KEYS, pendingCheckoutOrder } from '@/lib/client/checkout';
import { tabMidCheckout as midCheckout } from '../../../support/checkout-tab';

const ORDER_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

const tabMidCheckout = () => midCheckout(ORDER_ID);

const pending = () => pendingCheckoutOrder(CHECKOUT_STORAGE_KEYS.vignette);

describe('checkPendingCheckout: the order’s real state before "continue the payment"', () => {
  beforeEach(tabMidCheckout);

  it.each(['PAID', 'FULFILLED', 'FULFILLMENT_FAILED', 'REFUND_PENDING', 'REFUNDED'] as const)(
    'an order %s where this tab could not see it: the cart is emptied and nothing is pending',
    async (status) => {
      const read = jest.fn().mockResolvedValue(status);
      await expect(checkPendingCheckout(ORDER_ID, read)).resolves.toBe('paid');
      expect(read).toHaveBeenCalledWith(ORDER_ID);
      expect(readCart()).toEqual([]);
      expect(pending()).toBeNull();
    },
  );

  it.each(['PENDING_PAYMENT', 'FAILED', 'EXPIRED', 'CANCELED'] as const)(
    'an order %s: the cart and the offer to pay it stay',
    async (status) => {
      await expect(checkPendingCheckout(ORDER_ID, async () => status)).resolves.toBe('unpaid');
      expect(readCart()).toHaveLength(1);
      expect(pending()).toBe(ORDER_ID);
    },
  );

  it('an order the shop does not know: the offer is dropped, the cart stays', async () => {
    await expect(checkPendingCheckout(ORDER_ID, async () => null)).resolves.toBe('unknown');
    expect(pending()).toBeNull();
    expect(readCart()).toHaveLength(1);
  });

  it('no answer: nothing changes', async () => {
    const read = () => Promise.reject(new Error('offline'));
    await expect(checkPendingCheckout(ORDER_ID, read)).resolves.toBe('unknown');
    expect(pending()).toBe(ORDER_ID);
    expect(readCart()).toHaveLength(1);
  });
});
