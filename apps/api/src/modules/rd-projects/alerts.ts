import { sql } from 'drizzle-orm';
import { RD_ALERT_DEADLINE_DAYS } from '@app/shared/rd-projects';
import type { Db } from '../../db/client.ts';
import { recipientLocales, voiceOf, type Voice } from '../../lib/recipient-locale.ts';
import { queryRows } from '../../lib/sql.ts';
import { notify } from '../notifications/index.ts';
import { alertHolders } from './rd-projects.repo.ts';

export const RD_ACTION_URL = '/student/dashboard?tab=rd-projects';

export type AlertKind = 'updates' | 'statusChanges' | 'deadlineReminders';

/** Notify every student with an alert on the project who wants this kind of news (in the caller's transaction). */
export async function notifyAlertHolders(
  db: Db,
  projectId: string,
  kind: AlertKind,
  subType: string,
  say: (t: Voice['t']) => { title: string; message: string },
): Promise<number> {
  const holders = (await alertHolders(db, projectId)).filter((h) => h.preferences[kind] !== false);
  // Each student in their own language (decision 1150).
  const locales = await recipientLocales(db, holders.map((h) => h.userId));
  let sent = 0;
  for (const h of holders) {
    await notify(db, {
      userId: h.userId,
      type: 'rd-project',
      subType,
      ...say(voiceOf(locales.get(h.userId)).t),
      actionUrl: RD_ACTION_URL,
      metadata: { projectId },
    });
    sent++;
  }
  return sent;
}

export const DEADLINE_SWEEP_TASK = 'rd-projects.deadline-sweep';
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Alert holders of active projects whose deadline is within 3 days are told once: the alert row is
 * marked (conditional update) in the same transaction as the notification, so a second sweep, or a
 * sweep in another process, never repeats it.
 */
export async function runDeadlineSweep(db: Db, now: Date = new Date()): Promise<number> {
  const until = new Date(now.getTime() + RD_ALERT_DEADLINE_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    const due = await queryRows<{ project_id: string; user_id: string; title: string; deadline: Date | string; preferences: Record<string, boolean> }>(
      tx,
      sql`UPDATE rd_alerts a SET deadline_notified_at = ${now.toISOString()}
          FROM rd_projects p
          WHERE p.id = a.project_id AND a.deadline_notified_at IS NULL
            AND p.status = 'active' AND p.application_deadline > ${now.toISOString()} AND p.application_deadline <= ${until.toISOString()}
          RETURNING a.project_id, a.user_id, p.title, p.application_deadline AS deadline, a.preferences`,
    );
    const told = due.filter((d) => d.preferences.deadlineReminders !== false);
    const locales = await recipientLocales(tx, told.map((d) => d.user_id));
    for (const d of told) {
      const deadline = new Date(d.deadline);
      const days = Math.max(1, Math.ceil((deadline.getTime() - now.getTime()) / 86_400_000));
      // In the student's language, the deadline's date in their zone (decision 1150).
      const voice = voiceOf(locales.get(d.user_id));
      await notify(tx, {
        userId: d.user_id,
        type: 'rd-project',
        subType: 'deadline',
        title: voice.t('notification.rd.deadlineTitle'),
        message: voice.t('notification.rd.deadline', { title: d.title, days, date: voice.format.date(deadline, { dateStyle: 'long' }) }),
        actionUrl: RD_ACTION_URL,
        priority: 'high',
        metadata: { projectId: d.project_id },
      });
    }
    return due.length;
  });
}
