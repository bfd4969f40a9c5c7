// Drill (PostgreSQL only): another session holds an ACCESS EXCLUSIVE lock on `users`. Requests that
// need the table must fail fast with 503 + Retry-After at STATEMENT_TIMEOUT_MS (SQLSTATE 55P03/57014),
// health must still answer, and everything must recover when the lock is released.
// Usage: DRILL_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/drills/pg-lock-timeout.mjs
import pg from 'pg';
import { exited, freshDatabase, login, report, startServer, waitHealthy, workDir } from './lib.mjs';

if (!process.env.DRILL_DATABASE_URL) {
  console.log('pg-lock-timeout: skipped (set DRILL_DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}
const PORT = 3162;
const TIMEOUT_MS = 1500;
const { work, cleanup } = workDir();
const db = await freshDatabase(work);
try {
  const server = startServer({ port: PORT, env: { ...db.env, STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS) }, work });
  await waitHealthy(PORT);
  const token = await login(PORT, 'student@example.com', 'Student@123');
  const locker = new pg.Client({ connectionString: db.url });
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
  const t0 = Date.now();
  const locked = await fetch(`http://127.0.0.1:${PORT}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  const lockedMs = Date.now() - t0;
  const lockedBody = await locked.json();
  const health = await fetch(`http://127.0.0.1:${PORT}/api/health`);
  await locker.query('ROLLBACK');
  await locker.end();
  const after = await fetch(`http://127.0.0.1:${PORT}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  server.kill('SIGTERM');
  await exited(server);
  const ok =
    locked.status === 503 && Number(locked.headers.get('retry-after')) > 0 && lockedMs < TIMEOUT_MS * 3 && after.status === 200;
  report('PostgreSQL lock held', ok, {
    statementTimeoutMs: TIMEOUT_MS,
    lockedStatus: locked.status,
    lockedRetryAfter: locked.headers.get('retry-after'),
    lockedAnswerMs: lockedMs,
    lockedMessage: lockedBody.message,
    healthWhileLocked: health.status,
    statusAfterRelease: after.status,
  });
} finally {
  await db.drop();
  cleanup();
}
