import 'server-only';

import { efacturaSandboxIsServed } from '@/lib/efactura/sandbox';
import { vignetteIssuerSandboxIsServed } from '@/lib/issuers/issuer-api/sandbox';
import { reloadlySandboxIsServed } from '@/lib/issuers/reloadly/sandbox';
import { sandboxIsLive } from '@/lib/payment-provider/sandbox/sandbox';
import { openApiDocument } from './document';
import type { Sandbox } from './operations';

/** The sandboxes this server serves now, by the same rules their routes answer 404 by. */
export function servedSandboxes(): Sandbox[] {
  const served: [Sandbox, boolean][] = [
    ['payments', sandboxIsLive()],
    ['efactura', efacturaSandboxIsServed()],
    ['issuer', vignetteIssuerSandboxIsServed()],
    ['topups', reloadlySandboxIsServed()],
  ];
  return served.flatMap(([sandbox, isServed]) => (isServed ? [sandbox] : []));
}

const built = new Map<string, ReturnType<typeof openApiDocument>>();

/**
 * The API's description as this server answers it: a sandbox it does not serve is left out. Built once per set of
 * sandboxes (they follow the configuration), not at every request: it converts every schema of the API.
 */
export function servedOpenApiDocument() {
  const sandboxes = servedSandboxes();
  const key = sandboxes.join(',');
  let document = built.get(key);
  if (!document) {
    document = openApiDocument({ sandboxes });
    built.set(key, document);
  }
  return document;
}
