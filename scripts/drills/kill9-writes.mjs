// Drill: kill -9 the server during a mixed write load, DRILL_ROUNDS times (default 20), restarting it on
// the same database each time. Every round, concurrently until the kill:
//   - profile writes: each of the six demo students sets its `city` to an increasing counter;
//   - workshop registrations: the same six students register and cancel, one request at a time, on a
//     workshop with 3 seats (so most attempts meet "full");
//   - profile images: two students upload a new avatar again and again;
//   - bulk uploads: the admin uploads CSVs of new professionals, one after another, alternating 40 rows
//     (one chunk) and 130 rows (a chunk of 100, then 30; each chunk is one transaction).
// After every kill, with the server dead, the database is read directly and must show: each student's
// city is its last acknowledged value or the one in flight; each registration is in its last acknowledged
// state or the in-flight one; registered_count equals the active registrations and never exceeds the
// capacity; every stored image key has its file (no row without file) and no acknowledged image was
// lost; every professional the bulk upload created has its profile row (a chunk is one transaction:
// all or nothing; a file is 0, 100 or all of its rows), an acknowledged upload created all. After the restart,
// files that were not acknowledged are uploaded again: they must complete, nobody twice (idempotent by e-mail).
// At the end: files no row references (orphans of crashes) are counted, then aged past the sweep's
// one-hour grace; one more start must remove every orphan and keep every referenced file.
// Usage: node scripts/drills/kill9-writes.mjs   [DRILL_DATABASE_URL=postgres://… for PostgreSQL]
//        DRILL_ROUNDS=5 DRILL_LOAD_MS=2000 for a short run.
import { utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEMO_STUDENTS,
  api,
  createWorkshop,
  demoPassword,
  exited,
  freshDatabase,
  login,
  pngBytes,
  referencedKeys,
  report,
  sleep,
  startHealthy,
  stopServer,
  uploadMismatches,
  uploadedFiles,
  withDirect,
  workDir,
} from './lib.mjs';

const PORT = 3160;
const ROUNDS = Number(process.env.DRILL_ROUNDS ?? 20);
const LOAD_MS = Number(process.env.DRILL_LOAD_MS ?? 3000);
const CAPACITY = 3;
const UPLOADERS = 2;

const { work, cleanup } = workDir();
const db = await freshDatabase(work);
const uploadsRoot = path.join(work, 'data', 'uploads');
const problems = [];
const problem = (round, text) => {
  if (problems.length < 50) problems.push(`round ${round}: ${text}`);
};
const unexpected = {};
const count = (what) => (unexpected[what] = (unexpected[what] ?? 0) + 1);
const acks = { profile: 0, registration: 0, cancellation: 0, full: 0, image: 0, bulk: 0 };
const restartMs = [];
const checkMs = [];
const killAfterMs = [];
const bulkCutAtKill = [];
let server;
let orphansBeforeSweep = 0;
let welcomeMissing = 0;

// Bulk files alternate between 40 rows (one chunk) and 130 rows (chunks of 100 and 30).
const bulkFiles = []; // { id, rows, acked }
const bulkForm = (file) => {
  const lines = ['Name,Email,Title,Company,Expertise'];
  for (let i = 0; i < file.rows; i++) lines.push(`Drill Pro${i},kill9-${file.id}-${i}@example.com,Engineer,Drill Co,Finance`);
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n') + '\n'], { type: 'text/csv' }), `${file.id}.csv`);
  return form;
};

