import { sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { MessageKey, MessageValues } from '@app/shared/i18n/translator';
import type { Db } from '../../db/client.ts';
import type { InterviewDetails } from '../../db/schema/rd-projects.ts';
import { queueEmail } from '../../lib/mail.ts';
import { queryRows } from '../../lib/sql.ts';
import { recipientLocales, voiceOf, type RecipientLocale, type Voice } from '../../lib/recipient-locale.ts';
import { notify } from '../notifications/index.ts';
import { inert } from '../../lib/email-template.ts';
import { interviewSlot } from '../rd-projects/index.ts';
import { DEFAULT_TOPIC } from '../mentoring/index.ts';

/**
 * Reminders before workshops, mentoring sessions and R&D interviews (docs/decisions/405-reminders.md).
 *
 * A scan, every minute (a scheduled task), finds events starting within each reminder's window and
 * records one row per (event kind, event, person, offset, the event's start instant) in event_reminders,
 * ON CONFLICT DO NOTHING, in the same transaction as the notifications and e-mails of the rows it inserted.
 * So each reminder goes out exactly once across processes and restarts; a rescheduled event has a new
 * start instant and is reminded afresh (the old rows no longer match anything); cancelled and past events
 * are never selected. Windows: the 24 h reminder covers starts in (now + 1 h, now + 24 h], the 1 h
 * reminder starts in (now, now + 1 h]. A reminder is sent only to people who joined (registered, were
 * booked or rescheduled) before its offset before the start (decision 824): registering for a workshop that
 * starts in 2 minutes, or booking a session 30 minutes ahead, sends the confirmation only, and no "starts in
 * 1 hour" right after it; registering 5 hours ahead gets the 1 h reminder but not the 24 h one.
 */
export const REMINDER_TASK = 'reminders.scan';
export const REMINDER_EVERY_MS = 60_000;
/** Offsets in minutes before the start, longest first. */
export const REMINDER_OFFSETS = [24 * 60, 60] as const;

const MINUTE = 60_000;

export interface ReminderRow {
  kind: 'workshop' | 'session' | 'interview';
  event_id: string;
  user_id: string;
  offset_minutes: number;
  starts_at: Date | string;
}

/** The (from, until] start window of each offset: up to the offset, beyond the next shorter one. */
export function reminderWindows(now: Date) {
  return REMINDER_OFFSETS.map((offset, i) => {
    const shorter = REMINDER_OFFSETS[i + 1] ?? 0;
    return { offset, from: new Date(now.getTime() + shorter * MINUTE), until: new Date(now.getTime() + offset * MINUTE) };
  });
}

interface Person {
  id: string;
  email: string;
  first_name: string;
  role: string;
  /** Their language and zone: every reminder is written for its recipient (decision 970). */
  locale?: RecipientLocale;
}

/** A piece of text in the recipient's language: a catalogue key and its values (values may be texts to translate too). */
export interface Text {
  key: MessageKey;
  values?: Record<string, MessageValues[string] | Text>;
}

const isText = (v: unknown): v is Text => typeof v === 'object' && v !== null && 'key' in v;

function say(voice: Voice, text: Text, wrap: (s: string) => string = (s) => s): string {
  const values: MessageValues = {};
  for (const [k, v] of Object.entries(text.values ?? {})) values[k] = isText(v) ? say(voice, v, wrap) : typeof v === 'string' ? wrap(v) : v;
  return voice.t(text.key, values);
}

async function people(tx: Db, ids: string[]): Promise<Map<string, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<Person>(
    tx,
    sql`SELECT id, email, first_name, role FROM users WHERE id IN (${sql.join(
      [...new Set(ids)].map((id) => sql`${id}`),
      sql`, `,
    )}) AND is_active`,
  );
  const locales = await recipientLocales(tx, rows.map((r) => r.id));
  return new Map(rows.map((r) => [r.id, { ...r, locale: locales.get(r.id) }]));
}

