import { noEndpointResponse } from '@/lib/api/errors';

export const dynamic = 'force-dynamic';

/** An address under /api that is no endpoint: 404 in the API's JSON error shape, whatever the method. */
const notFound = async () => noEndpointResponse();

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
