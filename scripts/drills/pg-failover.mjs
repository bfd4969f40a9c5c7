// Drill (issue 31): a real PostgreSQL failover under write load. The drill builds, on this machine, with
// Debian's PostgreSQL binaries (scripts/drills/pg-cluster.mjs; ports DRILL_PG_PORT+1, +2):
//   - a primary with synchronous_standby_names = standby1 (a commit is acknowledged only once the standby
//     has flushed it), and a streaming standby made from it with pg_basebackup;
//   - HAProxy in TCP mode (port DRILL_PG_PORT+9) in front of both, whose health check asks a small HTTP
//     agent per node (ports +6, +7) that answers 200 only when `SELECT pg_is_in_recovery()` is false, the
//     way HAProxy asks Patroni's REST API (`GET /primary`) in production; `on-marked-down shutdown-sessions`
//     cuts the connections to a node that stops being primary;
//   - three API processes whose DATABASE_URL is HAProxy.
// Six students post comments and register for / cancel a workshop through all three; the primary's
// postmaster is killed (kill -9); after DRILL_DETECT_MS (what Patroni's failure detection would take) the
// standby is promoted. Expect: no acknowledged write lost (every acknowledged comment is on the new
// primary), no API process exits, requests in the gap fail cleanly (503 + Retry-After), and writes succeed
// again through every process within 10 s of the promotion.
// Usage: node scripts/drills/pg-failover.mjs  (root, Debian's postgresql and haproxy; DRILL_LOAD_MS=4000
//        load before the kill; DRILL_PORT_BASE=N puts the API processes on N..N+2)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEMO_STUDENTS, createWorkshop, demoPassword, exited, isRunning, login, report, sleep, startServer, waitHealthy, workDir } from './lib.mjs';
import { cluster, failuresByCause, firstWritesAfter, insertDrillIdea, startApiProcesses, stopApiProcesses, storedComments, unavailable, writeLoad } from './pg-cluster.mjs';

const haproxy = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
const why = unavailable() ?? (haproxy ? undefined : 'haproxy is not installed (apt-get install haproxy)');
if (why) {
  console.log(`pg-failover: skipped (${why})`);
  process.exit(0);
}
const PG = Number(process.env.DRILL_PG_PORT ?? 5440);
const [PRIMARY_PORT, STANDBY_PORT, AGENT_PRIMARY, AGENT_STANDBY, LB] = [PG + 1, PG + 2, PG + 6, PG + 7, PG + 9];
const BASE = Number(process.env.DRILL_PORT_BASE ?? 3177);
const PORTS = [BASE, BASE + 1, BASE + 2];
const LOAD_MS = Number(process.env.DRILL_LOAD_MS ?? 4000);
const DETECT_MS = Number(process.env.DRILL_DETECT_MS ?? 1000);
const AFTER_MS = Number(process.env.DRILL_AFTER_MS ?? 4000);
const RECOVER_LIMIT_MS = 10_000;

const { default: pg } = await import('pg');
const { work, cleanup } = workDir();
const primary = cluster({ port: PRIMARY_PORT, name: 'primary', settings: { synchronous_standby_names: 'standby1', wal_level: 'replica' } });
const standby = cluster({ port: STANDBY_PORT, name: 'standby1', settings: { hot_standby: 'on' } });
const servers = [];
const agents = [];
let balancer;
let verdict;

/**
 * The health agent of one node, as Patroni's REST API is (GET /primary): it asks its node on its own, in a
 * loop (a new connection each time, so a dead postmaster is seen at once), and answers HAProxy at once from
 * the latest answer: 200 only when that was "not in recovery" and less than 2 s old. (Asking the node
 * inside each check made the check slower than HAProxy's timeout on a machine at load 30, and the
 * promoted standby was never marked up.)
 */
function agent(port, node) {
  let state = { primary: false, at: 0 };
  const poll = async () => {
    while (!agentsStopped) {
      const c = new pg.Client({ connectionString: node.url(), connectionTimeoutMillis: 3000, query_timeout: 3000 });
      c.on('error', () => undefined);
      try {
        await c.connect();
        state = { primary: (await c.query('SELECT pg_is_in_recovery() AS r')).rows[0].r === false, at: Date.now() };
      } catch {
        state = { primary: false, at: Date.now() };
      }
      c.end().catch(() => undefined);
      await sleep(200);
    }
  };
  agentLoops.push(poll());
  const server = http.createServer((_req, res) => {
    const primaryNow = state.primary && Date.now() - state.at < 2000;
    res.writeHead(primaryNow ? 200 : 503).end(primaryNow ? 'primary' : 'not primary');
  });
  agents.push(server);
  return new Promise((r) => server.listen(port, '127.0.0.1', r));
}
let agentsStopped = false;
const agentLoops = [];

const haproxyConfig = `global
  maxconn 2000
defaults
  mode tcp
  timeout connect 1s
  timeout client 30m
  timeout server 30m
  timeout check 2s
listen postgres
  bind 127.0.0.1:${LB}
  option httpchk GET /primary
  http-check expect status 200
  default-server inter 300ms fall 2 rise 1 on-marked-down shutdown-sessions
  server primary 127.0.0.1:${PRIMARY_PORT} check port ${AGENT_PRIMARY}
  server standby1 127.0.0.1:${STANDBY_PORT} check port ${AGENT_STANDBY}
`;

