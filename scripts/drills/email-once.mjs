// Drill (issue 31): a worker killed mid-send. Two API processes run on one PostgreSQL, both with job
// workers. An SMTP sink (smtp-server) holds the first message it is sent: it has the whole message but
// does not answer the end of DATA, so in SMTP terms it has not accepted it. The process sending it (found
// by the sink's connection, through /proc) is killed with SIGKILL while it waits for that answer; the
// sink drops what the dead connection sent (never counted) and accepts everything else. Expect: the
// other process claims the held e-mail's job again when its lease runs out (10 s) and delivers it within
// 15 s of the kill; every e-mail row ends `sent`; the sink received
// each e-mail exactly once, counted by Message-ID, and every Message-ID is `<e-mail id@PUBLIC_URL host>`.
// Usage: DRILL_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/drills/email-once.mjs
//        (DRILL_PORT_BASE=N: API on N and N+1, SMTP sink on N+2)
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
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
let held; // { messageId, at, remotePort }
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
        held = { messageId, at: Date.now(), remotePort: session.remotePort };
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

/** Which of `children` owns the local TCP port `port` (its socket's inode, found in /proc/net/tcp and its fds). */
function ownerOfPort(port, children) {
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    for (const line of text.trim().split('\n').slice(1)) {
      if (!line.trim()) continue;
      const cols = line.trim().split(/\s+/);
      if (parseInt(cols[1].split(':').pop(), 16) === port) inodes.add(cols[9]);
    }
  }
  return children.find((child) => {
    try {
      return readdirSync(`/proc/${child.pid}/fd`).some((fd) => {
        try {
          return inodes.has(/socket:\[(\d+)\]/.exec(readlinkSync(`/proc/${child.pid}/fd/${fd}`))?.[1]);
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });
}

const { work, cleanup } = workDir();
const db = await freshDatabase(work);
const env = { ...db.env, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, PUBLIC_URL: `https://${DOMAIN}` };
let a;
let b;
let verdict;
try {
  a = startServer({ port: PORT_A, env, work, log: 'server-a.log' });
  await waitHealthy(PORT_A);
  b = startServer({ port: PORT_B, env, work, log: 'server-b.log' });
  await waitHealthy(PORT_B);
  // Six e-mails (a password reset each); a worker takes the first and the sink holds it.
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
  const sender = ownerOfPort(h.remotePort, [a, b]);
  if (!sender) throw new Error(`no API process owns the SMTP connection from port ${h.remotePort}`);
  const survivor = sender === a ? b : a;
  await sleep(200);
  const killAt = Date.now();
  sender.kill('SIGKILL');
  await exited(sender);
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
    isRunning(survivor);
  survivor.kill('SIGTERM');
  const code = await exited(survivor);
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
      killedProcess: sender === a ? 'A' : 'B',
      killedMidSendRedeliveredAfterMs: retryMs,
      survivorExitOnSigterm: code,
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
