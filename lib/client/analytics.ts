/**
 * What a page-view beacon may say about the page: its route, never a buyer's order id (an order's page opens
 * with its id alone, so an id in a third party's logs is a key to the order), and of the referrer only its site.
 */
const PRIVATE_SEGMENTS = [/^(\/order\/)[^/]+/];

export function beaconPath(locale: string, pathname: string): string {
  const path = PRIVATE_SEGMENTS.reduce(
    (current, pattern) => current.replace(pattern, '$1[orderId]'),
    pathname,
  );
  return `/${locale}${path === '/' ? '' : path}`;
}

export function beaconReferrer(referrer: string): string | undefined {
  try {
    return referrer ? new URL(referrer).origin : undefined;
  } catch {
    return undefined;
  }
}
