import { buyerOrderAnswer, toBuyerOrder } from '@/lib/orders/buyer-order';
import { topUpOrder, vignetteOrder } from '../../../support/loaded-orders';

describe('toBuyerOrder', () => {
  it('masks the e-mail and the phone, and tells of a PIN without showing it', () => {
    const order = toBuyerOrder(topUpOrder());
    expect(order.email).toBe('a***@b.ro');
    expect(order.items).toEqual([
      {
        kind: 'TOPUP',
        key: 21,
        productId: 'vodafone-pin-10',
        operator: { id: 'vodafone', name: 'Vodafone', plan: 'Cartela' },
        phone: '07** *** 456',
        faceValueEur: 10,
        delivery: 'PIN',
        priceBani: 6200,
        reference: 'REF-9',
        pinSent: true,
      },
    ]);
    expect(JSON.stringify(order)).not.toContain('123456789012');
  });

  it('keeps a vignette as the buyer entered it, with its category and the issuer id once there is one', () => {
    const [issued, pending] = toBuyerOrder(vignetteOrder()).items;
    expect(issued).toMatchObject({
      kind: 'VIGNETTE',
      categoryTitle: 'D1',
      plate: 'HD12ABC',
      issuedId: 'HU-EM-ABC',
    });
    expect(pending).toMatchObject({ kind: 'VIGNETTE', county: 'pest', issuedId: null });
    expect(pending).not.toHaveProperty('issueError');
  });

  it('tells of a partly delivered order what failed and what a refund of it gives back', () => {
    expect(toBuyerOrder(vignetteOrder({ status: 'FULFILLMENT_FAILED' })).partlyFailed).toEqual({
      delivered: 1,
      undelivered: ['B123XYZ'],
      refundableBani: 2345,
    });
    // Nothing delivered, or all of it, or the delivery still going on: no partial story to tell.
    expect(toBuyerOrder(vignetteOrder({ status: 'PAID' }))).not.toHaveProperty('partlyFailed');
  });
});

describe('buyerOrderAnswer', () => {
  it('is the body of GET /api/orders/{orderId}, its fields in their order', () => {
    expect(JSON.stringify(buyerOrderAnswer(toBuyerOrder(vignetteOrder())))).toBe(
      JSON.stringify({
        orderId: 'AAAAAAAAAAAAAAAAAAAAAA',
        reference: null,
        status: 'FULFILLED',
        email: 'd***@example.ro',
        amountRon: 12345,
        createdAt: '2026-03-01T10:00:00.000Z',
        kind: 'VIGNETTE',
        items: [
          {
            categoryCode: 'CAR',
            categoryTitle: 'D1',
            type: 'WEEK',
            county: null,
            plate: 'HD12ABC',
            country: 'RO',
            firstDay: '2026-03-02',
            lastDay: '2026-03-11',
            priceRon: 10000,
            issuedId: 'HU-EM-ABC',
          },
          {
            categoryCode: 'VAN',
            categoryTitle: 'D2',
            type: 'COUNTY_YEAR',
            county: 'pest',
            plate: 'B123XYZ',
            country: 'RO',
            firstDay: '2026-01-01',
            lastDay: '2027-01-31',
            priceRon: 2345,
            issuedId: null,
          },
        ],
      }),
    );
    expect(JSON.stringify(buyerOrderAnswer(toBuyerOrder(topUpOrder())).items)).toBe(
      JSON.stringify([
        { productId: 'vodafone-pin-10', phone: '07** *** 456', priceRon: 6200, reference: 'REF-9' },
      ]),
    );
  });
});
