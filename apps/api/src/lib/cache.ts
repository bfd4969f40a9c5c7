import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.ts';
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
 * Per-user parts (decision 645): a user's own rows (registrations, likes, bookmarks, alerts, applications,
 * affiliation, the account behind their token) are entries of `forUser`, invalidated per user by triggers
 * on PER_USER_TABLES that notify the ids a statement touched.
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
  // Single sign-on's per-sign-in rows (issue 23's CPU budget): flows, one-time codes, replay ids, refusals,
  // identities' last sign-in, OIDC sessions and logout tokens. Connections, settings and SP keys stay watched
  // (the sign-in reads them through the cache).
  'sso_flows',
  'sso_results',
  'sso_assertions',
  'sso_events',
  'sso_identities',
  'sso_oidc_sessions',
  'sso_logout_tokens',
]);

const TRIGGER = 'app_cache_invalidate';

/**
 * The tables holding a user's own state that lists merge per caller (decision 645), with the column naming
 * the user. A statement that changes rows of them — whoever runs it: the user, an admin, a job, a cascade
 * of a deleted account or workshop, plain SQL — announces the user ids it touched.
 */
export const PER_USER_TABLES: Readonly<Record<string, string>> = {
  users: 'id',
  workshop_registrations: 'student_id',
  idea_likes: 'user_id',
  rd_bookmarks: 'user_id',
  rd_alerts: 'user_id',
  rd_applications: 'student_id',
  student_affiliations: 'student_id',
  // The access hook's account entry (decision 646) also holds the open sessions and the second factor (decision 760).
  auth_sessions: 'user_id',
  user_mfa: 'user_id',
  passkeys: 'user_id',
};
const USER_TRIGGER = 'app_user_cache_invalidate';
/**
 * `users` columns that no cached read shows: a sign-in writes them (and drizzle's updated_at). An UPDATE of
 * `users` that changed nothing else announces the users it touched (their own entries, decision 646) but
 * not the table, so a sign-in rush does not empty every list that shows a name (decision 657).
 */
export const USERS_SIGN_IN_COLUMNS = ['last_login_at', 'updated_at'] as const;
/** The table notification's name on `users`: inserts, deletes and truncates only; updates go through USER_TRIGGER. */
const USERS_TABLE_TRIGGER = `${TRIGGER}_users`;
/** More users than this in one statement: one "every user" notification instead of a list (NOTIFY payloads stop at 8,000 bytes). */
export const USER_NOTIFY_MAX = 100;

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
    // A table listed as unwatched after its trigger was installed (an older database) loses the trigger.
    const stale = await queryRows<{ name: string }>(
      tx,
      sql`SELECT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
          WHERE t.tgname = ${TRIGGER} AND c.relname IN (${sql.join([...UNWATCHED_TABLES].map((n) => sql`${n}`), sql`, `)})`,
    );
    for (const { name } of stale) {
      if (/^[a-z_][a-z0-9_]*$/.test(name)) await tx.execute(sql.raw(`DROP TRIGGER ${TRIGGER} ON "${name}"`));
    }
    const added: string[] = [];
    for (const { name } of missing) {
      if (UNWATCHED_TABLES.has(name) || name === 'users' || !/^[a-z_][a-z0-9_]*$/.test(name)) continue;
      await tx.execute(
        sql.raw(`CREATE TRIGGER ${TRIGGER} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${name}" FOR EACH STATEMENT EXECUTE FUNCTION ${TRIGGER}()`),
      );
      added.push(name);
    }
    // users (decision 657): the table is announced by its per-user UPDATE trigger only when a change is more
    // than a sign-in's; inserts, deletes and truncates always. The general trigger of older databases goes.
    const [usersTable] = await queryRows<{ present: boolean; triggers: string[] }>(
      tx,
      sql`SELECT to_regclass('public.users') IS NOT NULL AS present,
                 ARRAY(SELECT tgname::text FROM pg_trigger WHERE tgrelid = to_regclass('public.users')) AS triggers`,
    );
    if (usersTable?.present) {
      if (usersTable.triggers.includes(TRIGGER)) await tx.execute(sql.raw(`DROP TRIGGER ${TRIGGER} ON "users"`));
      if (!usersTable.triggers.includes(USERS_TABLE_TRIGGER)) {
        await tx.execute(
          sql.raw(`CREATE TRIGGER ${USERS_TABLE_TRIGGER} AFTER INSERT OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION ${TRIGGER}()`),
        );
        added.push('users');
      }
    }
    await installUserTriggers(tx);
    return added;
  });
}

