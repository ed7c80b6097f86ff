import 'server-only';
import { createHash } from 'node:crypto';
import { keepForHtml } from '@/lib/html-only';
import { KeptScript } from './kept-script';

/**
 * An inline `<script>` whose text is in the page's HTML only, not again in its React Server Components payload
 * (lib/html-only.ts): the payload carries a key of 16 characters, the same for the same text.
 */
export function HtmlOnlyScript({ text, type }: { text: string; type?: string }) {
  const id = createHash('sha256').update(text).digest('base64url').slice(0, 16);
  keepForHtml(id, text);
  return <KeptScript id={id} type={type} />;
}
