import 'server-only';

import http from 'node:http';
import { PEER_ADDRESS_HEADER, stampPeerAddress } from '@/lib/security/peer-address';

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
const patched = globalThis as unknown as { __roadIncomingRequests?: boolean };

/**
 * How long a client may take to send a request. Node's defaults (60 s for the headers, 300 s for the whole request)
 * let a client that trickles a body hold a connection for five minutes; the shop's largest body is 64 KB
 * (lib/api/request.ts), which even a poor mobile link sends well within these.
 */
export const INCOMING_TIMEOUTS = { headersMs: 20_000, requestMs: 30_000 };

/**
 * Prepares what Next's own HTTP server does not let us configure, before Next sees a request. Called from
 * instrumentation.ts; requests that arrive while Next is still starting were emitted before this ran.
 *
 * - Each request is stamped with its socket's peer address (PEER_ADDRESS_HEADER), signed with this process's secret
 *   (lib/security/peer-address.ts), over any copy the client sent; an unstamped one, or one a client wrote, is
 *   counted under one shared "unknown" address by lib/api/request.ts.
 * - The server gets the shorter receive timeouts above (Node reads them on each connection check, so setting them
 *   on the first request still applies to every connection after it).
 */
export function hookIncomingRequests() {
  if (patched.__roadIncomingRequests) return;
  patched.__roadIncomingRequests = true;
  const prepared = new WeakSet<http.Server>();
  const prototype = http.Server.prototype as unknown as { emit: Emit };
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event, ...args) {
    if (event === 'request') {
      if (!prepared.has(this)) {
        prepared.add(this);
        this.headersTimeout = INCOMING_TIMEOUTS.headersMs;
        this.requestTimeout = INCOMING_TIMEOUTS.requestMs;
      }
      const request = args[0] as http.IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = stampPeerAddress(request.socket?.remoteAddress ?? '');
    }
    return emit.call(this, event, ...args);
  };
}
