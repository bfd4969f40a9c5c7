import type { RouteOptions } from 'fastify';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';
import { errorEnvelope } from '@app/shared/api';
import { scimError } from '@app/shared/scim';

/**
 * The OpenAPI document (`/api/docs/json`), generated from the same zod contracts that validate requests
 * and write responses (issue 28, docs/decisions/835-openapi-from-the-contracts.md).
 *
 * - OpenAPI 3.1: schemas are JSON Schema 2020-12, so a nullable field is `anyOf [X, {type: 'null'}]`
 *   exactly as zod says it. (3.0's `nullable: true` beside an `enum` that lists no `null`, which zod's
 *   3.0 target wrote for every nullable enum, made strict clients refuse real responses.)
 * - Every operation documents its error answers with the shared failure envelope (`errorEnvelope` from
 *   `@app/shared/api`; SCIM's RFC 7644 error under /api/scim/v2), by rule from what the route declares —
 *   see `defaultErrorStatuses`. A route documents any other answer it gives by putting it in its
 *   `schema.response` (`...errorResponses(409)` for the envelope), which also makes the serializer check it.
 * - `test/contract.ts` checks every response the API suite produces against this document.
 */

export const OPENAPI_VERSION = '3.1.0';

/** What each error status means in the document. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: nothing was changed (VALIDATION_ERROR)',
  401: 'Not signed in, or the session has ended (UNAUTHENTICATED)',
  403: 'Signed in but not allowed to do this (FORBIDDEN, PASSWORD_CHANGE_REQUIRED, MFA_ENROLMENT_REQUIRED)',
  404: 'No such object, or not one the caller may see (NOT_FOUND)',
  410: 'Gone: it existed but has expired (NOT_FOUND)',
  409: 'The request conflicts with the current state (CONFLICT)',
  413: 'The request is too large (PAYLOAD_TOO_LARGE)',
  414: 'A path parameter is too long',
  415: 'Unsupported content type (UNSUPPORTED_MEDIA_TYPE)',
  429: 'Too many attempts: try again after Retry-After seconds (RATE_LIMITED)',
  500: 'Something went wrong on the server (INTERNAL_ERROR): nothing to fix in the request',
  503: 'Temporarily unavailable (SERVICE_UNAVAILABLE): try again shortly',
  507: 'No space left to store files: nothing was saved (SERVICE_UNAVAILABLE)',
};

/** The envelope for the given statuses, to spread into a route's `schema.response`: `{ ...errorResponses(409, 429) }`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorEnvelope> {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelope])) as Record<S, typeof errorEnvelope>;
}

type Methods = RouteOptions['method'];

function methodsOf(method: Methods): string[] {
  return (Array.isArray(method) ? method : [method]).map((m) => String(m).toUpperCase());
}

function isWrite(method: Methods): boolean {
  return methodsOf(method).some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE');
}

/**
 * The error answers every route can give, from what it declares (the rule other engineers' routes get
 * without writing anything):
 * - 400 always: the input guard refuses control characters in any query string, a malformed URL is a 400,
 *   and a declared body, query or params schema refuses what does not match.
 * - 401 and 403 when `config.access` is not 'public' (the access hook: signed out; wrong role, pending
 *   expert or organisation, temporary password, second factor to enrol), and on public writes (sign-in,
 *   tokens, codes: wrong credentials, a suspended account).
 * - 404 when the path has parameters, on writes (an id in the body) and on signed-in routes (`/me`
 *   resources): no such object, or not one the caller may see. 414 with path parameters (too long).
 * - 409 on writes (POST, PUT, PATCH, DELETE): state conflicts (already booked, already decided, taken).
 * - 413 and 415 on writes: the body limit and the content-type parsers apply to every write.
 * - 429 on writes and on public operations: sign-in, registration, codes, invitations and mail-sending
 *   actions are throttled, and anything anonymous may be.
 * - 500 and 503 always: an unexpected failure; the database is unreachable or the process is draining (Retry-After).
 * - 507 on uploads (multipart/form-data): the file store is full and nothing was saved.
 * Under /api/scim/v2 the same statuses use RFC 7644's error, and every SCIM operation may answer 401 and 429.
 */
