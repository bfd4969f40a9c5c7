// Issue 28, "Spreadsheets and API contract": the OpenAPI document is generated from the zod contracts,
// documents every operation's error answers with the shared error schema, says null wherever a contract
// allows it, and every reply the API suite produces is checked against it (test/contract.ts; decision 835).
import { rmSync } from 'node:fs';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { defaultErrorStatuses, type OpenApiDocument } from '../src/lib/openapi.ts';
import { insertWorkshop } from '../src/modules/workshops/workshops.fixtures.ts';
import { ContractChecker, openApiPath, type RecordedReply } from './contract.ts';
import { buildApp } from '../src/app.ts';
import { buildStudent } from './factories.ts';
import { openTestDatabase, testConfig, useTestApp } from './harness.ts';

const t = useTestApp();
let document: OpenApiDocument;
let checker: ContractChecker;
/** Every route as registered, with its zod schemas (a second app, built with `onRoute`). */
const routeTable: RouteOptions[] = [];

beforeAll(async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  document = res.json<OpenApiDocument>();
  checker = new ContractChecker(document);
  const opened = await openTestDatabase();
  const config = testConfig();
  const app = await buildApp({ config, database: opened.database, startJobs: false, logger: false, onRoute: (r) => void routeTable.push(r) });
  await app.ready();
  await app.close();
  await opened.drop();
  rmSync(config.dataDir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

function* operations(): Generator<{ key: string; path: string; method: string; op: NonNullable<OpenApiDocument['paths'][string][string]> }> {
  for (const [path, ops] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(ops)) yield { key: `${method.toUpperCase()} ${path}`, path, method, op };
}

/** Every place in a JSON value where a key is used, with its path. */
function* keyUses(node: unknown, key: string, at = ''): Generator<string> {
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) yield* keyUses(v, key, `${at}/${i}`);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [k, v] of Object.entries(node)) {
    if (k === key) yield `${at}/${k}`;
    yield* keyUses(v, key, `${at}/${k}`);
  }
}

