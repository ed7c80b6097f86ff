import { sandboxToken } from '@/lib/efactura/sandbox';
import { efacturaSandboxRoute } from '@/lib/efactura/sandbox-http';

export const dynamic = 'force-dynamic';

/** The RO e-Factura sandbox's OAuth2 token endpoint (refresh-token grant), as ANAF answers it. */
export const POST = efacturaSandboxRoute((db, request) => sandboxToken(db, request));
