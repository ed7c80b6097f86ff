import { COMPANY } from '@/lib/company';
import { OTHER_READING } from '@/lib/vignettes/plate';
import { elementRuns, loadMessages, messageTexts, parseMessage, TYPE } from '@/tests/support/icu-messages';

/*
 * Hungarian picks its article by the sound that follows: "a Vodafone-számot" but "az Orange-számot". Before a
 * placeholder the translator cannot know that sound, so "a {name}-számot" renders "a Orange-számot" on one page in
 * three. A sentence must not put "a" or "az" right before a placeholder (write "a feltöltendő {name}-számot", "a
 * rendelés ({orderId})", "erre a címre: {email}"), unless the placeholder's value always starts the same way.
 * "a(z)" is grammatical and not caught here; it reads as machine-made, so the buyer's texts avoid it too.
 */

/** Whether Hungarian reads a value as starting with a vowel, so that it takes "az". */
function takesAz(value: string): boolean {
  // A lone capital is read by its letter name: "az O betű", "az F", but "a B".
  if (/^\p{Lu}$/u.test(value)) return 'AÁEÉIÍOÓÖŐUÚÜŰFLMNRSXY'.includes(value);
  // Numbers by their first word: egy (1), öt (5); "+" is "plusz".
  return /^[aáeéiíoóöőuúüű15]/iu.test(value);
}

interface AllowedPlaceholder {
  /** Every value the placeholder can take, or enough of them to show how all of them start. */
  values: readonly string[];
  why: string;
  /** Where the value is the one above; elsewhere the same name can hold something else (a buyer's e-mail). */
  keys?: RegExp;
}

const plateLetters = Object.keys(OTHER_READING).filter((char) => /\p{L}/u.test(char));

const ALWAYS_SAME_START: Record<string, AllowedPlaceholder> = {
  companyName: { values: [COMPANY.name], why: 'the seller, Road Partners S.R.L.' },
  brand: { values: [COMPANY.brand], why: 'the shop, Road Partners' },
  phone: { values: [COMPANY.phone], why: "the shop's telephone, +40 …, read 'plusz negyven'" },
  siteUrl: {
    values: ['https://roadpartners.ro', 'http://localhost:3000'],
    why: 'SITE_URL is an http(s) address (lib/config/env.ts), read from its "h"',
  },
  year: { values: ['2026', '2099'], why: 'a year of sale, 2xxx, read "kétezer…"' },
  char: {
    values: plateLetters,
    why: 'after an article, the letter a plate can mistake for a digit: O or I (lib/vignettes/plate.ts)',
  },
  other: {
    values: plateLetters,
    why: 'after an article, the letter a plate can mistake for a digit: O or I (lib/vignettes/plate.ts)',
  },
  email: {
    values: [COMPANY.email],
    why: "the shop's own address in the legal pages and the contact lines; a buyer's address can start with anything",
    keys: /^(TermsPage|PrivacyPage|CookiePolicyPage)\.|\.contactText$|^OrderPage\.help$/,
  },
};

const ARTICLE_BEFORE_END = /(?:^|[^\p{L}\p{N}(])(az?)\s+$/iu;
const ARGUMENT_TYPES = new Set([TYPE.argument, TYPE.number, TYPE.date, TYPE.time, TYPE.select, TYPE.plural]);

/** Every "a"/"az" directly before a placeholder in a message, inside plurals and selects too. */
function articlesBeforePlaceholders(text: string): { article: string; placeholder: string }[] {
  return elementRuns(parseMessage(text)).flatMap((run) =>
    run.slice(1).flatMap((element, index) => {
      const before = run[index]!;
      if (!ARGUMENT_TYPES.has(element.type) || before.type !== TYPE.literal) return [];
      const article = ARTICLE_BEFORE_END.exec(before.value)?.[1];
      return article
        ? [{ article: article.toLowerCase(), placeholder: (element as { value: string }).value }]
        : [];
    }),
  );
}

const hungarian = messageTexts(loadMessages('hu'));

describe('Hungarian articles before placeholders', () => {
  it('finds the case it is about', () => {
    expect(articlesBeforePlaceholders('adja meg kétszer a {name}-számot')).toEqual([
      { article: 'a', placeholder: 'name' },
    ]);
    expect(articlesBeforePlaceholders('{n, plural, other {az {x} betű}}')).toEqual([
      { article: 'az', placeholder: 'x' },
    ]);
    expect(articlesBeforePlaceholders('a(z) {x}, a feltöltendő {name}-szám, Vida {x}')).toEqual([]);
  });

  it('stand only before placeholders whose value always starts the same way', () => {
    const found = hungarian.flatMap(([key, text]) =>
      articlesBeforePlaceholders(text)
        .filter(({ placeholder }) => {
          const allowed = ALWAYS_SAME_START[placeholder];
          return !allowed || (allowed.keys !== undefined && !allowed.keys.test(key));
        })
        .map(({ article, placeholder }) => `${key}: "${article} {${placeholder}}"`),
    );
    expect(found).toEqual([]);
  });

  it('agree with the values of the placeholders they may stand before', () => {
    const wrong = hungarian.flatMap(([key, text]) =>
      articlesBeforePlaceholders(text).flatMap(({ article, placeholder }) =>
        (ALWAYS_SAME_START[placeholder]?.values ?? [])
          .filter((value) => (article === 'az') !== takesAz(value))
          .map((value) => `${key}: "${article} {${placeholder}}" with ${value}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it.each(Object.entries(ALWAYS_SAME_START))('allow {%s} only with values that start alike', (_, allowed) => {
    expect(allowed.why).not.toBe('');
    expect(new Set(allowed.values.map(takesAz)).size).toBe(1);
  });
});
