export const REQUEST_ID_HEADER = 'x-request-id';

/** An id from a trusted front proxy is kept when it looks like one; otherwise a fresh one is made. */
export const requestIdFrom = (headers: Headers): string => requestIdOf(headers.get(REQUEST_ID_HEADER));

/** {@link requestIdFrom} given the header's value (node:http's headers). */
export function requestIdOf(incoming: string | string[] | null | undefined): string {
  return typeof incoming === 'string' && /^[\w.-]{8,128}$/.test(incoming) ? incoming : crypto.randomUUID();
}