/**
 * Per-user invalidation (decision 645): statement-level triggers with transition tables on PER_USER_TABLES
 * send `{type:'user-cache', data:{users:[ids]}}` (or `{all:true}` for a TRUNCATE or a statement touching
 * more than USER_NOTIFY_MAX users), delivered at commit to every process like the table notifications.
 * Transition tables need one trigger per event: insert, update, delete, plus truncate.
 */
async function installUserTriggers(tx: Db) {
  await tx.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION ${USER_TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE ids text[];
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          ids := NULL;
        ELSIF TG_OP = 'INSERT' THEN
          EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM app_new_rows', TG_ARGV[0]) INTO ids;
          IF ids IS NULL THEN RETURN NULL; END IF;
        ELSIF TG_OP = 'DELETE' THEN
          EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM app_old_rows', TG_ARGV[0]) INTO ids;
          IF ids IS NULL THEN RETURN NULL; END IF;
        ELSE
          -- users: the table's own notification (decision 441) for any change beyond a sign-in's columns (657).
          IF TG_TABLE_NAME = 'users' AND EXISTS (
            SELECT to_jsonb(n) - ARRAY[${USERS_SIGN_IN_COLUMNS.map((c) => `'${c}'`).join(', ')}] FROM app_new_rows n
            EXCEPT SELECT to_jsonb(o) - ARRAY[${USERS_SIGN_IN_COLUMNS.map((c) => `'${c}'`).join(', ')}] FROM app_old_rows o
          ) THEN
            PERFORM pg_notify('app_events', json_build_object('userId', '', 'type', 'cache', 'data', json_build_object('table', TG_TABLE_NAME))::text);
          END IF;
          EXECUTE format('SELECT array_agg(DISTINCT u) FROM (SELECT %1$I::text AS u FROM app_new_rows UNION SELECT %1$I::text FROM app_old_rows) x', TG_ARGV[0]) INTO ids;
          IF ids IS NULL THEN RETURN NULL; END IF;
        END IF;
        IF ids IS NULL OR cardinality(ids) > ${USER_NOTIFY_MAX} THEN
          PERFORM pg_notify('app_events', json_build_object('userId', '', 'type', 'user-cache', 'data', json_build_object('all', true))::text);
        ELSE
          PERFORM pg_notify('app_events', json_build_object('userId', '', 'type', 'user-cache', 'data', json_build_object('users', ids))::text);
        END IF;
        RETURN NULL;
      END $fn$`),
  );
  const present = await queryRows<{ table: string; name: string }>(
    tx,
    sql`SELECT c.relname AS table, t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND t.tgname LIKE ${`${USER_TRIGGER}%`}`,
  );
  const have = new Set(present.map((r) => `${r.table}.${r.name}`));
  const tables = new Set(
    (
      await queryRows<{ name: string }>(
        tx,
        sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
      )
    ).map((r) => r.name),
  );
  for (const [table, column] of Object.entries(PER_USER_TABLES)) {
    if (!tables.has(table)) continue;
    const variants: [string, string][] = [
      ['ins', `AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS app_new_rows FOR EACH STATEMENT`],
      ['upd', `AFTER UPDATE ON "${table}" REFERENCING OLD TABLE AS app_old_rows NEW TABLE AS app_new_rows FOR EACH STATEMENT`],
      ['del', `AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS app_old_rows FOR EACH STATEMENT`],
      ['trunc', `AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT`],
    ];
    for (const [suffix, when] of variants) {
      const name = `${USER_TRIGGER}_${suffix}`;
      if (have.has(`${table}.${name}`)) continue;
      await tx.execute(sql.raw(`CREATE TRIGGER ${name} ${when} EXECUTE FUNCTION ${USER_TRIGGER}('${column}')`));
    }
  }
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
  /** The per-user parts (decision 645): hits and misses of `forUser`, and its entries. */
  userHits: number;
  userMisses: number;
  userEntries: number;
  /** Entries of `getAny` (rendered public pages, decision 1360). */
  anyEntries: number;
}

export interface CatalogueCacheOptions {
  mode: CacheMode;
  /** Whether invalidations are being heard (the event bus's LISTEN connection is up). */
  live: () => boolean;
  /** Resolves once every notification committed before the call has been received (false: timed out). */
  barrier: () => Promise<boolean>;
  log?: FastifyBaseLogger;
  maxEntries?: number;
  /** Per-user entries kept (least recently used dropped first). */
  maxUserEntries?: number;
  /** `getAny` entries kept (rendered pages, ~120 kB each: decision 1360), least recently used dropped first. */
  maxAnyEntries?: number;
}

export class StaleCacheError extends Error {}

/** Even an entry nothing invalidated is read again after this long (a bound on anything the triggers cannot see). */
const DEFAULT_TTL_MS = 5 * 60_000;
/** Users whose version is remembered; past this the whole cache starts again (bounded memory). */
const MAX_USER_VERSIONS = 200_000;

/**
 * JSON for comparing a cached value with a fresh read (verify mode): Maps and Sets (the per-user parts) as
 * sorted entries, so two reads that differ only in row order compare equal.
 */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Map) return { $map: [...(v as Map<unknown, unknown>).entries()].sort((a, b) => String(a[0]).localeCompare(String(b[0]))) };
    if (v instanceof Set) return { $set: [...(v as Set<unknown>)].map(String).sort() };
    return v;
  });
}

type Pool = { entries: Map<string, Entry>; max: number; hits: 'hits' | 'userHits'; misses: 'misses' | 'userMisses' };

export function createCatalogueCache(options: CatalogueCacheOptions) {
  const versions = new Map<string, number>();
  /** Per user: how many per-user invalidations this process has heard for them (decision 645). */
  const userVersions = new Map<string, number>();
  const shared: Pool = { entries: new Map(), max: options.maxEntries ?? 5000, hits: 'hits', misses: 'misses' };
  const perUser: Pool = { entries: new Map(), max: options.maxUserEntries ?? 50_000, hits: 'userHits', misses: 'userMisses' };
  // Their own pool: a page is ~120 kB, a list entry a few; 5,000 distinct query strings must not hold 600 MB.
  const any: Pool = { entries: new Map(), max: options.maxAnyEntries ?? 200, hits: 'hits', misses: 'misses' };
  const inflight = new Map<string, Promise<unknown>>();
  let epoch = 0;
  /** Every table's notifications together: what `getAny` entries are valid for (decision 1360). */
  let anyVersion = 0;
  /** Bumped when every user's part is invalidated at once (a TRUNCATE, a statement touching many users). */
  let userEpoch = 0;
  let wasLive = true;
  const stats = { hits: 0, misses: 0, bypassed: 0, verified: 0, userHits: 0, userMisses: 0 };

  function stamp(tables: readonly string[], userId?: string): string {
    let s = String(epoch);
    if (userId !== undefined) s += `:u${userEpoch}.${userVersions.get(userId) ?? 0}`;
    for (const t of tables) s += `:${versions.get(t) ?? 0}`;
    return s;
  }

  function clear() {
    epoch++;
    shared.entries.clear();
    any.entries.clear();
    clearUsers();
  }

  function clearUsers() {
    userEpoch++;
    perUser.entries.clear();
    userVersions.clear();
  }

  function store(pool: Pool, key: string, entry: Entry) {
    if (pool.entries.size >= pool.max) {
      // Oldest first (Map keeps insertion order; a hit re-inserts its entry).
      const oldest = pool.entries.keys().next().value;
      if (oldest !== undefined) pool.entries.delete(oldest);
    }
    pool.entries.set(key, entry);
  }

  async function lookup<T>(
    pool: Pool,
    key: string,
    stampOf: () => string,
    compute: () => Promise<T>,
    ttlMs: number,
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
    const current = stampOf();
    const entry = pool.entries.get(key);
    const now = Date.now();
    if (entry && entry.stamp === current && entry.expiresAt > now) {
      stats[pool.hits]++;
      pool.entries.delete(key);
      pool.entries.set(key, entry);
      if (options.mode === 'verify') return (await verify(pool, key, stampOf, entry, compute)) as T;
      return entry.value as T;
    }
    const flightKey = `${pool.hits}\u0000${key}\u0000${current}`;
    const running = inflight.get(flightKey);
    if (running) return (await running) as T;
    stats[pool.misses]++;
    const promise = compute().then((value) => {
      // Stored under the versions seen before reading: an invalidation during the read makes it a miss.
      store(pool, key, { stamp: current, value, expiresAt: now + ttlMs });
      return value;
    });
    inflight.set(flightKey, promise);
    try {
      return await promise;
    } finally {
      inflight.delete(flightKey);
    }
  }

  return {
    /**
     * Whether reads go through the cache (on or verify). Off, a list reads its per-user part in its page
     * query instead of one query on top of a shared page (issue 13: one statement fewer).
     */
    enabled: options.mode !== 'off',
    mode: options.mode,
    /**
     * Feed every event of the bus here: `cache` events bump their table's version, `user-cache` events
     * (decision 645) the versions of the users they name (or drop every per-user entry).
     */
    onEvent(event: AppEvent) {
      if (event.type === 'cache' && typeof event.data?.table === 'string') {
        versions.set(event.data.table, (versions.get(event.data.table) ?? 0) + 1);
        anyVersion++;
      } else if (event.type === 'user-cache') {
        const users = event.data?.users;
        if (Array.isArray(users) && event.data?.all !== true) {
          if (userVersions.size + users.length > MAX_USER_VERSIONS) clearUsers();
          for (const id of users) if (typeof id === 'string') userVersions.set(id, (userVersions.get(id) ?? 0) + 1);
        } else {
          clearUsers();
        }
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
    get<T>(name: string, tables: readonly string[], params: unknown, compute: () => Promise<T>, options2: { ttlMs?: number } = {}): Promise<T> {
      const key = `${name}\u0000${JSON.stringify(params)}`;
      return lookup(shared, key, () => stamp(tables), compute, options2.ttlMs ?? DEFAULT_TTL_MS);
    },
    /**
     * A shared value for `name` + `params` that may read any watched table (a public page rendered for a
     * visitor, decision 1360): valid until a statement changes any of them, or `ttlMs` has passed. Never mutate it.
     */
    getAny<T>(name: string, params: unknown, compute: () => Promise<T>, options2: { ttlMs: number }): Promise<T> {
      const key = `${name}\u0000${JSON.stringify(params)}`;
      return lookup(any, key, () => `${epoch}:a${anyVersion}`, compute, options2.ttlMs);
    },
    /**
     * One user's own state `name` (decision 645), computed by `compute`, which must read only that user's
     * rows of PER_USER_TABLES (announced per user by their triggers) and the shared `tables`. Valid until a
     * statement touches one of the user's rows, or one of `tables` changes. Never mutate the value.
     */
    forUser<T>(userId: string, name: string, tables: readonly string[], compute: () => Promise<T>, options2: { ttlMs?: number } = {}): Promise<T> {
      const key = `${name}\u0000${userId}`;
      return lookup(perUser, key, () => stamp(tables, userId), compute, options2.ttlMs ?? DEFAULT_TTL_MS);
    },
    stats(): CacheStats {
      return { ...stats, entries: shared.entries.size, userEntries: perUser.entries.size, anyEntries: any.entries.size };
    },
  };

  async function verify(pool: Pool, key: string, stampOf: () => string, entry: Entry, compute: () => Promise<unknown>) {
    stats.verified++;
    const fresh = await compute();
    if (stableJson(fresh) === stableJson(entry.value)) return entry.value;
    // An invalidation may still be on its way (a write outside a request, in another process): wait for it.
    await options.barrier();
    if (pool.entries.get(key) === entry && stampOf() === entry.stamp) {
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
