export const REQUEST_ID_HEADER = 'x-request-id';

/** An id from a trusted front proxy is kept when it looks like one; otherwise a fresh one is made. */
export function requestIdFrom(headers: Headers): string {
  const incoming = headers.get(REQUEST_ID_HEADER);
  return incoming && /^[\w.-]{8,128}$/.test(incoming) ? incoming : crypto.randomUUID();
}
