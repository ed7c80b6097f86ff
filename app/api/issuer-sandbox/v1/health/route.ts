import { sandboxHealth } from '@/lib/issuers/issuer-api/sandbox';
import { issuerSandboxRoute } from '@/lib/issuers/issuer-api/sandbox-http';

export const dynamic = 'force-dynamic';

/** The issuer sandbox's `GET /health` (docs/issuer-api.md). */
export const GET = issuerSandboxRoute((db, request) => sandboxHealth(db, request));
