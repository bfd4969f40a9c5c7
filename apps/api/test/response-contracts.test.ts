import { rmSync } from 'node:fs';
import type { RouteOptions } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { CompiledSerializerMismatch, compiledSerializer, responseSerializerCompiler } from '../src/lib/response-serializer.ts';
import type { App } from '../src/lib/http.ts';
import { openTestDatabase, testConfig } from './harness.ts';

// Decision 665: production writes responses with each contract's compiled serializer.

const contract = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.string(),
    count: z.number().int(),
    status: z.enum(['open', 'closed']),
    owner: z.object({ name: z.string() }).nullable(),
    tags: z.array(z.string()),
    prefs: z.record(z.string(), z.boolean()).nullable(),
    note: z.string().optional(),
  }),
});

const value = {
  success: true as const,
  data: { id: 'a1', count: 3, status: 'open' as const, owner: { name: 'Ada' }, tags: ['x', 'y'], prefs: { email: true } },
};

const serializer = (mode: 'compiled' | 'checked', schema: ZodType = contract) =>
  responseSerializerCompiler(mode)({ schema, method: 'GET', url: '/api/things' });

describe('compiled response serializer', () => {
  it('writes what the zod contract writes', () => {
    const variants = [value, { ...value, data: { ...value.data, owner: null, prefs: null, note: 'n' } }];
    for (const v of variants)
      expect(JSON.parse(serializer('compiled')(v))).toEqual(JSON.parse(JSON.stringify(contract.encode(v))));
  });

  it('never writes a field the contract does not declare, at any depth', () => {
    const leaky = {
      ...value,
      passwordHash: 'h',
      data: { ...value.data, tokenVersion: 4, owner: { name: 'Ada', email: 'ada@x' } },
    };
    const json = serializer('compiled')(leaky);
    expect(json).not.toMatch(/passwordHash|tokenVersion|ada@x/);
    expect(JSON.parse(json).data.owner).toEqual({ name: 'Ada' });
  });

  it('in checked mode still refuses data that breaks the contract', () => {
    for (const broken of [{ status: 'gone' }, { count: 'three' }, { owner: { name: 7 } }]) {
      let thrown: unknown;
      try {
        serializer('checked')({ ...value, data: { ...value.data, ...broken } });
      } catch (error) {
        thrown = error;
      }
      expect(isResponseSerializationError(thrown)).toBe(true);
    }
  });

  it('in checked mode fails a response the compiled serializer would write differently', () => {
    // An output-side rewrite zod applies but JSON Schema cannot express: the two would disagree.
    const rewriting = z.object({ name: z.string().overwrite((s) => s.toUpperCase()) });
    expect(() => serializer('checked', rewriting)({ name: 'ada' })).toThrow(CompiledSerializerMismatch);
    expect(serializer('checked')(value)).toBe(JSON.stringify(contract.encode(value)));
  });
});

describe('every route contract', () => {
  const contracts: { route: string; schema: ZodType }[] = [];
  let app: App | undefined;
  let config: Config | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    config = testConfig();
    app = await buildApp({
      config,
      database: opened.database,
      startJobs: false,
      logger: false,
      onRoute: (route: RouteOptions) => {
        const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
        for (const [status, schema] of Object.entries(responses)) {
          if (schema && typeof schema === 'object' && '_zod' in schema)
            contracts.push({ route: `${String(route.method)} ${route.url} ${status}`, schema: schema as ZodType });
        }
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    if (config) rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('compiles (a contract that did not would fall back to zod in production)', () => {
    expect(contracts.length).toBeGreaterThan(100);
    const failed = contracts.filter(({ schema }) => {
      try {
        compiledSerializer(schema);
        return false;
      } catch {
        return true;
      }
    });
    expect(failed.map((c) => c.route)).toEqual([]);
  });
});
