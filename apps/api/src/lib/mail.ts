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
}

export const EMAIL_JOB = 'email.send';

/** Store the message and queue its delivery (in the caller's transaction). Never sends inline. */
export async function queueEmail(db: Db, message: OutgoingEmail): Promise<string | undefined> {
  const [row] = await db
    .insert(emails)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      attachments: message.attachments ?? [],
    })
    .returning({ id: emails.id });
  if (!row) return undefined;
  await enqueue(db, EMAIL_JOB, { emailId: row.id }, { maxAttempts: 8 });
  return row.id;
}

/**
 * The e-mail job: SMTP when SMTP_URL is set (a failure throws, so the job retries with backoff);
 * otherwise the stored row is the outbox, marked and logged.
 */
export function createEmailJob(db: Db, config: { smtpUrl?: string; mailFrom: string }, log: FastifyBaseLogger) {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return async (payload: Record<string, unknown>) => {
    const emailId = typeof payload.emailId === 'string' ? payload.emailId : '';
    const [message] = await db.select().from(emails).where(eq(emails.id, emailId));
    if (!message || message.status === 'sent' || message.status === 'outbox') return;
    if (!transport) {
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
