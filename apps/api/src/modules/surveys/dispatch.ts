import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inert } from '../../lib/email-template.ts';
import { translator } from '../../lib/i18n.ts';
import { queueEmails, type OutgoingEmail } from '../../lib/mail.ts';
import { queryRows } from '../../lib/sql.ts';
import { notifyMany, type NewNotification } from '../notifications/index.ts';

export const SURVEY_TASK = 'surveys.dispatch';
/** How often due surveys and reminders are looked for (a slot of the one scheduler, decision 400). */
export const SURVEY_EVERY_MS = 15 * 60_000;

interface Sent {
  survey_id: string;
  user_id: string;
}

interface Person {
  survey_id: string;
  user_id: string;
  email: string;
  first_name: string;
  language: string | null;
  title: string;
  programme_name: string;
}

/**
 * Send what is due and remind who has not answered (decision 920). Exactly once per person, whichever
 * process runs it and however often: an invitation is the INSERT of the (survey, person) row, which the
 * primary key lets through once (ON CONFLICT DO NOTHING); a reminder is the conditional UPDATE that sets
 * reminded_at from null. Only the rows a run wrote get a notification and an e-mail, in the same
 * transaction. A run that fails rolls back whole, and the next slot picks up everything still due.
 */
export async function dispatchSurveys(db: Db, now: Date, publicUrl: string): Promise<{ invited: number; reminded: number }> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const invited = await queryRows<Sent>(
      tx,
      sql`INSERT INTO survey_recipients (survey_id, user_id, invited_at, answered)
          SELECT s.id, pp.user_id, ${at}::timestamptz, false
          FROM programme_surveys s
          JOIN programmes p ON p.id = s.programme_id AND p.status = 'published'
          JOIN programme_participants pp ON pp.programme_id = p.id AND pp.status = 'joined'
               AND (s.audience = 'everyone' OR (s.audience = 'mentees' AND pp.role = 'mentee') OR (s.audience = 'mentors' AND pp.role = 'mentor'))
          JOIN users u ON u.id = pp.user_id AND u.is_active
          WHERE s.send_at <= ${at}::timestamptz
            AND (s.trigger <> 'first-meeting' OR EXISTS (
                 SELECT 1 FROM programme_pairs pr
                 JOIN mentoring_sessions ms ON ms.professional_id = pr.mentor_id AND ms.student_id = pr.mentee_id
                 WHERE pr.programme_id = p.id AND (pr.mentor_id = pp.user_id OR pr.mentee_id = pp.user_id)
                   AND ms.status <> 'cancelled'
                   AND ms.starts_at >= coalesce(p.published_at, ${at}::timestamptz) - interval '1 day'
                   AND ms.ends_at <= ${at}::timestamptz - interval '1 day'))
          ON CONFLICT (survey_id, user_id) DO NOTHING
          RETURNING survey_id, user_id`,
    );
    if (invited.length > 0) {
      const ids = [...new Set(invited.map((r) => r.survey_id))];
      await queryRows(
        tx,
        sql`UPDATE programme_surveys SET sent_at = ${at}::timestamptz WHERE sent_at IS NULL AND id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) RETURNING id`,
      );
    }
    const reminded = await queryRows<Sent>(
      tx,
      sql`UPDATE survey_recipients r SET reminded_at = ${at}::timestamptz
          FROM programme_surveys s
          WHERE s.id = r.survey_id AND s.reminder_after_days > 0 AND NOT r.answered AND r.reminded_at IS NULL
            AND r.invited_at <= ${at}::timestamptz - s.reminder_after_days * interval '1 day'
          RETURNING r.survey_id, r.user_id`,
    );
    await tell(tx, invited, 'invite', publicUrl);
    await tell(tx, reminded, 'remind', publicUrl);
    return { invited: invited.length, reminded: reminded.length };
  });
}

/** A notification and an e-mail per person, each in the person's own language. */
async function tell(db: Db, rows: Sent[], what: 'invite' | 'remind', publicUrl: string) {
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    const pairs = sql.join(
      batch.map((r) => sql`(${r.survey_id}, ${r.user_id})`),
      sql`, `,
    );
    const people = await queryRows<Person>(
      db,
      sql`SELECT s.id AS survey_id, u.id AS user_id, u.email, u.first_name, u.language, s.title, p.name AS programme_name
          FROM (VALUES ${pairs}) AS v(survey_id, user_id)
          JOIN programme_surveys s ON s.id = v.survey_id
          JOIN programmes p ON p.id = s.programme_id
          JOIN users u ON u.id = v.user_id`,
    );
    const notes: NewNotification[] = [];
    const mails: OutgoingEmail[] = [];
    for (const x of people) {
      const { t } = translator(x.language);
      const path = `/surveys/${x.survey_id}`;
      const values = { survey: x.title, programme: x.programme_name };
      const title = what === 'invite' ? t('survey.notify.inviteTitle', values) : t('survey.notify.remindTitle', values);
      const message = t('survey.notify.body', values);
      notes.push({ userId: x.user_id, type: 'system', subType: what === 'invite' ? 'survey' : 'reminder', title, message, actionUrl: path, metadata: { surveyId: x.survey_id } });
      const safe = { survey: inert(x.title), programme: inert(x.programme_name) };
      mails.push({
        to: x.email,
        subject: what === 'invite' ? t('survey.notify.inviteTitle', safe) : t('survey.notify.remindTitle', safe),
        text: [t('survey.email.greeting', { name: inert(x.first_name) }), t('survey.notify.body', safe), t('survey.email.anonymous')].join('\n\n'),
        action: { label: t('survey.email.action'), url: `${publicUrl}${path}` },
      });
    }
    await notifyMany(db, notes);
    await queueEmails(db, mails, { category: 'reminders' });
  }
}