describe('the OpenAPI document (issue 28)', () => {
  it('is OpenAPI 3.1 and never uses 3.0 `nullable`, which strict clients read beside an enum without null', () => {
    expect(document.openapi).toBe('3.1.0');
    expect([...keyUses(document.paths, 'nullable')]).toEqual([]);
  });

  it('documents the error answers of every operation with the shared error schema (not only 200)', () => {
    const onlySuccess = [...operations()].filter(({ op }) => Object.keys(op.responses ?? {}).every((s) => /^[23]/.test(s)));
    expect(onlySuccess.map((o) => o.key)).toEqual([]);
    for (const { key, path, op } of operations()) {
      const responses = op.responses ?? {};
      const secured = Array.isArray(op.security) && op.security.length > 0;
      const expected = [400, 503, ...(secured ? [401, 403] : []), ...(path.includes('{') ? [404] : [])];
      for (const status of expected) {
        const schema = Object.values(responses[String(status)]?.content ?? {})[0]?.schema as Json | undefined;
        expect(schema, `${key} documents ${status}`).toBeDefined();
        const required = (schema?.required ?? []) as string[];
        // The envelope { success: false, message, code?, errors? }, or RFC 7644's error under /api/scim/v2.
        expect(required.includes('message') || required.includes('detail'), `${key} ${status} is the error schema`).toBe(true);
      }
    }
  });

  it('follows one rule per route: signed-in routes 401/403, objects 404, writes 409/413/415, throttles 429', () => {
    const route = (method: string, url: string, access: unknown) => ({ method, url, config: { access } }) as Pick<RouteOptions, 'method' | 'url' | 'config'>;
    expect(defaultErrorStatuses(route('GET', '/api/workshops', 'public'))).toEqual([400, 429, 500, 503]);
    expect(defaultErrorStatuses(route('GET', '/api/workshops/:id', 'authenticated'))).toEqual([400, 401, 403, 404, 414, 500, 503]);
    expect(defaultErrorStatuses(route('POST', '/api/auth/login', 'public'))).toEqual([400, 401, 403, 404, 409, 413, 415, 429, 500, 503]);
    expect(defaultErrorStatuses(route('DELETE', '/api/sessions/:id', ['student']))).toEqual([400, 401, 403, 404, 409, 413, 414, 415, 429, 500, 503]);
  });

  it('says null wherever a zod response contract allows null (the fields strict clients refused)', () => {
    const ajv = new Ajv2020({ strict: false, logger: false });
    const acceptsNullByText = new Map<string, boolean>();
    const acceptsNull = (schema: Json) => {
      const text = JSON.stringify(schema);
      let accepts = acceptsNullByText.get(text);
      if (accepts === undefined) acceptsNullByText.set(text, (accepts = ajv.validate(schema, null)));
      return accepts;
    };
    const contracts = collectResponseContracts(routeTable);
    let checked = 0;
    const refused: string[] = [];
    for (const { key, status, contract } of contracts) {
      const schema = document.paths[key.path]?.[key.method]?.responses?.[status]?.content?.['application/json']?.schema;
      if (!schema) continue;
      for (const nullablePath of nullablePaths(contract)) {
        const candidates = resolve(schema as Json, nullablePath);
        checked++;
        if (!candidates.some(acceptsNull))
          refused.push(`${key.method.toUpperCase()} ${key.path} ${status} ${nullablePath.join('.')}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(refused).toEqual([]);
  });

  it('a strict client accepts a real workshop whose registrationStatus is null', async () => {
    await insertWorkshop(t.database.db, { title: 'Contract check' });
    const student = await buildStudent(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/workshops', headers: student.auth });
    expect(res.statusCode).toBe(200);
    const listed = res.json<{ data: { workshops: { registrationStatus: unknown }[] } }>().data.workshops;
    expect(listed.some((w) => w.registrationStatus === null)).toBe(true);
    const reply: RecordedReply = { method: 'GET', route: '/api/workshops', url: '/api/workshops', status: 200, contentType: String(res.headers['content-type']), body: res.body };
    expect(checker.check(reply)).toEqual([]);
  });
});

describe('the conformance check (test/contract.ts)', () => {
  const reply = (over: Partial<RecordedReply>): RecordedReply => ({
    method: 'GET',
    route: '/api/workshops/:id',
    url: '/api/workshops/x',
    status: 404,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ success: false, message: 'Workshop not found', code: 'NOT_FOUND' }),
    ...over,
  });

  it('accepts a documented status with a body that matches its schema', () => {
    expect(checker.check(reply({}))).toEqual([]);
  });

  it('fails a status the operation does not document', () => {
    expect(checker.check(reply({ status: 418 })).join()).toMatch(/status 418 is not documented/);
  });

  it('fails a body that breaks the documented schema: a missing field, a field too many, a wrong type', () => {
    for (const body of [{ success: false }, { success: false, message: 'x', stack: 'at …' }, { success: false, message: 7 }])
      expect(checker.check(reply({ body: JSON.stringify(body) })).join()).toMatch(/does not match the document/);
  });

  it('fails a content type the operation does not document', () => {
    expect(checker.check(reply({ contentType: 'text/html' })).join()).toMatch(/content type text\/html is not documented/);
  });

  it('maps Fastify routes to document paths', () => {
    expect(openApiPath('/api/rd-projects/:id/applications/:applicationId')).toBe('/api/rd-projects/{id}/applications/{applicationId}');
  });
});

// ---- zod contracts of the routes, walked for nullable positions ----

type Step = string | '*';

function collectResponseContracts(routes: RouteOptions[]) {
  const out: { key: { path: string; method: string }; status: string; contract: ZodType }[] = [];
  for (const route of routes) {
    const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
    if (!response || !route.url.startsWith('/api/')) continue;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method === 'HEAD') continue;
      for (const [status, contract] of Object.entries(response))
        if (contract && typeof contract === 'object' && '_zod' in contract)
          out.push({ key: { path: openApiPath(route.url), method: method.toLowerCase() }, status, contract: contract as ZodType });
    }
  }
  return out;
}

interface ZodDef {
  type: string;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  options?: ZodType[];
  out?: ZodType;
  valueType?: ZodType;
}
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** The JSON paths (`data.workshops.*.registrationStatus`) at which a contract's output may be null. */
function nullablePaths(schema: ZodType, at: Step[] = [], seen = new Set<ZodType>()): Step[][] {
  if (seen.has(schema) || at.length > 12) return [];
  const def = defOf(schema);
  const next = new Set(seen).add(schema);
  switch (def.type) {
    case 'nullable':
      return [at, ...nullablePaths(def.innerType as ZodType, at, next)];
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return nullablePaths(def.innerType as ZodType, at, next);
    case 'pipe':
      return nullablePaths(def.out as ZodType, at, next);
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([k, v]) => nullablePaths(v, [...at, k], next));
    case 'array':
      return nullablePaths(def.element as ZodType, [...at, '*'], next);
    case 'union':
      return (def.options ?? []).flatMap((o) => nullablePaths(o, at, next));
    default:
      return [];
  }
}

/** The document's subschemas at a JSON path (every branch of anyOf/oneOf/allOf followed). */
function resolve(schema: Json, steps: Step[]): Json[] {
  const expand = (s: Json): Json[] => {
    const ref = typeof s.$ref === 'string' ? s.$ref : undefined;
    const base = ref ? ((document.components?.schemas ?? {})[ref.replace('#/components/schemas/', '')] ?? {}) : s;
    const branches = ['anyOf', 'oneOf', 'allOf'].flatMap((k) => (Array.isArray(base[k]) ? (base[k] as Json[]) : []));
    return [base, ...branches.flatMap(expand)];
  };
  let current = [schema];
  for (const step of steps) {
    current = current.flatMap(expand).flatMap((s) => {
      if (step === '*') return s.items && typeof s.items === 'object' ? [s.items as Json] : [];
      const props = s.properties as Record<string, Json> | undefined;
      return props?.[step] ? [props[step]] : [];
    });
  }
  return current;
}