const log = []; // { phase, kind, port, status, retryAfter, error, start, end }
const acked = new Set();
try {
  primary.init().start();
  standby.fromBaseBackup(primary).start();
  const direct = new pg.Client({ connectionString: primary.url() });
  await direct.connect();
  let sync;
  for (let i = 0; i < 100 && sync !== 'sync'; i++) {
    sync = (await direct.query(`SELECT sync_state FROM pg_stat_replication WHERE application_name = 'standby1'`)).rows[0]?.sync_state;
    if (sync !== 'sync') await sleep(100);
  }
  if (sync !== 'sync') throw new Error(`standby not synchronous (${sync})`);
  await direct.query('CREATE DATABASE mentorbridge');
  await direct.end();

  await agent(AGENT_PRIMARY, primary);
  await agent(AGENT_STANDBY, standby);
  const cfg = path.join(work, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig);
  execFileSync(haproxy, ['-c', '-q', '-f', cfg]);
  balancer = spawn(haproxy, ['-db', '-f', cfg], { stdio: ['ignore', openSync(path.join(work, 'haproxy.log'), 'a'), 'pipe'] });
  const lbUrl = (db) => `postgres://postgres@127.0.0.1:${LB}/${db}`;
  for (let i = 0; ; i++) {
    const c = new pg.Client({ connectionString: lbUrl('mentorbridge'), connectionTimeoutMillis: 1000 });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.end();
      break;
    } catch {
      if (i > 100) throw new Error('HAProxy never reached the primary');
      await sleep(100);
    }
  }

  servers.push(...(await startApiProcesses({ ports: PORTS, databaseUrl: lbUrl('mentorbridge'), work, startServer, waitHealthy })));
  const tokens = await Promise.all(DEMO_STUDENTS.map((e) => login(PORTS[0], e, demoPassword(e))));
  const adminToken = await login(PORTS[0], 'admin@example.com', 'Admin@12345');
  const workshopId = await createWorkshop(PORTS[0], adminToken, 3);
  const ideaId = await insertDrillIdea(pg, lbUrl('mentorbridge'), { title: 'Failover drill idea', description: 'Comments while the primary dies' });

  let phase = 'before';
  const load = writeLoad({ ports: PORTS, tokens, ideaId, workshopId, label: 'failover drill', log, acked, tag: () => ({ phase }), sleep });

  await sleep(LOAD_MS);
  phase = 'gap';
  const killAt = Date.now();
  const killedPid = primary.kill9();
  await sleep(DETECT_MS);
  standby.promote();
  const promotedAt = Date.now();
  phase = 'after';
  const firstWrite = await firstWritesAfter({ ports: PORTS, log, since: killAt, from: promotedAt, sleep });
  await sleep(AFTER_MS);
  await load.stop();

  const check = new pg.Client({ connectionString: standby.url('mentorbridge') });
  await check.connect();
  const inRecovery = (await check.query('SELECT pg_is_in_recovery() AS r')).rows[0].r;
  await check.end();
  const stored = await storedComments(pg, standby.url('mentorbridge'), ideaId);
  const lost = [...acked].filter((t) => !stored.has(t));
  const allAlive = servers.every(isRunning);
  const codes = await stopApiProcesses(servers, { isRunning, exited });
  const byCause = failuresByCause(log);
  const count = (f) => log.filter(f).length;
  const acknowledged = {
    comments: acked.size,
    registrations: count((e) => e.kind === 'register' && e.status === 201),
    cancellations: count((e) => e.kind === 'cancel' && e.status === 200),
  };
  const recovered = firstWrite.every((ms) => ms !== null && ms <= RECOVER_LIMIT_MS);
  const clean = Object.keys(byCause).every((c) => c === '503 with Retry-After');
  const ok = lost.length === 0 && allAlive && recovered && clean && !inRecovery && codes.every((c) => c === 0) && acked.size > 0;
  verdict = {
    ok,
    details: {
      topology: `primary :${PRIMARY_PORT} (synchronous_standby_names=standby1) + streaming standby :${STANDBY_PORT} (pg_basebackup), HAProxy :${LB} checking pg_is_in_recovery() through agents :${AGENT_PRIMARY}/:${AGENT_STANDBY}, 3 API processes`,
      killedPostmasterPid: killedPid,
      promotedMsAfterKill: promotedAt - killAt,
      acknowledgedWrites: acknowledged,
      acknowledgedCommentsLost: lost.length,
      requests: log.length,
      requestsInGap: count((e) => e.start >= killAt && e.start < promotedAt),
      failuresByCause: byCause,
      firstWriteAfterPromotionMs: firstWrite,
      allProcessesStayedUp: allAlive,
      exitCodesOnSigterm: codes,
      newPrimaryInRecovery: inRecovery,
      loadAverage: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    },
  };
} catch (error) {
  verdict = { ok: false, details: { error: String(error?.stack ?? error), primaryLog: primary.logTail(), standbyLog: standby.logTail() } };
} finally {
  for (const s of servers) if (isRunning(s)) s.kill('SIGKILL');
  if (balancer && isRunning(balancer)) {
    balancer.kill('SIGTERM');
    await exited(balancer);
  }
  agentsStopped = true;
  for (const a of agents) a.close();
  await Promise.all(agentLoops);
  primary.destroy();
  standby.destroy();
  if (verdict?.ok) cleanup();
  else console.error(`work dir kept: ${work}`);
}
report('PostgreSQL failover: primary kill -9, synchronous standby promoted, three API processes behind HAProxy', verdict.ok, verdict.details);
