import { mainThreadShares } from '../../../bench/main-thread-shares';

describe('mainThreadShares', () => {
  it('splits the busy window into the purchase requests at their rate and the rest', () => {
    // 140.4 purchases/s × 5.9 ms = 828 ms of each second: 82.8 % of a thread 97.4 % busy.
    expect(
      mainThreadShares({
        purchasesPerSecond: 140.4,
        requestMainMs: [1.05, 1.67, 1.23, 1.95],
        baselineMainMs: 0.89,
        busyPercent: 97.4,
        ofCeilingGoal: 0.6,
      }),
    ).toEqual({
      purchaseRequestsMs: 5.9,
      requestsPercent: 82.8,
      busyPercent: 97.4,
      restPercent: 14.6,
      allowedRequestsMs: 5.93,
    });
  });

  it('leaves no negative rest when the requests alone explain more than the busy time (they batch under load)', () => {
    const shares = mainThreadShares({
      purchasesPerSecond: 200,
      requestMainMs: [1, 1, 1, 2],
      baselineMainMs: 1,
      busyPercent: 90,
      ofCeilingGoal: 0.6,
    });
    expect(shares.requestsPercent).toBe(100);
    expect(shares.restPercent).toBe(0);
    expect(shares.allowedRequestsMs).toBe(6.67);
  });
});
