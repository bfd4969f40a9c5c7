// Growth runs (issue 7): the hot read endpoints on generated databases of growing size.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/growth.ts \
//     --dbs mb_bench_s0010,mb_bench_s0100,mb_bench_s1000 [--duration 5] [--label before] [--no-http] [--drop]
//
// For each database (made by bench/generate.ts):
//  1. EXPLAIN (ANALYZE, BUFFERS): calls the real service functions with a drizzle logger that captures the
//     exact SQL and parameters they send, then runs EXPLAIN (ANALYZE, BUFFERS) on each statement. Plans go
//     to bench/results/explain/<label>/<db>/<endpoint>.txt.
//  2. HTTP latency: starts the API from source (node --import tsx apps/api/src/server.ts, NODE_ENV=production,
//     LOG_LEVEL=warn, jobs off) on 127.0.0.1:3153 against that database, signs in as student1@bench.local and
//     measures each endpoint with autocannon on ONE connection for --duration seconds (latency without
//     queueing: the growth question is "does one request get slower as the data grows").
// Writes bench/results/growth-<label>-<timestamp>.json and prints a table.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../apps/api/src/db/schema/index.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import type { Actor } from '../apps/api/src/lib/http.ts';
import { ideaListQuery } from '@app/shared/ideas';
import { workshopListQuery } from '@app/shared/workshops';
import { professionalListQuery } from '@app/shared/professionals';
import { studentProjectListQuery } from '@app/shared/rd-projects';
import { listPublicIdeas, getIdea } from '../apps/api/src/modules/ideas/ideas.service.ts';
import { unreadCount } from '../apps/api/src/modules/notifications/notifications.queries.ts';
import { listWorkshops } from '../apps/api/src/modules/workshops/workshops.service.ts';
import { listProfessionals } from '../apps/api/src/modules/professionals/professionals.service.ts';
import { listForStudent } from '../apps/api/src/modules/rd-projects/projects-student.service.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith('--') ? [a.slice(2), all[i + 1] && !all[i + 1]?.startsWith('--') ? all[i + 1] : 'true'] : undefined))
    .filter((x): x is [string, string] => Boolean(x)),
);
const BASE_URL = process.env.BENCH_DATABASE_URL;
if (!BASE_URL) {
  console.error('Set BENCH_DATABASE_URL (the PostgreSQL server holding the mb_bench_* databases).');
  process.exit(2);
}
const DBS = String(args.dbs ?? 'mb_bench_s0010,mb_bench_s0100').split(',');
const DURATION = Number(args.duration ?? 5);
const LABEL = String(args.label ?? 'run');
const PORT = Number(process.env.BENCH_PORT ?? 3153);
const DEEP_PAGE = Number(args['deep-page'] ?? 50);
const JWT_SECRET = randomBytes(48).toString('base64url');

function dbUrl(name: string) {
  const u = new URL(BASE_URL as string);
  u.pathname = `/${name}`;
  return u.toString();
}

interface Captured {
  sql: string;
  params: unknown[];
}

