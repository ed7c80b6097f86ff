import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '@/lib/i18n/routing';

type Messages = { [key: string]: Messages | string | string[] };

const cache = new Map<string, Messages>();

/** The text of a message key (dotted path) in a language, straight from messages/{lang}.json. */
export function message(locale: Locale, key: string): string {
  if (!cache.has(locale)) {
    cache.set(
      locale,
      JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8')),
    );
  }
  let value: Messages | string | string[] | undefined = cache.get(locale);
  for (const part of key.split('.')) value = (value as Messages | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`no message ${key} in ${locale}`);
  return value;
}

/** Text as it appears in HTML source: React escapes &, <, >, " and '. */
export const htmlEscaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
