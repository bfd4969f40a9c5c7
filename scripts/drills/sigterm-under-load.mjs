// Drill: SIGTERM while requests are in flight. Expect: exit within 10 s, exit code 0, and every request
// that was already accepted answered (no connection reset for requests sent before the signal). New
// work is turned away: during the drain (SHUTDOWN_DRAIN_MS, 1.5 s here) /api/health answers 503 so a load
// balancer stops sending, and once the drain is over a new connection is refused.
// Usage: node scripts/drills/sigterm-under-load.mjs   [DRILL_DATABASE_URL=…]
import { exited, freshDatabase, report, sleep, startServer, waitHealthy, workDir } from './lib.mjs';

const PORT = 3161;
const { work, cleanup } = workDir();
const db = await freshDatabase(work);
try {
  const DRAIN_MS = 1500;
  const server = startServer({ port: PORT, env: { ...db.env, SHUTDOWN_DRAIN_MS: String(DRAIN_MS) }, work });
  await waitHealthy(PORT);
  // Logins are the slowest requests (argon2id): a good in-flight load.
  const body = JSON.stringify({ email: 'student@example.com', password: 'Student@123' });
  const sent = [];
  let signalled = false;
  const fire = () => {
    const before = !signalled;
    const p = fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body,
    })
      .then((r) => ({ before, status: r.status }))
      .catch((e) => ({ before, status: 0, error: e.cause?.code ?? e.message }));
    sent.push(p);
  };
  // Within capacity (~30 logins/s per process measured): every request sent is really in flight.
  const RATE = Number(process.env.DRILL_RATE ?? 20);
  const timer = setInterval(fire, 1000 / RATE);
  await sleep(1500);
  const signalAt = Date.now();
  signalled = true;
  server.kill('SIGTERM');
  const exitPromise = exited(server);
  await sleep(300);
  clearInterval(timer);
  const probe = () =>
    fetch(`http://127.0.0.1:${PORT}/api/health`, { headers: { connection: 'close' } })
      .then((r) => r.status)
      .catch((e) => e.cause?.code ?? 'failed');
  const healthDuringDrain = await probe();
  await sleep(Math.max(0, signalAt + DRAIN_MS + 300 - Date.now()));
  const aliveAfterDrain = server.exitCode === null && server.signalCode === null;
  // The drain ends when the server's own timer fires, and on a loaded machine that timer runs late: PGlite
  // answers queries on the event loop, and with the in-flight logins still being answered the loop was once
  // busy past signal + drain + 300 ms (CI, 2026-11-29: health still 503 there, the listener closed and the
  // process exited at 1,999 ms). So the probe is repeated while the server still says it is draining (503),
  // for at most 5 s after the signal; what it must end in is a refused connection, never an answer or a reset.
  let newConnectionAfterDrain = await probe();
  while (newConnectionAfterDrain === 503 && Date.now() - signalAt < 5_000) {
    await sleep(100);
    newConnectionAfterDrain = await probe();
  }
  // When the refusal came (null if the probing ended otherwise: the drill then fails on newConnectionAfterDrain).
  const refusedAtMs = newConnectionAfterDrain === 'ECONNREFUSED' ? Date.now() - signalAt : null;
  const code = await exitPromise;
  const exitMs = Date.now() - signalAt;
  const results = await Promise.all(sent);
  const before = results.filter((r) => r.before);
  const beforeFailed = before.filter((r) => r.status === 0 || r.status >= 500);
  const after = results.filter((r) => !r.before);
  const ok =
    code === 0 && exitMs <= 10_000 && beforeFailed.length === 0 && healthDuringDrain === 503 && newConnectionAfterDrain === 'ECONNREFUSED';
  report('SIGTERM under load', ok, {
    database: db.url ? 'PostgreSQL' : 'PGlite',
    exitCode: code,
    exitMs,
    sentBeforeSignal: before.length,
    answeredBeforeSignal: before.filter((r) => r.status >= 200 && r.status < 500).length,
    failedBeforeSignal: beforeFailed.length,
    failuresBefore: [...new Set(beforeFailed.map((r) => r.error ?? r.status))],
    sentAfterSignal: after.length,
    refusedAfterSignal: after.filter((r) => r.status === 0 || r.status === 503).length,
    healthDuringDrain,
    newConnectionAfterDrain,
    refusedAtMs,
    processAliveAfterDrain: aliveAfterDrain,
  });
} finally {
  await db.drop();
  cleanup();
}
