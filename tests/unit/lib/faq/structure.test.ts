import { ALL_FAQ_ANCHORS, FAQ_CATEGORIES, resolveFaqAnchor } from '@/lib/faq/structure';

describe('the FAQ structure', () => {
  it("has the spec's counts: viniete 10, prepay_cards 5, transactions 5", () => {
    expect(
      Object.fromEntries(Object.entries(FAQ_CATEGORIES).map(([key, questions]) => [key, questions.length])),
    ).toEqual({
      viniete: 10,
      prepay_cards: 5,
      transactions: 5,
    });
    expect(ALL_FAQ_ANCHORS).toHaveLength(23);
  });

  it.each([
    [undefined, 'viniete', 'prices', true],
    ['viniete', 'viniete', 'prices', true],
    ['prepay_cards', 'prepay_cards', 'operators', true],
    ['transactions-refund', 'transactions', 'refund', true],
    ['viniete-start-date', 'viniete', 'start-date', true],
    ['prepay_cards-wrong-number', 'prepay_cards', 'wrong-number', true],
    ['transactions-nope', 'viniete', 'prices', false],
    ['nonsense', 'viniete', 'prices', false],
    ['', 'viniete', 'prices', false],
  ])('reads %p as %s / %s (exact: %p)', (anchor, category, question, exact) => {
    expect(resolveFaqAnchor(anchor)).toEqual({ category, question, exact });
  });
});
