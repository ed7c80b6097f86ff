import { sandboxCorrect } from '@/lib/issuers/issuer-api/sandbox';
import { issuerSandboxRoute } from '@/lib/issuers/issuer-api/sandbox-http';

export const dynamic = 'force-dynamic';

/** The issuer sandbox's `POST /vignettes/{id}/corrections` (docs/issuer-api.md). */
export const POST = issuerSandboxRoute<{ id: string }>((db, request, { id }) =>
  sandboxCorrect(db, request, id),
);
