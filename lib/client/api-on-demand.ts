import { ApiRequestError } from './api-error';

/**
 * The API client (lib/client/api, with ky), fetched by a purchase page at its first call rather than with the page
 * (docs/architecture.md, Page weight). A download that fails is a call that got no answer: an ApiRequestError with
 * status 0, which the forms already explain as a lost connection.
 */
export const apiOnDemand = () =>
  import('./api').catch((cause: unknown) => {
    throw new ApiRequestError('/api', 0, 'Unknown Error', undefined, { cause });
  });
