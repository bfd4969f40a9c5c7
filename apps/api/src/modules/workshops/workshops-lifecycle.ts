import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { CHECK_IN_EARLY_MINUTES, WORKSHOP_MESSAGES } from '@app/shared/workshops';
import { WORKSHOP_FORM_MESSAGES } from '@app/shared/workshop-admin';
import type { Db } from '../../db/client.ts';
import { workshopRegistrations, workshops } from '../../db/schema/workshops.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound, rateLimited } from '../../lib/errors.ts';
import * as limiter from '../../lib/rate-limit.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { queueEmail } from '../../lib/mail.ts';
import { queryRows } from '../../lib/sql.ts';
import { queueEventChange } from '../../lib/event-changes.ts';
import { notify } from '../notifications/index.ts';
import { findWorkshop, type WorkshopRow } from './workshops.presenter.ts';
import { inert } from '../../lib/email-template.ts';
import { letter, recipientLocale, voiceOf } from '../../lib/recipient-locale.ts';
import { newCertificateId } from './workshops.service.ts';

/**
 * The workshop lifecycle (docs/decisions/401, 402, 404): completion by the scheduled job or by a
 * manager, cancellation, certificates issued exactly once, and the student's check-in code.
 */

export const COMPLETION_TASK = 'workshops.complete';
export const COMPLETION_EVERY_MS = 60_000;

/**
 * Issue the certificate of every attended registration of a completed workshop that has none yet (or of
 * one registration). The conditional update (certificate_issued_at IS NULL) makes each issue happen once,
 * whoever runs it and however often; the notification and e-mail are written in the same transaction.
 */
export async function issueCertificates(
  tx: Db,
  workshop: Pick<WorkshopRow, 'id' | 'title' | 'status'>,
  now: Date,
  publicUrl: string,
  registrationId?: string,
): Promise<number> {
  if (workshop.status !== 'completed') return 0;
  const pending = await tx
    .select({ id: workshopRegistrations.id, certificateId: workshopRegistrations.certificateId })
    .from(workshopRegistrations)
    .where(
      and(
        eq(workshopRegistrations.workshopId, workshop.id),
        eq(workshopRegistrations.status, 'attended'),
        sql`${workshopRegistrations.certificateIssuedAt} IS NULL`,
        registrationId ? eq(workshopRegistrations.id, registrationId) : undefined,
      ),
    );
  let issued = 0;
  for (const reg of pending) {
    const [row] = await queryRows<{ certificate_id: string; student_id: string; email: string; first_name: string }>(
      tx,
      sql`UPDATE workshop_registrations r
          SET certificate_id = coalesce(r.certificate_id, ${reg.certificateId ?? newCertificateId()}),
              certificate_issued_at = ${now.toISOString()}::timestamptz
          FROM users u
          WHERE r.id = ${reg.id} AND r.certificate_issued_at IS NULL AND r.status = 'attended' AND u.id = r.student_id
          RETURNING r.certificate_id, r.student_id, u.email, u.first_name`,
    );
    if (!row) continue;
    issued++;
    const verifyUrl = `${publicUrl}/certificates/${row.certificate_id}`;
    const voice = voiceOf(await recipientLocale(tx, row.student_id));
    await notify(tx, {
      userId: row.student_id,
      type: 'workshop',
      subType: 'certificate',
      title: voice.t('notification.certificate.readyTitle'),
      message: voice.t('notification.certificate.ready', { title: workshop.title }),
      // The notification opens the certificate itself (its page: preview, PDF, LinkedIn; decision 711).
      actionUrl: `/certificates/${row.certificate_id}`,
      priority: 'high',
      metadata: { workshopId: workshop.id, certificateId: row.certificate_id },
    });
    await queueEmail(tx, {
      to: row.email,
      language: voice.language,
      subject: voice.t('email.certificate.subject', { title: inert(workshop.title) }),
      text: letter(voice, inert(row.first_name), [
        voice.t('email.certificate.body', { title: inert(workshop.title) }),
        voice.t('email.certificate.link', { url: verifyUrl }),
      ]),
    });
  }
  return issued;
}

/** Complete one published workshop (conditional: once) and issue its certificates, in one transaction. */
async function completeOne(db: Db, id: string, now: Date, publicUrl: string, actorId: string | null) {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(workshops)
      .set({ status: 'completed', completedAt: now })
      .where(and(eq(workshops.id, id), eq(workshops.status, 'published'), sql`${workshops.startsAt} <= ${now.toISOString()}::timestamptz`))
      .returning();
    if (!done) return undefined;
    await audit(tx, actorId, 'complete', 'workshop', id, { status: 'published' }, { status: 'completed', completedAt: now.toISOString() });
    const certificatesIssued = await issueCertificates(tx, done, now, publicUrl);
    return { workshop: done, certificatesIssued };
  });
}

