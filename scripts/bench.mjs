#!/usr/bin/env node
// npm run bench — throughput and latency of the built API against a bare Fastify ceiling.
//
//   node scripts/bench.mjs [--duration 10] [--connections 10] [--rate 200] [--only login,me] [--out file.json]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench   (fresh PostgreSQL database)
//
// Starts node apps/api/dist/server.js (building the API first if dist is missing) on 127.0.0.1:3150 with a
// seeded demo database (PGlite in a temp DATA_DIR by default), a bare Fastify server on 3151 and, after the
// API run, a minimal raw-SQL handler on 3152. All load goes to 127.0.0.1 and every run is bounded in time.
// Method and results: docs/performance.md.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = parseArgs(process.argv.slice(2));
const DURATION = Number(args.duration ?? process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(args.connections ?? process.env.BENCH_CONNECTIONS ?? 10);
const MIX_RATE = Number(args.rate ?? process.env.BENCH_RATE ?? 200);
const ONLY = args.only ? String(args.only).split(',') : undefined;
const API_PORT = Number(process.env.BENCH_PORT ?? 3150);
const CEILING_PORT = API_PORT + 1;
const RAW_PORT = API_PORT + 2;
const PG_URL = process.env.BENCH_DATABASE_URL;
const JWT_SECRET = randomBytes(48).toString('base64url');
// The per-IP login limit (default 30 per 15 min) would turn the login scenario into a 429 benchmark:
// the bench raises it. The per-account lockout only counts failures; the bench uses the right password.
const LOGIN_MAX_PER_IP = '100000000';
const STUDENT = { email: 'student@example.com', password: 'Student@123' };

const children = new Set();
const cleanups = [];
process.on('SIGINT', () => shutdownAll().then(() => process.exit(130)));

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const [k, v] = a.slice(2).split('=');
      out[k] = v ?? (argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[++i] : 'true');
    }
  }
  return out;
}

function wanted(name) {
  return !ONLY || ONLY.includes(name);
}

async function waitFor(url, timeoutMs, child, accept = (status) => status >= 200 && status < 300) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      if (accept(res.status)) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function start(name, file, argv, env, logFile) {
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [file, ...argv], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  child.name = name;
  return child;
}

async function stop(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function shutdownAll() {
  for (const c of [...children]) await stop(c);
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
}

function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false, outputStream: process.stderr });
  });
}

function summarise(name, result, extra = {}) {
  const okCount = result['2xx'] ?? 0;
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    okPerSec: Math.round(okCount / (result.duration || DURATION)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ...extra,
  };
}

