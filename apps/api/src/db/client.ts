import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type ParserOptions, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database handle services receive; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Raw SQL for scripts and health checks. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /** PGlite only: the underlying instance (tests dump and load it). */
  pglite?: PGlite;
  /** PostgreSQL only: the pool (LISTEN/NOTIFY clients are taken from it). */
  pool?: pg.Pool;
}

export const PGLITE_EXTENSIONS = { btree_gist, pg_trgm };

/** The folder holding drizzle's migrations, found from wherever this code runs (src or dist). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Migrations folder (apps/api/drizzle) not found');
}

/**
 * drizzle's PGlite driver sends the same nine type parsers (timestamps, dates, intervals and their arrays kept
 * as text, which drizzle's columns then map) with every query, and PGlite copies its whole parser table (every
 * type and array type) to merge them, per query: ~95 µs a query, 0.3–0.4 ms of a list request (decision 668).
 * The instance carries those nine parsers instead, and the client drizzle is given drops its per-query copy.
 * (PGlite sets its array types' parsers when it first reads them, over the five array entries here; drizzle
 * maps an array column from a parsed array as from its text, and the schema has no such column.)
 */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
/** PGlite's own parsers for those types, for the raw `query` helper (which answers as node-postgres does). */
const PGLITE_DEFAULT_PARSERS: ParserOptions = {};
for (const oid of DRIZZLE_TEXT_TYPES) {
  const parse = (types.parsers as Record<number, ParserOptions[number] | undefined>)[oid];
  if (parse) PGLITE_DEFAULT_PARSERS[oid] = parse;
}

type Queryable = Pick<PGlite, 'query'> | Transaction;

function withoutQueryParsers<T extends Queryable>(target: T): T {
  return new Proxy(target, {
    get(t, prop) {
      if (prop === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          t.query(text, params, options?.parsers ? { ...options, parsers: undefined } : options);
      }
      if (prop === 'transaction' && 'transaction' in t) {
        return <R>(callback: (tx: Transaction) => Promise<R>) => (t as PGlite).transaction((tx) => callback(withoutQueryParsers(tx)));
      }
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

export function fromPglite(client: PGlite): Database {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  const db: Db = drizzlePglite({ client: withoutQueryParsers(client), schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() }),
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query<T>(sql, params, { parsers: PGLITE_DEFAULT_PARSERS });
      return result.rows;
    },
    close: () => client.close(),
  };
}

export async function openPglite(dataDir?: string): Promise<Database> {
  const client = dataDir
    ? await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS })
    : await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  return fromPglite(client);
}

export interface PostgresOptions {
  statementTimeoutMs?: number;
  max?: number;
  /** Told about a lost connection (logged by the caller); never thrown. */
  onConnectionError?: (err: Error) => void;
}

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    // A statement never waits forever on a lock: the request fails and the pool recovers.
    options: `-c statement_timeout=${options.statementTimeoutMs ?? 10_000} -c lock_timeout=${options.statementTimeoutMs ?? 10_000}`,
  });
  // A connection that dies must never end the process (issue 31). node-postgres emits `error` on a client
  // whose connection is lost while no query runs on it; the pool listens only while the client is idle
  // (`pool.on('error')`), not while it is checked out (a transaction between statements, the job worker,
  // migrate). Every client gets its own listener for its whole life: the statement in progress is rejected
  // by the driver (the request answers 503), and the pool discards the dead client when it is released
  // (`_queryable` is false), so the next checkout opens a new connection once the database is back.
  pool.on('connect', (client) => {
    client.on('error', (err) => options.onConnectionError?.(err));
  });
  pool.on('error', (err) => options.onConnectionError?.(err));
  const db: Db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    pool,
    async migrate() {
      const client = await pool.connect();
      try {
        // Several processes may start at once: one migrates, the others wait.
        await client.query('SELECT pg_advisory_lock(727274)');
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return result.rows as T[];
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(
  config: { databaseUrl?: string; dataDir: string; statementTimeoutMs: number },
  onConnectionError?: (err: Error) => void,
) {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { statementTimeoutMs: config.statementTimeoutMs, onConnectionError });
  // PGlite creates only the last directory: a new DATA_DIR (with JWT_SECRET set, nothing else makes it) must exist.
  mkdirSync(config.dataDir, { recursive: true });
  return openPglite(path.join(config.dataDir, 'db'));
}
