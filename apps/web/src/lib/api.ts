import type { z } from 'zod';
import type { ErrorCode, ErrorEnvelope } from '@app/shared/api';
import { claimEarly } from './early.ts';
import { currentLanguage } from './language.ts';
import { clearSession, readSession, setMfaBlocked } from './session.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly errors?: string[];
  constructor(message: string, status: number, code?: string, errors?: string[]) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

export class NetworkError extends Error {}

// This module is on every page: it checks the failure envelope by hand so that pages which need no
// schema for their first paint (sign-in, sign-up, the SSO pages) do not download zod (docs/performance.md).
const MFA_ENROLMENT_REQUIRED: ErrorCode = 'MFA_ENROLMENT_REQUIRED';

/** The failure envelope of `@app/shared/api` (`errorEnvelope`), checked without zod. */
function asErrorEnvelope(body: unknown): ErrorEnvelope | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  if (b.success !== false || typeof b.message !== 'string') return null;
  if (b.code !== undefined && typeof b.code !== 'string') return null;
  if (b.errors !== undefined && !(Array.isArray(b.errors) && b.errors.every((e) => typeof e === 'string'))) return null;
  return { success: false, message: b.message, code: b.code as string | undefined, errors: b.errors as string[] | undefined };
}

/** The spec's client message: the server's, 'Validation errors: a, b' for a list, else 'API request failed'. */
function failureMessage(body: unknown): { message: string; code?: string; errors?: string[] } {
  const parsed = asErrorEnvelope(body);
  if (!parsed) return { message: 'API request failed' };
  const { message, code, errors } = parsed;
  if (errors && errors.length > 1) return { message: `Validation errors: ${errors.join(', ')}`, code, errors };
  return { message: message || 'API request failed', code, errors };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Skip the session-expired redirect (the sign-in form reports 401 itself). */
  anonymous?: boolean;
}

/**
 * Where requests go when the app renders on the server (entry-server.tsx, decision 1070): the API itself,
 * as a signed-out visitor. Unset in the browser.
 */
let serverTransport: ((url: string, init: { method: string; headers: Record<string, string> }) => Promise<Response>) | null = null;
export function setServerTransport(transport: typeof serverTransport) {
  serverTransport = transport;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(`/api${path}`, typeof window === 'undefined' ? 'http://server.invalid' : window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

function onUnauthorized(message: string, code: string | undefined) {
  // An expired or revoked session: clear it and sign in again. The message may be in any language
  // (docs/decisions/742-localised-api-errors.md), so the machine code decides.
  if (code === 'UNAUTHENTICATED' || /token|invalid/i.test(message)) {
    clearSession();
    if (!['/signin', '/signup'].includes(window.location.pathname)) window.location.assign('/signin');
  }
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  if (serverTransport) {
    const headers = { accept: 'application/json', 'accept-language': currentLanguage() };
    return serverTransport(buildUrl(path, options.query), { method: options.method ?? 'GET', headers });
  }
  const session = readSession();
  // Errors come back in the page's language (the API also knows the profile's choice).
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage() };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (session?.token && !options.anonymous) headers.authorization = `Bearer ${session.token}`;
  const url = buildUrl(path, options.query);
  try {
    const early = (options.method ?? 'GET') === 'GET' ? claimEarly(url, headers.authorization) : undefined;
    if (early) return await early;
    return await fetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError('Network error. Please check your connection and try again.');
  }
}

async function fail(response: Response, options: RequestOptions): Promise<never> {
  const payload: unknown = await response.json().catch(() => null);
  const { message, code, errors } = failureMessage(payload);
  if (response.status === 401 && !options.anonymous) onUnauthorized(message, code);
  // Past the grace period of MFA_REQUIRED_ROLES: the guard sends the person to enrolment (issue 23).
  if (response.status === 403 && code === MFA_ENROLMENT_REQUIRED) setMfaBlocked(true);
  throw new ApiError(message, response.status, code, errors);
}

/**
 * The answer's schema, or a loader of it: a page's first reads pass a loader (`() => import('./schemas.ts')…`)
 * so that the schema's module and zod load beside the request instead of in the page's first download
 * (docs/performance.md, decision 950). The answer is validated either way.
 */
export type SchemaSource<T extends z.ZodType> = T | (() => Promise<T>);

/**
 * A feature's schema module, loaded on demand: `const answer = schemasFrom(() => import('./schemas.ts'))`,
 * then `api(path, answer('listAnswer'))`. The import runs once; the name is checked against the module.
 */
export function schemasFrom<M>(load: () => Promise<M>) {
  return <K extends keyof M>(name: K) =>
    (): Promise<M[K]> =>
      load().then((m) => m[name]);
}

/** Call the API and validate the answer with the shared schema. */
export async function api<T extends z.ZodType>(path: string, source: SchemaSource<T>, options: RequestOptions = {}): Promise<z.infer<T>> {
  // A loaded schema is fetched at the same time as the answer: nothing waits on it in turn.
  const [response, schema] = await Promise.all([send(path, options), typeof source === 'function' ? source() : source]);
  if (!response.ok) return fail(response, options);
  const json: unknown = await response.json();
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error('Unexpected API answer', path, parsed.error.issues);
    throw new ApiError('API request failed', response.status);
  }
  return parsed.data;
}

/** Download a file answer (CSV, .ics, PDF, documents) with the session's token, and save it. */
export async function download(path: string, fallbackName: string, query?: RequestOptions['query']): Promise<void> {
  const response = await send(path, { query });
  if (!response.ok) return fail(response, {});
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match?.[1] ? decodeURIComponent(match[1]) : fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return fallback;
}
