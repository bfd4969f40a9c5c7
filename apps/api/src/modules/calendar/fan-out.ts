import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { eventChanges } from '../../db/schema/calendar.ts';
import { mentoringSessions } from '../../db/schema/mentoring.ts';
import { rdApplications } from '../../db/schema/rd-projects.ts';
import type { EmailAttachment } from '../../db/schema/platform.ts';
import type { IcsMethod } from '../../lib/calendar.ts';
import { queueEmails, type OutgoingEmail } from '../../lib/mail.ts';
import { inert } from '../../lib/email-template.ts';
import { queryRows } from '../../lib/sql.ts';
import { recipientLocales, voiceOf, type RecipientLocale } from '../../lib/recipient-locale.ts';
import { loadPeople, nameOf } from '../mentoring/index.ts';
import { sessionIcs, topicIn, whenFor } from '../mentoring/index.ts';
import { notifyMany, type NewNotification } from '../notifications/index.ts';
import { RD_ACTION_URL, applicationInContext, interviewIcs, interviewSlot } from '../rd-projects/index.ts';
import { findWorkshop } from '../workshops/index.ts';
import { workshopIcs } from '../workshops/index.ts';
import { fullName } from '../users/index.ts';

/** Participants told per transaction: each batch's notifications, e-mails and cursor commit together. */
export const FAN_OUT_BATCH = 500;

type ChangeRow = typeof eventChanges.$inferSelect;
export type FanOutConfig = Pick<Config, 'publicUrl' | 'mailFrom'>;

