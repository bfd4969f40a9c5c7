// Drill: three API processes behind a real load balancer (HAProxy from Debian) on one PostgreSQL, with
// the shared file storage (STORAGE_DRIVER=database) and the catalogue cache on (issue 13, docs/scaling.md).
//
//   1. Throughput of the student read mix through the balancer with 1, 2 and 3 processes behind it.
//   2. Read and write load through the balancer; one process is killed with SIGKILL mid-run and started
//      again. Checked: no request fails except those in flight on the killed process (started before the
//      kill, answered after it); every acknowledged write (a comment with a unique text) is in the
//      database exactly once, no write is ever applied twice, and a failed one is applied at most once;
//      three SSE clients of the idea's author (one per process, round robin) reconnect through the
//      balancer with Last-Event-ID and, deduplicated, receive every notification the run created; the
//      restarted process serves requests again.
//   3. A file uploaded through the balancer downloads, byte for byte, from each process directly.
//
// PostgreSQL only (DRILL_DATABASE_URL). HAProxy: installed with apt-get when missing and running as root,
// otherwise the drill reports "skipped". Ports: balancer 3166, API 3167–3169 (DRILL_PORT_BASE=N: N, N+1…N+3).
//   quick (CI):  DRILL_TPUT_S=8  DRILL_LOAD_S=16
//   full:        DRILL_TPUT_S=30 DRILL_LOAD_S=60 (defaults), numbers in docs/scaling.md
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  DEMO_STUDENTS,
  api,
  demoPassword,
  exited,
  freshDatabase,
  login,
  pngBytes,
  report,
  sleep,
  sseClient,
  startServer,
  stopServer,
  waitHealthy,
  withDirect,
  workDir,
} from './lib.mjs';

// DRILL_PORT_BASE moves the four ports (balancer, then the three API processes) when several checkouts
// share a machine.
const PORT_BASE = Number(process.env.DRILL_PORT_BASE ?? 3166);
const LB = PORT_BASE;
const PORTS = [PORT_BASE + 1, PORT_BASE + 2, PORT_BASE + 3];
const TPUT_S = Number(process.env.DRILL_TPUT_S ?? 30);
const LOAD_S = Number(process.env.DRILL_LOAD_S ?? 60);
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');

if (!process.env.DRILL_DATABASE_URL) {
  console.log('balancer drill skipped: it needs PostgreSQL (DRILL_DATABASE_URL)');
  process.exit(0);
}
const haproxy = ensureHaproxy();
if (!haproxy) {
  console.log('balancer drill skipped: haproxy is not installed and cannot be installed here (apt-get install haproxy)');
  process.exit(0);
}

function ensureHaproxy() {
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (process.getuid?.() !== 0) return undefined;
  const r = spawnSync('sh', ['-c', 'apt-get install -y -qq haproxy >/dev/null 2>&1 || (apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq haproxy >/dev/null 2>&1)']);
  if (r.status !== 0) return undefined;
  return spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim() || undefined;
}

const { work, cleanup } = workDir();
const db = await freshDatabase(work);
const servers = [];
let balancer;
const haproxyLog = path.join(work, 'haproxy.log');
const problems = [];
const problem = (text) => problems.length < 40 && problems.push(text);

function haproxyConfig(count) {
  // Every request is logged (to haproxy.log in the work directory) with the drill's request id and the
  // server that got it: a failed request is attributed to the killed process from the balancer's own record.
  return `global
  maxconn 4096
  log stdout format raw local0
defaults
  mode http
  log global
  log-format "%[capture.req.hdr(0)] %b/%s %ST %tsc"
  timeout connect 2s
  timeout client 1h
  timeout server 1h
  timeout tunnel 1h
  timeout http-keep-alive 10s
  timeout check 5s
  retries 3
  option redispatch 1
  # A connection refused (the killed process) is retried on another process for every method; an empty
  # response only for GET (a write may have been applied). No pooled idle server connections: a pooled
  # connection to a process that was just killed would answer "empty" to a write.
  retry-on conn-failure empty-response
  http-reuse never
frontend fe
  bind 127.0.0.1:${LB}
  capture request header x-drill-id len 40
  default_backend api
backend api
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  http-request disable-l7-retry if !METH_GET
  http-response set-header x-backend %s
  default-server inter 500ms fall 2 rise 2
${PORTS.slice(0, count)
  .map((p, i) => `  server p${i + 1} 127.0.0.1:${p} check`)
  .join('\n')}
`;
}

