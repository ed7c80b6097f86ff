import { toStaffTransaction } from '@/lib/admin/transaction-details';
import { invoiceRow, topUpOrder, vignetteOrder } from '../../../support/loaded-orders';

describe('toStaffTransaction', () => {
  it('shows staff the buyer unmasked and every delivery attempt, but only the end of a PIN', () => {
    const details = toStaffTransaction(topUpOrder(), [], undefined);
    expect(details).toMatchObject({ email: 'a@b.ro', phone: '+40722123456', invoiceNumber: null });
    expect(details.items).toEqual([
      {
        operatorId: 'vodafone',
        operator: 'Vodafone Cartela',
        productId: 'vodafone-pin-10',
        providerCost: null,
        faceValue: 10,
        currency: 'EUR',
        delivery: 'PIN',
        phone: '+40722123456',
        priceRon: 6200,
        id: 21,
        revision: 0,
        reference: 'REF-9',
        // Delivered at the first attempt: one attempt, never "0 delivery attempts".
        attempts: 1,
        lastError: null,
        pin: '••••••••9012',
      },
    ]);
  });

  it('names the invoice and lists the history in the order given', () => {
    const details = toStaffTransaction(
      vignetteOrder(),
      [
        {
          id: 1,
          orderId: 'AAAAAAAAAAAAAAAAAAAAAA',
          fromStatus: null,
          toStatus: 'PENDING_PAYMENT',
          reason: 'created',
          code: null,
          params: null,
          actor: 'buyer',
          createdAt: new Date('2026-03-01T10:00:00Z'),
        },
      ],
      invoiceRow('RPV'),
    );
    expect(details.invoiceNumber).toBe('RPV-2026-000042');
    expect(details.events).toEqual([
      {
        from: null,
        to: 'PENDING_PAYMENT',
        reason: 'created',
        code: null,
        params: null,
        actor: 'buyer',
        at: '2026-03-01T10:00:00.000Z',
      },
    ]);
    expect(details.items[1]).toMatchObject({
      county: 'pest',
      reference: null,
      attempts: 2,
      lastError: 'issuer timeout',
    });
  });
});