/** Runs fn against a drizzle instance that records every statement, then EXPLAINs each one. */
async function explainEndpoint(pool: pg.Pool, name: string, dir: string, fn: (db: Db) => Promise<unknown>) {
  const captured: Captured[] = [];
  const db = drizzle({ client: pool, schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } }) as unknown as Db;
  await fn(db); // warm (and capture)
  captured.length = 0;
  await fn(db);
  const parts: string[] = [];
  const statements: { sql: string; executionMs: number; planningMs: number; seqScans: string[] }[] = [];
  for (const q of captured) {
    if (/^\s*explain/i.test(q.sql)) {
      parts.push(`-- ${q.sql}\n-- params: ${JSON.stringify(q.params)}\n(an estimate the service asks for: not re-explained)\n`);
      continue;
    }
    const res = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params as unknown[]);
    const lines = res.rows.map((r: Record<string, string>) => r['QUERY PLAN'] ?? '');
    const exec = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? NaN);
    const plan = Number(/Planning Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? NaN);
    const seqScans = lines.filter((l) => /Seq Scan on/.test(l)).map((l) => /Seq Scan on (\w+)/.exec(l)?.[1] ?? '?');
    statements.push({ sql: q.sql.slice(0, 160), executionMs: exec, planningMs: plan, seqScans });
    parts.push(`-- ${q.sql}\n-- params: ${JSON.stringify(q.params)}\n${lines.join('\n')}\n`);
  }
  writeFileSync(path.join(dir, `${name}.txt`), parts.join('\n'));
  return {
    statements,
    totalExecutionMs: Number(statements.reduce((s, x) => s + x.executionMs, 0).toFixed(3)),
    slowest: statements.reduce((a, b) => (b.executionMs > a.executionMs ? b : a), statements[0] ?? { sql: '', executionMs: 0, planningMs: 0, seqScans: [] }),
  };
}

