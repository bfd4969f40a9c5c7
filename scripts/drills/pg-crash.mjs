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
import path from 'node:path';
import { DEMO_STUDENTS, createWorkshop, demoPassword, exited, isRunning, login, report, sleep, startServer, waitHealthy, workDir } from './lib.mjs';
import { cluster, unavailable } from './pg-cluster.mjs';

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
  const env = { DATABASE_URL: pgc.url('mentorbridge'), SEED_DEMO: 'true', DATA_DIR: path.join(work, 'data'), STATEMENT_TIMEOUT_MS: '5000' };
  // The first process migrates and seeds; then the other two.
  servers.push(startServer({ port: PORTS[0], env, work, log: 'server-0.log' }));
  await waitHealthy(PORTS[0]);
  for (const i of [1, 2]) servers.push(startServer({ port: PORTS[i], env, work, log: `server-${i}.log` }));
  await Promise.all(PORTS.map((p) => waitHealthy(p)));

  const tokens = await Promise.all(DEMO_STUDENTS.map((e) => login(PORTS[0], e, demoPassword(e))));
  const adminToken = await login(PORTS[0], 'admin@example.com', 'Admin@12345');
  const workshopId = await createWorkshop(PORTS[0], adminToken, 3);
  const direct = new pg.Client({ connectionString: pgc.url('mentorbridge') });
  await direct.connect();
  const [{ id: ideaId }] = (
    await direct.query(
      `INSERT INTO ideas (id, author_id, title, description, category, is_public, status)
       VALUES (substr(md5(random()::text), 1, 24), (SELECT id FROM users WHERE email = 'rohan@example.com'),
               'Crash drill idea', 'Comments while PostgreSQL crashes', 'Technology', true, 'approved') RETURNING id`,
    )
  ).rows;
  await direct.end();

  let round = 0;
  let phase = 'up';
  let stop = false;
  const record = (kind, port, start, res) =>
    log.push({ round, phase, kind, port, start, end: Date.now(), status: res.status, error: res.error, retryAfter: res.retryAfter });
  const call = async (port, method, url, opts) => {
    const headers = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.json) headers['content-type'] = 'application/json';
    try {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, {
        method,
        headers,
        body: opts.json ? JSON.stringify(opts.json) : undefined,
        signal: AbortSignal.timeout(20_000),
      });
      await res.arrayBuffer();
      return { status: res.status, retryAfter: res.headers.get('retry-after') };
    } catch (error) {
      return { status: 0, error: error.cause?.code ?? error.name };
    }
  };
  const commenter = async (i) => {
    let n = 0;
    while (!stop) {
      const port = PORTS[n % 3];
      const text = `crash drill ${i}-${n++}`;
      const start = Date.now();
      const res = await call(port, 'POST', `/api/ideas/${ideaId}/comments`, { token: tokens[i], json: { body: text } });
      record('comment', port, start, res);
      if (res.status === 201) acked.add(text);
      if (res.status !== 201) await sleep(50);
    }
  };
  const registrar = async (i) => {
    let n = 0;
    while (!stop) {
      const port = PORTS[(n + i) % 3];
      const cancel = n++ % 2 === 1;
      const start = Date.now();
      const res = await call(port, cancel ? 'DELETE' : 'POST', `/api/workshops/${workshopId}/register`, { token: tokens[i] });
      record(cancel ? 'cancel' : 'register', port, start, res);
      if (res.status >= 500 || res.status === 0) await sleep(50);
    }
  };
  const workers = DEMO_STUDENTS.flatMap((_, i) => [commenter(i), registrar(i)]);

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
    const firstOk = {};
    while (Date.now() - upAt < 30_000 && PORTS.some((p) => firstOk[p] === undefined)) {
      for (const p of PORTS) {
        if (firstOk[p] !== undefined) continue;
        const hit = log.find((e) => e.port === p && e.kind === 'comment' && e.status === 201 && e.start >= upAt);
        if (hit) firstOk[p] = hit.end - upAt;
      }
      await sleep(50);
    }
    const alive = servers.map(isRunning);
    rounds.push({ round, downMs: upAt - downAt, firstWriteAfterRestartMs: PORTS.map((p) => firstOk[p] ?? null), alive });
    if (alive.some((a) => !a)) break;
  }
  phase = 'end';
  await sleep(500);
  stop = true;
  await Promise.all(workers);

  // Every acknowledged comment is stored.
  const check = new pg.Client({ connectionString: pgc.url('mentorbridge') });
  await check.connect();
  const stored = new Set((await check.query('SELECT body FROM idea_comments WHERE idea_id = $1', [ideaId])).rows.map((r) => r.body));
  await check.end();
  const lost = [...acked].filter((t) => !stored.has(t));

  const allAlive = servers.every(isRunning);
  const codes = await Promise.all(
    servers.map(async (s) => {
      if (!isRunning(s)) return s.exitCode ?? s.signalCode;
      s.kill('SIGTERM');
      return exited(s);
    }),
  );
  const byCause = {};
  for (const e of log) {
    if (e.status >= 200 && e.status < 500) continue;
    const cause = e.status === 0 ? `connection ${e.error}` : `${e.status}${e.status === 503 ? (e.retryAfter ? ' with Retry-After' : ' without Retry-After') : ''}`;
    byCause[cause] = (byCause[cause] ?? 0) + 1;
  }
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