async function createPgDatabase(url) {
  const { default: pg } = await import('pg');
  const name = `mb_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  return { name, url: u.toString() };
}

/** The GET list endpoints of the read mix that exist right now (from the OpenAPI document). */
async function readMix(base, token, userId) {
  const doc = await (await fetch(`${base}/api/docs/json`)).json();
  const paths = doc.paths ?? {};
  const candidates = [
    '/api/workshops',
    '/api/professionals',
    '/api/ideas',
    '/api/notifications',
    '/api/notifications/unread-count',
    '/api/rd-projects/public',
    '/api/rd-projects/user/{userId}',
    '/api/students/me/summary',
    '/api/content/site',
    '/api/auth/me',
  ];
  const present = candidates.filter((p) => paths[p]?.get);
  return present.map((p) => ({ method: 'GET', path: p.replace('{userId}', userId), headers: { authorization: `Bearer ${token}` } }));
}

async function main() {
  const serverJs = path.join(root, 'apps/api/dist/server.js');
  if (!existsSync(serverJs)) {
    console.error('apps/api/dist/server.js is missing: building the API (npm run build -w apps/api)');
    execFileSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'mb-bench-'));
  cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
  const emptyStatic = path.join(work, 'static');
  mkdirSync(emptyStatic);
  const apiLog = path.join(work, 'api.log');

  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(API_PORT),
    DATA_DIR: path.join(work, 'data'),
    JWT_SECRET,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    LOGIN_MAX_PER_IP,
    STATIC_DIR: emptyStatic,
    JOBS_ENABLED: 'true',
  };
  let dbLabel = 'PGlite (embedded)';
  if (PG_URL) {
    const created = await createPgDatabase(PG_URL);
    Object.assign(env, { DATABASE_URL: created.url, SEED_DEMO: 'true' });
    dbLabel = `PostgreSQL (${created.name})`;
  }

  const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadBefore: os.loadavg().map((n) => n.toFixed(2)).join(' ') };
  console.log(`bench: ${dbLabel}, ${DURATION}s per scenario, ${CONNECTIONS} connections, mix at ${MIX_RATE} req/s; load average ${machine.loadBefore}`);

  const results = [];
  // 1. Ceiling: bare Fastify, alone on the machine (the API is not started yet).
  const ceiling = start('ceiling', path.join(root, 'bench/ceiling.mjs'), [String(CEILING_PORT)], {}, path.join(work, 'ceiling.log'));
  await waitFor(`http://127.0.0.1:${CEILING_PORT}/`, 15_000, ceiling);
  results.push(summarise('ceiling: bare Fastify GET /', await run({ url: `http://127.0.0.1:${CEILING_PORT}/` })));
  await stop(ceiling);

  // 2. The built API on the seeded database.
  const startedAt = Date.now();
  const api = start('api', serverJs, [], env, apiLog);
  try {
    await waitFor(`http://127.0.0.1:${API_PORT}/api/health`, 180_000, api);
  } catch (error) {
    console.error(readFileSync(apiLog, 'utf8').slice(-4000));
    throw error;
  }
  const bootMs = Date.now() - startedAt;
  const base = `http://127.0.0.1:${API_PORT}`;
  const loginBody = JSON.stringify(STUDENT);
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody });
  if (login.status !== 200) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  const { data } = await login.json();
  const token = data.token;
  const userId = data.user._id ?? data.user.id;
  const auth = { authorization: `Bearer ${token}` };

  if (wanted('health')) results.push(summarise('GET /api/health (SELECT 1)', await run({ url: `${base}/api/health` })));
  if (wanted('login'))
    results.push(
      summarise(
        'POST /api/auth/login (argon2id)',
        await run({ url: `${base}/api/auth/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody }),
      ),
    );
  if (wanted('me')) results.push(summarise('GET /api/auth/me', await run({ url: `${base}/api/auth/me`, headers: auth })));

  let mix = [];
  if (wanted('mix')) {
    mix = await readMix(base, token, userId);
    if (mix.length > 0) {
      const r = await run({ url: base, requests: mix, overallRate: MIX_RATE });
      results.push(summarise(`read mix at ${MIX_RATE} req/s (${mix.length} endpoints)`, r, { fixedRate: MIX_RATE }));
    }
  }
  await stop(api);

  // 3. Minimal-handler ceiling: the same two queries as /api/auth/me, raw rows, on the same database.
  if (wanted('raw')) {
    const rawEnv = PG_URL ? { DATABASE_URL: env.DATABASE_URL, JWT_SECRET } : { DATA_DIR: env.DATA_DIR, JWT_SECRET };
    const raw = start('raw', path.join(root, 'bench/raw-server.mjs'), [String(RAW_PORT)], rawEnv, path.join(work, 'raw.log'));
    await waitFor(`http://127.0.0.1:${RAW_PORT}/raw/me`, 60_000, raw, (status) => status === 401); // listening: 401 without a token
    results.push(summarise('raw handler: /me SQL, raw rows', await run({ url: `http://127.0.0.1:${RAW_PORT}/raw/me`, headers: auth })));
    await stop(raw);
  }

  const ceilingRps = results[0].reqPerSec || 1;
  for (const r of results) r.ratioToCeiling = Number((r.reqPerSec / ceilingRps).toFixed(4));
  machine.loadAfter = os.loadavg().map((n) => n.toFixed(2)).join(' ');

  printTable(results);
  console.log(`\nAPI boot (migrate + seed + listen): ${bootMs} ms. Read mix endpoints: ${mix.map((m) => m.path).join(', ') || 'none'}`);
  console.log(`Load average before ${machine.loadBefore}, after ${machine.loadAfter} (${machine.cpus} CPUs shared with the load generator).`);
  const out = args.out ?? path.join(root, 'bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}-${PG_URL ? 'postgres' : 'pglite'}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ when: new Date().toISOString(), database: dbLabel, duration: DURATION, connections: CONNECTIONS, machine, bootMs, mix: mix.map((m) => m.path), results }, null, 2));
  console.log(`Results written to ${path.relative(root, out)}`);
}

function printTable(rows) {
  const head = ['scenario', 'req/s', '2xx/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'x ceiling'];
  const body = rows.map((r) => [r.name, r.reqPerSec, r.okPerSec, r.p50, r.p99, r.errors, r.non2xx, r.ratioToCeiling.toFixed(3)].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ');
  console.log('\n' + line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const b of body) console.log(line(b));
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  })
  .finally(() => shutdownAll());
