import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { emails, type EmailAttachment } from '../db/schema/platform.ts';
import { enqueue } from './jobs.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
  /**
   * Values in `text` that grant access (a temporary password, a reset link or token). They are sent,
   * but the copy an administrator can read in the outbox view (`preview`) has them replaced.
   */
  secrets?: string[];
}

export const REDACTED = '[hidden]';

/** The text with every secret replaced (longest first, so a link is hidden before the token inside it). */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of [...new Set(secrets)].filter((s) => s.length > 0).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(REDACTED);
  }
  return out;
}

/** The columns of a stored e-mail; `preview` is the only text the outbox view ever shows. */
export function emailRow(message: OutgoingEmail) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    preview: redact(message.text, message.secrets),
    html: message.html ?? null,
    attachments: message.attachments ?? [],
  };
}

export const EMAIL_JOB = 'email.send';

/** Store the message and queue its delivery (in the caller's transaction). Never sends inline. */
export async function queueEmail(db: Db, message: OutgoingEmail): Promise<string | undefined> {
  const [row] = await db.insert(emails).values(emailRow(message)).returning({ id: emails.id });
  if (!row) return undefined;
  await enqueue(db, EMAIL_JOB, { emailId: row.id }, { maxAttempts: 8 });
  return row.id;
}

/**
 * The e-mail job: SMTP when SMTP_URL is set (a failure throws, so the job retries with backoff);
 * otherwise the stored row is the outbox, marked and logged, and the full message is written to
 * DATA_DIR/outbox/<id>.eml (owner-only) so whoever runs the server can relay it. The admin outbox
 * view shows only the redacted preview; the file is as private as the database beside it.
 */
export function createEmailJob(
  db: Db,
  config: { smtpUrl?: string; mailFrom: string; dataDir?: string },
  log: FastifyBaseLogger,
) {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return async (payload: Record<string, unknown>) => {
    const emailId = typeof payload.emailId === 'string' ? payload.emailId : '';
    const [message] = await db.select().from(emails).where(eq(emails.id, emailId));
    if (!message || message.status === 'sent' || message.status === 'outbox') return;
    if (!transport) {
      if (config.dataDir) await writeOutboxFile(path.join(config.dataDir, 'outbox'), config.mailFrom, message);
      await db.update(emails).set({ status: 'outbox' }).where(eq(emails.id, emailId));
      log.info({ emailId, to: message.to, subject: message.subject }, 'e-mail written to the outbox (no SMTP_URL)');
      return;
    }
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
        })),
        icalEvent: message.attachments
          .filter((a) => a.contentType.startsWith('text/calendar'))
          .map((a) => ({ method: a.method ?? 'REQUEST', content: a.content }))[0],
      });
      await db.update(emails).set({ status: 'sent', sentAt: new Date(), error: null }).where(eq(emails.id, emailId));
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await db.update(emails).set({ error: text.slice(0, 1000) }).where(eq(emails.id, emailId));
      throw error;
    }
  };
}

async function writeOutboxFile(
  dir: string,
  from: string,
  message: { id: string; to: string; subject: string; text: string; createdAt: Date },
): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const header = [`From: ${from}`, `To: ${message.to}`, `Subject: ${message.subject}`, `Date: ${message.createdAt.toUTCString()}`];
  await writeFile(path.join(dir, `${message.id}.eml`), `${header.join('\r\n')}\r\n\r\n${message.text}\r\n`, { mode: 0o600 });
}
