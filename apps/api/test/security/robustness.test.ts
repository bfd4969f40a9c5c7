// Issue 16: every route, driven by the OpenAPI document the app publishes (/api/docs/json), gets
// malformed bodies, path parameters and queries — NUL and control characters, wrong types, huge and
// deeply nested values, bad encodings, malformed URLs, bad JSON — and must answer each with a 4xx in
// the product's envelope: never a 5xx, never Fastify's raw error shape. A route added tomorrow is in
// the document, so it is covered without editing this file.
import { writeFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../factories.ts';
import { buildOrganisationMember } from '../../src/modules/organisations/test-helpers.ts';
import { useSecurityApp } from './helpers.ts';

const t = useSecurityApp({
  overrides: { LOGIN_MAX_PER_IP: '1000000', LOGIN_MAX_PER_ACCOUNT: '1000000', BODY_LIMIT_BYTES: '262144' },
});

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};
type Operation = {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Doc = { paths: Record<string, Record<string, Operation>> };

/** A plausible valid value for a schema, so a body fails on the one field a case breaks, not on the others. */
function sample(schema: Schema | undefined, key = '', depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], key, depth + 1);
  if (schema.allOf?.length) return sample(schema.allOf[0], key, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = sample(s, k, depth + 1);
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    default:
      return sampleString(schema, key);
  }
}

function sampleString(schema: Schema, key: string): string {
  if (schema.format === 'email' || /email/i.test(key)) return 'robust@example.com';
  if (schema.format === 'date-time') return '2031-01-15T10:00:00.000Z';
  if (schema.format === 'date' || /date$/i.test(key)) return '2031-01-15';
  if (/time$/i.test(key)) return '10:00';
  if (/phone/i.test(key)) return '+91 98765 43210';
  if (/url|link|website/i.test(key)) return 'https://example.com/x';
  if (/password/i.test(key)) return 'Robust-Passw0rd!';
  if (/timezone/i.test(key)) return 'UTC';
  return 'Robust text';
}

const NUL = 'a\u0000b';
const CONTROL = 'a\u0001\u001b[31mb\u007f';
const LONE_SURROGATE = 'a\ud800b';
const HUGE = 'x'.repeat(100_000);
function nested(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}
const DEEP = nested(2_000);
const WRONG_TYPES: unknown[] = [12345, true, null, [], {}, ['a', 'b'], { $ne: null }];

