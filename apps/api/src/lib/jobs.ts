import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/platform.ts';
import { safeMessage } from './log-safety.ts';
import { queryRows } from './sql.ts';

export type JobHandler = (payload: Record<string, unknown>, job: { id: string; attempts: number }) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

/** Write a job; call inside the transaction of the change that causes it so both commit together. */
export async function enqueue(db: Db, type: string, payload: Record<string, unknown>, options: EnqueueOptions = {}) {
  const [job] = await db
    .insert(jobs)
    .values({ type, payload, runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts ?? 5 })
    .returning({ id: jobs.id });
  return job?.id;
}

type ClaimedJob = {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

/** Exponential backoff: 5 s, 10 s, 20 s, 40 s... capped at 10 minutes. */
export function backoffSeconds(attempts: number): number {
  return Math.min(600, 5 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED, so several processes on one PostgreSQL never run a job
 * twice; a job stuck in `running` for 5 minutes (its process died) is claimed again.
 */
export function createJobRunner(db: Db, log: FastifyBaseLogger, options: { pollMs?: number } = {}) {
  const handlers = new Map<string, JobHandler>();
  const pollMs = options.pollMs ?? 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  let again = false;

  async function claim(): Promise<ClaimedJob | undefined> {
    const rows = await queryRows<ClaimedJob>(db, sql`
      UPDATE jobs SET status = 'running', locked_at = now(), attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
        WHERE (status = 'pending' AND run_at <= now())
           OR (status = 'running' AND locked_at < now() - interval '5 minutes')
        ORDER BY run_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, type, payload, attempts, max_attempts`);
    return rows[0];
  }

  async function runOne(job: ClaimedJob) {
    const handler = handlers.get(job.type);
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(job.payload, { id: job.id, attempts: job.attempts });
      await db.execute(sql`UPDATE jobs SET status = 'done', completed_at = now(), last_error = NULL WHERE id = ${job.id}`);
    } catch (error) {
      const message = safeMessage(error);
      const final = job.attempts >= job.max_attempts;
      log.warn({ jobId: job.id, type: job.type, attempts: job.attempts, err: message }, 'job failed');
      await db.execute(sql`
        UPDATE jobs SET status = ${final ? 'failed' : 'pending'}, last_error = ${message.slice(0, 2000)},
          run_at = now() + make_interval(secs => ${backoffSeconds(job.attempts)})
        WHERE id = ${job.id}`);
    }
  }

  /** Run every due job now; resolves with how many ran. */
  async function drain(): Promise<number> {
    let count = 0;
    for (;;) {
      const job = await claim();
      if (!job) return count;
      await runOne(job);
      count++;
    }
  }

  function tick() {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => {
        log.error({ err: error }, 'job runner error');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void tick();
        }
      });
    return running;
  }

  return {
    register(type: string, handler: JobHandler) {
      handlers.set(type, handler);
    },
    /** Run due jobs soon (call after a commit that enqueued some). */
    kick() {
      if (!stopped) setImmediate(() => void tick());
    },
    /** Run everything due now and wait (tests). */
    async runDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const n = await drain();
        total += n;
        if (n === 0) return total;
      }
    },
    start() {
      stopped = false;
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
      void tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
