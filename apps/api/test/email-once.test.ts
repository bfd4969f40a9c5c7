// Issue 31, decision 720: an e-mail is sent at most once per e-mail row whoever runs its job, with a stable
// Message-ID; the outbox file is one per e-mail. The drill email-once.mjs kills a real process mid-send.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailJob, messageIdDomain, queueEmail } from '../src/lib/mail.ts';
import { queryRows } from '../src/lib/sql.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
const DOMAIN = 'mentorbridge.example.edu';
const received: string[] = [];
let sink: SMTPServer;
let smtpUrl = '';

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        received.push(/^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '(none)');
        callback();
      });
    },
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', () => r()));
  const address = sink.server.address();
  smtpUrl = `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((r) => sink.close(() => r())));

const job = (attempts = 1) => ({ id: 'job', attempts, signal: new AbortController().signal });
const queue = (to: string) => queueEmail(t.database.db, { to, subject: 'Once', text: 'Exactly once.' }) as Promise<string>;
const row = async (id: string) =>
  (await queryRows<{ status: string; send_attempts: number }>(t.database.db, sql`SELECT status, send_attempts FROM emails WHERE id = ${id}`))[0];

describe('e-mail sent once per row', () => {
  it('the Message-ID is <e-mail id@PUBLIC_URL host>, with a reserved domain when the host is not a domain name', () => {
    expect(messageIdDomain('https://mentorbridge.example.edu/')).toBe('mentorbridge.example.edu');
    expect(messageIdDomain('http://localhost:3000')).toBe('mentorbridge.invalid');
    expect(messageIdDomain('http://127.0.0.1:3000')).toBe('mentorbridge.invalid');
    expect(messageIdDomain('http://[::1]:3000')).toBe('mentorbridge.invalid');
  });

  it('run twice (a retried job) or twice at once (two workers), the SMTP server receives it once', async () => {
    const send = createEmailJob(t.database.db, { smtpUrl, mailFrom: 'MentorBridge <no-reply@example.edu>', publicUrl: `https://${DOMAIN}` }, t.app.log);
    const first = await queue('once-a@example.com');
    await send({ emailId: first }, job());
    await send({ emailId: first }, job(2));
    const second = await queue('once-b@example.com');
    const both = await Promise.allSettled([send({ emailId: second }, job()), send({ emailId: second }, job())]);
    // One sends; the other is told another worker has it (its job would retry later and find it sent).
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(received.filter((m) => m === `<${first}@${DOMAIN}>`)).toHaveLength(1);
    expect(received.filter((m) => m === `<${second}@${DOMAIN}>`)).toHaveLength(1);
    expect(await row(first)).toEqual({ status: 'sent', send_attempts: 1 });
    expect(await row(second)).toEqual({ status: 'sent', send_attempts: 1 });
  });

  it('an attempt that died before recording its outcome is sent again with the same Message-ID; a worker that lost its lease sends nothing', async () => {
    const send = createEmailJob(t.database.db, { smtpUrl, mailFrom: 'no-reply@example.edu', publicUrl: `https://${DOMAIN}` }, t.app.log);
    const id = await queue('once-c@example.com');
    const lost = new AbortController();
    lost.abort(new Error('job lease lost'));
    await expect(send({ emailId: id }, { id: 'job', attempts: 1, signal: lost.signal })).rejects.toThrow('job lease lost');
    expect(received).not.toContain(`<${id}@${DOMAIN}>`);
    expect(await row(id)).toEqual({ status: 'queued', send_attempts: 1 }); // as a process killed mid-send leaves it
    // Right after, another worker keeps off it; once SEND_CLAIM_MS has passed (the job lease is longer), it sends.
    await expect(send({ emailId: id }, job(2))).rejects.toThrow('being sent by another worker');
    await t.database.db.execute(sql`UPDATE emails SET sending_at = sending_at - interval '6 seconds' WHERE id = ${id}`);
    await send({ emailId: id }, job(2));
    expect(received.filter((m) => m === `<${id}@${DOMAIN}>`)).toHaveLength(1);
    expect(await row(id)).toEqual({ status: 'sent', send_attempts: 2 });
  });

  it('without SMTP, a retry replaces the outbox file: one <id>.eml per e-mail, nothing partial left', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mb-outbox-'));
    const write = createEmailJob(t.database.db, { mailFrom: 'no-reply@example.edu', dataDir, publicUrl: `https://${DOMAIN}` }, t.app.log);
    const id = await queue('once-d@example.com');
    await write({ emailId: id }, job());
    // A retry after the file was written but before the row said so (the process died in between).
    await t.database.db.execute(sql`UPDATE emails SET status = 'queued', sending_at = sending_at - interval '6 seconds' WHERE id = ${id}`);
    await write({ emailId: id }, job(2));
    await write({ emailId: id }, job(3)); // recorded now: nothing more
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toEqual([`${id}.eml`]);
    expect(readFileSync(path.join(dataDir, 'outbox', `${id}.eml`), 'utf8')).toContain(`Message-ID: <${id}@${DOMAIN}>`);
    expect(await row(id)).toEqual({ status: 'outbox', send_attempts: 2 });
  });
});
