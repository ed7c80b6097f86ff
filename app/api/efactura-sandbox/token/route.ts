import { sandboxToken } from '@/lib/efactura/sandbox';
import { efacturaSandboxRoute } from '@/lib/efactura/sandbox-http';

export const dynamic = 'force-dynamic';

/** The RO e-Factura sandbox's the OAuth2 token endpoint (refresh-token grant), as ANAF answers it. */
export const POST = efacturaSandboxRoute((_db, request) => sandboxToken(request));
