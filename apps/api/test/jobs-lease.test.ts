// Job leases (issue 31, decision 720): a job whose worker stopped is claimed again once its lease runs out,
// a heartbeat keeps a long job's lease, and a worker whose lease was taken neither completes nor fails the job.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClock } from '../src/lib/clock.ts';
import { createJobRunner, enqueue } from '../src/lib/jobs.ts';
import { queryRows } from '../src/lib/sql.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
const LEASE = 10_000;

type Gate = { started: Promise<void>; release: () => void; signal?: AbortSignal };

/** A handler that waits until released (a long job, or one whose process is about to die). */
function gated(): Gate & { handler: (p: Record<string, unknown>, job: { signal: AbortSignal }) => Promise<void> } {
  let markStarted!: () => void;
  let release!: () => void;
  const started = new Promise<void>((r) => (markStarted = r));
  const done = new Promise<void>((r) => (release = r));
  const gate: Gate & { handler: (p: Record<string, unknown>, job: { signal: AbortSignal }) => Promise<void> } = {
    started,
    release: () => release(),
    handler: async (_p, job) => {
      gate.signal = job.signal;
      markStarted();
      await done;
    },
  };
  return gate;
}

async function jobRow(id: string) {
  const [row] = await queryRows<{ status: string; attempts: number }>(t.database.db, sql`SELECT status, attempts FROM jobs WHERE id = ${id}`);
  return row;
}

/**
 * Two workers on one clock: A runs the job in a handler that hangs until released (its gate); B records
 * the attempt of any run it gets. Returns once A has claimed the job and started it.
 */
async function claimedByA(at: string, type: string) {
  const clock = createClock();
  clock.set(new Date(at));
  const a = createJobRunner(t.database.db, t.app.log, { clock, leaseMs: LEASE });
  const b = createJobRunner(t.database.db, t.app.log, { clock, leaseMs: LEASE });
  const gate = gated();
  a.register(type, gate.handler);
  const ranOnB: number[] = [];
  b.register(type, async (_p, job) => {
    ranOnB.push(job.attempts);
  });
  const id = (await enqueue(t.database.db, type, {}))!;
  const aRun = a.runDue();
  await gate.started;
  return { clock, a, b, gate, ranOnB, id, aRun };
}

describe('job leases', () => {
  it('claims a job again once its worker stopped renewing the lease, not before; the old worker cannot finish it', async () => {
    // A claims it and hangs (as if its process were frozen or dead: no heartbeat).
    const { clock, a, b, gate, ranOnB, id, aRun } = await claimedByA('2031-03-01T10:00:00Z', 'test.lease.expiry');
    expect(await jobRow(id)).toEqual({ status: 'running', attempts: 1 });

    clock.advance(LEASE - 1000);
    await b.runDue();
    expect(ranOnB).toEqual([]); // the lease still holds

    clock.advance(2000);
    await b.runDue();
    expect(ranOnB).toEqual([2]); // claimed again, as the second attempt
    expect(await jobRow(id)).toEqual({ status: 'done', attempts: 2 });

    // A wakes up: its heartbeat finds the lease taken and aborts its signal; its completion changes nothing.
    await a.heartbeat();
    expect(gate.signal?.aborted).toBe(true);
    gate.release();
    await aRun;
    expect(await jobRow(id)).toEqual({ status: 'done', attempts: 2 });
  });

  it('a heartbeat renews the lease of a long job: no other worker takes it while it runs', async () => {
    const { clock, a, b, gate, ranOnB, id, aRun } = await claimedByA('2031-03-02T10:00:00Z', 'test.lease.heartbeat');
    // 30 s of work, renewed every 8 s: three times the lease, never taken.
    for (let i = 0; i < 4; i++) {
      clock.advance(8000);
      await a.heartbeat();
      await b.runDue();
    }
    expect(ranOnB).toEqual([]);
    expect(gate.signal?.aborted).toBe(false);
    gate.release();
    await aRun;
    expect(await jobRow(id)).toEqual({ status: 'done', attempts: 1 });
  });

  it('a job whose worker died on every attempt is given up, not claimed forever', async () => {
    const clock = createClock();
    clock.set(new Date('2031-03-03T10:00:00Z'));
    const type = 'test.lease.poison';
    const id = (await enqueue(t.database.db, type, {}, { maxAttempts: 2 }))!;
    const gates = [gated(), gated()];
    const runs = gates.map((gate) => {
      const r = createJobRunner(t.database.db, t.app.log, { clock, leaseMs: LEASE });
      r.register(type, gate.handler);
      return r;
    });
    const first = runs[0]!.runDue();
    await gates[0]!.started;
    clock.advance(LEASE + 1);
    const second = runs[1]!.runDue();
    await gates[1]!.started;
    expect(await jobRow(id)).toEqual({ status: 'running', attempts: 2 });
    clock.advance(LEASE + 1);
    const third = createJobRunner(t.database.db, t.app.log, { clock, leaseMs: LEASE });
    third.register(type, async () => undefined);
    await third.runDue();
    expect(await jobRow(id)).toEqual({ status: 'failed', attempts: 2 });
    for (const g of gates) g.release();
    // Both wake up and finish. The first no longer holds the job (its attempt is not the row's); the second
    // held the last attempt and nobody took it from it, so its outcome is what happened: done.
    await Promise.all([first, second]);
    expect(await jobRow(id)).toEqual({ status: 'done', attempts: 2 });
  });
});