/** The scheduled task: every published workshop whose end has passed is completed, each exactly once. */
export async function completeDueWorkshops(db: Db, now: Date, publicUrl: string): Promise<{ completed: number; certificates: number }> {
  const due = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM workshops WHERE status = 'published' AND ends_at <= ${now.toISOString()}::timestamptz ORDER BY ends_at LIMIT 500`,
  );
  let completed = 0;
  let certificates = 0;
  for (const { id } of due) {
    const result = await completeOne(db, id, now, publicUrl, null);
    if (result) {
      completed++;
      certificates += result.certificatesIssued;
    }
  }
  return { completed, certificates };
}

/** A manager completes a workshop early (once it has started). */
export async function completeWorkshop(db: Db, actor: Actor, current: WorkshopRow, now: Date, publicUrl: string) {
  if (current.status === 'completed') throw conflict(WORKSHOP_MESSAGES.completed);
  if (current.status !== 'published') throw badRequest(WORKSHOP_FORM_MESSAGES.completeNotPublished);
  if (current.startsAt.getTime() > now.getTime()) throw badRequest(WORKSHOP_FORM_MESSAGES.completeTooEarly);
  const result = await completeOne(db, current.id, now, publicUrl, actor.id);
  // Lost a race with the job or another manager: it is completed all the same.
  if (!result) throw conflict(WORKSHOP_MESSAGES.completed);
  return { certificatesIssued: result.certificatesIssued };
}

/**
 * Cancel a draft or published workshop (also what deleting one with registrations does). Every student
 * still registered is told in the app and by e-mail; the registrations stay, as history.
 */
export async function cancelWorkshop(db: Db, actor: Actor, current: WorkshopRow, now: Date): Promise<{ notified: number }> {
  if (current.status === 'completed') throw badRequest(WORKSHOP_FORM_MESSAGES.cancelCompleted);
  if (current.status === 'cancelled') throw conflict(WORKSHOP_FORM_MESSAGES.alreadyCancelled);
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(workshops)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(workshops.id, current.id), inArray(workshops.status, ['draft', 'published'])))
      .returning();
    if (!done) throw conflict(WORKSHOP_FORM_MESSAGES.alreadyCancelled);
    await audit(tx, actor.id, 'cancel', 'workshop', current.id, { status: current.status }, { status: 'cancelled' });
    // Everyone registered is told by the change fan-out job (in-app, e-mail with METHOD:CANCEL): the
    // request returns at once whatever the number of registrants (docs/decisions/421).
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(workshopRegistrations)
      .where(and(eq(workshopRegistrations.workshopId, current.id), eq(workshopRegistrations.status, 'registered')));
    await queueEventChange(tx, { kind: 'workshop', id: current.id, change: 'cancelled', actorId: actor.id });
    return { notified: Number(count?.n ?? 0) };
  });
}

/** Six characters without look-alikes (no 0/O, 1/I/L). */
function newCheckInCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
}

export function checkInWindow(w: Pick<WorkshopRow, 'startsAt' | 'endsAt'>) {
  return { opensAt: new Date(w.startsAt.getTime() - CHECK_IN_EARLY_MINUTES * 60_000), closesAt: w.endsAt };
}

/** The workshop's check-in code for its managers (created on first request, then stable). */
export async function checkInCodeFor(db: Db, current: WorkshopRow) {
  let code = current.checkInCode;
  if (!code) {
    const [row] = await db
      .update(workshops)
      .set({ checkInCode: sql`coalesce(${workshops.checkInCode}, ${newCheckInCode()})` })
      .where(eq(workshops.id, current.id))
      .returning({ code: workshops.checkInCode });
    code = row?.code ?? null;
  }
  if (!code) throw notFound('Workshop');
  const window = checkInWindow(current);
  return { code, opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() };
}

export const CHECK_IN_MAX_WRONG = 5;
export const CHECK_IN_WINDOW_SECONDS = 900;

export function checkInThrottledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many wrong check-in codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or ask the instructor to mark your attendance.`;
}

/**
 * A registered student checks in with the code the instructor shows, only while the workshop is live
 * (from 15 minutes before its start to its end). That marks the registration attended; the instructor
 * can still correct it, and a student the instructor marked absent stays absent (decision 404).
 */
export async function checkIn(db: Db, actor: Actor, id: string, code: string, now: Date) {
  if (!isId(id)) throw notFound('Workshop');
  const row = await findWorkshop(db, id);
  if (!row) throw notFound('Workshop');
  const w = row.workshop;
  const [reg] = await db
    .select()
    .from(workshopRegistrations)
    .where(and(eq(workshopRegistrations.workshopId, id), eq(workshopRegistrations.studentId, actor.id), ne(workshopRegistrations.status, 'cancelled')));
  if (!reg) throw notFound('Workshop');
  const window = checkInWindow(w);
  if (w.status !== 'published' || now < window.opensAt || now >= window.closesAt) throw badRequest(WORKSHOP_MESSAGES.checkInClosed);
  // Wrong codes are throttled per student and workshop (decision 826): five in fifteen minutes, then 429
  // until the window passes, even for the right code. Per student, so nobody can lock a class out.
  const key = `checkin:${id}:${actor.id}`;
  const seen = await limiter.peek(db, key);
  if (seen.count >= CHECK_IN_MAX_WRONG) throw rateLimited(seen.retryAfterSeconds, checkInThrottledMessage(seen.retryAfterSeconds));
  if (!w.checkInCode || w.checkInCode !== code.trim().toUpperCase()) {
    await limiter.hit(db, key, CHECK_IN_WINDOW_SECONDS);
    throw badRequest(WORKSHOP_MESSAGES.checkInWrong);
  }
  await limiter.clear(db, key);
  const [updated] = await db
    .update(workshopRegistrations)
    .set({
      // An instructor's "absent" stands; the check-in time is kept as the student's evidence all the same.
      status: sql`CASE WHEN ${workshopRegistrations.status} = 'registered' THEN 'attended' ELSE ${workshopRegistrations.status} END`,
      checkedInAt: sql`coalesce(${workshopRegistrations.checkedInAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(workshopRegistrations.id, reg.id), ne(workshopRegistrations.status, 'cancelled')))
    .returning();
  if (!updated?.checkedInAt) throw notFound('Workshop');
  return { _id: updated.id, status: updated.status, checkedInAt: updated.checkedInAt.toISOString() };
}