async function send(
  tx: Db,
  person: Person | undefined,
  content: {
    type: 'workshop' | 'session' | 'rd-project';
    /** What starts: a workshop's title as typed, or a text in the recipient's language ("Mentoring session … with …"). */
    title: string | Text;
    offset: number;
    startsAt: Date;
    zone: string;
    where: Text[];
    actionUrl: string;
    metadata: Record<string, unknown>;
    publicUrl: string;
  },
) {
  if (!person) return;
  // In the recipient's language, at the time in their own zone (the event's when they set none).
  const voice = voiceOf(person.locale, content.zone);
  const hours = Math.round(content.offset / 60);
  const when = voice.when(content.startsAt);
  const titleFor = (wrap: (s: string) => string) =>
    typeof content.title === 'string' ? wrap(content.title) : say(voice, content.title, wrap);
  const plainTitle = titleFor((s) => s);
  const where = content.where.map((w) => say(voice, w)).join(' · ');
  await notify(tx, {
    userId: person.id,
    type: content.type,
    subType: 'reminder',
    title: voice.t('notification.reminder.title', { hours, title: plainTitle }),
    message: [voice.t('notification.reminder.message', { title: plainTitle, when }), where].filter(Boolean).join(' '),
    actionUrl: content.actionUrl,
    priority: 'high',
    metadata: { ...content.metadata, offsetMinutes: content.offset, startsAt: content.startsAt.toISOString() },
  });
  const url = `${content.publicUrl}${content.actionUrl}`;
  const title = titleFor(inert);
  await queueEmail(tx, {
    to: person.email,
    language: voice.language,
    subject: voice.t('email.reminder.subject', { title, hours }),
    text: [
      voice.t('email.greeting', { name: inert(person.first_name) }),
      '',
      voice.t('email.reminder.body', { title, when }),
      ...(where ? [where] : []),
      '',
      voice.t('email.reminder.details', { url }),
      '',
      'MentorBridge',
    ].join('\n'),
    action: { label: voice.t('email.reminder.action'), url },
  }, { category: 'reminders' });
}

