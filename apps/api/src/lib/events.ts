import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, Db } from '../db/client.ts';

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

export type Listener = (event: AppEvent) => void;

export function createEventBus(database: Database, log: FastifyBaseLogger, databaseUrl?: string) {
  const listeners = new Set<Listener>();
  let stopPglite: (() => Promise<void>) | undefined;
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  function dispatch(raw: string | undefined) {
    if (!raw) return;
    let event: AppEvent;
    try {
      event = JSON.parse(raw) as AppEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  }

  async function connectPostgres(url: string) {
    const c = new pg.Client({ connectionString: url });
    c.on('error', (err) => {
      log.warn({ err: err.message }, 'event bus connection lost; reconnecting');
      c.end().catch(() => undefined);
      if (client === c) client = undefined;
      scheduleReconnect(url);
    });
    c.on('notification', (msg) => dispatch(msg.payload));
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
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
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      listeners.clear();
      await stopPglite?.().catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
