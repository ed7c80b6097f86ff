import { sandboxMessageList } from '@/lib/efactura/sandbox';
import { efacturaSandboxRoute } from '@/lib/efactura/sandbox-http';

export const dynamic = 'force-dynamic';

/** The RO e-Factura sandbox's `GET /listaMesajeFactura?zile=…&cif=…`, as ANAF answers it. */
export const GET = efacturaSandboxRoute((db, request) => sandboxMessageList(db, request));
