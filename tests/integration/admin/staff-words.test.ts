import { GET as detailsRoute } from '@/app/api/nmps/utils/transaction/details/route';
import { deliveryErrorOf, paymentFailureOf } from '@/lib/admin-client/provider-answers';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { orderEventActorKey } from '@/lib/orders/event-codes';
import { fulfilPaidOrders, MAX_ISSUE_ATTEMPTS } from '@/lib/orders/fulfilment';
import { jsonRequest, noParams } from '../../support/process-database';
import { CARDS, paidVignetteOrder, payOrder, placeVignetteOrder } from '../../support/purchases';
import { describeOnProcessDrivers, staff } from './admin-fixtures';

/*
 * The back-office words what the providers answered from the texts the shop really stores: a card declined by the
 * payment provider, a vignette the issuer could not deliver, through the real adapters and their sandboxes, read back
 * through the details call staff open. A change of what is stored shows here, not as "an answer this screen does not
 * know" on a staff member's screen.
 */

interface DetailsEvent {
  code: string | null;
  actor: string;
  params: Record<string, string | number> | null;
}

describeOnProcessDrivers('what staff read of the providers’ answers', (db) => {
  let admin: string;
  beforeAll(async () => {
    ({ token: admin } = await staff(db(), `reader-${Date.now()}`, 'ADMIN'));
  });

  const details = async (orderId: string) =>
    (
      await detailsRoute(
        jsonRequest(`/api/nmps/utils/transaction/details?id=${orderId}`, {
          headers: { authorization: `Bearer ${admin}` },
        }),
        noParams,
      )
    ).json();

  it('keeps a declined card’s result code, which staff read as the reason', async () => {
    const orderId = await placeVignetteOrder({ plates: ['CJ12ABC'] });
    await payOrder(db(), orderId, CARDS.insufficientFunds);
    const events: DetailsEvent[] = (await details(orderId)).events;
    const failed = events.find((event) => event.code === 'payment.failed');
    expect(failed?.params).toMatchObject({ code: '51' });
    expect(paymentFailureOf(failed!.params!)).toBe('insufficientFunds');
    // Who acted is one of the actors the back-office names in words.
    expect(events.map((event) => orderEventActorKey(event.actor))).toEqual(['buyer', 'provider']);
  });

  it('stores an issuer’s outage in words the back-office reads', async () => {
    // The sandbox issuer answers plates beginning with FAIL with an outage, at every attempt.
    const orderId = await paidVignetteOrder(db(), { plates: ['FAIL124'], country: 'DE' });
    for (let attempt = 0; attempt < MAX_ISSUE_ATTEMPTS; attempt++)
      await fulfilPaidOrders(db(), sandboxDeliverers);
    const order = await details(orderId);
    expect(order.status).toBe('FULFILLMENT_FAILED');
    expect(deliveryErrorOf(order.items[0].lastError)).toBe('issuerUnavailable');
    const failed = (order.events as DetailsEvent[]).find((event) => event.code === 'delivery.failed');
    expect(deliveryErrorOf(String(failed!.params!.error))).toBe('issuerUnavailable');
    expect(orderEventActorKey(failed!.actor)).toBe('issuer');
  });
});