async function waitFor(url: string, timeoutMs: number, child: ChildProcess, log: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited (${child.exitCode}):\n${readFileSync(log, 'utf8').slice(-3000)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(t);
}

function measure(url: string, headers: Record<string, string>) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, headers, connections: 1, duration: DURATION }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main() {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out: Record<string, unknown>[] = [];
  const work = mkdtempSync(path.join(os.tmpdir(), 'mb-growth-'));
  mkdirSync(path.join(work, 'static'));
  for (const name of DBS) {
    const pool = new pg.Pool({ connectionString: dbUrl(name), max: 2 });
    const size = (await pool.query(`SELECT pg_size_pretty(pg_database_size(current_database())) s`)).rows[0]?.s as string;
    const counts = (await pool.query(`SELECT (SELECT count(*) FROM ideas)::int ideas, (SELECT count(*) FROM notifications)::int notifications, (SELECT count(*) FROM idea_likes)::int likes`)).rows[0];
    const [student] = (await pool.query(`SELECT id, email, first_name, last_name FROM users WHERE email = 'student1@bench.local'`)).rows;
    // A public idea from the middle of the table (the detail endpoint).
    const [idea] = (
      await pool.query(`SELECT id FROM ideas WHERE is_public AND status NOT IN ('draft','rejected') ORDER BY created_at DESC OFFSET (SELECT count(*) / 2 FROM ideas) / 2 LIMIT 1`)
    ).rows;
    const actor: Actor = { id: student.id, role: 'student', email: student.email, firstName: student.first_name, lastName: student.last_name, isTemporaryPassword: false };
    const dir = path.join(root, 'bench/results/explain', LABEL, name);
    mkdirSync(dir, { recursive: true });
    console.error(`growth: ${name} (${size}; ideas ${counts.ideas}, likes ${counts.likes}, notifications ${counts.notifications})`);

    const endpoints: { key: string; path: string; run: (db: Db) => Promise<unknown> }[] = [
      { key: 'ideas-page1', path: '/api/ideas', run: (db) => listPublicIdeas(db, actor, ideaListQuery.parse({})) },
      { key: `ideas-page${DEEP_PAGE}`, path: `/api/ideas?page=${DEEP_PAGE}`, run: (db) => listPublicIdeas(db, actor, ideaListQuery.parse({ page: DEEP_PAGE })) },
      { key: 'ideas-search', path: '/api/ideas?search=irrigation', run: (db) => listPublicIdeas(db, actor, ideaListQuery.parse({ search: 'irrigation' })) },
      { key: 'idea-detail', path: `/api/ideas/${idea.id}`, run: (db) => getIdea(db, actor, idea.id) },
      { key: 'unread-count', path: '/api/notifications/unread-count', run: (db) => unreadCount(db, actor.id) },
      { key: 'workshops', path: '/api/workshops', run: (db) => listWorkshops(db, actor, workshopListQuery.parse({})) },
      { key: 'professionals', path: '/api/professionals', run: (db) => listProfessionals(db, professionalListQuery.parse({})) },
      { key: 'rd-projects-user', path: `/api/rd-projects/user/${actor.id}`, run: (db) => listForStudent(db, actor, actor.id, studentProjectListQuery.parse({})) },
    ];
    const explained: Record<string, Awaited<ReturnType<typeof explainEndpoint>>> = {};
    for (const e of endpoints) explained[e.key] = await explainEndpoint(pool, e.key, dir, e.run);
    await pool.end();

    const http: Record<string, unknown> = {};
    if (args['no-http'] !== 'true') {
      const log = path.join(work, `${name}.log`);
      const fd = openSync(log, 'a');
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: path.join(root, 'apps/api'),
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(PORT),
          DATABASE_URL: dbUrl(name),
          JWT_SECRET,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          JOBS_ENABLED: 'false',
          LOGIN_MAX_PER_IP: '100000000',
          STATIC_DIR: path.join(work, 'static'),
          DATA_DIR: path.join(work, 'data'),
        },
        stdio: ['ignore', fd, fd],
      });
      try {
        const base = `http://127.0.0.1:${PORT}`;
        await waitFor(`${base}/api/health`, 120_000, child, log);
        const login = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'student1@bench.local', password: 'Bench@123' }),
        });
        if (login.status !== 200) throw new Error(`bench login failed: ${login.status} ${await login.text()}`);
        const token = ((await login.json()) as { data: { token: string } }).data.token;
        const headers = { authorization: `Bearer ${token}` };
        for (const e of endpoints) {
          const check = await fetch(`${base}${e.path}`, { headers });
          if (check.status !== 200) throw new Error(`${e.path} answered ${check.status}: ${(await check.text()).slice(0, 300)}`);
          const r = await measure(`${base}${e.path}`, headers);
          http[e.key] = { reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, mean: r.latency.average, non2xx: r.non2xx, errors: r.errors };
          console.error(`  ${e.key.padEnd(18)} p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ${Math.round(r.requests.average)} req/s  sql ${explained[e.key]?.totalExecutionMs} ms`);
        }
      } finally {
        await stop(child);
      }
    }
    out.push({ database: name, size, counts, load: os.loadavg().map((n) => n.toFixed(2)).join(' '), explain: explained, http });
  }
  rmSync(work, { recursive: true, force: true });
  const file = path.join(root, 'bench/results', `growth-${LABEL}-${stamp}.json`);
  writeFileSync(file, JSON.stringify({ when: new Date().toISOString(), label: LABEL, durationPerEndpoint: DURATION, connections: 1, cpus: os.cpus().length, results: out }, null, 2));

  // Summary: SQL execution time (sum over the endpoint's statements) and HTTP p50/p99 per database.
  const keys = Object.keys((out[0]?.explain as object) ?? {});
  console.log(`\n| endpoint | ${DBS.map((d) => `${d}: sql ms / p50 / p99`).join(' | ')} |`);
  console.log(`|---|${DBS.map(() => '---:').join('|')}|`);
  for (const k of keys) {
    const cells = out.map((o) => {
      const ex = (o.explain as Record<string, { totalExecutionMs: number; statements: { seqScans: string[] }[] }>)[k];
      const h = (o.http as Record<string, { p50: number; p99: number }>)[k];
      const seq = [...new Set(ex?.statements.flatMap((s) => s.seqScans) ?? [])];
      return `${ex?.totalExecutionMs ?? '-'} / ${h?.p50 ?? '-'} / ${h?.p99 ?? '-'}${seq.length ? ` (seq: ${seq.join(',')})` : ''}`;
    });
    console.log(`| ${k} | ${cells.join(' | ')} |`);
  }
  console.log(`\nResults: ${path.relative(root, file)}; plans: bench/results/explain/${LABEL}/`);
  if (args.drop === 'true') {
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    for (const d of DBS) if (d.startsWith('mb_bench_')) await admin.query(`DROP DATABASE IF EXISTS ${d} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
