import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, Db } from '../db/client.ts';
import { queryRows } from './sql.ts';

const CHANNEL = 'app_events';

export interface AppEvent {
  /** Who should hear about it (SSE streams filter on this). */
  userId: string;
  type: string;
  data?: Record<string, unknown>;
}

/**
 * Publish through PostgreSQL NOTIFY: inside a transaction it is delivered only at commit, and every
 * API process listening on the same database receives it (PGlite supports the same within its one process).
 */
export async function publish(db: Db, event: AppEvent): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}

/** Publish many events with one statement (a fan-out batch). */
export async function publishMany(db: Db, events: AppEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.execute(
    sql`SELECT pg_notify(${CHANNEL}, e) FROM json_array_elements_text(${JSON.stringify(events.map((e) => JSON.stringify(e)))}::json) AS e`,
  );
}

export type Listener = (event: AppEvent) => void;

/** At most this many missed events are replayed after the LISTEN connection comes back. */
const REPLAY_LIMIT = 1000;

export function createEventBus(database: Database, log: FastifyBaseLogger, databaseUrl?: string) {
  const listeners = new Set<Listener>();
  let stopPglite: (() => Promise<void>) | undefined;
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  /** When the LISTEN connection was lost; events published from then until it is back were not heard. */
  let lostAt: Date | undefined;

  function deliver(event: AppEvent) {
    for (const listener of listeners) listener(event);
  }

  function dispatch(raw: string | undefined) {
    if (!raw) return;
    let event: AppEvent;
    try {
      event = JSON.parse(raw) as AppEvent;
    } catch {
      return;
    }
    if (event.type === 'barrier') {
      const id = event.data?.id;
      const done = typeof id === 'string' ? barriers.get(id) : undefined;
      if (done) done(true);
      return;
    }
    deliver(event);
  }

  /** Waiting barriers (see `barrier()`), by id. */
  const barriers = new Map<string, (heard: boolean) => void>();

  /**
   * A NOTIFY sent while this process was not listening is gone (PostgreSQL restarted, connection cut).
   * The durable part is in the tables: re-announce the notifications and messages written since the
   * connection was lost, so open streams carry them as if they had been heard.
   */
  async function replaySince(since: Date) {
    const rows = await queryRows<{ user_id: string; type: 'notification' | 'message'; id: string; from_id: string | null }>(
      database.db,
      sql`SELECT * FROM (
            SELECT user_id, 'notification' AS type, id, NULL AS from_id, created_at FROM notifications WHERE created_at >= ${since}
            UNION ALL
            SELECT CASE WHEN sender_id = professional_id THEN student_id ELSE professional_id END, 'message', id, sender_id, created_at
              FROM conversation_messages WHERE created_at >= ${since}
          ) missed ORDER BY created_at LIMIT ${REPLAY_LIMIT}`,
    );
    for (const r of rows) {
      deliver(
        r.type === 'notification'
          ? { userId: r.user_id, type: 'notification', data: { id: r.id } }
          : { userId: r.user_id, type: 'message', data: { from: r.from_id, id: r.id } },
      );
    }
    if (rows.length > 0) log.info({ replayed: rows.length, since }, 'event bus replayed events missed while disconnected');
  }

  async function connectPostgres(url: string) {
    const c = new pg.Client({ connectionString: url });
    const lost = (err?: Error) => {
      if (client !== c) return; // not (yet, or any more) the live connection: its connect() failure is handled by the caller
      client = undefined;
      lostAt ??= new Date();
      deliver({ userId: '', type: 'cache-reset' }); // invalidations are not heard until LISTEN is back
      log.warn({ err: err?.message ?? 'connection ended' }, 'event bus connection lost; reconnecting');
      c.end().catch(() => undefined);
      scheduleReconnect(url);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (msg) => dispatch(msg.payload));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      c.end().catch(() => undefined);
      throw error;
    }
    client = c;
    if (lostAt) {
      const since = lostAt;
      lostAt = undefined;
      log.info('event bus listening again');
      deliver({ userId: '', type: 'cache-reset' });
      await replaySince(since).catch((err: unknown) => log.warn({ err }, 'event bus could not replay missed events'));
    }
  }

  function scheduleReconnect(url: string) {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connectPostgres(url).catch(() => scheduleReconnect(url));
    }, 1000);
    retry.unref();
  }

  return {
    async start() {
      stopped = false;
      if (database.pglite) {
        stopPglite = await database.pglite.listen(CHANNEL, (payload) => dispatch(payload));
      } else if (databaseUrl) {
        await connectPostgres(databaseUrl).catch((err: unknown) => {
          log.warn({ err }, 'event bus could not connect; retrying');
          scheduleReconnect(databaseUrl);
        });
      }
    },
    /** PostgreSQL: whether the LISTEN connection is up (PGlite: always, once started). */
    listening(): boolean {
      return database.pglite ? Boolean(stopPglite) : client !== undefined;
    },
    /**
     * Resolves true once a notification sent now has come back through LISTEN: NOTIFY is delivered in
     * commit order, so every notification committed before the call has been dispatched by then.
     * False after `timeoutMs` or when not listening (the catalogue cache then empties itself).
     */
    async barrier(timeoutMs = 2000): Promise<boolean> {
      if (!(database.pglite ? stopPglite : client)) return false;
      const id = randomUUID();
      const heard = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          barriers.delete(id);
          resolve(false);
        }, timeoutMs);
        timer.unref();
        barriers.set(id, (ok) => {
          clearTimeout(timer);
          barriers.delete(id);
          resolve(ok);
        });
      });
      try {
        await publish(database.db, { userId: '', type: 'barrier', data: { id } });
      } catch {
        barriers.get(id)?.(false);
      }
      return heard;
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      listeners.clear();
      await stopPglite?.().catch(() => undefined);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
