import { sandboxIssue, sandboxLookUp } from '@/lib/issuers/issuer-api/sandbox';
import { issuerSandboxRoute } from '@/lib/issuers/issuer-api/sandbox-http';

export const dynamic = 'force-dynamic';

/** The issuer sandbox's look-up by key, `GET /vignettes?idempotencyKey=…` (docs/issuer-api.md). */
export const GET = issuerSandboxRoute((db, request) => sandboxLookUp(db, request));

/** The issuer sandbox's `POST /vignettes` with `Idempotency-Key` (docs/issuer-api.md). */
export const POST = issuerSandboxRoute((db, request) => sandboxIssue(db, request));
