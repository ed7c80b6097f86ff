import type { Locale as ShopLocale } from '@/lib/i18n/routing';
import type messages from '@/messages/ro.json';

/**
 * The messages as next-intl's types see them: a list (FAQ answers, a legal text's paragraphs) is one value, read
 * whole with `t.raw`, not a namespace whose indexes and array methods would be keys.
 */
type MessageTree<Node> = {
  [Key in keyof Node]: Node[Key] extends readonly unknown[] ? string : MessageTree<Node[Key]>;
};

// next-intl's types learn the shop's languages and its messages (the Romanian file is the reference: every key
// exists in all four, tests/unit/messages/parity.test.ts): a key that does not exist fails the type check.
declare module 'next-intl' {
  interface AppConfig {
    Locale: ShopLocale;
    Messages: MessageTree<typeof messages>;
  }
}