/** Whole bodies that are not what any route reads. */
/** `true`: the body is still a JSON object, so a route whose fields are all optional may accept it. */
const RAW_BODIES: [string, string | Buffer, string, boolean?][] = [
  ['truncated JSON', '{"a":', 'application/json'],
  ['trailing garbage', '{} x', 'application/json'],
  ['JSON array', '[1,2,3]', 'application/json'],
  ['JSON string', '"text"', 'application/json'],
  ['JSON null', 'null', 'application/json'],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), 'application/json', true],
  ['UTF-16 body', Buffer.from('{"a":"b"}', 'utf16le'), 'application/json'],
  ['deeply nested arrays', `${'['.repeat(50_000)}${']'.repeat(50_000)}`, 'application/json'],
  ['deeply nested objects', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`, 'application/json', true],
  ['form encoded', 'a=b&c=d', 'application/x-www-form-urlencoded'],
  ['xml', '<a>b</a>', 'application/xml'],
  ['charset trick', '{"a":"b"}', 'application/json; charset=utf-7', true],
];

const PARAM_VALUES = ['%00', 'a%00b', '%01%1b', '%ff%fe', '%E0%A4%A', '%', '%%30', 'x'.repeat(5_000), '..%2F..%2Fetc%2Fpasswd', '%F0%9F%98%80', '%ED%A0%80', '-1', '1e309', '[object Object]'];
const QUERY_VALUES = ['%00', 'a%00b', '%01%1b', '%ff', '%E0%A4%A', '%', 'x'.repeat(5_000), '%ED%A0%80', '-1', '1e309', 'NaN', '[]'];

interface Case {
  label: string;
  request: InjectOptions;
  /** A 2xx is acceptable (e.g. an optional text filter with an odd but harmless value). */
  okAllowed?: boolean;
}

/** SCIM 2.0 answers errors in its own shape (RFC 7644 §3.12), which Entra ID and Okta read: not the envelope. */
function isScimError(res: { headers: Record<string, unknown>; body: string }): boolean {
  if (!/application\/(scim\+)?json/.test(String(res.headers['content-type'] ?? ''))) return false;
  try {
    const json = JSON.parse(res.body) as { schemas?: unknown; status?: unknown; detail?: unknown };
    return Array.isArray(json.schemas) && json.schemas.includes('urn:ietf:params:scim:api:messages:2.0:Error') && typeof json.status === 'string' && typeof json.detail === 'string';
  } catch {
    return false;
  }
}

function isEnvelope(res: { headers: Record<string, unknown>; body: string }): boolean {
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return false;
  try {
    const json = JSON.parse(res.body) as Record<string, unknown>;
    return json.success === false && typeof json.message === 'string' && typeof json.code === 'string' && !('statusCode' in json) && !('error' in json);
  } catch {
    return false;
  }
}

describe('a NUL byte in an e-mail', () => {
  it.each([
    ['/api/auth/login', { email: 'a\u0000@example.com', password: 'whatever1' }],
    ['/api/auth/forgot-password', { email: 'a\u0000@example.com' }],
    ['/api/auth/register', { firstName: 'A', lastName: 'B', email: 'a\u0000@example.com', password: 'secret1', university: 'U', course: 'C', year: 1, rollNumber: 'R', phone: '+91 98765 43210' }],
    ['/api/contact', { name: 'A', email: 'a\u0000@example.com', subject: 'S', message: 'M' }],
  ])('POST %s → 400 in the envelope', async (url, payload) => {
    const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.250.0.1' });
    expect(res.statusCode).toBe(400);
    expect(isEnvelope(res)).toBe(true);
  });
});

describe('every route, driven by the OpenAPI document', () => {
  it('answers malformed bodies, params and queries with a 4xx in the envelope — never a 5xx, never the raw shape', { timeout: 600_000 }, async () => {
    const docRes = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docRes.statusCode).toBe(200);
    const doc = JSON.parse(docRes.body) as Doc;
    const users: Record<string, BuiltUser> = { student: await buildStudent(t), professional: await buildProfessional(t), admin: await buildAdmin(t) };
    // SCIM routes are reached with an organisation's SCIM bearer token (issue 23), so validation answers.
    const scimAdmin = await buildOrganisationMember(t, { type: 'university' });
    const scimToken = await t.app.inject({ method: 'POST', url: '/api/organisations/me/scim-tokens', headers: scimAdmin.auth, payload: { name: 'robustness' } });
    const scimSecret = (JSON.parse(scimToken.body) as { data: { secret: string } }).data.secret;
    /** The caller that gets past the access layer, so validation is what answers. */
    const actorFor = (method: string, path: string) => {
      if (path.startsWith('/api/scim/v2/')) return { authorization: `Bearer ${scimSecret}` };
      const route = t.routes.find((r) => r.method === method && r.url === path);
      const access = route?.access;
      if (access === 'public' || access === undefined) return {};
      const role = access === 'authenticated' ? 'student' : (access as string[])[0] ?? 'student';
      return users[role]?.auth ?? {};
    };

    const failures: string[] = [];
    let requests = 0;
    let routesSeen = 0;
    for (const [openApiPath, operations] of Object.entries(doc.paths)) {
      if (!openApiPath.startsWith('/api/') || openApiPath.startsWith('/api/docs')) continue;
      const fastifyPath = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
      for (const [methodLower, op] of Object.entries(operations)) {
        const method = methodLower.toUpperCase();
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        if (fastifyPath.endsWith('/stream')) continue; // server-sent events stay open by design
        routesSeen++;
        const headers = actorFor(method, fastifyPath);
        const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
        const goodPath = openApiPath.replace(/\{([^}]+)\}/g, 'aaaaaaaaaaaaaaaaaaaaaaaa');
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const hasJsonBody = Boolean(bodySchema) && method !== 'GET' && method !== 'DELETE';
        const base = hasJsonBody ? (sample(bodySchema) as Record<string, unknown>) : undefined;
        const cases: Case[] = [];

        // Path parameters: each one broken in turn (the others stay well-formed).
        for (const name of pathParams) {
          for (const value of PARAM_VALUES) {
            const url = openApiPath.replace(/\{([^}]+)\}/g, (_m, p: string) => (p === name ? value : 'aaaaaaaaaaaaaaaaaaaaaaaa'));
            cases.push({ label: `param ${name}=${value.slice(0, 20)}`, request: { method: method as 'GET', url, headers, ...(hasJsonBody ? { payload: base } : {}) } });
          }
        }
        // Query parameters the route declares, and the URL itself.
        for (const q of queryParams) {
          for (const value of QUERY_VALUES) {
            // NUL and control characters are never a legitimate query; other odd values may be a valid search.
            const malformed = /%00|%01/.test(value);
            cases.push({ label: `query ${q.name}=${value.slice(0, 20)}`, request: { method: method as 'GET', url: `${goodPath}?${q.name}=${value}`, headers, ...(hasJsonBody ? { payload: base } : {}) }, okAllowed: !malformed });
          }
          cases.push({ label: `query ${q.name} repeated`, request: { method: method as 'GET', url: `${goodPath}?${q.name}=1&${q.name}=2`, headers, ...(hasJsonBody ? { payload: base } : {}) }, okAllowed: true });
        }
        cases.push({ label: 'malformed query string', request: { method: method as 'GET', url: `${goodPath}?%&=&%%&a=%zz`, headers, ...(hasJsonBody ? { payload: base } : {}) }, okAllowed: true });

        if (hasJsonBody && base) {
          // Each field broken in turn: NUL, control characters, lone surrogates, wrong types, huge, deep.
          const fields = Object.keys(base);
          for (const field of fields) {
            const variants: [string, unknown][] = [
              ['NUL', NUL],
              ['control chars', CONTROL],
              ['lone surrogate', LONE_SURROGATE],
              ['huge', HUGE],
              ['deeply nested', DEEP],
              ...WRONG_TYPES.map((w) => [`wrong type ${JSON.stringify(w)}`, w] as [string, unknown]),
            ];
            for (const [name, value] of variants) {
              // A wrong type where the schema takes any JSON, or null where null is allowed, may be fine.
              cases.push({ label: `body ${field}: ${name}`, request: { method: method as 'POST', url: goodPath, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ ...base, [field]: value }) }, okAllowed: name.startsWith('wrong type') || name === 'huge' });
            }
          }
          cases.push({ label: 'body: NUL in a key', request: { method: method as 'POST', url: goodPath, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ ...base, 'a\u0000b': 'x' }) }, okAllowed: true });
        }
        if (method !== 'GET' && method !== 'DELETE') {
          for (const [name, raw, type, stillAnObject] of RAW_BODIES) {
            // A route that reads no body may ignore one; a route that reads JSON must refuse what is not an object.
            cases.push({ label: `raw body: ${name}`, request: { method: method as 'POST', url: goodPath, headers: { ...headers, 'content-type': type }, payload: raw }, okAllowed: !hasJsonBody || stillAnObject === true });
          }
        }

        for (const c of cases) {
          requests++;
          // A fresh source address each time: per-IP limits (sign-in, registration, contact) must not
          // answer 429 before the input is even looked at.
          const res = await t.app.inject({ ...c.request, remoteAddress: `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}` });
          const where = `${method} ${fastifyPath} — ${c.label}`;
          if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          else if (res.statusCode >= 400 && !(fastifyPath.startsWith('/api/scim/v2/') ? isScimError(res) : isEnvelope(res))) failures.push(`${where}: ${res.statusCode} not the envelope: ${res.body.slice(0, 160)}`);
          else if (res.statusCode < 400 && !c.okAllowed) failures.push(`${where}: ${res.statusCode} accepted`);
        }
      }
    }
    if (process.env.ROBUSTNESS_DUMP) writeFileSync(process.env.ROBUSTNESS_DUMP, failures.join('\n'));
    expect(routesSeen).toBeGreaterThan(50);
    expect(requests).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });

  it('malformed URLs anywhere under /api answer 4xx in the envelope', async () => {
    const failures: string[] = [];
    for (const url of ['/api/%', '/api/%E0%A4%A', '/api/workshops/%', '/api/workshops/%ff%fe', '/api/auth/me%00', '/api/%00', `/api/${'x'.repeat(8_000)}`, '/api//workshops', '/api/./workshops/../auth/me']) {
      const res = await t.app.inject({ method: 'GET', url });
      if (res.statusCode >= 500 || res.statusCode < 400 || !isEnvelope(res)) failures.push(`${url.slice(0, 40)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});
