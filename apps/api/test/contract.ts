// Issue 28: the OpenAPI document says what the API answers, and every response the API suite produces
// is checked against it (docs/decisions/835-openapi-from-the-contracts.md).
//
// Every app built by the test harness (useTestApp, useSecurityApp) records the replies of its /api
// operations. When the file's app closes, each reply is validated against the app's own OpenAPI document
// with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) and ajv-formats: a status the operation does
// not document, a JSON body that does not match the documented schema, or a content type the operation
// does not document fails the file. Operations are found from the document, so a route added tomorrow is
// checked without editing this file. Which operations were exercised is written for global-setup.ts,
// which fails a full run that leaves a documented operation unexercised (see COVERAGE_EXCLUSIONS).
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { inject } from 'vitest';
import type { OpenApiDocument, OpenApiOperation } from '../src/lib/openapi.ts';
import type { App } from '../src/lib/http.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each test file writes the operations it exercised (global-setup.ts checks coverage). */
    contractDir: string;
    /** The OpenAPI document, generated once per run by global-setup.ts (every app builds the same routes). */
    openapiDocument: string;
  }
}

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

export interface RecordedReply {
  method: string;
  /** The route pattern as Fastify knows it: /api/workshops/:id */
  route: string;
  url: string;
  status: number;
  contentType: string;
  /** The body as sent, when it is text or a buffer (streams are not read). */
  body: string | undefined;
}

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** `/api/workshops/:id` → `/api/workshops/{id}`, the way @fastify/swagger writes paths. */
export function openApiPath(route: string): string {
  return route.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}').replace(/\*$/, '{*}');
}

export interface ContractRecorder {
  /** Pass to buildApp({ onSend }). */
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
  replies: RecordedReply[];
}

export function contractRecorder(): ContractRecorder {
  const replies: RecordedReply[] = [];
  return {
    replies,
    onSend: async (request, reply, payload) => {
      const route = request.routeOptions.url;
      const method = request.method.toUpperCase();
      if (!route?.startsWith('/api/') || !HTTP_METHODS.has(method)) return payload;
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
      replies.push({
        method,
        route,
        url: request.url,
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        body,
      });
      return payload;
    },
  };
}

const isJsonType = (contentType: string) => /^application\/([a-z0-9.+-]*\+)?json\b/i.test(contentType.trim());
const mediaType = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase() ?? '';

/** Validators for one document, compiled on first use (only the operations a file hits are compiled). */
export class ContractChecker {
  private readonly ajv: Ajv2020;
  /** Compiled validators by schema text: the error envelope, the same on every operation, compiles once. */
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    // strict: false — OpenAPI adds annotation keywords (description, example) Ajv need not know about.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, logger: false });
    addFormats(this.ajv);
  }

  operation(method: string, route: string): OpenApiOperation | undefined {
    return this.document.paths[openApiPath(route)]?.[method.toLowerCase()];
  }

  /** Every documented operation, `METHOD /path/{param}`. */
  operations(): string[] {
    const out: string[] = [];
    for (const [p, ops] of Object.entries(this.document.paths))
      for (const m of Object.keys(ops)) if (HTTP_METHODS.has(m.toUpperCase())) out.push(`${m.toUpperCase()} ${p}`);
    return out;
  }

  private validator(schema: object): ValidateFunction {
    const text = JSON.stringify(schema);
    let validate = this.validators.get(text);
    if (!validate) {
      // `#/components/schemas/X` references resolve against the compiled root: give it the components.
      const components = this.document.components?.schemas;
      const root = components && Object.keys(components).length > 0 && text.includes('#/components/') ? { ...schema, components: this.document.components } : schema;
      validate = this.ajv.compile(root);
      this.validators.set(text, validate);
    }
    return validate;
  }

  /** What is wrong with one reply (empty when it is what the document says). */
  check(reply: RecordedReply): string[] {
    const operation = this.operation(reply.method, reply.route);
    if (!operation) return [];
    const where = `${reply.method} ${openApiPath(reply.route)} → ${reply.status} (${reply.url.slice(0, 120)})`;
    const status = String(reply.status);
    const documented = operation.responses?.[status] ?? operation.responses?.[`${status[0]}XX`] ?? operation.responses?.default;
    if (!documented) return [`${where}: status ${status} is not documented (${Object.keys(operation.responses ?? {}).join(', ')})`];
    const content = documented.content;
    if (!content || reply.status === 204 || reply.status === 304) return [];
    const type = mediaType(reply.contentType);
    const key = Object.keys(content).find((k) => k.toLowerCase() === type);
    if (!key) return [`${where}: content type ${type || '(none)'} is not documented (${Object.keys(content).join(', ')})`];
    const schema = content[key]?.schema;
    if (!isJsonType(type) || reply.body === undefined || !schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(reply.body);
    } catch {
      return [`${where}: the body is not JSON`];
    }
    const validate = this.validator(schema);
    if (validate(body)) return [];
    const issues = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
    return [`${where}: the body does not match the document: ${issues.join('; ')}`];
  }
}

/**
 * Check what an app answered during a test file against the app's OpenAPI document; record which
 * operations were exercised. Throws (failing the file) with every mismatch found.
 */
export function checkRecordedReplies(app: App, replies: RecordedReply[]): void {
  if (replies.length === 0) return;
  const started = performance.now();
  const document = sharedDocument() ?? (app as unknown as { swagger(): OpenApiDocument }).swagger();
  const checker = new ContractChecker(document);
  const problems = new Set<string>();
  const exercised = new Set<string>();
  for (const reply of replies) {
    const operation = checker.operation(reply.method, reply.route);
    if (!operation) continue;
    exercised.add(`${reply.method} ${openApiPath(reply.route)}`);
    for (const problem of checker.check(reply)) problems.add(problem);
  }
  writeExercised(checker.operations(), [...exercised], performance.now() - started, replies.length);
  // CONTRACT_PROBLEMS_LOG=file: every file's mismatches also appended there as they happen (a long run reports at its end).
  if (problems.size > 0 && process.env.CONTRACT_PROBLEMS_LOG) appendFileSync(process.env.CONTRACT_PROBLEMS_LOG, [...problems].join('\n') + '\n');
  if (problems.size > 0)
    throw new Error(
      `OpenAPI conformance (issue 28, decision 835): ${problems.size} response(s) differ from /api/docs/json:\n- ${[...problems].slice(0, 40).join('\n- ')}`,
    );
}

/** The run's document (generating it takes seconds: once per run, not once per file). */
function sharedDocument(): OpenApiDocument | undefined {
  const file = provided('openapiDocument');
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument) : undefined;
}

function provided(key: 'contractDir' | 'openapiDocument'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

function writeExercised(operations: string[], exercised: string[], ms: number, replies: number) {
  const dir = provided('contractDir');
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify({ operations, exercised, ms, replies }));
}
