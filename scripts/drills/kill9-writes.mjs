// Drill: kill -9 the server during write load, restart it on the same database, and check that every
// write that was answered 2xx is there. Writes: each demo student updates its profile `city` to an
// increasing counter, one request at a time; after the crash the stored value must be the last
// acknowledged one (or the one in flight when the process died).
// Usage: node scripts/drills/kill9-writes.mjs   [DRILL_DATABASE_URL=postgres://… for PostgreSQL]
import { exited, freshDatabase, login, report, sleep, startServer, waitHealthy, workDir } from './lib.mjs';

const PORT = 3160;
const LOAD_MS = Number(process.env.DRILL_LOAD_MS ?? 4000);
const STUDENTS = ['student@example.com', 'priya@example.com', 'rohan@example.com', 'sara@example.com', 'li.wei@example.com', 'emma@example.com'];
// Demo seed: the two listed demo students use Student@123, the others Demo@12345 (db/seed/accounts.ts).
const passwordOf = (email) => (email === 'student@example.com' || email === 'priya@example.com' ? 'Student@123' : 'Demo@12345');

const { work, cleanup } = workDir();
const db = await freshDatabase(work);
try {
  let server = startServer({ port: PORT, env: db.env, work });
  await waitHealthy(PORT);
  const tokens = await Promise.all(STUDENTS.map((e) => login(PORT, e, passwordOf(e))));
  const acked = new Map();
  const inflight = new Map();
  let stop = false;
  let errors = 0;
  const writer = async (i) => {
    for (let n = 1; !stop; n++) {
      inflight.set(i, n);
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/update-profile`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}` },
          body: JSON.stringify({ city: `n-${n}` }),
        });
        if (res.ok) acked.set(i, n);
        else errors++;
      } catch {
        return; // the process died under us
      }
    }
  };
  const writers = tokens.map((_, i) => writer(i));
  await sleep(LOAD_MS);
  server.kill('SIGKILL');
  const killedAt = Date.now();
  await exited(server);
  stop = true;
  await Promise.all(writers);

  server = startServer({ port: PORT, env: db.env, work, log: 'server-restart.log' });
  await waitHealthy(PORT);
  const recoveryMs = Date.now() - killedAt;
  const fresh = await Promise.all(STUDENTS.map((e) => login(PORT, e, passwordOf(e))));
  const problems = [];
  let totalAcked = 0;
  for (let i = 0; i < STUDENTS.length; i++) {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/me`, { headers: { authorization: `Bearer ${fresh[i]}` } });
    const city = (await res.json()).data.user.city ?? '';
    const stored = Number(city.replace('n-', '') || 0);
    const last = acked.get(i) ?? 0;
    totalAcked += last;
    if (stored < last || stored > (inflight.get(i) ?? 0)) problems.push(`${STUDENTS[i]}: acknowledged n-${last}, in flight n-${inflight.get(i)}, stored ${city || 'nothing'}`);
  }
  server.kill('SIGTERM');
  await exited(server);
  report('kill -9 during writes', problems.length === 0, {
    database: db.url ? 'PostgreSQL' : 'PGlite',
    loadMs: LOAD_MS,
    acknowledgedWrites: totalAcked,
    non2xx: errors,
    restartToHealthyMs: recoveryMs,
    lost: problems,
  });
} finally {
  await db.drop();
  cleanup();
}