try {
  server = await startHealthy({ port: PORT, env: db.env, work });
  const admin = await login(PORT, 'admin@example.com', 'Admin@12345');
  const tokens = await Promise.all(DEMO_STUDENTS.map((e) => login(PORT, e, demoPassword(e))));
  const workshopId = await createWorkshop(PORT, admin, CAPACITY, 'Kill -9 drill workshop');
  const png = await pngBytes();

  // What the client knows: per student, the last acknowledged value and the one in flight.
  const city = DEMO_STUDENTS.map(() => ({ next: 1, acked: 0, inflight: 0 }));
  const seat = DEMO_STUDENTS.map(() => ({ acked: 'none', inflight: null })); // 'registered' | 'cancelled' | 'none'
  const image = DEMO_STUDENTS.slice(0, UPLOADERS).map(() => ({ acked: null, ackedBefore: new Set(), inflight: false }));

  for (let round = 1; round <= ROUNDS; round++) {
    // Files the crash cut off, uploaded again: they complete, nobody is created twice.
    for (const file of bulkFiles.filter((f) => !f.acked)) {
      const again = await api(PORT, 'POST', '/api/admin/professionals/bulk-upload', {
        token: admin,
        form: bulkForm(file),
        timeoutMs: 120_000,
      });
      if (again.status === 200) file.acked = true;
      else problem(round, `re-upload of ${file.id} answered ${again.status}`);
    }
    let stop = false;
    const loops = [];
    for (let i = 0; i < DEMO_STUDENTS.length; i++) {
      loops.push(
        (async () => {
          while (!stop) {
            const n = city[i].next++;
            city[i].inflight = n;
            const res = await api(PORT, 'PUT', '/api/auth/update-profile', { token: tokens[i], json: { city: `n-${n}` } });
            if (res.status === 0) return;
            if (res.status === 200) {
              city[i].acked = n;
              acks.profile++;
            } else count(`profile ${res.status}`);
          }
        })(),
      );
      loops.push(
        (async () => {
          while (!stop) {
            const cancel = seat[i].acked === 'registered';
            seat[i].inflight = cancel ? 'cancelled' : 'registered';
            const res = await api(PORT, cancel ? 'DELETE' : 'POST', `/api/workshops/${workshopId}/register`, {
              token: tokens[i],
            });
            if (res.status === 0) return;
            seat[i].inflight = null;
            if (res.status === 201 || (cancel && res.status === 200)) {
              seat[i].acked = cancel ? 'cancelled' : 'registered';
              acks[cancel ? 'cancellation' : 'registration']++;
            } else if (res.status === 409 && res.body?.message === 'This workshop is full') acks.full++;
            else count(`registration ${res.status} ${res.body?.message ?? ''}`.trim());
            await sleep(20);
          }
        })(),
      );
    }
    for (let i = 0; i < UPLOADERS; i++) {
      loops.push(
        (async () => {
          while (!stop) {
            const form = new FormData();
            form.append('profileImage', new Blob([png], { type: 'image/png' }), 'me.png');
            image[i].inflight = true;
            const res = await api(PORT, 'POST', '/api/auth/upload-profile-image', { token: tokens[i], form });
            if (res.status === 0) return;
            image[i].inflight = false;
            if (res.status === 200) {
              const key = res.body.data.imageUrl.replace(/^\/api\/uploads\//, '');
              if (image[i].acked) image[i].ackedBefore.add(image[i].acked);
              image[i].acked = key;
              acks.image++;
            } else count(`image ${res.status}`);
          }
        })(),
      );
    }
    loops.push(
      (async () => {
        for (let seq = 0; !stop; seq++) {
          const file = { id: `r${round}s${seq}`, rows: seq % 2 === 0 ? 40 : 130, acked: false };
          bulkFiles.push(file);
          const res = await api(PORT, 'POST', '/api/admin/professionals/bulk-upload', {
            token: admin,
            form: bulkForm(file),
            timeoutMs: 120_000,
          });
          if (res.status === 0) return;
          if (res.status === 200 && res.body.data.successfullyCreated === file.rows) {
            file.acked = true;
            acks.bulk++;
          } else count(`bulk ${res.status} created ${res.body?.data?.successfullyCreated}`);
        }
      })(),
    );

    const loadAt = Date.now();
    await sleep(LOAD_MS * (0.5 + Math.random()));
    server.kill('SIGKILL');
    const killedAt = Date.now();
    await exited(server);
    stop = true;
    await Promise.all(loops);

    // The crash state, read before anything restarts.
    const checkAt = Date.now();
    await withDirect(db, work, async (d) => {
      const emails = DEMO_STUDENTS;
      const users = await d.query('SELECT id, email, city, profile_image_key FROM users WHERE email = ANY($1)', [emails]);
      const byEmail = new Map(users.map((u) => [u.email, u]));
      for (const [i, email] of emails.entries()) {
        const stored = Number((byEmail.get(email)?.city ?? '').replace('n-', '') || 0);
        const c = city[i];
        if (stored !== c.acked && stored !== c.inflight)
          problem(round, `${email}: city acknowledged n-${c.acked}, in flight n-${c.inflight}, stored n-${stored}`);
        c.acked = stored; // what the next round builds on
      }
      const regs = await d.query(
        `SELECT u.email, r.status FROM workshop_registrations r JOIN users u ON u.id = r.student_id WHERE r.workshop_id = $1`,
        [workshopId],
      );
      const regOf = new Map(regs.map((r) => [r.email, r.status]));
      for (const [i, email] of emails.entries()) {
        const stored = regOf.get(email) ?? 'none';
        const s = seat[i];
        const matches = (state) => state === stored || (state === 'cancelled' && stored === 'none');
        if (!matches(s.acked) && !(s.inflight && matches(s.inflight))) {
          problem(round, `${email}: registration acknowledged ${s.acked}, in flight ${s.inflight}, stored ${stored}`);
        }
        s.acked = stored === 'registered' ? 'registered' : stored === 'none' ? 'none' : 'cancelled';
        s.inflight = null;
      }
      const [w] = await d.query(
        `SELECT w.registered_count, w.max_participants,
                (SELECT count(*)::int FROM workshop_registrations r WHERE r.workshop_id = w.id AND r.status IN ('registered', 'attended')) AS active
           FROM workshops w WHERE w.id = $1`,
        [workshopId],
      );
      if (w.registered_count !== w.active)
        problem(round, `registered_count ${w.registered_count} but ${w.active} active registrations`);
      if (w.active > w.max_participants) problem(round, `capacity overflow: ${w.active} of ${w.max_participants}`);

      const onDisk = new Set(uploadedFiles(work));
      for (const key of await referencedKeys(d)) if (!onDisk.has(key)) problem(round, `row refers to ${key}, file missing`);
      for (const [i, email] of emails.slice(0, UPLOADERS).entries()) {
        const stored = byEmail.get(email)?.profile_image_key ?? null;
        const im = image[i];
        if (im.acked && stored !== im.acked && (!stored || im.ackedBefore.has(stored) || !im.inflight)) {
          problem(round, `${email}: image acknowledged ${im.acked}, stored ${stored}`);
        }
        if (stored && stored !== im.acked) {
          if (im.acked) im.ackedBefore.add(im.acked);
          im.acked = stored;
        }
        im.inflight = false;
      }

      const bulk = await d.query(
        `SELECT split_part(u.email, '-', 2) AS file, count(*)::int AS users, count(p.user_id)::int AS profiles
           FROM users u LEFT JOIN professional_profiles p ON p.user_id = u.id
          WHERE u.email LIKE 'kill9-r%' GROUP BY 1`,
      );
      const stored = new Map(bulk.map((b) => [b.file, b]));
      let cut = 0;
      for (const file of bulkFiles) {
        const b = stored.get(file.id) ?? { users: 0, profiles: 0 };
        if (b.users !== b.profiles)
          problem(round, `bulk ${file.id}: ${b.users} professionals, ${b.profiles} profiles (half-created)`);
        if (file.acked && b.users !== file.rows)
          problem(round, `bulk ${file.id}: acknowledged, ${b.users} of ${file.rows} stored`);
        if (!file.acked && ![0, 100, file.rows].includes(b.users))
          problem(round, `bulk ${file.id}: ${b.users} of ${file.rows}, not whole chunks`);
        if (!file.acked && b.users > 0 && b.users < file.rows) cut++;
      }
      bulkCutAtKill.push(cut);
    });

    checkMs.push(Date.now() - checkAt);
    const restartAt = Date.now();
    server = await startHealthy({ port: PORT, env: db.env, work, log: `server-${round}.log` });
    restartMs.push(Date.now() - restartAt);
    killAfterMs.push(killedAt - loadAt);
  }

  // The last round's file, completed; then orphans: counted, aged past the grace, swept at start.
  for (const file of bulkFiles.filter((f) => !f.acked)) {
    const again = await api(PORT, 'POST', '/api/admin/professionals/bulk-upload', {
      token: admin,
      form: bulkForm(file),
      timeoutMs: 120_000,
    });
    if (again.status !== 200) problem('end', `re-upload of ${file.id} answered ${again.status}`);
  }
  const expectedBulk = bulkFiles.reduce((sum, f) => sum + f.rows, 0);
  server.kill('SIGTERM');
  await exited(server);
  await withDirect(db, work, async (d) => {
    const referenced = await referencedKeys(d);
    const files = uploadedFiles(work);
    orphansBeforeSweep = files.filter((f) => !referenced.has(f)).length;
    const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const f of files) utimesSync(path.join(uploadsRoot, f), hoursAgo, hoursAgo);
    const [{ n, profiles, no_welcome }] = await d.query(
      `SELECT count(*)::int AS n, count(p.user_id)::int AS profiles,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM emails e WHERE e.to = u.email))::int AS no_welcome
         FROM users u LEFT JOIN professional_profiles p ON p.user_id = u.id WHERE u.email LIKE 'kill9-r%'`,
    );
    if (n !== expectedBulk || profiles !== n)
      problem('end', `${n} bulk professionals (${profiles} profiles), expected ${expectedBulk}`);
    welcomeMissing = no_welcome;
  });
  server = await startHealthy({ port: PORT, env: db.env, work, log: 'server-sweep.log' });
  await sleep(3000); // the sweep runs one second after start
  server.kill('SIGTERM');
  await exited(server);
  const afterSweep = await withDirect(db, work, (d) => uploadMismatches(d, work));
  const orphansAfterSweep = afterSweep.orphans.length;
  const missingAfterSweep = afterSweep.missing.length;
  if (orphansAfterSweep !== 0) problem('end', `${orphansAfterSweep} orphan files after the sweep`);
  if (missingAfterSweep !== 0) problem('end', `${missingAfterSweep} referenced files missing after the sweep`);

  const unexpectedTotal = Object.values(unexpected).reduce((a, b) => a + b, 0);
  const spread = (xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) };
  };
  report('kill -9 during writes', problems.length === 0 && unexpectedTotal === 0, {
    database: db.url ? 'PostgreSQL' : 'PGlite',
    rounds: ROUNDS,
    acknowledged: acks,
    unexpectedStatuses: unexpected,
    killedAfterLoadMs: spread(killAfterMs),
    restartToHealthyMs: spread(restartMs),
    crashStateCheckMs: spread(checkMs),
    loadAverage: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    bulkFiles: {
      uploaded: bulkFiles.length,
      acknowledged: acks.bulk,
      professionals: bulkFiles.reduce((sum, f) => sum + f.rows, 0),
    },
    bulkFilesCutBetweenChunksAtKill: bulkCutAtKill.reduce((a, b) => a + b, 0),
    bulkProfessionalsWithoutWelcomeEmail: welcomeMissing,
    orphanFilesBeforeSweep: orphansBeforeSweep,
    orphanFilesAfterSweep: orphansAfterSweep,
    referencedFilesMissing: missingAfterSweep,
    problems,
  });
} finally {
  await stopServer(server);
  await db.drop();
  cleanup();
}
