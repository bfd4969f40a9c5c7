// Drill: sustained mixed load. The built server on a fresh database (demo seed) takes a fixed-rate mix
// of reads and writes for DRILL_DURATION_S seconds (default 300; the nightly profile is 1800) and must
// answer every request 2xx (no errors, no timeouts, no non-2xx) while its memory does not grow by more
// than 10 %.
//
// Memory: the server's resident set size is sampled every 5 s. The first DRILL_WARMUP_S seconds
// (default 60, or a fifth of a shorter run) are warm-up: V8 sizes its heap and PostgreSQL/PGlite fill
// their caches. The baseline is the median of the samples in the 30 s after warm-up, the end value the
// median of the last 30 s; growth = end / baseline − 1. Medians, so one sample taken just before a
// garbage collection does not decide the verdict.
//
// Mix (round robin, each student in turn): student lists and details, the unread count, liking and
// unliking public ideas (explicit state, so every call is 200), comments, idea submissions, marking
// notifications read, profile saves. Writes grow the tables (ideas, comments) as real use would.
//
// Usage: node scripts/drills/sustained-load.mjs   [DRILL_DATABASE_URL=postgres://… for PostgreSQL]
//        DRILL_DURATION_S=1800 (nightly)  DRILL_RATE=100 (requests/s)  DRILL_WARMUP_S=60
import autocannon from 'autocannon';
import {
  DEMO_STUDENTS,
  api,
  demoPassword,
  exited,
  freshDatabase,
  login,
  report,
  rssBytes,
  startHealthy,
  stopServer,
  workDir,
} from './lib.mjs';

const PORT = 3165;
const DURATION_S = Number(process.env.DRILL_DURATION_S ?? 300);
const RATE = Number(process.env.DRILL_RATE ?? 100);
const WARMUP_S = Number(process.env.DRILL_WARMUP_S ?? Math.min(60, Math.round(DURATION_S / 5)));
const WINDOW_S = Math.min(30, Math.max(5, Math.round((DURATION_S - WARMUP_S) / 4)));
const SAMPLE_MS = 5000;
const MAX_GROWTH = 0.1;

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;

const { work, cleanup } = workDir();
const db = await freshDatabase(work);
let server;
try {
  server = await startHealthy({ port: PORT, env: db.env, work });

  const students = [];
  for (const email of DEMO_STUDENTS) students.push(await login(PORT, email, demoPassword(email)));
  const read = async (url, token) => {
    const res = await api(PORT, 'GET', url, { token });
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
    return res.body.data;
  };
  const ideas = (await read('/api/ideas?limit=50', students[0])).ideas.map((i) => i.id);
  const workshops = (await read('/api/workshops?limit=50', students[0])).workshops.map((w) => w.id);
  const professionals = (await read('/api/professionals?limit=50', students[0])).professionals.map((p) => p.id);
  const notifications = [];
  for (const token of students) notifications.push((await read('/api/notifications?limit=50', token)).notifications.map((n) => n.id));
  if (!ideas.length || !workshops.length || !professionals.length) throw new Error('the demo seed has no ideas, workshops or professionals');

  let n = 0;
  const next = () => n++;
  const who = (i) => students[i % students.length];
  const auth = (i, extra = {}) => ({ authorization: `Bearer ${who(i)}`, ...extra });
  const json = { 'content-type': 'application/json' };
  const pick = (list, i) => list[Math.floor(i / students.length) % list.length];
  const get = (path) => ({ method: 'GET', setupRequest: (req) => ({ ...req, path: path(next()), headers: auth(n) }) });
  const requests = [
    get(() => '/api/workshops'),
    get(() => '/api/ideas'),
    get(() => '/api/professionals'),
    get(() => '/api/rd-projects/public'),
    get(() => '/api/notifications/unread-count'),
    get((i) => `/api/ideas/${pick(ideas, i)}`),
    get((i) => `/api/workshops/${pick(workshops, i)}`),
    get((i) => `/api/professionals/${pick(professionals, i)}`),
    get(() => '/api/auth/me'),
    get(() => '/api/notifications/unread-count'),
    {
      method: 'POST',
      setupRequest: (req) => {
        const i = next();
        return { ...req, path: `/api/ideas/${pick(ideas, i)}/like`, headers: auth(i, json), body: JSON.stringify({ like: i % 2 === 0 }) };
      },
    },
    {
      method: 'POST',
      setupRequest: (req) => {
        const i = next();
        return {
          ...req,
          path: `/api/ideas/${pick(ideas, i)}/comments`,
          headers: auth(i, json),
          body: JSON.stringify({ body: `Sustained-load comment ${i}` }),
        };
      },
    },
    {
      method: 'POST',
      setupRequest: (req) => {
        const i = next();
        const body = {
          title: `Sustained idea ${i}`,
          category: 'Computer Science',
          description: 'An idea submitted by the sustained-load drill, long enough to be a valid description.',
          isPublic: true,
        };
        return { ...req, path: '/api/ideas', headers: auth(i, json), body: JSON.stringify(body) };
      },
    },
    {
      method: 'PUT',
      setupRequest: (req) => {
        const i = next();
        const ids = notifications[i % students.length];
        if (!ids?.length) return { ...req, method: 'GET', path: '/api/notifications/unread-count', headers: auth(i) };
        return { ...req, path: `/api/notifications/${pick(ids, i)}/read`, headers: auth(i) };
      },
    },
  ];

  const samples = [];
  const startedAt = Date.now();
  const sampler = setInterval(() => {
    try {
      samples.push({ t: (Date.now() - startedAt) / 1000, rss: rssBytes(server.pid) });
    } catch {
      /* the server is gone: the run's errors will say so */
    }
  }, SAMPLE_MS);
  const statuses = {};
  const instance = autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: Math.max(10, Math.ceil(RATE / 8)),
    overallRate: RATE,
    duration: DURATION_S,
    timeout: 10,
    requests,
  });
  instance.on('response', (_client, statusCode) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  clearInterval(sampler);

  const inWindow = (from, to) => samples.filter((s) => s.t >= from && s.t < to).map((s) => s.rss);
  const baseline = median(inWindow(WARMUP_S, WARMUP_S + WINDOW_S));
  const end = median(inWindow(DURATION_S - WINDOW_S, DURATION_S + 1));
  const growth = end / baseline - 1;
  const healthyAfter = (await api(PORT, 'GET', '/api/health')).status === 200;
  server.kill('SIGTERM');
  const code = await exited(server);

  const errors = result.errors + result.timeouts + result.non2xx;
  const ok = errors === 0 && result.requests.total > 0 && Number.isFinite(growth) && growth <= MAX_GROWTH && healthyAfter && code === 0;
  report('sustained mixed load', ok, {
    database: db.url ? 'postgres' : 'pglite',
    durationS: DURATION_S,
    rateAsked: RATE,
    requests: result.requests.total,
    reqPerS: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
    rssMb: {
      baseline: mb(baseline),
      end: mb(end),
      growthPct: Math.round(growth * 1000) / 10,
      min: mb(Math.min(...samples.map((s) => s.rss))),
      max: mb(Math.max(...samples.map((s) => s.rss))),
      windows: `baseline ${WARMUP_S}–${WARMUP_S + WINDOW_S} s, end ${DURATION_S - WINDOW_S}–${DURATION_S} s, a sample every ${SAMPLE_MS / 1000} s`,
    },
    healthyAfter,
    exitCode: code,
  });
} finally {
  await stopServer(server);
  await db.drop();
  cleanup();
}
