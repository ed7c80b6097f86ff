import {
  deliveryShortfall,
  isPartialConfirmation,
  PARTIAL_CONFIRMATION,
} from '@/lib/orders/partial-delivery';

describe('deliveryShortfall', () => {
  it('owes back only the undelivered items’ prices when part of the order was delivered', () => {
    const shortfall = deliveryShortfall(
      [
        { issuedId: 'HU-1', priceBani: 5000 },
        { issuedId: null, priceBani: 7000 },
      ],
      12000,
    );
    expect(shortfall).toEqual({ delivered: 1, undelivered: 1, partial: true, refundableBani: 7000 });
  });

  it('owes back the whole amount paid when nothing was delivered', () => {
    const shortfall = deliveryShortfall(
      [
        { issuedId: null, priceBani: 5000 },
        { issuedId: null, priceBani: 7000 },
      ],
      12100,
    );
    expect(shortfall).toEqual({ delivered: 0, undelivered: 2, partial: false, refundableBani: 12100 });
  });

  it('owes nothing of a delivered order', () => {
    expect(deliveryShortfall([{ issuedId: 'HU-1', priceBani: 5000 }], 5000)).toMatchObject({
      partial: false,
      refundableBani: 0,
    });
  });
});

describe('the partial confirmation’s marker', () => {
  it('is recognised on an outbox row’s details, and nothing else is', () => {
    expect(isPartialConfirmation({ ...PARTIAL_CONFIRMATION })).toBe(true);
    expect(isPartialConfirmation(null)).toBe(false);
    expect(isPartialConfirmation({ reason: 'FULFILLMENT_FAILED' })).toBe(false);
  });
});
