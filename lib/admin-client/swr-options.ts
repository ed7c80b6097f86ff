import type { SWRConfiguration } from 'swr';
import { isApiRequestError } from '@/lib/client/api';
import { getJson } from './admin-api';

/**
 * How the back-office reads: every key is an API URL fetched as JSON; a page being replaced stays on screen until
 * the next one arrives (no jump while paging or sorting); a refusal (4xx) is not retried, as it will not change.
 */
export const adminSwrOptions: SWRConfiguration = {
  fetcher: getJson,
  keepPreviousData: true,
  shouldRetryOnError: (error: unknown) =>
    !isApiRequestError(error) || error.status === 0 || error.status >= 500,
  errorRetryCount: 3,
};
