import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { createClock, type Clock } from './clock.ts';
import { jobs } from '../db/schema/platform.ts';
import { safeMessage } from './log-safety.ts';
import { queryRows } from './sql.ts';

/**
 * A job as its handler sees it. `attempts` is also the claim's fencing token: the runner renews, completes
 * or fails the job only while the row still carries it. `signal` aborts when this worker lost its lease
 * (another worker may run the job now): check it right before an outside side effect.
 */
export type JobHandler = (
  payload: Record<string, unknown>,
  job: { id: string; attempts: number; signal: AbortSignal },
) => Promise<void>;

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
 * A claimed job is leased for JOB_LEASE_MS and renewed every third of it while its handler runs
 * (heartbeat), so a job whose process died (kill -9, crash, lost its database) is claimed again within
 * seconds, and a long job (a fan-out of thousands of e-mails) is never taken from a live worker.
 */
export const JOB_LEASE_MS = 10_000;

export interface JobRunnerOptions {
  pollMs?: number;
  /** How long a claim holds without a heartbeat (default JOB_LEASE_MS). */
  leaseMs?: number;
  /** The clock leases are written and judged by (tests move it). */
  clock?: Clock;
}

type Claimed = ClaimedJob & { lease: AbortController };

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED, so several processes on one PostgreSQL never run a job
 * at the same time; a job whose lease ran out (its worker died) is claimed again, counting an attempt.
 */
export function createJobRunner(db: Db, log: FastifyBaseLogger, options: JobRunnerOptions = {}) {
  const handlers = new Map<string, JobHandler>();
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const clock = options.clock ?? createClock();
  let timer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  let again = false;
  /** Jobs this runner holds a lease on (renewed by `heartbeat()`). */
  const held = new Set<Claimed>();

  async function claim(): Promise<Claimed | undefined> {
    const now = clock.now();
    const expired = new Date(now.getTime() - leaseMs);
    const rows = await queryRows<ClaimedJob>(db, sql`
      UPDATE jobs SET status = 'running', locked_at = ${now}, attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
        WHERE (status = 'pending' AND run_at <= now())
           OR (status = 'running' AND locked_at < ${expired})
        ORDER BY run_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, type, payload, attempts, max_attempts`);
    const job = rows[0];
    if (!job) return undefined;
    if (job.attempts > 1) log.info({ jobId: job.id, type: job.type, attempts: job.attempts }, 'job claimed');
    return { ...job, lease: new AbortController() };
  }

  /** Renew every held lease; a lease found taken (this worker was presumed dead) aborts its job's signal. */
  async function heartbeat(): Promise<void> {
    const now = clock.now();
    for (const job of [...held]) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`UPDATE jobs SET locked_at = ${now} WHERE id = ${job.id} AND status = 'running' AND attempts = ${job.attempts} RETURNING id`,
      );
      if (rows.length === 0 && held.has(job)) {
        held.delete(job);
        job.lease.abort(new Error('job lease lost'));
        log.warn({ jobId: job.id, type: job.type }, 'job lease lost: another worker may run it');
      }
    }
  }

  async function runOne(job: Claimed) {
    const handler = handlers.get(job.type);
    held.add(job);
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(job.payload, { id: job.id, attempts: job.attempts, signal: job.lease.signal });
      held.delete(job);
      await db.execute(sql`
        UPDATE jobs SET status = 'done', completed_at = now(), last_error = NULL
        WHERE id = ${job.id} AND attempts = ${job.attempts}`);
    } catch (error) {
      held.delete(job);
      const message = safeMessage(error);
      const final = job.attempts >= job.max_attempts;
      log.warn({ jobId: job.id, type: job.type, attempts: job.attempts, err: message }, 'job failed');
      // If the database is gone this throws too: the job stays `running` and is claimed again when its lease runs out.
      await db.execute(sql`
        UPDATE jobs SET status = ${final ? 'failed' : 'pending'}, last_error = ${message.slice(0, 2000)},
          run_at = now() + make_interval(secs => ${backoffSeconds(job.attempts)})
        WHERE id = ${job.id} AND attempts = ${job.attempts}`);
    }
  }
  /** Run every due job now; resolves with how many ran. */
  async function drain(): Promise<number> {
    // A job whose worker died on every attempt gives up instead of being claimed forever.
    const expired = new Date(clock.now().getTime() - leaseMs);
    await db.execute(sql`
      UPDATE jobs SET status = 'failed', last_error = 'the worker stopped (lease expired) on every attempt'
      WHERE status = 'running' AND locked_at < ${expired} AND attempts >= max_attempts`);
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
    /** Renew the leases of running jobs now (the runner does it every third of the lease; tests call it). */
    heartbeat,
    leaseMs,
    start() {
      stopped = false;
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
      heartbeatTimer = setInterval(() => {
        heartbeat().catch((error: unknown) => log.warn({ err: safeMessage(error) }, 'job heartbeat failed'));
      }, Math.max(100, Math.floor(leaseMs / 3)));
      heartbeatTimer.unref();
      void tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      if (heartbeatTimer) clearInterval(heartbeatTimer);
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