/** A participant: a user (id set) or, for a workshop's manual instructor, an address only. */
interface Recipient {
  id: string | null;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** What one change says to each participant, built from the event as it is now. */
interface Plan {
  /** The event's SEQUENCE now; a change older than that is superseded by a newer one. */
  sequence: number;
  /** Participants with an account whose id is after `cursor`, in id order. */
  recipients(db: Db, cursor: string, limit: number): Promise<Recipient[]>;
  /** Participants without an account (told in the first batch). */
  extras: Recipient[];
  /** `locale`: the recipient's (decision 970), resolved for the whole batch; absent for an address without an account. */
  notification(r: Recipient & { id: string }, locale?: RecipientLocale): NewNotification;
  email(r: Recipient, locale?: RecipientLocale): OutgoingEmail;
}

const ics = (method: IcsMethod, content: string): EmailAttachment => ({
  filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
  contentType: `text/calendar; charset=utf-8; method=${method}`,
  method: method === 'PUBLISH' ? 'REQUEST' : method,
  content,
});

const paragraphs = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join('\n\n');

async function workshopPlan(db: Db, change: ChangeRow, config: FanOutConfig): Promise<Plan | null> {
  const row = await findWorkshop(db, change.eventId);
  if (!row) return null;
  const w = row.workshop;
  const cancelled = change.change === 'cancelled';
  const method: IcsMethod = cancelled ? 'CANCEL' : 'REQUEST';
  const place = [w.venue, w.address, w.city, w.state].filter(Boolean).join(', ');
  // Each participant reads it in their language and zone (decision 1060), the workshop's zone for the rest.
  const voice = (locale?: RecipientLocale) => voiceOf(locale, w.timezone);
  const link = (role: string) =>
    role === 'student' ? `/student/dashboard?tab=workshops&workshop=${w.id}` : role === 'professional' ? '/professional/dashboard?tab=workshops' : `/admin/workshops`;
  const manual = w.manualInstructor?.email
    ? [{ id: null, email: w.manualInstructor.email, firstName: w.manualInstructor.name, lastName: '', role: 'instructor' }]
    : [];
  return {
    sequence: w.sequence,
    extras: manual,
    // Registrants (a cancellation also reaches the seats released by that same cancellation) and the instructor.
    recipients: (tx, cursor, limit) =>
      queryRows<Recipient>(tx, sql`
        SELECT u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.role
        FROM users u
        WHERE u.id > ${cursor} AND u.is_active
          AND (u.id IN (SELECT r.student_id FROM workshop_registrations r
                        WHERE r.workshop_id = ${w.id}
                          AND (r.status <> 'cancelled' OR (${cancelled} AND r.cancelled_at >= ${change.createdAt})))
               OR u.id = ${w.professionalId ?? ''})
        ORDER BY u.id
        LIMIT ${limit}`),
    notification: (r, locale) => {
      const { t, span } = voice(locale);
      const at = span(w.startsAt, w.endsAt);
      return {
        userId: r.id,
        type: 'workshop',
        subType: cancelled ? 'cancelled' : 'rescheduled',
        title: cancelled ? t('notification.workshop.eventCancelledTitle') : t('notification.workshop.updatedTitle'),
        message: cancelled
          ? [t('email.workshop.eventCancelled', { title: w.title, when: at }), change.note].filter(Boolean).join(' ')
          : [
              t('notification.workshop.updated', { title: w.title, when: at }),
              w.deliveryMode === 'offline' ? (place ? t('notification.workshop.updatedVenue', { venue: place }) : '') : t('notification.workshop.updatedJoin'),
            ].filter(Boolean).join(' '),
        actionUrl: link(r.role),
        priority: 'high',
        metadata: { workshopId: w.id, sequence: change.sequence },
      };
    },
    email: (r, locale) => {
      const { t, span, language } = voice(locale);
      const at = span(w.startsAt, w.endsAt);
      return {
        to: r.email,
        language,
        subject: cancelled ? t('email.workshop.cancelledSubject', { title: inert(w.title) }) : t('email.workshop.updatedSubject', { title: inert(w.title), when: at }),
        text: paragraphs(
          t('email.greeting', { name: inert(r.firstName) }),
          cancelled ? t('email.workshop.eventCancelled', { title: inert(w.title), when: at }) : t('email.workshop.updated', { title: inert(w.title), when: at }),
          !cancelled &&
            [
              w.deliveryMode !== 'offline' && w.meetingLink ? t('email.where.online', { link: w.meetingLink }) : '',
              w.deliveryMode !== 'online' && place ? t('email.where.venue', { venue: inert(place) }) : '',
            ].filter(Boolean).join('\n'),
          change.note && t('email.session.note', { note: inert(change.note) }),
          cancelled ? t('email.session.attachedCancel') : t('email.session.attachedUpdate'),
        ),
        action: { label: t('email.workshop.viewAction'), url: `${config.publicUrl}${link(r.role)}` },
        attachments: [ics(method, workshopIcs(row, { name: fullName(r), email: r.email }, { method, publicUrl: config.publicUrl, mailFrom: config.mailFrom }))],
      };
    },
  };
}

async function sessionPlan(db: Db, change: ChangeRow, config: FanOutConfig): Promise<Plan | null> {
  const [row] = await db.select().from(mentoringSessions).where(eq(mentoringSessions.id, change.eventId));
  if (!row) return null;
  const people = await loadPeople(db, [row.studentId, row.professionalId]);
  // Each of the two is told in their own language, with the invitation's text in it too (decision 970).
  const locales = await recipientLocales(db, [row.studentId, row.professionalId]);
  const voice = (id: string | null) => voiceOf(id ? locales.get(id) : undefined, row.timezone);
  const cancelled = change.change === 'cancelled';
  const method: IcsMethod = cancelled ? 'CANCEL' : 'REQUEST';
  const content = (language: string) => sessionIcs(row, people, { ...config, meetingBaseUrl: '' }, method, language);
  const actor = change.actorId ? people.get(change.actorId) : undefined;
  const otherOf = (id: string) => people.get(id === row.studentId ? row.professionalId : row.studentId);
  const link = (id: string) => (id === row.studentId ? '/student/dashboard?tab=professionals' : '/professional/dashboard?tab=sessions');
  const participants: Recipient[] = [row.professionalId, row.studentId].flatMap((id) => {
    const p = people.get(id);
    return p ? [{ id, email: p.email, firstName: p.firstName, lastName: p.lastName, role: id === row.studentId ? 'student' : 'professional' }] : [];
  });
  return {
    sequence: row.sequence,
    extras: [],
    recipients: async (_tx, cursor, limit) =>
      participants.filter((p) => (p.id ?? '') > cursor).sort((a, b) => (a.id ?? '').localeCompare(b.id ?? '')).slice(0, limit),
    notification: (r) => {
      const { t, language } = voice(r.id);
      const when = whenFor(row, people, r.id, language);
      const who = actor ? nameOf(actor) : t('notification.session.someone');
      const reason = change.note ? ` ${t('notification.reason', { note: change.note })}` : '';
      return {
        userId: r.id,
        type: 'session',
        subType: cancelled ? 'cancelled' : 'rescheduled',
        title: cancelled ? t('notification.session.cancelledTitle') : t('notification.session.rescheduledTitle'),
        message:
          (cancelled
            ? t('notification.session.cancelled', { actor: who, topic: topicIn(row.topic, t), when })
            : t('notification.session.moved', { actor: who, topic: topicIn(row.topic, t), name: nameOf(otherOf(r.id)), when })) + reason,
        actionUrl: link(r.id),
        priority: 'high',
        metadata: { sessionId: row.id, sequence: change.sequence },
      };
    },
    email: (r) => {
      const { t, language } = voice(r.id);
      const id = r.id ?? '';
      const name = inert(nameOf(otherOf(id)));
      const topic = inert(topicIn(row.topic, t));
      const when = whenFor(row, people, id, language);
      return {
        to: r.email,
        language,
        subject: t('email.session.subject', { kind: cancelled ? 'cancelled' : 'rescheduled', name }),
        text: paragraphs(
          t('email.greeting', { name: inert(r.firstName) }),
          cancelled ? t('email.session.cancelled', { topic, name, when }) : t('email.session.rescheduled', { topic, name, when }),
          !cancelled && row.meetLink && t('email.session.join', { link: row.meetLink }),
          change.note && t('email.session.reason', { note: inert(change.note) }),
          cancelled ? t('email.session.attachedCancel') : t('email.session.attachedUpdate'),
        ),
        action: { label: t('email.session.action'), url: `${config.publicUrl}${link(id)}` },
        attachments: [ics(method, content(language))],
      };
    },
  };
}

async function interviewPlan(db: Db, change: ChangeRow, config: FanOutConfig): Promise<Plan | null> {
  const [row] = await applicationInContext(db, eq(rdApplications.id, change.eventId));
  const interview = row?.app.interview;
  // A cancelled interview keeps its last time in the row (the status moved on), which the CANCEL names.
  const slot = interview ? interviewSlot({ ...interview, scheduled: true }) : null;
  if (!row || !interview || !slot) return null;
  const cancelled = change.change === 'cancelled';
  const method: IcsMethod = cancelled ? 'CANCEL' : 'REQUEST';
  const voice = (locale?: RecipientLocale) => {
    const v = voiceOf(locale, interview.timezone);
    return { ...v, at: v.when(slot.start) };
  };
  const where = (t: ReturnType<typeof voice>['t']) =>
    interview.mode === 'offline' ? t('email.where.location', { location: inert(interview.location ?? '') }) : t('email.where.online', { link: interview.meetingLink ?? '' });
  const student: Recipient = { id: row.app.studentId, email: row.email, firstName: row.firstName, lastName: row.lastName, role: 'student' };
  return {
    sequence: row.app.interviewSequence,
    extras: [],
    recipients: async (_tx, cursor, limit) => (student.id && student.id > cursor && limit > 0 ? [student] : []),
    notification: (r, locale) => {
      const { t, at } = voice(locale);
      return {
        userId: r.id,
        type: 'rd-project',
        subType: cancelled ? 'interview-cancelled' : 'interview-updated',
        title: cancelled ? t('notification.interview.cancelledTitle') : t('notification.interview.updatedTitle'),
        message: cancelled ? t('notification.interview.cancelled', { title: row.projectTitle, when: at }) : t('notification.interview.updated', { title: row.projectTitle, when: at }),
        actionUrl: RD_ACTION_URL,
        priority: 'high',
        metadata: { projectId: row.app.projectId, applicationId: row.app.id, sequence: change.sequence },
      };
    },
    email: (r, locale) => {
      const { t, at, language } = voice(locale);
      return {
        to: r.email,
        language,
        subject: cancelled ? t('email.interview.cancelledSubject', { title: inert(row.projectTitle) }) : t('email.rd.interviewUpdatedSubject', { title: inert(row.projectTitle) }),
        text: paragraphs(
          t('email.greeting', { name: inert(r.firstName) }),
          cancelled
            ? t('email.interview.cancelled', { title: inert(row.projectTitle), role: inert(row.roleTitle), when: at })
            : t('email.interview.updated', { title: inert(row.projectTitle), role: inert(row.roleTitle), when: at }),
          !cancelled && where(t),
          !cancelled && interview.notes && t('email.rd.interviewNotes', { notes: inert(interview.notes) }),
          cancelled ? t('email.session.attachedCancel') : t('email.session.attachedUpdate'),
        ),
        action: { label: t('email.rd.action'), url: `${config.publicUrl}${RD_ACTION_URL}` },
        attachments: [
          ics(
            method,
            interviewIcs({
              applicationId: row.app.id,
              projectTitle: row.projectTitle,
              roleTitle: row.roleTitle,
              interview,
              slot,
              sequence: row.app.interviewSequence,
              method,
              mailFrom: config.mailFrom,
              attendee: { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
            }),
          ),
        ],
      };
    },
  };
}

const PLANS = { workshop: workshopPlan, session: sessionPlan, interview: interviewPlan };

/**
 * Tell the next batch of participants about one change. Returns false when the change is finished.
 * The cursor moves by compare-and-set in the same transaction as the batch's notifications and
 * e-mails: a retried or concurrently reclaimed job never tells anyone twice.
 */
export async function fanOutBatch(db: Db, changeId: string, config: FanOutConfig, batchSize = FAN_OUT_BATCH): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [change] = await tx.select().from(eventChanges).where(and(eq(eventChanges.id, changeId), isNull(eventChanges.doneAt)));
    if (!change) return false;
    const plan = await PLANS[change.kind](tx, change, config);
    const finish = () => tx.update(eventChanges).set({ doneAt: new Date() }).where(eq(eventChanges.id, changeId));
    // Gone, or superseded by a newer change (whose own job tells everyone the latest): nothing to send. A
    // newer change row, not the event's counter: one attendee's own CANCEL raises the counter too (decision 821).
    const [newer] = plan
      ? await tx
          .select({ id: eventChanges.id })
          .from(eventChanges)
          .where(and(eq(eventChanges.kind, change.kind), eq(eventChanges.eventId, change.eventId), gt(eventChanges.sequence, change.sequence)))
          .limit(1)
      : [];
    if (!plan || newer) {
      await finish();
      return false;
    }
    const first = change.cursor === null;
    const batch = await plan.recipients(tx, change.cursor ?? '', batchSize);
    const everyone = first ? [...plan.extras, ...batch] : batch;
    const told = everyone.filter((r) => r.id !== change.actorId || r.id === null);
    // Each participant's language and zone, one query per batch (decision 1060).
    const locales = await recipientLocales(tx, everyone.flatMap((r) => (r.id ? [r.id] : [])));
    await notifyMany(
      tx,
      told.flatMap((r) => (r.id ? [plan.notification({ ...r, id: r.id }, locales.get(r.id))] : [])),
    );
    // The actor gets the updated invitation for their own calendar too, but no in-app item.
    await queueEmails(tx, everyone.map((r) => plan.email(r, r.id ? locales.get(r.id) : undefined)), { category: 'changes' });
    const last = batch.at(-1)?.id ?? change.cursor ?? '';
    const done = batch.length < batchSize;
    const moved = await tx
      .update(eventChanges)
      .set({ cursor: last, told: sql`${eventChanges.told} + ${everyone.length}`, doneAt: done ? new Date() : null })
      .where(and(eq(eventChanges.id, changeId), change.cursor === null ? isNull(eventChanges.cursor) : eq(eventChanges.cursor, change.cursor), isNull(eventChanges.doneAt)))
      .returning({ id: eventChanges.id });
    if (moved.length === 0) throw new Error('event change advanced concurrently; batch rolled back');
    return !done;
  });
}

/** The job: batches until everyone is told. */
export function createEventChangeJob(db: Db, config: FanOutConfig) {
  return async (payload: Record<string, unknown>) => {
    const changeId = typeof payload.changeId === 'string' ? payload.changeId : '';
    while (await fanOutBatch(db, changeId, config)) {
      // next batch
    }
  };
}
