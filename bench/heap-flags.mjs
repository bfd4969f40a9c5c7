// How the API's memory behaves under a read load with given Node.js flags (docs/decisions/370-server-heap.md).
//
//   node bench/heap-flags.mjs [label] [node flags…]
//   node bench/heap-flags.mjs defaults
//   node bench/heap-flags.mjs bounded --max-old-space-size=512 --max-semi-space-size=8
//
// Starts the built API (apps/api/dist/server.js) on port 3170 against HEAP_DATABASE_URL (default: the
// scale-1 bench database, postgres://postgres@127.0.0.1:5432/mb_bench_s1000, made by `npm run bench --
// --data scale`), signs in as student1@bench.local, offers 250 req/s of list reads for 30 s with
// autocannon, and samples process.memoryUsage() inside the server every second (a preload writing JSON
// lines). Prints req/s, p99, non-2xx and the peak RSS, heapTotal, heapUsed, external and arrayBuffers.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [label = 'defaults', ...flags] = process.argv.slice(2);
const DATABASE_URL = process.env.HEAP_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mb_bench_s1000';
const PORT = 3170;
const base = `http://127.0.0.1:${PORT}`;

const work = mkdtempSync(path.join(os.tmpdir(), 'mb-heap-'));
const log = path.join(work, 'memory.jsonl');
const preload = path.join(work, 'preload.mjs');
writeFileSync(
  preload,
  `import { appendFileSync } from 'node:fs';
const mb = (n) => Math.round(n / 1048576);
setInterval(() => {
  const m = process.memoryUsage();
  appendFileSync(${JSON.stringify(log)}, JSON.stringify({ rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) }) + '\\n');
}, 1000).unref();
`,
);

const server = spawn(process.execPath, [...flags, '--import', preload, 'apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'ignore',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATABASE_URL,
    JWT_SECRET: 'heap-flags-bench-secret-long-enough-for-hs256-0123456789',
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'false',
    LOGIN_MAX_PER_IP: '1000000',
    STATIC_DIR: work,
  },
});
try {
  let up = false;
  for (let i = 0; i < 150 && !up; i++) {
    up = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  if (!up) throw new Error(`the API did not start on ${base}`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'student1@bench.local', password: 'Bench@123' }),
  });
  if (!login.ok) throw new Error(`sign-in failed (${login.status}): is ${DATABASE_URL} a bench database?`);
  const token = (await login.json()).data.token;
  const paths = [
    '/api/workshops',
    '/api/workshops?category=Technology&search=Intro&page=2',
    '/api/professionals',
    '/api/professionals?expertise=Data%20Science&page=2',
    '/api/ideas',
    '/api/ideas?category=Environment&page=3',
    '/api/ideas?search=irrigation',
    '/api/rd-projects/public?field=Biotechnology',
    '/api/notifications/unread-count',
    '/api/auth/me',
    '/api/notifications?limit=20',
  ];
  const result = await autocannon({
    url: base,
    connections: 40,
    overallRate: 250,
    duration: 30,
    requests: paths.map((p) => ({ method: 'GET', path: p, headers: { authorization: `Bearer ${token}` } })),
  });
  const rows = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const peak = (k) => Math.max(...rows.map((r) => r[k]));
  console.log(
    `${label.padEnd(24)} req/s ${Math.round(result.requests.average)}  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}` +
      `  | peak MB: rss ${peak('rss')}, heapTotal ${peak('heapTotal')}, heapUsed ${peak('heapUsed')}, external ${peak('external')}, arrayBuffers ${peak('arrayBuffers')}` +
      `  | at start: rss ${rows[0]?.rss}, heapUsed ${rows[0]?.heapUsed}`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(work, { recursive: true, force: true });
}
