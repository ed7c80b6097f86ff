import { sandboxStatus } from '@/lib/issuers/issuer-api/sandbox';
import { issuerSandboxRoute } from '@/lib/issuers/issuer-api/sandbox-http';

export const dynamic = 'force-dynamic';

/** The issuer sandbox's `GET /vignettes/{id}` (docs/issuer-api.md). */
export const GET = issuerSandboxRoute<{ id: string }>((db, request, { id }) =>
  sandboxStatus(db, request, id),
);
