import {
  isAbandoned,
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
  paymentUrl: 'https://pay.example/form',
  paymentExpiresAt: new Date(now.getTime() - 5 * 60_000),
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

  it('lets the buyer pay an order whose payment was left, and not one whose form is still open', () => {
    const waiting = { ...declined, status: 'PENDING_PAYMENT' as const };
    // The form expired without a word from the provider: the buyer closed it.
    expect(isAbandoned(waiting, now)).toBe(true);
    expect(payAgainRefusal(waiting, tomorrow, now)).toBeNull();
    // Its payment never started (the first request died before asking the provider).
    const neverStarted = { ...waiting, paymentUrl: null, paymentExpiresAt: null };
    expect(isAbandoned(neverStarted, now)).toBe(true);
    expect(payAgainRefusal(neverStarted, tomorrow, now)).toBeNull();
    // The form is still open, or the order was placed a moment ago: it is being paid.
    const open = { ...waiting, paymentExpiresAt: new Date(now.getTime() + 60_000) };
    expect(isAbandoned(open, now)).toBe(false);
    expect(payAgainRefusal(open, tomorrow, now)).toBe('CLOSED');
    expect(isAbandoned({ ...neverStarted, createdAt: new Date(now.getTime() - 5_000) }, now)).toBe(false);
    // The hour and the start days hold for it as for a declined one.
    expect(
      payAgainRefusal(
        { ...waiting, createdAt: new Date(now.getTime() - PAY_AGAIN_WINDOW_MS - 1) },
        tomorrow,
        now,
      ),
    ).toBe('TOO_LATE');
    expect(isAbandoned({ ...waiting, status: 'FAILED' }, now)).toBe(false);
  });

  it('ends the window an hour after the order was placed', () => {
    expect(payAgainUntil(declined).getTime()).toBe(declined.createdAt.getTime() + PAY_AGAIN_WINDOW_MS);
  });
});
