// Drill (issue 31): PostgreSQL crashes under write load with three API processes on it. The drill makes
// its own cluster (scripts/drills/pg-cluster.mjs, port DRILL_PG_PORT, default 5440; never the machine's
// shared one), starts three API processes on it, and DRILL_ROUNDS times (default 10) crashes the cluster
// with `pg_ctl stop -m immediate` while six students post comments and register for / cancel a workshop
// (which queues e-mails the job workers send) through all three, keeps it down for DRILL_DOWN_MS, and
// starts it again. Expect: no API process exits (before the fix every one died of an unhandled `error`
// event from a checked-out pg client); requests during the outage fail cleanly (503 + Retry-After, or a
// refused connection never), writes succeed again on every process within 10 s of the restart without
// anything restarting the API, and every acknowledged comment is in the database afterwards.
// Usage: node scripts/drills/pg-crash.mjs   (root, Debian's postgresql; DRILL_ROUNDS=2 for the quick profile;
//        DRILL_PORT_BASE=N puts the API processes on N, N+1, N+2)
import os from 'node:os';
import { DEMO_STUDENTS, createWorkshop, demoPassword, exited, isRunning, login, report, sleep, startServer, waitHealthy, workDir } from './lib.mjs';
import { cluster, failuresByCause, firstWritesAfter, insertDrillIdea, startApiProcesses, stopApiProcesses, storedComments, unavailable, writeLoad } from './pg-cluster.mjs';

const why = unavailable();
if (why) {
  console.log(`pg-crash: skipped (${why})`);
  process.exit(0);
}
const PG_PORT = Number(process.env.DRILL_PG_PORT ?? 5440);
const BASE = Number(process.env.DRILL_PORT_BASE ?? 3166);
const PORTS = [BASE, BASE + 1, BASE + 2];
const ROUNDS = Number(process.env.DRILL_ROUNDS ?? 10);
const LOAD_MS = Number(process.env.DRILL_LOAD_MS ?? 2000);
const DOWN_MS = Number(process.env.DRILL_DOWN_MS ?? 2000);
const RECOVER_LIMIT_MS = 10_000;

const { work, cleanup } = workDir();
const pgc = cluster({ port: PG_PORT, name: 'crash' });
const servers = [];
const log = []; // { round, phase, kind, port, status, retryAfter, error, start, end }
const acked = new Set();
const rounds = [];
let verdict;
try {
  pgc.init().start();
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: pgc.url() });
  await admin.connect();
  await admin.query('CREATE DATABASE mentorbridge');
  await admin.end();
  servers.push(...(await startApiProcesses({ ports: PORTS, databaseUrl: pgc.url('mentorbridge'), work, startServer, waitHealthy })));
  const tokens = await Promise.all(DEMO_STUDENTS.map((e) => login(PORTS[0], e, demoPassword(e))));
  const adminToken = await login(PORTS[0], 'admin@example.com', 'Admin@12345');
  const workshopId = await createWorkshop(PORTS[0], adminToken, 3);
  const ideaId = await insertDrillIdea(pg, pgc.url('mentorbridge'), { title: 'Crash drill idea', description: 'Comments while PostgreSQL crashes' });

  let round = 0;
  let phase = 'up';
  const load = writeLoad({ ports: PORTS, tokens, ideaId, workshopId, label: 'crash drill', log, acked, tag: () => ({ round, phase }), sleep });

  for (round = 1; round <= ROUNDS; round++) {
    phase = 'up';
    await sleep(LOAD_MS);
    const downAt = Date.now();
    phase = 'down';
    pgc.crash();
    await sleep(DOWN_MS);
    pgc.start();
    const upAt = Date.now();
    phase = 'recovering';
    // Writes again on every process: the first comment acknowledged by each after the restart.
    const firstWrites = await firstWritesAfter({ ports: PORTS, log, since: upAt, from: upAt, sleep });
    const alive = servers.map(isRunning);
    rounds.push({ round, downMs: upAt - downAt, firstWriteAfterRestartMs: firstWrites, alive });
    if (alive.some((a) => !a)) break;
  }
  phase = 'end';
  await sleep(500);
  await load.stop();

  // Every acknowledged comment is stored.
  const stored = await storedComments(pg, pgc.url('mentorbridge'), ideaId);
  const lost = [...acked].filter((t) => !stored.has(t));

  const allAlive = servers.every(isRunning);
  const codes = await stopApiProcesses(servers, { isRunning, exited });
  const byCause = failuresByCause(log);
  const statuses = {};
  for (const e of log) statuses[`${e.kind} ${e.status}`] = (statuses[`${e.kind} ${e.status}`] ?? 0) + 1;
  const recovered = rounds.every((r) => r.firstWriteAfterRestartMs.every((ms) => ms !== null && ms <= RECOVER_LIMIT_MS));
  const cleanFailures = Object.keys(byCause).every((c) => c === '503 with Retry-After');
  const ok = rounds.length === ROUNDS && allAlive && recovered && cleanFailures && lost.length === 0 && codes.every((c) => c === 0);
  verdict = {
    ok,
    details: {
      rounds: rounds.length,
      apiProcesses: 3,
      allProcessesStayedUp: allAlive,
      exitCodesOnSigterm: codes,
      acknowledgedComments: acked.size,
      lostAcknowledgedComments: lost.length,
      requests: log.length,
      failuresByCause: byCause,
      statuses,
      worstFirstWriteAfterRestartMs: Math.max(...rounds.flatMap((r) => r.firstWriteAfterRestartMs.map((x) => x ?? Infinity))),
      perRound: rounds,
      loadAverage: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    },
  };
} catch (error) {
  verdict = { ok: false, details: { error: String(error?.stack ?? error), pgLog: pgc.logTail() } };
} finally {
  for (const s of servers) if (isRunning(s)) s.kill('SIGKILL');
  pgc.destroy();
  if (!verdict?.ok) console.error(`work dir kept: ${work}`);
  else cleanup();
}
report('PostgreSQL crash (stop -m immediate) under write load, three API processes', verdict.ok, verdict.details);
