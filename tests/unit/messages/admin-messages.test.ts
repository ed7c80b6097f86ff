import { createTranslator } from 'next-intl';
import { locales } from '@/lib/i18n/routing';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

/*
 * The back-office's texts are ICU messages, formatted in the browser by next-intl (components/admin/admin-i18n.tsx):
 * a stray brace or quote in one language would show the key instead of the text, on a screen no test renders in
 * that language.
 */
const MESSAGES = { ro, en, de, hu };

/** Every text of a namespace with its key path. */
const texts = (value: unknown, path: string): [string, string][] =>
  typeof value === 'string'
    ? [[path, value]]
    : Object.entries(value as object).flatMap(([key, child]) => texts(child, `${path}.${key}`));

describe.each(locales)('the back-office messages in %s', (locale) => {
  it('are all well-formed, with any count', () => {
    const errors: string[] = [];
    const all = [
      ...texts(MESSAGES[locale].Admin, 'Admin'),
      ...texts(MESSAGES[locale].Validation, 'Validation'),
    ];
    for (const [path, message] of all) {
      const onError = (error: Error) => errors.push(`${path}: ${error.message}`);
      const t = createTranslator({ locale, messages: { message }, onError });
      for (const count of [0, 1, 2, 5, 21]) {
        t('message', Object.fromEntries([...message.matchAll(/\{(\w+)/g)].map(([, name]) => [name, count])));
      }
    }
    expect(errors).toEqual([]);
  });
});
