import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { EMAIL_CATEGORIES, type EmailCategory } from '@app/shared/notifications';
import type { Db } from '../db/client.ts';
import { emails, jobs, type EmailAttachment } from '../db/schema/platform.ts';
import { users } from '../db/schema/users.ts';
import { privacyConsents } from '../db/schema/privacy.ts';
import { renderEmail, type EmailAction } from './email-template.ts';
import { JOB_LEASE_MS, enqueue, type JobHandler } from './jobs.ts';
import { queryRows, textIn } from './sql.ts';
import { messageIdDomain } from '../config.ts';

export { messageIdDomain };

export { EMAIL_CATEGORIES, type EmailCategory };

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** The recipient's language (decision 970): the template's `lang`, `dir` and its own words. English when absent. */
  language?: string;
  /** The message as plain text (paragraphs separated by blank lines); the HTML part is rendered from it. */
  text: string;
  /** The main action, shown as a button in the HTML part; its link is in the text part too. */
  action?: EmailAction;
  /** At most one calendar (.ics) attachment per message. */
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

/** The columns of a stored e-mail: text and HTML from the one template; `preview` is all the outbox view shows. */
export function emailRow(message: OutgoingEmail) {
  const { text, html } = renderEmail({ subject: message.subject, text: message.text, action: message.action, language: message.language });
  return {
    to: message.to,
    subject: message.subject,
    text,
    preview: redact(text, message.secrets),
    html,
    attachments: message.attachments ?? [],
  };
}

export const EMAIL_JOB = 'email.send';

export interface QueueOptions {
  /**
   * The preference category the message belongs to (docs/decisions/425). A recipient who turned the
   * category off gets no e-mail (in-app notifications are separate and always stay). Without a
   * category the message always goes: account and security mail (password reset, welcome).
   */
  category?: EmailCategory;
}

/**
 * The accounts (and their preferences) behind these addresses. A fan-out batch asks for 500 at once;
 * the lookup must use the b-tree on users.email, never its trigram index (decision 650).
 */
export function preferencesOf(db: Db, addresses: string[]) {
  return db
    .select({ email: users.email, prefs: users.emailPreferences, emailsConsent: privacyConsents.granted })
    .from(users)
    .leftJoin(privacyConsents, and(eq(privacyConsents.userId, users.id), eq(privacyConsents.purpose, 'emails')))
    .where(textIn(users.email, [...new Set(addresses.map((a) => a.toLowerCase()))]));
}

/**
 * Addresses (lower case) that turned `category` off, or withdrew their consent to e-mails beyond the
 * essential (issue 24, decision 841): every categorised e-mail is such an e-mail.
 */
async function optedOut(db: Db, category: EmailCategory | undefined, addresses: string[]): Promise<Set<string>> {
  if (!category || addresses.length === 0) return new Set();
  const rows = await preferencesOf(db, addresses);
  return new Set(rows.filter((r) => r.prefs[category] === false || r.emailsConsent === false).map((r) => r.email.toLowerCase()));
}

/**
 * Store the message and queue its delivery (in the caller's transaction). Never sends inline.
 * Resolves with the e-mail's id, or undefined when the recipient's preferences leave it out.
 */
export async function queueEmail(db: Db, message: OutgoingEmail, options: QueueOptions = {}): Promise<string | undefined> {
  const [id] = await queueEmails(db, [message], options);
  return id;
}

/** Many messages at once (a fan-out batch): one INSERT for the e-mails and one for their jobs. */
export async function queueEmails(db: Db, messages: OutgoingEmail[], options: QueueOptions = {}): Promise<string[]> {
  const out = await optedOut(db, options.category, messages.map((m) => m.to));
  const kept = messages.filter((m) => !out.has(m.to.toLowerCase()));
  if (kept.length === 0) return [];
  const rows = await db.insert(emails).values(kept.map(emailRow)).returning({ id: emails.id });
  if (rows.length === 1 && rows[0]) {
    await enqueue(db, EMAIL_JOB, { emailId: rows[0].id }, { maxAttempts: 8 });
  } else if (rows.length > 1) {
    await db.insert(jobs).values(rows.map((r) => ({ type: EMAIL_JOB, payload: { emailId: r.id }, maxAttempts: 8 })));
  }
  return rows.map((r) => r.id);
}

type StoredEmail = { id: string; to: string; subject: string; text: string; html: string | null; attachments: EmailAttachment[]; createdAt: Date };

/** The e-mail's Message-ID: derived from its row id, so a retry sends the very same one (receivers can tell). */
export function messageIdOf(emailId: string, domain: string): string {
  return `<${emailId}@${domain}>`;
}

/**
 * The message as nodemailer builds it: multipart/alternative (text, HTML) and each attachment once.
 * A calendar file is one `text/calendar; method=…` attachment, not also nodemailer's `icalEvent`
 * (which adds it twice more: as an alternative and as application/ics).
 */
