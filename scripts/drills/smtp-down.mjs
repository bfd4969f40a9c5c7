// Drill: SMTP is down. Requests that send mail must still succeed at once; the mail stays queued and
// is delivered by the job worker's retry once the SMTP server is back (smtp-server as the sink).
// Usage: node scripts/drills/smtp-down.mjs   [DRILL_DATABASE_URL=…]
import { createRequire } from 'node:module';
import path from 'node:path';
import { exited, freshDatabase, report, root, sleep, startServer, waitHealthy, workDir } from './lib.mjs';

const require = createRequire(path.join(root, 'apps/api/package.json'));
const { SMTPServer } = require('smtp-server');
const PORT = 3163;
const SMTP_PORT = 3164;
const { work, cleanup } = workDir();
const db = await freshDatabase(work);
try {
  const server = startServer({ port: PORT, env: { ...db.env, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` }, work });
  await waitHealthy(PORT);
  const email = `drill-${Date.now()}@example.com`;
  const t0 = Date.now();
  const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'student@example.com' }),
  });
  const reg = await fetch(`http://127.0.0.1:${PORT}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Drill',
      lastName: 'Mail',
      email,
      password: 'secret1',
      university: 'U',
      course: 'C',
      year: 1,
      rollNumber: 'R1',
      phone: '+91 98765 43210',
    }),
  });
  const requestMs = Date.now() - t0;
  await sleep(2000); // first delivery attempts fail against the closed port
  const received = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c) => (data += c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), at: Date.now(), size: data.length });
        callback();
      });
    },
  });
  await new Promise((r) => sink.listen(SMTP_PORT, '127.0.0.1', r));
  const sinkUpAt = Date.now();
  const deadline = Date.now() + 60_000;
  while (received.length < 2 && Date.now() < deadline) await sleep(250);
  sink.close();
  server.kill('SIGTERM');
  await exited(server);
  const ok = res.status === 200 && reg.status === 201 && received.length >= 2;
  report('SMTP down', ok, {
    forgotPasswordStatus: res.status,
    registerStatus: reg.status,
    bothRequestsMs: requestMs,
    delivered: received.map((m) => m.to.join(',')),
    deliveredAfterSmtpUpMs: received.map((m) => m.at - sinkUpAt),
  });
} finally {
  await db.drop();
  cleanup();
}
