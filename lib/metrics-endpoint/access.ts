import 'server-only';

import { createHash, timingSafeEqual } from 'node:crypto';
import { clientAddress } from '@/lib/api/request';
import { getConfig } from '@/lib/config/env';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1)$/;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request may read the metrics: a client on the server's own machine, or one that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. The client is the one lib/api/request.ts sees (the socket's peer, or behind
 * TRUSTED_PROXY_HOPS proxies the address the outermost one saw), so a proxy on the same machine does not make every
 * visitor local. The token is compared in constant time.
 */
export function mayReadMetrics(request: Request): boolean {
  if (LOOPBACK.test(clientAddress(request))) return true;
  const expected = getConfig().METRICS_TOKEN;
  const given = /^Bearer (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim();
  return Boolean(expected && given && timingSafeEqual(digest(given), digest(expected)));
}
