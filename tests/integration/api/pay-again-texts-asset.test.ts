import ro from '@/messages/ro.json';
import { GET } from '@/app/assets/pay-again-texts/[file]/route';
import { PENDING_CHECKOUT_TEXT_KEYS } from '@/components/order/pending-checkout-texts';

describe('GET /assets/pay-again-texts/{lang}.json', () => {
  it('answers the offer to continue a payment in that language, without the outcome page’s other texts', async () => {
    const response = await GET(new Request('http://shop.test/assets/pay-again-texts/ro.json'), {
      params: Promise.resolve({ file: 'ro.json' }),
    });
    expect(response.status).toBe(200);
    const texts = await response.json();
    expect(Object.keys(texts)).toEqual([...PENDING_CHECKOUT_TEXT_KEYS]);
    for (const key of PENDING_CHECKOUT_TEXT_KEYS) expect(texts[key]).toEqual(ro.PayAgain[key]);
  });
});
