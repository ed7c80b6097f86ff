import { notFound } from 'next/navigation';

/**
 * Sets the 404 status of a page whose content is already rendered. Placed inside <Suspense> after the content,
 * the content stays in the server's HTML and only the status changes
 * (docs/decisions/0013-localized-404-rendered-by-the-server.md: a notFound() thrown by the page itself would leave an
 * empty shell that the browser fills in).
 */
export function NotFoundStatus(): never {
  notFound();
}
