/*
 * lib/client/api.ts for jsdom, which has neither fetch nor Response for ky: the module's own exports (its error class
 * and storage keys) with `api` replaced by one that answers from routes a test declares and records every call. A
 * failure is thrown as the real client's hooks throw it: an ApiRequestError with the status, the error body and the
 * response as its cause.
 */
import { TextEncoder } from 'node:util';
import type * as Api from '@/lib/client/api';

// ky needs TextEncoder as it loads; jsdom does not have it.
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder });
const real = jest.requireActual<typeof Api>('@/lib/client/api');

export const { ApiRequestError, isApiRequestError, CURRENT_USER_KEY, PRINCIPAL_KEY } = real;
type ApiErrorBody = Api.ApiErrorBody;

export interface FakeRequest {
  method: string;
  url: string;
  /** The path and the query's parameters, for easy assertions. */
  path: string;
  params: Record<string, string>;
  json?: unknown;
  headers: Record<string, string>;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

const routes: { method: string; path: string; handler: Handler }[] = [];
export const calls: FakeRequest[] = [];

/** Answers `method path` (the path without its query) with `handler`; later routes win. */
export function on(method: string, path: string, handler: Handler | FakeAnswer) {
  routes.unshift({ method, path, handler: typeof handler === 'function' ? handler : () => handler });
}

export function resetFakeApi() {
  routes.length = 0;
  calls.length = 0;
}

export const callsTo = (method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

function send(
  method: string,
  url: string,
  options: { json?: unknown; headers?: Record<string, string> } = {},
) {
  const parsed = new URL(url, 'http://shop.test');
  const request: FakeRequest = {
    method,
    url,
    path: parsed.pathname,
    params: Object.fromEntries(parsed.searchParams),
    json: options.json,
    headers: options.headers ?? {},
  };
  calls.push(request);
  const response = (async () => {
    const route = routes.find((candidate) => candidate.method === method && candidate.path === request.path);
    const answer = route
      ? await route.handler(request)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'no route' } } };
    const status = answer.status ?? 200;
    const headers = new Map(
      Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const fake = {
      status,
      ok: status < 400,
      headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
      json: async () => answer.body,
      blob: async () =>
        new Blob([typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '')]),
    };
    if (status >= 400) {
      throw new ApiRequestError(url, status, '', answer.body as ApiErrorBody | undefined, {
        cause: { response: fake },
      });
    }
    return fake;
  })();
  return Object.assign(response, {
    json: async () => (await response).json(),
    blob: async () => (await response).blob(),
  });
}

export const api = {
  get: (url: string, options?: { headers?: Record<string, string> }) => send('GET', url, options),
  post: (url: string, options?: { json?: unknown; headers?: Record<string, string> }) =>
    send('POST', url, options),
  patch: (url: string, options?: { json?: unknown }) => send('PATCH', url, options),
  put: (url: string, options?: { json?: unknown }) => send('PUT', url, options),
  delete: (url: string) => send('DELETE', url),
};