const listOf = (ids: string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

type ReminderWindow = ReturnType<typeof reminderWindows>[number];

/**
 * The reminder rows claimed in each window in turn, skipping windows with none: `claim` is the window's
 * INSERT … ON CONFLICT DO NOTHING RETURNING, so each reminder is claimed once, whatever the processes.
 */
async function* claimedByWindow(tx: Db, now: Date, claim: (w: ReminderWindow) => SQL) {
  for (const w of reminderWindows(now)) {
    const rows = await queryRows<ReminderRow>(tx, claim(w));
    if (rows.length > 0) yield rows;
  }
}

async function workshopReminders(tx: Db, now: Date, publicUrl: string): Promise<number> {
  const claim = (w: ReminderWindow) =>
    sql`INSERT INTO event_reminders (kind, event_id, user_id, offset_minutes, starts_at)
          SELECT 'workshop', w.id, p.user_id, ${w.offset}, w.starts_at
          FROM workshops w
          CROSS JOIN LATERAL (
            SELECT r.student_id AS user_id FROM workshop_registrations r
            WHERE r.workshop_id = w.id AND r.status IN ('registered', 'attended')
              -- Decision 824: nobody is reminded of what they joined inside the reminder's own window (their
              -- confirmation, sent a moment ago, already says when it starts).
              AND r.created_at <= w.starts_at - make_interval(mins => ${w.offset})
            UNION
            SELECT w.professional_id WHERE w.professional_id IS NOT NULL
              AND w.created_at <= w.starts_at - make_interval(mins => ${w.offset})
          ) p
          WHERE w.status = 'published'
            AND w.starts_at > ${w.from.toISOString()}::timestamptz AND w.starts_at <= ${w.until.toISOString()}::timestamptz
          ON CONFLICT DO NOTHING
          RETURNING kind, event_id, user_id, offset_minutes, starts_at`;
  let sent = 0;
  for await (const rows of claimedByWindow(tx, now, claim)) {
    const ids = [...new Set(rows.map((r) => r.event_id))];
    const events = await queryRows<{
      id: string;
      title: string;
      timezone: string;
      delivery_mode: string;
      meeting_link: string | null;
      venue: string | null;
      address: string | null;
      city: string | null;
      professional_id: string | null;
    }>(
      tx,
      sql`SELECT id, title, timezone, delivery_mode, meeting_link, venue, address, city, professional_id FROM workshops WHERE id IN (${listOf(ids)})`,
    );
    const byId = new Map(events.map((e) => [e.id, e]));
    const who = await people(tx, rows.map((r) => r.user_id));
    for (const r of rows) {
      const e = byId.get(r.event_id);
      if (!e) continue;
      const venue = [e.venue, e.address, e.city].filter(Boolean).join(', ');
      const where: Text[] = [
        ...(e.delivery_mode !== 'offline' && e.meeting_link ? [{ key: 'email.where.online' as const, values: { link: e.meeting_link } }] : []),
        ...(e.delivery_mode !== 'online' && venue ? [{ key: 'email.where.venue' as const, values: { venue } }] : []),
      ];
      const instructor = r.user_id === e.professional_id;
      await send(tx, who.get(r.user_id), {
        type: 'workshop',
        title: e.title,
        offset: r.offset_minutes,
        startsAt: new Date(r.starts_at),
        zone: e.timezone,
        where,
        actionUrl: instructor ? '/professional/dashboard?tab=workshops' : `/student/dashboard?tab=workshops&workshop=${e.id}`,
        metadata: { workshopId: e.id },
        publicUrl,
      });
      sent++;
    }
  }
  return sent;
}

async function sessionReminders(tx: Db, now: Date, publicUrl: string): Promise<number> {
  const claim = (w: ReminderWindow) =>
    sql`INSERT INTO event_reminders (kind, event_id, user_id, offset_minutes, starts_at)
          SELECT 'session', s.id, p.user_id, ${w.offset}, s.starts_at
          FROM mentoring_sessions s
          CROSS JOIN LATERAL (VALUES (s.student_id), (s.professional_id)) AS p(user_id)
          WHERE s.status = 'scheduled'
            -- Decision 824: a session booked or moved inside the reminder's window is not reminded at that offset.
            AND COALESCE(s.rescheduled_at, s.created_at) <= s.starts_at - make_interval(mins => ${w.offset})
            AND s.starts_at > ${w.from.toISOString()}::timestamptz AND s.starts_at <= ${w.until.toISOString()}::timestamptz
          ON CONFLICT DO NOTHING
          RETURNING kind, event_id, user_id, offset_minutes, starts_at`;
  let sent = 0;
  for await (const rows of claimedByWindow(tx, now, claim)) {
    const ids = [...new Set(rows.map((r) => r.event_id))];
    const sessions = await queryRows<{ id: string; topic: string; timezone: string; meet_link: string | null; student_id: string; professional_id: string }>(
      tx,
      sql`SELECT id, topic, timezone, meet_link, student_id, professional_id FROM mentoring_sessions WHERE id IN (${listOf(ids)})`,
    );
    const byId = new Map(sessions.map((s) => [s.id, s]));
    const who = await people(tx, [...rows.map((r) => r.user_id), ...sessions.flatMap((s) => [s.student_id, s.professional_id])]);
    for (const r of rows) {
      const s = byId.get(r.event_id);
      if (!s) continue;
      const isStudent = r.user_id === s.student_id;
      const other = who.get(isStudent ? s.professional_id : s.student_id);
      await send(tx, who.get(r.user_id), {
        type: 'session',
        title:
          s.topic === DEFAULT_TOPIC
            ? other
              ? { key: 'email.reminder.sessionDefault', values: { name: other.first_name } }
              : { key: 'email.session.defaultTopic' }
            : other
              ? { key: 'email.reminder.sessionWith', values: { topic: s.topic, name: other.first_name } }
              : { key: 'email.reminder.session', values: { topic: s.topic } },
        offset: r.offset_minutes,
        startsAt: new Date(r.starts_at),
        zone: s.timezone,
        where: s.meet_link ? [{ key: 'email.where.online', values: { link: s.meet_link } }] : [],
        actionUrl: isStudent ? '/student/dashboard' : '/professional/dashboard',
        metadata: { sessionId: s.id },
        publicUrl,
      });
      sent++;
    }
  }
  return sent;
}

/**
 * Interviews keep their local date, time and zone (rd_applications.interview): candidates are found by
 * their date (indexed, a day either side of the window), their start instant is computed with luxon.
 */
async function interviewReminders(tx: Db, now: Date, publicUrl: string): Promise<number> {
  const from = DateTime.fromJSDate(now, { zone: 'UTC' }).minus({ days: 2 }).toISODate();
  const until = DateTime.fromJSDate(now, { zone: 'UTC' }).plus({ days: 3 }).toISODate();
  const candidates = await queryRows<{ id: string; student_id: string; reviewed_by: string | null; interview: InterviewDetails; title: string }>(
    tx,
    sql`SELECT a.id, a.student_id, a.reviewed_by, a.interview, p.title
        FROM rd_applications a JOIN rd_projects p ON p.id = a.project_id
        WHERE a.status = 'interview-scheduled' AND (a.interview->>'date') BETWEEN ${from} AND ${until}`,
  );
  let sent = 0;
  const windows = reminderWindows(now);
  for (const c of candidates) {
    const slot = interviewSlot(c.interview);
    if (!slot) continue;
    const window = windows.find((w) => slot.start > w.from && slot.start <= w.until);
    if (!window) continue;
    const participants = [c.student_id, ...(c.reviewed_by ? [c.reviewed_by] : [])];
    const rows = await queryRows<ReminderRow>(
      tx,
      sql`INSERT INTO event_reminders (kind, event_id, user_id, offset_minutes, starts_at)
          SELECT 'interview', ${c.id}, u.id, ${window.offset}, ${slot.start.toISOString()}::timestamptz
          FROM users u WHERE u.id IN (${listOf(participants)})
          ON CONFLICT DO NOTHING
          RETURNING kind, event_id, user_id, offset_minutes, starts_at`,
    );
    const who = await people(tx, [...participants]);
    const i = c.interview;
    for (const r of rows) {
      const isStudent = r.user_id === c.student_id;
      await send(tx, who.get(r.user_id), {
        type: 'rd-project',
        title: isStudent
          ? { key: 'email.reminder.interview', values: { title: c.title } }
          : {
              key: 'email.reminder.interviewWith',
              values: { title: c.title, name: who.get(c.student_id)?.first_name ?? { key: 'email.reminder.theApplicant' } },
            },
        offset: r.offset_minutes,
        startsAt: slot.start,
        zone: i.timezone ?? 'UTC',
        where:
          i.mode === 'online'
            ? i.meetingLink
              ? [{ key: 'email.where.online', values: { link: i.meetingLink } }]
              : []
            : i.location
              ? [{ key: 'email.where.location', values: { location: i.location } }]
              : [],
        actionUrl: isStudent ? '/student/dashboard?tab=rd-projects' : '/admin/dashboard?tab=rd-projects',
        metadata: { applicationId: c.id },
        publicUrl,
      });
      sent++;
    }
  }
  return sent;
}

/** One scan: every reminder now due, each sent once (see above). */
export async function scanReminders(db: Db, now: Date, publicUrl: string) {
  return db.transaction(async (tx) => ({
    workshops: await workshopReminders(tx, now, publicUrl),
    sessions: await sessionReminders(tx, now, publicUrl),
    interviews: await interviewReminders(tx, now, publicUrl),
  }));
}

/** Rows for events that started more than a week ago are of no more use. */
export async function pruneReminders(db: Db, now: Date): Promise<void> {
  await db.execute(sql`DELETE FROM event_reminders WHERE starts_at < ${new Date(now.getTime() - 7 * 86_400_000).toISOString()}::timestamptz`);
}
