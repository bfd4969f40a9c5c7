// Drill (issue 31): a worker killed mid-send. An SMTP sink (smtp-server) holds the first message it is
// sent: it has the whole message but does not answer the end of DATA, so in SMTP terms it has not
// accepted it. While the sending API process waits for that answer it is killed with SIGKILL; the sink
// drops what the dead connection sent (never counted) and accepts everything else. A second API process
// on the same PostgreSQL is started at once. Expect: the held e-mail's job is claimed again when its lease
// runs out (10 s) and delivered within 15 s of the kill; every e-mail row ends `sent`; the sink received
// each e-mail exactly once, counted by Message-ID, and every Message-ID is `<e-mail id@PUBLIC_URL host>`.
// Usage: DRILL_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/drills/email-once.mjs
//        (DRILL_PORT_BASE=N: API on N and N+1, SMTP sink on N+2)
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { DEMO_STUDENTS, exited, freshDatabase, isRunning, report, root, sleep, startServer, waitHealthy, withDirect, workDir } from './lib.mjs';

if (!process.env.DRILL_DATABASE_URL) {
  console.log('email-once: skipped (two API processes need PostgreSQL: set DRILL_DATABASE_URL)');
  process.exit(0);
}
const require = createRequire(path.join(root, 'apps/api/package.json'));
const { SMTPServer } = require('smtp-server');
const BASE = Number(process.env.DRILL_PORT_BASE ?? 3170);
const [PORT_A, PORT_B, SMTP_PORT] = [BASE, BASE + 1, BASE + 2];
const DOMAIN = 'mentorbridge.example.edu';

const received = new Map(); // Message-ID → times accepted
const acceptedAt = new Map(); // Message-ID → when first accepted
let held; // { messageId, at }
let heldSeen;
const heldPromise = new Promise((r) => (heldSeen = r));
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '(none)';
      if (!held) {
        // Hold it: no answer to the end of DATA; if the connection dies, the message was never accepted.
        held = { messageId, at: Date.now() };
        heldSeen(held);
        return;
      }
      received.set(messageId, (received.get(messageId) ?? 0) + 1);
      if (!acceptedAt.has(messageId)) acceptedAt.set(messageId, Date.now());
      callback();
    });
  },
});
await new Promise((r) => sink.listen(SMTP_PORT, '127.0.0.1', r));

const { work, cleanup } = workDir();
const db = await freshDatabase(work);
const env = { ...db.env, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, PUBLIC_URL: `https://${DOMAIN}` };
let a;
let b;
let verdict;
try {
  a = startServer({ port: PORT_A, env, work, log: 'server-a.log' });
  await waitHealthy(PORT_A);
  // Six e-mails (a password reset each); A's worker takes the first and the sink holds it.
  for (const email of DEMO_STUDENTS) {
    const res = await fetch(`http://127.0.0.1:${PORT_A}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    if (!res.ok) throw new Error(`forgot-password ${email}: ${res.status}`);
  }
  const h = await Promise.race([heldPromise, sleep(20_000).then(() => undefined)]);
  if (!h) throw new Error('no message reached the SMTP sink within 20 s');
  await sleep(200);
  const killAt = Date.now();
  a.kill('SIGKILL');
  await exited(a);
  b = startServer({ port: PORT_B, env, work, log: 'server-b.log' });
  await waitHealthy(PORT_B);
  // Until every e-mail row is sent (or 40 s).
  let rows = [];
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    rows = await withDirect(db, work, (d) => d.query('SELECT id, status, send_attempts FROM emails ORDER BY created_at'));
    if (rows.length > 0 && rows.every((r) => r.status === 'sent')) break;
    await sleep(250);
  }
  await sleep(1500); // anything sent twice would arrive meanwhile
  const expected = rows.map((r) => `<${r.id}@${DOMAIN}>`);
  const twice = [...received].filter(([, n]) => n > 1).map(([id]) => id);
  const missing = expected.filter((id) => !received.has(id));
  const strangers = [...received.keys()].filter((id) => !expected.includes(id));
  const retryMs = acceptedAt.has(held.messageId) ? acceptedAt.get(held.messageId) - killAt : null;
  const heldRow = rows.find((r) => `<${r.id}@${DOMAIN}>` === held.messageId);
  const ok =
    rows.length >= DEMO_STUDENTS.length &&
    rows.every((r) => r.status === 'sent') &&
    twice.length === 0 &&
    missing.length === 0 &&
    strangers.length === 0 &&
    retryMs !== null &&
    retryMs <= 15_000 &&
    heldRow?.send_attempts === 2 &&
    isRunning(b);
  b.kill('SIGTERM');
  const code = await exited(b);
  verdict = {
    ok: ok && code === 0,
    details: {
      emails: rows.length,
      sentRows: rows.filter((r) => r.status === 'sent').length,
      distinctMessageIdsReceived: received.size,
      receivedTwiceOrMore: twice,
      missing,
      unexpectedMessageIds: strangers,
      heldMessageId: held.messageId,
      heldEmailSendAttempts: heldRow?.send_attempts ?? null,
      killedMidSendRedeliveredAfterMs: retryMs,
      secondProcessExit: code,
      loadAverage: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    },
  };
} catch (error) {
  verdict = { ok: false, details: { error: String(error?.stack ?? error) } };
} finally {
  for (const s of [a, b]) if (s && isRunning(s)) s.kill('SIGKILL');
  await new Promise((r) => sink.close(r));
  await db.drop().catch(() => undefined);
  if (verdict?.ok) cleanup();
  else console.error(`work dir kept: ${work}`);
}
report('worker killed mid-send: each e-mail delivered exactly once', verdict.ok, verdict.details);