export function mailOptions(from: string, message: StoredEmail, domain = 'mentorbridge.invalid'): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    date: message.createdAt,
    messageId: messageIdOf(message.id, domain),
    text: message.text,
    html: message.html ?? undefined,
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType.startsWith('text/calendar')
        ? `text/calendar; charset=utf-8; method=${a.method ?? 'REQUEST'}`
        : a.contentType,
    })),
  };
}

/** The complete RFC 5322 message (CRLF line ends), as a relay would receive it. */
export async function composeMessage(from: string, message: StoredEmail, domain?: string): Promise<Buffer> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail(mailOptions(from, message, domain));
  return info.message as Buffer;
}

/**
 * The e-mail job: SMTP when SMTP_URL is set (a failure throws, so the job retries with backoff);
 * otherwise the stored row is the outbox, marked and logged, and the complete RFC 5322 message
 * (multipart text + HTML, attachments included, built by nodemailer exactly as SMTP would send it) is
 * written to DATA_DIR/outbox/<id>.eml (owner-only) so whoever runs the server can relay it as is. The admin outbox
 * view shows only the redacted preview; the file is as private as the database beside it.
 *
 * Once per e-mail row (issue 31, decision 720): the send step starts with one conditional UPDATE that only
 * a `queued` e-mail passes (counting the attempt), and records `sent`/`outbox` only from `queued`; an e-mail
 * already sent or written is never sent again, whoever retries its job. An attempt that died mid-send
 * leaves the row `queued` with its attempt counted: the retry sends the identical message with the same
 * Message-ID (`<email id@PUBLIC_URL host>`). The outbox file is named by the e-mail id and moved into
 * place whole, so a retry replaces it and never adds a second one.
 */
/**
 * How long a started send keeps another worker from starting the same e-mail. A second job for one e-mail
 * is not made, and the job's own lease keeps other workers off while its worker lives; this guards the
 * send step itself (two callers at once), and is shorter than the job lease so a job claimed again after
 * its worker died is never held back by it.
 */
export const SEND_CLAIM_MS = JOB_LEASE_MS / 2;

export function createEmailJob(
  db: Db,
  config: { smtpUrl?: string; mailFrom: string; dataDir?: string; publicUrl?: string; mailDomain?: string },
  log: FastifyBaseLogger,
): JobHandler {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  const domain = config.mailDomain ?? messageIdDomain(config.publicUrl ?? '');
  return async (payload, job) => {
    const emailId = typeof payload.emailId === 'string' ? payload.emailId : '';
    const [claimed] = await queryRows<{ send_attempts: number }>(
      db,
      sql`UPDATE emails SET send_attempts = send_attempts + 1, sending_at = now()
          WHERE id = ${emailId} AND status = 'queued'
            AND (sending_at IS NULL OR sending_at < now() - make_interval(secs => ${SEND_CLAIM_MS / 1000}))
          RETURNING send_attempts`,
    );
    if (!claimed) {
      const [current] = await db.select({ status: emails.status }).from(emails).where(eq(emails.id, emailId));
      // Another worker started sending it moments ago: this job tries again later (never marks it done unsent).
      if (current?.status === 'queued') throw new Error('the e-mail is being sent by another worker');
      return; // sent, written to the outbox, given up or deleted: nothing to do
    }
    const [message] = await db.select().from(emails).where(eq(emails.id, emailId));
    if (!message) return;
    if (claimed.send_attempts > 1) {
      log.warn({ emailId, attempt: claimed.send_attempts }, 'e-mail: an earlier attempt did not record its outcome; sending again with the same Message-ID');
    }
    // This worker's lease was taken (it was presumed dead): the other worker sends it.
    job.signal.throwIfAborted();
    const stillQueued = and(eq(emails.id, emailId), eq(emails.status, 'queued'));
    if (!transport) {
      if (config.dataDir) await writeOutboxFile(path.join(config.dataDir, 'outbox'), config.mailFrom, message, domain);
      await db.update(emails).set({ status: 'outbox' }).where(stillQueued);
      // The id only: addresses and subjects (which name people) stay out of the logs (issue 24).
      log.info({ emailId }, 'e-mail written to the outbox (no SMTP_URL)');
      return;
    }
    try {
      await transport.sendMail(mailOptions(config.mailFrom, message, domain));
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      // Refused or unreachable: nothing was delivered, so the retry may claim it at once.
      await db.update(emails).set({ error: text.slice(0, 1000), sendingAt: null }).where(eq(emails.id, emailId));
      throw error;
    }
    await db.update(emails).set({ status: 'sent', sentAt: new Date(), error: null }).where(stillQueued);
  };
}

/** `<dir>/<id>.eml`, written beside it under a temporary name and renamed into place (whole or not at all). */
async function writeOutboxFile(dir: string, from: string, message: StoredEmail, domain: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const final = path.join(dir, `${message.id}.eml`);
  const partial = path.join(dir, `.${message.id}.eml.partial`);
  await writeFile(partial, await composeMessage(from, message, domain), { mode: 0o600 });
  await rename(partial, final);
}
