// Drill (PostgreSQL only): the database server is stopped for a few seconds and started again while
// requests keep coming. Expect: during the outage every request fails fast with 503 (never hangs, never
// crashes the process); after PostgreSQL is back, requests succeed again within 5 s, without restarting
// the API. SSE fan-out resumes too: a student's notification stream (reconnecting like EventSource when
// it drops) receives the notification of a workshop registration made after PostgreSQL came back within
// 5 s — which needs the event bus's LISTEN connection to have reconnected. Needs the local cluster's
// pg_ctlcluster (it stops and starts the machine's PostgreSQL; it is started again whatever happens).
// Usage: DRILL_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/drills/pg-restart.mjs
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import {
  api,
  createWorkshop,
  exited,
  freshDatabase,
  isRunning,
  login,
  report,
  sleep,
  sseClient,
  startHealthy,
  workDir,
} from './lib.mjs';

if (!process.env.DRILL_DATABASE_URL) {
  console.log('pg-restart: skipped (set DRILL_DATABASE_URL to a local PostgreSQL cluster)');
  process.exit(0);
}
const PORT = 3163;
const OUTAGE_MS = Number(process.env.DRILL_OUTAGE_MS ?? 3000);
const version = readdirSync('/etc/postgresql')[0];
const cluster = (action) =>
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action], { stdio: 'pipe' });

const { work, cleanup } = workDir();
const db = await freshDatabase(work);
let server;
try {
  server = await startHealthy({ port: PORT, env: db.env, work });
  const token = await login(PORT, 'student@example.com', 'Student@123');
  const admin = await login(PORT, 'admin@example.com', 'Admin@12345');
  const workshopBefore = await createWorkshop(PORT, admin, 5, 'Before the restart');
  const workshopAfter = await createWorkshop(PORT, admin, 5, 'After the restart');
  const sse = sseClient(PORT, token);
  const deadline = Date.now() + 10_000;
  while (!sse.events.some((e) => e.event === 'ready') && Date.now() < deadline) await sleep(50);
  // The pipeline works before the fault: a registration's notification arrives on the stream.
  const deliveredWithin = async (workshopId, since, ms) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const hit = sse.events.find(
        (e) => e.at >= since && e.event === 'notification' && e.data?.notification?.metadata?.workshopId === workshopId,
      );
      if (hit) return hit.at - since;
      await sleep(25);
    }
    return null;
  };
  const t0 = Date.now();
  const regBefore = await api(PORT, 'POST', `/api/workshops/${workshopBefore}/register`, { token });
  const sseBeforeMs = await deliveredWithin(workshopBefore, t0, 5000);
  const samples = [];
  let stop = false;
  const probe = async () => {
    while (!stop) {
      const t0 = Date.now();
      const status = await fetch(`http://127.0.0.1:${PORT}/api/auth/me`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(15_000),
      })
        .then((r) => r.status)
        .catch(() => 0);
      samples.push({ at: t0, ms: Date.now() - t0, status });
      await sleep(100);
    }
  };
  const prober = probe();
  await sleep(1500);
  const downAt = Date.now();
  cluster('stop');
  await sleep(OUTAGE_MS);
  cluster('start');
  const upAt = Date.now();
  // As soon as the API answers 200 again, a new notification; the stream must carry it within 5 s.
  while (!samples.some((x) => x.at >= upAt && x.status === 200) && Date.now() - upAt < 10_000) await sleep(50);
  const regAt = Date.now();
  const regAfter = await api(PORT, 'POST', `/api/workshops/${workshopAfter}/register`, { token });
  const sseAfterMs = regAfter.status === 201 ? await deliveredWithin(workshopAfter, regAt, 5000) : null;
  await sleep(Math.max(0, 10_000 - (Date.now() - upAt)));
  stop = true;
  await prober;
  const sseConnections = sse.connections;
  await sse.close();

  const before = samples.filter((s) => s.at < downAt);
  const during = samples.filter((s) => s.at >= downAt && s.at < upAt);
  const firstOkAfter = samples.find((s) => s.at >= upAt && s.status === 200);
  const afterUp = samples.filter((s) => s.at >= upAt);
  const recoveredMs = firstOkAfter ? firstOkAfter.at + firstOkAfter.ms - upAt : null;
  const duringStatuses = [...new Set(during.map((s) => s.status))];
  const slowest = Math.max(0, ...during.map((s) => s.ms));
  const processAlive = isRunning(server);
  const lastTen = afterUp.slice(-10);
  const ok =
    before.every((s) => s.status === 200) &&
    during.length > 0 &&
    during.every((s) => s.status === 503 || s.status === 200) &&
    slowest < 6000 &&
    recoveredMs !== null &&
    recoveredMs <= 5000 &&
    lastTen.every((s) => s.status === 200) &&
    processAlive &&
    regBefore.status === 201 &&
    sseBeforeMs !== null &&
    regAfter.status === 201 &&
    sseAfterMs !== null;
  server.kill('SIGTERM');
  await exited(server);
  report('PostgreSQL restarted during load', ok, {
    outageMs: OUTAGE_MS,
    requestsBefore: before.length,
    requestsDuringOutage: during.length,
    statusesDuringOutage: duringStatuses,
    slowestAnswerDuringOutageMs: slowest,
    recoveredWithinMsOfRestart: recoveredMs,
    lastTenAfterRestart: lastTen.map((s) => s.status),
    apiProcessStayedUp: processAlive,
    sseNotificationBeforeOutageMs: sseBeforeMs,
    registrationAfterRestartStatus: regAfter.status,
    registrationAfterRestartMsAfterPgStart: regAt - upAt,
    sseNotificationAfterRestartMs: sseAfterMs,
    sseStreamConnections: sseConnections,
    loadAverage: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  });
} finally {
  // Whatever happened, leave the machine's PostgreSQL running.
  try {
    cluster('start');
  } catch {
    /* already running */
  }
  await db.drop().catch(() => undefined);
  cleanup();
}
