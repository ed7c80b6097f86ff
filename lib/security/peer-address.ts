import { sameToken } from './xsrf';

/**
 * The header that carries the TCP peer's address from Node's HTTP server to the route handlers. Next 16 exposes
 * no peer address to a route handler or to proxy.ts (`NextRequest.ip` is gone, and Next keeps an `X-Forwarded-For`
 * the client sent instead of appending the peer), so lib/server/incoming-requests.ts writes it on every request,
 * overwriting whatever a client sent under that name.
 *
 * A client can send the header too, and a request can reach Next without the hook: before it is installed (the
 * first requests while the server starts) or on a server started another way. So the stamp carries a secret of this
 * process, made by the hook when it installs itself: a value without it is a client's word and is never believed.
 */
export const PEER_ADDRESS_HEADER = 'x-road-peer-address';

/**
 * The header by which the shop, asking itself over loopback on a visitor's behalf (proxy.ts's order look-up), passes
 * on the visitor's own stamp: believed only on a loopback request and only as a stamp of this process, so the
 * visitor is counted, not the server (lib/api/request.ts).
 */
export const PEER_FOR_HEADER = 'x-road-peer-for';

/** On globalThis: the hook (instrumentation) and the route handlers and proxy.ts are bundled apart. */
const realm = globalThis as unknown as { roadPeerStampSecret?: string };

/** The stamp of `address` for this process (making the process's secret on the first call: the hook's). */
export function stampPeerAddress(address: string): string {
  const secret = (realm.roadPeerStampSecret ??= crypto.randomUUID());
  return `${secret} ${address}`;
}

/**
 * The address a stamp carries, or undefined when the value is not this process's stamp: missing, sent by a client,
 * or read on a process whose hook never ran (then no value is a stamp).
 */
export function stampedPeerAddress(value: string | null | undefined): string | undefined {
  const secret = realm.roadPeerStampSecret;
  if (!secret || !value) return undefined;
  const space = value.indexOf(' ');
  if (space < 0 || !sameToken(secret, value.slice(0, space))) return undefined;
  return value.slice(space + 1);
}

/**
 * Whether a request carries a copy of the header that this process did not write. proxy.ts removes it, so that no
 * page or handler behind it sees a client's value; where this realm knows no secret the copy is left for
 * {@link stampedPeerAddress}, which believes none.
 */
export const isForgedPeerStamp = (value: string | null) =>
  value !== null && Boolean(realm.roadPeerStampSecret) && stampedPeerAddress(value) === undefined;

/** One group of an IPv6 address: one to four hex digits. */
const HEX_GROUP = /^[0-9a-f]{1,4}$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The unit a per-address limit counts: an IPv4 address itself, an IPv6 address's /64 (`2001:db8:1:2::/64`). One
 * subscriber is given a whole /64 (RFC 6177), and a client rotating inside it has 2^64 addresses. An IPv4-mapped
 * address (`::ffff:192.0.2.1`) is read as its IPv4 address by lib/api/request.ts before it gets here. What does not
 * read as an IPv6 address (`unknown`) is its own unit.
 */
export function addressBucket(address: string): string {
  if (!address.includes(':')) return address;
  const bare = address.split('%')[0]!.toLowerCase();
  const halves = bare.split('::');
  if (halves.length > 2) return bare;
  const groupsOf = (text: string | undefined) => (text ? text.split(':') : []);
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  // An IPv4 tail (`64:ff9b::192.0.2.1`) stands for the last two groups.
  const count = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const full =
    halves.length === 2
      ? [...head, ...Array<string>(Math.max(0, 8 - count(head) - count(tail))).fill('0'), ...tail]
      : head;
  const readable =
    count(full) === 8 &&
    full.every((group, index) => HEX_GROUP.test(group) || (index === full.length - 1 && IPV4.test(group)));
  if (!readable) return bare;
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
