/**
 * The FAQ's categories and their questions' anchors (docs/screens.md, FAQ: viniete 10, prepay_cards 5, transactions 5).
 * The texts live in messages under FaqPage.categories and FaqPage.questions.<category>.<anchor>.
 */
export const FAQ_CATEGORIES = {
  viniete: [
    'prices',
    'categories',
    'periods',
    'start-date',
    'county',
    'plate',
    'trailer',
    'proof',
    'buses',
    'fines',
  ],
  prepay_cards: ['operators', 'telekom', 'delivery', 'wrong-number', 'pin-use'],
  transactions: ['payment-methods', 'security', 'invoice', 'confirmation-missing', 'refund'],
} as const;

export type FaqCategory = keyof typeof FAQ_CATEGORIES;
export const FAQ_CATEGORY_KEYS = Object.keys(FAQ_CATEGORIES) as FaqCategory[];

export interface FaqSelection {
  category: FaqCategory;
  question: string;
}

/** Where a question's texts are in the FaqPage messages: a category with one of its own anchors, never another's. */
export type FaqQuestionPath = {
  [Category in FaqCategory]: `questions.${Category}.${(typeof FAQ_CATEGORIES)[Category][number]}`;
}[FaqCategory];

/** The messages path of a listed question (resolveFaqAnchor reads only those): `questions.viniete.prices`. */
export const faqQuestionPath = ({ category, question }: FaqSelection) =>
  `questions.${category}.${question}` as FaqQuestionPath;

/** The question that shows the live price table. */
export const PRICE_TABLE_QUESTION: FaqSelection = { category: 'viniete', question: 'prices' };

export const faqAnchor = ({ category, question }: FaqSelection) => `${category}-${question}`;

/**
 * Reads an anchor of the form `category` or `category-questionAnchor`. A category alone selects its first
 * question; anything unknown selects the first category (docs/screens.md, FAQ). `exact` tells whether the anchor was
 * valid.
 */
export function resolveFaqAnchor(anchor: string | undefined): FaqSelection & { exact: boolean } {
  for (const category of FAQ_CATEGORY_KEYS) {
    const questions: readonly string[] = FAQ_CATEGORIES[category];
    if (anchor === category) return { category, question: questions[0]!, exact: true };
    if (anchor?.startsWith(`${category}-`)) {
      const question = anchor.slice(category.length + 1);
      if (questions.includes(question)) return { category, question, exact: true };
    }
  }
  const first = FAQ_CATEGORY_KEYS[0]!;
  return { category: first, question: FAQ_CATEGORIES[first][0], exact: anchor === undefined };
}

/** Every anchor with a page of its own: each category and each question. */
export const ALL_FAQ_ANCHORS: string[] = FAQ_CATEGORY_KEYS.flatMap((category) => [
  category,
  ...FAQ_CATEGORIES[category].map((question) => faqAnchor({ category, question })),
]);
