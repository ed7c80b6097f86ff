import 'server-only';
import { keepForHtmlUnderItsHash } from '@/lib/html-only-keys';
import { KeptScript } from './kept-script';

/**
 * An inline `<script>` whose text is in the page's HTML only, not again in its React Server Components payload
 * (lib/html-only.ts): the payload carries a key of 16 characters, the same for the same text.
 */
export function HtmlOnlyScript({ text, type }: { text: string; type?: string }) {
  return <KeptScript id={keepForHtmlUnderItsHash(text)} type={type} />;
}
