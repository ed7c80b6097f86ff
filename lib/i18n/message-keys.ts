type Messages = { [key: string]: unknown };

/** Every key path of a message file, arrays counting as one value ("FaqPage.meta.title"). */
export function messageKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? messageKeys(value as Messages, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/** For each language, the keys that some other language has and it lacks. */
export function missingKeys(byLocale: Record<string, Messages>): Record<string, string[]> {
  const keys = Object.fromEntries(
    Object.entries(byLocale).map(([locale, messages]) => [locale, new Set(messageKeys(messages))]),
  );
  const all = new Set(Object.values(keys).flatMap((set) => [...set]));
  return Object.fromEntries(
    Object.entries(keys).map(([locale, set]) => [locale, [...all].filter((key) => !set.has(key)).sort()]),
  );
}
