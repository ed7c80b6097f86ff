import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A message file as it is on disk, read the way next-intl reads it. */
export function loadMessages(locale: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8'));
}

/** Every text of a message file with its key, array items as `[i]` ("FaqPage.questions.x.answer[0]"). */
export function messageTexts(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => messageTexts(item, `${key}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, child]) =>
      messageTexts(child, key ? `${key}.${name}` : name),
    );
  return [];
}

/** The ICU syntax tree of a message; the shop's messages have no rich-text tags, so `<` stays text. */
export const parseMessage = (text: string): MessageFormatElement[] => parse(text, { ignoreTag: true });

/**
 * Every run of elements in a tree: the message itself and each branch of a plural or select, so a check on
 * neighbours ("the text just before an argument") sees inside ICU too.
 */
export function elementRuns(elements: MessageFormatElement[]): MessageFormatElement[][] {
  return [
    elements,
    ...elements.flatMap((element) =>
      element.type === TYPE.plural || element.type === TYPE.select
        ? Object.values(element.options).flatMap((option) => elementRuns(option.value))
        : [],
    ),
  ];
}

export { TYPE };
