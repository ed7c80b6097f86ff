import type { TransactionProduct } from '@/lib/admin/transactions';
import { productNames } from '@/lib/admin/product-names';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

const ORDER: TransactionProduct[] = [
  { categoryCode: 'CAR', type: 'WEEK', count: 2 },
  { categoryCode: 'VAN', type: 'MONTH', count: 1 },
];
const TOP_UP: TransactionProduct = {
  operator: 'Orange PrePay',
  faceValueCents: 1000,
  currency: 'EUR',
  delivery: 'DIRECT',
  count: 1,
};

describe('product names', () => {
  it('name a vignette by its category’s official code and its period, in the admin’s language', () => {
    expect(productNames('ro', ro.Admin.productNames).list(ORDER)).toBe('D1 de 10 zile ×2, D2 lunară');
    expect(productNames('en', en.Admin.productNames).list(ORDER)).toBe('D1 10-day ×2, D2 monthly');
    expect(productNames('de', de.Admin.productNames).list(ORDER)).toBe(
      'D1 10-Tages-Vignette ×2, D2 Monatsvignette',
    );
    expect(productNames('hu', hu.Admin.productNames).list(ORDER)).toBe('D1 heti (10 napos) ×2, D2 havi');
  });

  it('name every category and period', () => {
    const names = productNames('ro', ro.Admin.productNames);
    expect(
      [
        { categoryCode: 'MOTOR', type: 'DAY' },
        { categoryCode: 'TRAIL', type: 'YEAR' },
        { categoryCode: 'CAR', type: 'COUNTY_YEAR' },
      ].map((product) => names.name({ ...product, count: 1 } as TransactionProduct)),
    ).toEqual(['D1M zilnică', 'U anuală', 'D1 anuală județeană']);
  });

  it('name a top-up by its operator, plan and face value, saying when it comes as a PIN', () => {
    const names = productNames('ro', ro.Admin.productNames);
    // Intl separates the amount from the currency with a no-break space.
    expect(names.name(TOP_UP)).toMatch(/^Orange PrePay 10,00\sEUR$/);
    expect(names.name({ ...TOP_UP, delivery: 'PIN' })).toMatch(/^Orange PrePay 10,00\sEUR \(cod PIN\)$/);
    expect(productNames('en', en.Admin.productNames).name(TOP_UP)).toBe('Orange PrePay €10.00');
    expect(productNames('de', de.Admin.productNames).name({ ...TOP_UP, faceValueCents: 750 })).toMatch(
      /^Orange PrePay 7,50\s€$/,
    );
  });

  it('show a code the messages do not know as it is', () => {
    const names = productNames('en', en.Admin.productNames);
    expect(names.name({ categoryCode: 'TRUCK', type: 'FORTNIGHT' as 'WEEK', count: 1 })).toBe(
      'TRUCK FORTNIGHT',
    );
  });
});
