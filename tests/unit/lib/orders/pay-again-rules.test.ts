import {
  MAX_PAYMENT_ATTEMPTS,
  PAY_AGAIN_WINDOW_MS,
  payAgainRefusal,
  payAgainUntil,
} from '@/lib/orders/pay-again-rules';

const now = new Date('2026-11-24T10:00:00Z');
const declined = {
  status: 'FAILED' as const,
  needsReview: false,
  createdAt: new Date(now.getTime() - 10 * 60_000),
  paymentAttempts: 1,
};
const tomorrow = [{ firstDay: '2026-11-25' }];

describe('whether an order may be paid again', () => {
  it('allows a declined or expired order within the hour', () => {
    expect(payAgainRefusal(declined, tomorrow, now)).toBeNull();
    expect(payAgainRefusal({ ...declined, status: 'EXPIRED' }, tomorrow, now)).toBeNull();
    expect(payAgainRefusal(declined, [{ firstDay: null }], now)).toBeNull();
    expect(payAgainRefusal(declined, [{ firstDay: '2026-11-24' }], now)).toBeNull();
  });

  it('says why not: paid, closed, too late, a start day passed, too many tries', () => {
    expect(payAgainRefusal({ ...declined, status: 'FULFILLED' }, tomorrow, now)).toBe('PAID');
    expect(payAgainRefusal({ ...declined, needsReview: true }, tomorrow, now)).toBe('PAID');
    expect(payAgainRefusal({ ...declined, status: 'CANCELED' }, tomorrow, now)).toBe('CLOSED');
    expect(
      payAgainRefusal(
        { ...declined, createdAt: new Date(now.getTime() - PAY_AGAIN_WINDOW_MS - 1) },
        tomorrow,
        now,
      ),
    ).toBe('TOO_LATE');
    expect(payAgainRefusal(declined, [{ firstDay: '2026-11-23' }], now)).toBe('START_DAY_PASSED');
    expect(payAgainRefusal({ ...declined, paymentAttempts: MAX_PAYMENT_ATTEMPTS }, tomorrow, now)).toBe(
      'TOO_MANY_ATTEMPTS',
    );
  });

  it('ends the window an hour after the order was placed', () => {
    expect(payAgainUntil(declined).getTime()).toBe(declined.createdAt.getTime() + PAY_AGAIN_WINDOW_MS);
  });
});
