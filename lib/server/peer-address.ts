import 'server-only';

import http from 'node:http';
import { PEER_ADDRESS_HEADER } from '@/lib/security/peer-address';

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
const patched = globalThis as unknown as { __roadPeerAddress?: boolean };

/**
 * Stamps each incoming request with its socket's peer address (PEER_ADDRESS_HEADER) before Next sees it. Called
 * from instrumentation.ts; requests that arrive while Next is still starting were emitted before this ran and
 * carry no stamp: lib/api/request.ts counts them under one shared "unknown" address.
 */
export function stampPeerAddresses() {
  if (patched.__roadPeerAddress) return;
  patched.__roadPeerAddress = true;
  const prototype = http.Server.prototype as unknown as { emit: Emit };
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event, ...args) {
    if (event === 'request') {
      const request = args[0] as http.IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = request.socket?.remoteAddress ?? '';
    }
    return emit.call(this, event, ...args);
  };
}
