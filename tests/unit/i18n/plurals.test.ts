import { elementRuns, loadMessages, messageTexts, parseMessage, TYPE } from '@/tests/support/icu-messages';

/*
 * Where English counts something with an ICU plural, every other language must choose its words by the same number
 * too (a plural, or a select/selectordinal on the same argument): a fixed "Bestellungen: {count}" reads as a form,
 * and Romanian needs "de" from 20 on. Hungarian has one form after a number, and writes it as a plural all the same,
 * so a count keeps one shape in every file.
 */
const OTHER_LOCALES = ['ro', 'de', 'hu'] as const;

/** The arguments a message chooses its words by (plural, selectordinal or select), anywhere in it. */
const choosingArguments = (text: string, kinds: TYPE[]): Set<string> =>
  new Set(
    elementRuns(parseMessage(text))
      .flat()
      .filter((element) => kinds.includes(element.type))
      .map((element) => (element as { value: string }).value),
  );

const english = new Map(messageTexts(loadMessages('en')));
const pluralKeys = [...english].flatMap(([key, text]) => {
  const counted = choosingArguments(text, [TYPE.plural]);
  return counted.size > 0 ? [[key, counted] as const] : [];
});

describe('plurals', () => {
  it('finds the English plurals to compare with', () => {
    expect(pluralKeys.length).toBeGreaterThan(0);
  });

  it.each(OTHER_LOCALES)('in %s choose by every number English counts with a plural', (locale) => {
    const texts = new Map(messageTexts(loadMessages(locale)));
    const missing = pluralKeys.flatMap(([key, counted]) => {
      const text = texts.get(key);
      if (text === undefined) return [`${key}: missing`];
      const chosen = choosingArguments(text, [TYPE.plural, TYPE.select]);
      return [...counted].filter((name) => !chosen.has(name)).map((name) => `${key}: no plural on {${name}}`);
    });
    expect(missing).toEqual([]);
  });
});
