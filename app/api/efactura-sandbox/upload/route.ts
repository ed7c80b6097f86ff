import { sandboxUpload } from '@/lib/efactura/sandbox';
import { efacturaSandboxRoute } from '@/lib/efactura/sandbox-http';

export const dynamic = 'force-dynamic';

/** The RO e-Factura sandbox's `POST /upload?standard=UBL&cif=…`, as ANAF answers it. */
export const POST = efacturaSandboxRoute((db, request) => sandboxUpload(db, request));