export function defaultErrorStatuses(route: Pick<RouteOptions, 'method' | 'url' | 'config'> & { schema?: unknown }): number[] {
  const statuses = new Set<number>([400, 500, 503]);
  const consumes = (route.schema as { consumes?: unknown } | undefined)?.consumes;
  if (Array.isArray(consumes) && consumes.includes('multipart/form-data')) statuses.add(507);
  const access = (route.config as { access?: unknown } | undefined)?.access;
  const write = isWrite(route.method);
  const scim = isScim(route.url);
  if (access !== 'public' || write || scim) {
    statuses.add(401);
    statuses.add(403);
  }
  if (route.url.includes(':')) statuses.add(414);
  if (route.url.includes(':') || write || access !== 'public') statuses.add(404);
  if (write) {
    statuses.add(409);
    statuses.add(413);
    statuses.add(415);
  }
  if (write || access === 'public') statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Answers a route gives beyond its rule and its `schema.response`, keyed by `METHOD /api/path/:param`:
 * redirects and empty answers of routes without a response contract, and rarer errors. Each was found by
 * the conformance test; when you next touch such a route, declare the answer in its `schema.response`
 * (`...errorResponses(410)`) and remove the entry.
 */
const EXTRA_STATUSES: Record<string, number[]> = {
  // OIDC and SAML finish by redirecting the browser (303 See Other) to the app or its error page.
  'GET /api/sso/oidc/callback': [303],
  'POST /api/sso/saml/:id/acs': [303],
  // SAML Single Logout answers the IdP (its LogoutResponse) or ends on the sign-in or error page.
  'GET /api/sso/saml/:id/slo': [303],
  // RFC 7644 §3.6: a deleted SCIM user answers 204 No Content.
  'DELETE /api/scim/v2/Users/:id': [204],
  // The event stream is `access: 'public'` and checks its own one-time stream token (EventSource sends no header).
  'GET /api/notifications/stream': [401],
  // An export archive past its expiry is gone (410), not missing.
  'GET /api/privacy/requests/:id/archive': [410],
};

/** Answers without a body: 204, 304 and the redirects. */
const EMPTY_ANSWERS: Record<number, string> = {
  204: 'No content',
  303: 'See Other: the browser is sent to Location',
  304: 'Not modified (If-None-Match)',
};

const zodTransform = createJsonSchemaTransform({});

type TransformInput = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transform']>>[0];
type JsonSchema = Record<string, unknown>;

const jsonSchemaCache = new WeakMap<ZodType, JsonSchema>();

/** A zod contract as the document's JSON Schema (2020-12, output side, the same conversion as the routes'). */
function errorResponse(contract: ZodType, mediaType: string, description: string): JsonSchema {
  let schema = jsonSchemaCache.get(contract);
  if (!schema) {
    const { $schema: _dropped, ...rest } = toJSONSchema(contract, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    schema = rest;
    jsonSchemaCache.set(contract, schema);
  }
  // Its own media type: a route that produces a file (`schema.produces`) still fails in JSON.
  return { description, content: { [mediaType]: { schema } } };
}

function isScim(url: string): boolean {
  return url.startsWith('/api/scim/v2/');
}

/** `transform` for @fastify/swagger: the zod contracts, plus each route's error answers. */
export function openapiTransform(input: TransformInput): { schema: JsonSchema; url: string } {
  const result = zodTransform(input as Parameters<typeof zodTransform>[0]) as { schema: JsonSchema; url: string };
  const route = input.route as RouteOptions;
  if (result.schema.hide || !route.url.startsWith('/api/')) return result;
  const declared = (result.schema.response ?? {}) as Record<string, unknown>;
  const responses: Record<string, unknown> = { ...declared };
  // A route with no response contract (files, streams, redirects): its success answer, without a body schema.
  const key = `${methodsOf(route.method).join(',')} ${route.url}`;
  const extraSuccess = (EXTRA_STATUSES[key] ?? []).some((status) => status < 400);
  if (!extraSuccess && !Object.keys(declared).some((s) => /^[23]/.test(s))) {
    const produces = (route.schema as { produces?: unknown } | undefined)?.produces;
    responses['200'] =
      Array.isArray(produces) && produces.length > 0
        ? { description: 'The file', content: Object.fromEntries(produces.map((type) => [String(type), { schema: { type: 'string' } }])) }
        : { type: 'null', description: 'Default Response' };
  }
  // Conditional GET (`config.etag`): 304 when If-None-Match matches.
  if ((route.config as { etag?: unknown } | undefined)?.etag === true) responses['304'] = { type: 'null', description: EMPTY_ANSWERS[304] };
  const [errorContract, errorType]: [ZodType, string] = isScim(route.url) ? [scimError, 'application/scim+json'] : [errorEnvelope, 'application/json'];
  for (const status of [...defaultErrorStatuses(route), ...(EXTRA_STATUSES[key] ?? [])]) {
    if (String(status) in responses) continue;
    const empty = EMPTY_ANSWERS[status];
    responses[String(status)] = empty ? { type: 'null', description: empty } : errorResponse(errorContract, errorType, ERROR_DESCRIPTIONS[status] ?? 'Error');
  }
  return { ...result, schema: { ...result.schema, response: responses } };
}

/**
 * `transformObject`: the document as a whole. SCIM operations answer `application/scim+json`
 * (RFC 7644 §3.1), which the document says.
 */
export function openapiTransformObject(input: { openapiObject: Partial<OpenApiDocument> }): Partial<OpenApiDocument> {
  const document = input.openapiObject;
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (!isScim(`${path}/`) && !isScim(path)) continue;
    for (const operation of Object.values(operations)) {
      for (const response of Object.values(operation.responses ?? {})) {
        const json = response.content?.['application/json'];
        if (json && response.content) {
          delete response.content['application/json'];
          response.content['application/scim+json'] = json;
        }
      }
    }
  }
  return document;
}

export interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: JsonSchema }>;
}
export interface OpenApiOperation {
  responses?: Record<string, OpenApiResponse>;
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown;
}
export interface OpenApiDocument {
  openapi: string;
  info: unknown;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** The options @fastify/swagger is registered with (app.ts). */
export function swaggerOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'MentorBridge API',
        version: '1.0.0',
        description:
          'Every route, generated from the zod contracts. Failures answer `{ success: false, message, code, errors? }` (SCIM: RFC 7644 errors).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openapiTransform as FastifyDynamicSwaggerOptions['transform'],
    transformObject: openapiTransformObject as unknown as FastifyDynamicSwaggerOptions['transformObject'],
  };
}
