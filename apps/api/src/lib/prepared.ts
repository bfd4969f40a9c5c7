import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/**
 * Statements built once per shape (decision 640). Drizzle builds a query's SQL text anew on every call
 * (190–270 µs for a list page, docs/performance.md); a list has a handful of shapes (which filters are
 * set), so each shape's statement is built the first time it is asked for, with placeholders
 * (`param('name')`) where the request's values go, and executed with those values afterwards.
 *
 * The statements stay unnamed (`prepare(UNNAMED)`): node-postgres parses and plans them on every execution,
 * exactly as before, with the request's actual values (no generic plans, issue 7). PGlite ignores the name.
 * They are kept per database handle (a transaction is another handle: it builds its own).
 */
const byDb = new WeakMap<object, Map<string, unknown>>();

/** The statement name that makes node-postgres send an unnamed statement (parsed and planned per execution). */
export const UNNAMED = '';

/** A value bound at execution time. */
export const param = (name: string) => sql.placeholder(name);

/** The statement `build` makes, built once for this database handle and `key` (one key per SQL shape). */
export function once<T>(db: Db, key: string, build: () => T): T {
  let statements = byDb.get(db);
  if (!statements) {
    statements = new Map();
    byDb.set(db, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build();
    statements.set(key, statement);
  }
  return statement;
}

const dialect = new PgDialect();

/**
 * A raw SQL statement (with `param()` placeholders) built once per shape; the function runs it with the
 * given values and returns its rows, as `queryRows` does for a statement built per call.
 */
export function onceRaw<T>(db: Db, key: string, build: () => SQL): (values: Record<string, unknown>) => Promise<T[]> {
  return once(db, key, () => {
    const prepared = db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, UNNAMED, false);
    return async (values: Record<string, unknown>) => {
      const result: unknown = await prepared.execute(values);
      if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
      throw new Error('Unexpected raw query result');
    };
  });
}