async function startBalancer(count) {
  await stopServer(balancer, 'SIGTERM');
  const file = path.join(work, `haproxy-${count}.cfg`);
  writeFileSync(file, haproxyConfig(count));
  execFileSync(haproxy, ['-c', '-q', '-f', file]);
  balancer = spawn(haproxy, ['-db', '-f', file], { stdio: ['ignore', openSync(haproxyLog, 'a'), 'ignore'] });
  // Every backend up (health checks pass) before the measurement.
  const seen = new Set();
  const deadline = Date.now() + 20_000;
  while (seen.size < count && Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${LB}/api/health`);
      if (res.ok) seen.add(res.headers.get('x-backend'));
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  if (seen.size < count) throw new Error(`balancer: only ${[...seen].join(',')} of ${count} backends answered`);
}

const serverEnv = (i) => ({
  ...db.env,
  STORAGE_DRIVER: 'database',
  SEED_DEMO: i === 0 ? 'true' : 'false',
  DATA_DIR: path.join(work, `data-${i}`),
  LOG_LEVEL: 'warn',
});
function startApi(i) {
  servers[i] = startServer({ port: PORTS[i], env: serverEnv(i), work, log: `api-${i}.log` });
  return waitHealthy(PORTS[i], 180_000);
}

/**
 * SSE client through the balancer that reconnects like EventSource, sending Last-Event-ID. Event ids are
 * the user's notification numbers (seq, docs/decisions/600); every event is counted, so one received
 * twice shows.
 */
function balancedSseClient(token) {
  const client = sseClient(LB, token, { retryMs: 500, resume: true });
  const notificationIds = () => client.events.filter((e) => e.event === 'notification' && e.id).map((e) => e.id);
  return {
    get ids() {
      return new Set(notificationIds());
    },
    get counts() {
      const counts = new Map();
      for (const id of notificationIds()) counts.set(id, (counts.get(id) ?? 0) + 1);
      return counts;
    },
    backends: client.backends,
    get connections() {
      return client.connections;
    },
    close: () => client.close(),
  };
}

const results = { loadBefore: load() };
try {
  await startApi(0);
  await Promise.all([startApi(1), startApi(2)]);

  const tokens = [];
  for (const email of DEMO_STUDENTS) tokens.push(await login(PORTS[0], email, demoPassword(email)));
  const me = await api(PORTS[0], 'GET', '/api/auth/me', { token: tokens[0] });
  const authorId = me.body.data.user._id ?? me.body.data.user.id;
  const ideaId = await withDirect(db, work, async (direct) => {
    const [row] = await direct.query(
      `INSERT INTO ideas (id, author_id, title, description, category, is_public, status)
       VALUES (substr(md5(random()::text), 1, 24), $1, 'Balancer drill idea', 'Comments under a process kill', 'Technology', true, 'approved') RETURNING id`,
      [authorId],
    );
    return row.id;
  });

  // 1. Throughput with 1, 2, 3 processes (the student read mix; cache on).
  const readPaths = [
    '/api/workshops',
    '/api/workshops?category=Technology',
    '/api/ideas',
    '/api/ideas?category=Environment',
    '/api/professionals',
    '/api/rd-projects/public',
    '/api/notifications/unread-count',
  ];
  const requests = readPaths.map((p) => ({ method: 'GET', path: p, headers: { authorization: `Bearer ${tokens[1]}` } }));
  results.throughput = [];
  for (const count of [1, 2, 3]) {
    await startBalancer(count);
    const r = await autocannon({ url: `http://127.0.0.1:${LB}`, requests, connections: 30, duration: TPUT_S });
    results.throughput.push({
      processes: count,
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
      loadAverage: load(),
    });
    if (r.non2xx || r.errors) problem(`throughput with ${count}: ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodeStats)}, ${r.errors} errors`);
  }

  // 2. Read and write load through the balancer (3 processes), SIGKILL one mid-run, restart it.
  await startBalancer(3);
  const clients = [0, 1, 2].map(() => balancedSseClient(tokens[0]));
  await sleep(1500); // connected (one per process, round robin)
  const startedAt = Date.now();
  let killAt = Infinity;
  let stop = false;
  const log = []; // { kind, start, end, status, body? }
  let seq = 0;
  const writer = async (w) => {
    while (!stop) {
      const text = `drill comment ${w}-${seq++}`;
      const id = `w${w}-${seq}`;
      const start = Date.now();
      const res = await api(LB, 'POST', `/api/ideas/${ideaId}/comments`, {
        token: tokens[1 + (w % 5)],
        json: { body: text },
        timeoutMs: 15_000,
        headers: { 'x-drill-id': id },
      });
      log.push({ kind: 'write', id, start, end: Date.now(), status: res.status, error: res.error, text });
    }
  };
  const reader = async (r) => {
    let i = r;
    while (!stop) {
      const p = readPaths[i++ % readPaths.length];
      const id = `r${r}-${i}`;
      const start = Date.now();
      const res = await api(LB, 'GET', p, { token: tokens[1 + (r % 5)], timeoutMs: 15_000, headers: { 'x-drill-id': id } });
      log.push({ kind: 'read', id, start, end: Date.now(), status: res.status, error: res.error });
    }
  };
  const workers = [...[0, 1, 2, 3].map(writer), ...[0, 1, 2, 3, 4, 5].map(reader)];
  await sleep((LOAD_S * 1000) / 3);
  const victim = 1;
  killAt = Date.now();
  servers[victim].kill('SIGKILL');
  await exited(servers[victim]);
  // SIGKILL is not instant: until the process is gone (and its sockets reset) the balancer can still
  // hand it a request, which then dies with it. Those are in flight on the killed process too.
  const goneAt = Date.now();
  results.killToExitMs = goneAt - killAt;
  await sleep(1000);
  const restartAt = Date.now();
  await startApi(victim);
  results.restartMs = Date.now() - restartAt;
  await sleep(Math.max(3000, (LOAD_S * 1000 * 2) / 3 - (Date.now() - killAt)));
  stop = true;
  await Promise.all(workers);
  // The balancer's health checks bring the restarted process back (rise 2 × 500 ms).
  const servedAfterRestart = new Set();
  const until = Date.now() + 15_000;
  while (!servedAfterRestart.has(`p${victim + 1}`) && Date.now() < until) {
    const res = await fetch(`http://127.0.0.1:${LB}/api/health`);
    servedAfterRestart.add(res.headers.get('x-backend'));
    await sleep(50);
  }
  results.restartedServes = servedAfterRestart.has(`p${victim + 1}`);
  if (!results.restartedServes) problem(`the restarted process p${victim + 1} serves no requests (seen: ${[...servedAfterRestart]})`);

  const ok = (s) => s >= 200 && s < 300;
  const failed = log.filter((e) => !ok(e.status));
  // Which server the balancer gave each request (its log, one line per request: id backend/server status
  // termination state). A failure counts as in flight on the killed process when it was under way at the
  // kill — started before the process was gone, ended after the signal — and the balancer's log does not
  // name another server for it. (Requests that die with the killed process have, in our runs, no log line
  // at all: HAProxy closes the client connection; one logged on a live server would be a real failure.)
  await sleep(500); // the balancer logs a request when it ends
  const served = new Map();
  for (const line of readFileSync(haproxyLog, 'utf8').split('\n')) {
    const m = /^\{?([rw]\d+-\d+)\}? \S+\/(\S+) (-?\d+) (\S+)/.exec(line);
    if (m) served.set(m[1], { server: m[2], status: m[3], state: m[4] });
  }
  const victimName = `p${victim + 1}`;
  const onVictim = (e) => (served.get(e.id)?.server ?? victimName) === victimName && e.start <= goneAt && e.end >= killAt;
  const inFlight = failed.filter(onVictim);
  const otherFailures = failed.filter((e) => !onVictim(e));
  results.requests = {
    total: log.length,
    reads: log.filter((e) => e.kind === 'read').length,
    writes: log.filter((e) => e.kind === 'write').length,
    seconds: Math.round((Date.now() - startedAt) / 1000),
    failedInFlight: inFlight.length,
    failedOther: otherFailures.length,
    statuses: failed.reduce((acc, e) => ({ ...acc, [e.status]: (acc[e.status] ?? 0) + 1 }), {}),
    // Each failure: kind, status or error, start and end relative to the kill (ms).
    failures: failed.slice(0, 20).map((e) => {
      const b = served.get(e.id);
      return `${e.kind} ${e.status}${e.error ? ` ${e.error}` : ''} ${e.start - killAt}..${e.end - killAt} ms; balancer: ${b ? `${b.server} ${b.status} ${b.state}` : 'no log line'}`;
    }),
  };
  for (const e of otherFailures.slice(0, 10)) {
    const b = served.get(e.id);
    problem(
      `${e.kind} failed with ${e.status}${e.error ? ` (${e.error})` : ''} and was not in flight on the killed process (${e.start - killAt}..${e.end - killAt} ms; balancer: ${b ? `${b.server} ${b.status} ${b.state}` : 'no log line'})`,
    );
  }

  // Writes: exactly once when acknowledged, never twice, at most once when failed.
  await withDirect(db, work, async (direct) => {
    const rows = await direct.query(`SELECT body AS text, count(*)::int AS n FROM idea_comments WHERE idea_id = $1 GROUP BY body`, [ideaId]);
    const counts = new Map(rows.map((r) => [r.text, r.n]));
    let appliedUnacked = 0;
    for (const e of log.filter((x) => x.kind === 'write')) {
      const n = counts.get(e.text) ?? 0;
      if (n > 1) problem(`"${e.text}" applied ${n} times`);
      if (ok(e.status) && n !== 1) problem(`"${e.text}" acknowledged (${e.status}) but applied ${n} times`);
      if (!ok(e.status) && n === 1) appliedUnacked++;
    }
    results.writes = { acknowledged: log.filter((x) => x.kind === 'write' && ok(x.status)).length, failedButApplied: appliedUnacked };

    // SSE: every notification the author received during the run, on every client, each exactly once.
    const since = new Date(startedAt - 1000).toISOString();
    const expected = (
      await direct.query(`SELECT seq::text AS id FROM notifications WHERE user_id = $1 AND created_at >= $2 ORDER BY notifications.seq`, [authorId, since])
    ).map((r) => r.id);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && clients.some((c) => expected.some((id) => !c.ids.has(id)))) await sleep(200);
    results.sse = clients.map((c, i) => {
      const missing = expected.filter((id) => !c.ids.has(id));
      if (missing.length) problem(`SSE client ${i} (backends ${c.backends.join(',')}) missed ${missing.length} of ${expected.length} notifications`);
      const twice = [...c.counts.values()].filter((n) => n > 1).length;
      if (twice) problem(`SSE client ${i} (backends ${c.backends.join(',')}) received ${twice} notifications more than once`);
      return { connections: c.connections, backends: c.backends, received: expected.length - missing.length, expected: expected.length, receivedTwice: twice };
    });
    if (!clients.some((c) => c.connections > 1)) problem('no SSE client had to reconnect: the kill did not hit a stream');
  });
  await Promise.all(clients.map((c) => c.close()));

  // 3. A file uploaded through the balancer downloads from every process.
  const png = await pngBytes();
  const form = new FormData();
  form.append('profileImage', new Blob([png], { type: 'image/png' }), 'me.png');
  const up = await api(LB, 'POST', '/api/auth/upload-profile-image', { token: tokens[2], form });
  if (up.status !== 200) problem(`upload through the balancer: ${up.status} ${JSON.stringify(up.body)}`);
  const url = up.body?.data?.imageUrl;
  results.file = { url, downloads: [] };
  let first;
  for (const port of PORTS) {
    const res = await fetch(`http://127.0.0.1:${port}${new URL(url, 'http://x').pathname}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    first ??= bytes;
    results.file.downloads.push({ port, status: res.status, bytes: bytes.length, same: bytes.equals(first) });
    if (res.status !== 200 || !bytes.equals(first) || bytes.length === 0) problem(`download from ${port}: ${res.status}, ${bytes.length} bytes`);
  }
  results.loadAfter = load();
} catch (error) {
  problem(`drill error: ${error?.stack?.split('\n').slice(0, 3).join(' | ') ?? error}`);
} finally {
  await stopServer(balancer, 'SIGTERM');
  for (const s of servers) await stopServer(s, 'SIGTERM');
  await db.drop().catch(() => undefined);
  // DRILL_HAPROXY_LOG=file keeps the balancer's request log (one line per request) for a look afterwards.
  if (process.env.DRILL_HAPROXY_LOG) copyFileSync(haproxyLog, process.env.DRILL_HAPROXY_LOG);
  cleanup();
}
report('balancer', problems.length === 0, { ...results, problems });
