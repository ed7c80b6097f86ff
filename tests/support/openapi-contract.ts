import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { HTTP_METHODS, type HttpMethod } from '@/lib/api/routes';
import { openApiDocument, openApiPath, type OpenApiDocument } from '@/lib/openapi/document';
import { OPERATIONS, UNDOCUMENTED_ROUTES, type Sandbox } from '@/lib/openapi/operations';

/** Every sandbox: the suite calls their routes with each one served. */
export const ALL_SANDBOXES: readonly Sandbox[] = ['payments', 'efactura', 'issuer', 'topups'];

interface Contract {
  document: OpenApiDocument;
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
}

let contract: Contract | undefined;

function theContract(): Contract {
  if (!contract) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    contract = { document: openApiDocument({ sandboxes: ALL_SANDBOXES }), ajv, validators: new Map() };
  }
  return contract;
}

type JsonObject = Record<string, unknown>;

const mediaTypeOf = (response: Response) =>
  (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Why the answer does not keep to the OpenAPI document, or undefined when it does: a status the operation does not
 * list, a media type it does not name, or a JSON body its schema refuses (each refusal with its place in the body).
 */
export async function answerMismatch(
  route: string,
  method: HttpMethod,
  response: Response,
): Promise<string | undefined> {
  if (route in UNDOCUMENTED_ROUTES) return undefined;
  if (!OPERATIONS[route]?.[method]) return `${method} ${route} is not in the OpenAPI document`;
  const { document, ajv, validators } = theContract();
  const path = openApiPath(route);
  const operation = (document.paths[path] as JsonObject)[method.toLowerCase()] as {
    responses: Record<string, { content?: Record<string, { schema?: JsonObject }> }>;
  };
  const declared = operation.responses[String(response.status)] ?? operation.responses.default;
  if (!declared) {
    const body = await response
      .clone()
      .text()
      .catch(() => '');
    return `${method} ${route} answered ${response.status}, which the document does not list (${body.slice(0, 300)})`;
  }
  const mediaType = mediaTypeOf(response);
  if (!mediaType || response.status === 204) return undefined;
  const content = declared.content ?? {};
  if ('*/*' in content) return undefined;
  if (mediaType !== 'application/json') {
    return mediaType in content
      ? undefined
      : `${method} ${route} answered ${response.status} as ${mediaType}, which the document does not list`;
  }
  const schema = content['application/json']?.schema;
  if (!schema)
    return `${method} ${route} answered ${response.status} with JSON, which the document does not list`;
  const key = `${method} ${route} ${response.status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: document.components });
    validators.set(key, validate);
  }
  const body: unknown = await response.clone().json();
  if (validate(body)) return undefined;
  return (
    `${key}: the answer does not match the OpenAPI document: ` +
    `${ajv.errorsText(validate.errors, { separator: '; ', dataVar: 'body' })}\n` +
    JSON.stringify(body).slice(0, 600)
  );
}

type RouteModule = Record<string, unknown>;
type Handler = (request: Request, context?: unknown) => Promise<Response>;

/**
 * The route module with each method's handler checking its answer against the OpenAPI document: an answer that does
 * not keep to it fails the call, and so the test, naming the route and the mismatch.
 */
export function checkedRouteModule(route: string, actual: RouteModule): RouteModule {
  const checked: RouteModule = { ...actual };
  for (const method of HTTP_METHODS) {
    const handler = actual[method];
    if (typeof handler !== 'function') continue;
    checked[method] = async (request: Request, context?: unknown) => {
      const response = await (handler as Handler)(request, context);
      const mismatch = await answerMismatch(route, method, response);
      if (mismatch) throw new Error(mismatch);
      return response;
    };
  }
  return checked;
}
