import { sandboxMessageState } from '@/lib/efactura/sandbox';
import { efacturaSandboxRoute } from '@/lib/efactura/sandbox-http';

export const dynamic = 'force-dynamic';

/** The RO e-Factura sandbox's `GET /stareMesaj?id_incarcare=…`, as ANAF answers it. */
export const GET = efacturaSandboxRoute((db, request) => sandboxMessageState(db, request));
