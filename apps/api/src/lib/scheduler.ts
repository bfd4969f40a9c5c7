import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { newId } from './ids.ts';
import type { JobRunner } from './jobs.ts';
import { queryRows } from './sql.ts';

/**
 * One scheduler for all timed work (docs/decisions/400-one-scheduler.md), built on the jobs table.
 *
 * A recurring task runs once per slot of its period: every process, on each tick, inserts the job of the
 * current slot with the key `<task>:<slot>`; the unique index on jobs.key lets only the first insert
 * through, and the job runner's SKIP LOCKED claim runs it once. So with any number of processes, and
 * across restarts, each slot runs exactly once; a slot missed while every process was down is not
 * replayed, the next one runs (every task works from the current time: "what is due now").
 */
export interface RecurringTask {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

export const SCHEDULED_PREFIX = 'scheduled:';
const TICK_MS = 15_000;

export function slotOf(now: Date, everyMs: number): number {
  return Math.floor(now.getTime() / everyMs);
}

export function createScheduler(db: Db, jobs: JobRunner, clock: Clock, log: FastifyBaseLogger) {
  const tasks = new Map<string, RecurringTask>();
  let timer: NodeJS.Timeout | undefined;

  /** Queue the current slot of every task that has not been queued yet; returns how many were queued. */
  async function tick(): Promise<number> {
    const now = clock.now();
    let queued = 0;
    for (const task of tasks.values()) {
      const slot = slotOf(now, task.everyMs);
      const rows = await queryRows<{ id: string }>(
        db,
        sql`INSERT INTO jobs (id, type, payload, key, max_attempts)
            VALUES (${newId()}, ${SCHEDULED_PREFIX + task.name}, ${JSON.stringify({ slot, at: new Date(slot * task.everyMs).toISOString() })}::jsonb,
                    ${`${task.name}:${slot}`}, 3)
            ON CONFLICT (key) DO NOTHING
            RETURNING id`,
      );
      queued += rows.length;
    }
    return queued;
  }

  return {
    /** Add a recurring task (before start). */
    every(name: string, everyMs: number, run: (now: Date) => Promise<unknown>) {
      tasks.set(name, { name, everyMs, run });
      jobs.register(SCHEDULED_PREFIX + name, async () => {
        await run(clock.now());
      });
    },
    tasks: () => [...tasks.values()],
    tick,
    /** Queue due slots, then run every due job (tests: after moving the clock). */
    async runDue(): Promise<number> {
      await tick();
      return jobs.runDue();
    },
    /** Tick now (after the current event-loop turn) and then every 15 s; errors are logged, never thrown. */
    start() {
      const safeTick = () =>
        tick()
          .then((n) => {
            if (n > 0) jobs.kick();
          })
          .catch((error: unknown) => log.warn({ err: error }, 'scheduler tick failed'));
      timer = setInterval(() => void safeTick(), TICK_MS);
      timer.unref();
      setImmediate(() => void safeTick());
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;

/** Done jobs older than a week and failed ones older than 30 days are removed (each slot adds a row). */
export async function pruneFinishedJobs(db: Db, now: Date): Promise<number> {
  const week = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const month = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM jobs
        WHERE (status = 'done' AND completed_at < ${week}::timestamptz)
           OR (status = 'failed' AND created_at < ${month}::timestamptz)
        RETURNING id`,
  );
  return rows.length;
}
