/**
 * The header that carries the TCP peer's address from Node's HTTP server to the route handlers. Next 16 exposes
 * no peer address to a route handler or to proxy.ts (`NextRequest.ip` is gone, and Next keeps an `X-Forwarded-For`
 * the client sent instead of appending the peer), so lib/server/incoming-requests.ts writes it on every request,
 * overwriting whatever a client sent under that name.
 */
export const PEER_ADDRESS_HEADER = 'x-road-peer-address';
