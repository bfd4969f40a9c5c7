import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AppEvent } from './events.ts';
import { queryRows } from './sql.ts';

/**
 * The catalogue cache (issue 13, docs/decisions/441-catalogue-cache.md).
 *
 * Invalidation is driven by the database, not by the write paths: a statement-level trigger on every
 * table (installed at start, also on tables added later) sends `pg_notify('app_events', {type:'cache',
 * table})` when a statement changes it — delivered at commit, to every process. Each process counts the
 * notifications per table; an entry remembers the counts of the tables it read and is a hit only while
 * they are unchanged. A write path added tomorrow invalidates the cache without knowing it exists.
 *
 * Read-your-own-writes: after every non-GET request not answered 4xx this process waits (before answering) until its
 * own notification barrier comes back through LISTEN; notifications arrive in commit order, so by then
 * every invalidation its write caused has been applied. Other processes apply it within the LISTEN
 * latency (milliseconds; asserted < 1 s by test/multiprocess). While LISTEN is down the cache is bypassed
 * and, when it comes back, emptied.
 *
 * CATALOGUE_CACHE=verify (the API test suite's default): every hit is compared with a fresh read; a
 * difference that survives a barrier (so no invalidation was merely in flight) throws.
 */
export type CacheMode = 'off' | 'on' | 'verify';

/** High-churn tables no cached read depends on: no trigger, no notification traffic. */
export const UNWATCHED_TABLES = new Set([
  'jobs',
  'emails',
  'rate_limits',
  'audit_log',
  'notifications',
  'notification_counters',
  'stored_files',
  'stored_file_chunks',
  'conversation_messages',
]);

const TRIGGER = 'app_cache_invalidate';

/** Install the invalidation trigger on every table that lacks it (idempotent, safe with several processes starting). */
export async function installCacheTriggers(database: Database): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(4409131)`);
    await tx.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION ${TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
          PERFORM pg_notify('app_events', json_build_object('userId', '', 'type', 'cache', 'data', json_build_object('table', TG_TABLE_NAME))::text);
          RETURN NULL;
        END $fn$`),
    );
    const missing = await queryRows<{ name: string }>(
      tx,
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
            AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = ${TRIGGER})
          ORDER BY c.relname`,
    );
    const added: string[] = [];
    for (const { name } of missing) {
      if (UNWATCHED_TABLES.has(name) || !/^[a-z_][a-z0-9_]*$/.test(name)) continue;
      await tx.execute(
        sql.raw(`CREATE TRIGGER ${TRIGGER} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${name}" FOR EACH STATEMENT EXECUTE FUNCTION ${TRIGGER}()`),
      );
      added.push(name);
    }
    return added;
  });
}

interface Entry {
  stamp: string;
  value: unknown;
  /** Reads whose result also changes with the clock (a workshop ending) expire; ms since the epoch. */
  expiresAt: number;
}

export interface CacheStats {
  hits: number;
  misses: number;
  bypassed: number;
  verified: number;
  entries: number;
}

export interface CatalogueCacheOptions {
  mode: CacheMode;
  /** Whether invalidations are being heard (the event bus's LISTEN connection is up). */
  live: () => boolean;
  /** Resolves once every notification committed before the call has been received (false: timed out). */
  barrier: () => Promise<boolean>;
  log?: FastifyBaseLogger;
  maxEntries?: number;
}

export class StaleCacheError extends Error {}

/** Even an entry nothing invalidated is read again after this long (a bound on anything the triggers cannot see). */
const DEFAULT_TTL_MS = 5 * 60_000;

export function createCatalogueCache(options: CatalogueCacheOptions) {
  const maxEntries = options.maxEntries ?? 5000;
  const versions = new Map<string, number>();
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<unknown>>();
  let epoch = 0;
  let wasLive = true;
  const stats: CacheStats = { hits: 0, misses: 0, bypassed: 0, verified: 0, entries: 0 };

  function stamp(tables: readonly string[]): string {
    let s = String(epoch);
    for (const t of tables) s += `:${versions.get(t) ?? 0}`;
    return s;
  }

  function clear() {
    epoch++;
    entries.clear();
  }

  function store(key: string, entry: Entry) {
    if (entries.size >= maxEntries) {
      // Oldest first (Map keeps insertion order; a hit re-inserts its entry).
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, entry);
  }

  return {
    /**
     * Whether reads go through the cache (on or verify). Off, a list reads its per-user part in its page
     * query instead of one query on top of a shared page (issue 13: one statement fewer).
     */
    enabled: options.mode !== 'off',
    mode: options.mode,
    /** Feed every event of the bus here: `cache` events bump their table's version. */
    onEvent(event: AppEvent) {
      if (event.type === 'cache' && typeof event.data?.table === 'string') {
        versions.set(event.data.table, (versions.get(event.data.table) ?? 0) + 1);
      } else if (event.type === 'cache-reset') {
        clear();
      }
    },
    clear,
    /** Wait until this process has heard every invalidation committed so far (after a write). */
    async settle(): Promise<void> {
      if (options.mode === 'off') return;
      if (!(await options.barrier())) clear();
    },
    /**
     * The shared value for `name` + `params`, computed by `compute` (which must read only `tables`)
     * unless a valid entry exists. The value is shared between requests: never mutate it.
     */
    async get<T>(
      name: string,
      tables: readonly string[],
      params: unknown,
      compute: () => Promise<T>,
      options2: { ttlMs?: number } = {},
    ): Promise<T> {
      if (options.mode === 'off') return compute();
      if (!options.live()) {
        wasLive = false;
        stats.bypassed++;
        return compute();
      }
      if (!wasLive) {
        wasLive = true;
        clear();
      }
      const key = `${name}\u0000${JSON.stringify(params)}`;
      const current = stamp(tables);
      const entry = entries.get(key);
      const now = Date.now();
      if (entry && entry.stamp === current && entry.expiresAt > now) {
        stats.hits++;
        entries.delete(key);
        entries.set(key, entry);
        if (options.mode === 'verify') return (await verify(key, tables, entry, compute)) as T;
        return entry.value as T;
      }
      const flightKey = `${key}\u0000${current}`;
      const running = inflight.get(flightKey);
      if (running) return (await running) as T;
      stats.misses++;
      const promise = compute().then((value) => {
        // Stored under the versions seen before reading: an invalidation during the read makes it a miss.
        store(key, { stamp: current, value, expiresAt: now + (options2.ttlMs ?? DEFAULT_TTL_MS) });
        return value;
      });
      inflight.set(flightKey, promise);
      try {
        return await promise;
      } finally {
        inflight.delete(flightKey);
      }
    },
    stats(): CacheStats {
      return { ...stats, entries: entries.size };
    },
  };

  async function verify(key: string, tables: readonly string[], entry: Entry, compute: () => Promise<unknown>) {
    stats.verified++;
    const fresh = await compute();
    if (JSON.stringify(fresh) === JSON.stringify(entry.value)) return entry.value;
    // An invalidation may still be on its way (a write outside a request, in another process): wait for it.
    await options.barrier();
    if (entries.get(key) === entry && stamp(tables) === entry.stamp) {
      const message = `catalogue cache: a hit for ${key.replace('\u0000', ' ')} differs from a fresh read — a table it reads is missing from its list, or a write was not announced`;
      options.log?.error({ key }, message);
      throw new StaleCacheError(message);
    }
    return fresh;
  }
}
export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

/** A strong ETag of a response body. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
