'use client';

import { useEffect, useRef, useState } from 'react';
import { keptForHtml } from '@/lib/html-only';
import type { LegalDocumentContent } from '@/lib/legal/document';
import { LEGAL_ARTICLE_CLASS, LEGAL_ARTICLE_ID, LegalDocumentView } from './legal-document-view';

/**
 * A legal text whose article is in the page's HTML only, not again in its React Server Components payload
 * (lib/html-only.ts): the second copy cost each legal page 1.9-2.8 KB of compressed HTML, in pages that already
 * exceed the 14.6 KB a phone receives in TCP's first round trip (decision 0039).
 *
 * On the server the article is rendered from the content kept under `id`. In the browser it is the same `<article>`
 * with no children of React's: hydration leaves the server's article in place (React does not compare
 * `dangerouslySetInnerHTML` when it hydrates). After a navigation in the browser, which brings the payload without
 * the text, the article is taken from the address's HTML.
 */
export function KeptLegalDocument({ id }: { id: string }) {
  const content = keptForHtml<LegalDocumentContent>(id);
  return content ? <LegalDocumentView {...content} /> : <ArticleFromHtml key={id} />;
}

function ArticleFromHtml() {
  const article = useRef<HTMLElement>(null);
  const [html, setHtml] = useState('');

  useEffect(() => {
    if (article.current?.firstElementChild) return; // hydrated: the server's article is there
    const aborted = new AbortController();
    articleInHtmlOf(location.href, aborted.signal)
      .then((served) => {
        // An answer without the article would be the same after a reload: it is not asked for again.
        if (served === undefined) return;
        setHtml(served);
        if (location.hash)
          requestAnimationFrame(() => document.getElementById(location.hash.slice(1))?.scrollIntoView());
      })
      .catch(() => {
        // The address did not answer (a lost connection, an error page): the browser loads it whole, and shows why.
        if (!aborted.signal.aborted) location.reload();
      });
    return () => aborted.abort();
  }, []);

  return (
    <article
      ref={article}
      id={LEGAL_ARTICLE_ID}
      className={LEGAL_ARTICLE_CLASS}
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}

/** The legal article's inner HTML as the server renders it at `address`; undefined when its page has none. */
async function articleInHtmlOf(address: string, signal: AbortSignal): Promise<string | undefined> {
  const response = await fetch(address, { signal, headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`${address}: ${response.status}`);
  const served = new DOMParser()
    .parseFromString(await response.text(), 'text/html')
    .getElementById(LEGAL_ARTICLE_ID);
  return served?.firstElementChild ? served.innerHTML : undefined;
}
