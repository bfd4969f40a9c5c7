import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * One guard for every route, before any schema runs: no string anywhere in the body, the query or the
 * path parameters (keys included) may carry NUL, other C0 control characters (tab, newline and carriage
 * return excepted), DEL or a lone UTF-16 surrogate, and no body may nest deeper than MAX_DEPTH.
 * PostgreSQL cannot store NUL in text (a 500 when a field without its own check reached the database);
 * the rest is never legitimate input and is used to disguise or break what is stored.
 * Field schemas add their own rules (bidi overrides in text, formats); this is the floor under them.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const MAX_DEPTH = 32;
export const FORBIDDEN_INPUT_MESSAGE = 'The request contains characters that are not allowed';
export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply';

type Verdict = 'ok' | 'chars' | 'deep';

function inspect(value: unknown, depth: number): Verdict {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? 'chars' : 'ok';
  if (typeof value !== 'object' || value === null) return 'ok';
  if (Buffer.isBuffer(value)) return 'ok';
  if (depth >= MAX_DEPTH) return 'deep';
  if (Array.isArray(value)) {
    for (const item of value) {
      const v = inspect(item, depth + 1);
      if (v !== 'ok') return v;
    }
    return 'ok';
  }
  for (const [key, item] of Object.entries(value)) {
    if (FORBIDDEN.test(key)) return 'chars';
    const v = inspect(item, depth + 1);
    if (v !== 'ok') return v;
  }
  return 'ok';
}

/** Throws a 400 when the request's body, query or params carry what no route accepts. */
export function assertCleanInput(request: Pick<FastifyRequest, 'body' | 'query' | 'params'>): void {
  for (const part of [request.params, request.query, request.body]) {
    const verdict = inspect(part, 0);
    if (verdict === 'chars') throw badRequest(FORBIDDEN_INPUT_MESSAGE);
    if (verdict === 'deep') throw badRequest(TOO_DEEP_MESSAGE);
  }
}
