import { sql } from 'drizzle-orm';
import { REQUEST_EXPIRE_DAYS, REQUEST_REMIND_DAYS } from '@app/shared/mentoring';
import type { Db } from '../../db/client.ts';
import { queueEmail } from '../../lib/mail.ts';
import { letter, recipientLocales, voiceOf } from '../../lib/recipient-locale.ts';
import { queryRows } from '../../lib/sql.ts';
import { inert } from '../../lib/email-template.ts';
import { notify, notifyEach } from '../notifications/index.ts';

export const SWEEP_TASK = 'mentoring.sweep-requests';
export const SWEEP_EVERY_MS = 15 * 60_000;
const DAY = 86_400_000;
const REQUESTS_URL = '/professional/dashboard?tab=requests';

interface SweptRow {
  id: string;
  student_id: string;
  professional_id: string;
  pro_email: string;
  pro_first: string;
  student_first: string;
  student_last: string;
  pro_name: string;
}

/**
 * Requests pending for 7 days remind the professional once (reminded_at); after 14 days they expire
 * and the student is told. Conditional updates make it safe to run in several processes at once.
 */
export async function sweepConnectionRequests(db: Db, now = new Date()): Promise<{ reminded: number; expired: number }> {
  const remindBefore = new Date(now.getTime() - REQUEST_REMIND_DAYS * DAY).toISOString();
  const expireBefore = new Date(now.getTime() - REQUEST_EXPIRE_DAYS * DAY).toISOString();
  return db.transaction(async (tx) => {
    const expired = await queryRows<SweptRow>(
      tx,
      sql`UPDATE connection_requests r SET status = 'expired', responded_at = ${now.toISOString()}::timestamptz
          FROM users s, users p
          WHERE r.status = 'pending' AND r.created_at <= ${expireBefore}::timestamptz AND s.id = r.student_id AND p.id = r.professional_id
          RETURNING r.id, r.student_id, r.professional_id, p.email AS pro_email, p.first_name AS pro_first,
            s.first_name AS student_first, s.last_name AS student_last, trim(p.first_name || ' ' || p.last_name) AS pro_name`,
    );
    // Each person in their own language (decisions 970, 1060).
    await notifyEach(tx, expired, (r) => r.student_id, ({ t }, r) => ({
      type: 'connection',
      subType: 'expired',
      title: t('notification.connection.expiredTitle'),
      message: t('notification.connection.expired', { name: r.pro_name, days: REQUEST_EXPIRE_DAYS }),
      actionUrl: '/student/dashboard?tab=professionals',
      metadata: { requestId: r.id },
    }));
    const reminded = await queryRows<SweptRow>(
      tx,
      sql`UPDATE connection_requests r SET reminded_at = ${now.toISOString()}::timestamptz
          FROM users s, users p
          WHERE r.status = 'pending' AND r.reminded_at IS NULL AND r.created_at <= ${remindBefore}::timestamptz
            AND s.id = r.student_id AND p.id = r.professional_id
          RETURNING r.id, r.student_id, r.professional_id, p.email AS pro_email, p.first_name AS pro_first,
            s.first_name AS student_first, s.last_name AS student_last, trim(p.first_name || ' ' || p.last_name) AS pro_name`,
    );
    const remindedLocales = await recipientLocales(tx, reminded.map((r) => r.professional_id));
    for (const r of reminded) {
      const student = `${r.student_first} ${r.student_last}`.trim();
      const voice = voiceOf(remindedLocales.get(r.professional_id));
      const days = { days: REQUEST_REMIND_DAYS, expire: REQUEST_EXPIRE_DAYS };
      await notify(tx, {
        userId: r.professional_id,
        type: 'connection',
        subType: 'reminder',
        title: voice.t('notification.connection.waitingTitle'),
        message: voice.t('notification.connection.waiting', { name: student, ...days }),
        actionUrl: REQUESTS_URL,
        priority: 'high',
        metadata: { requestId: r.id },
      });
      await queueEmail(
        tx,
        {
          to: r.pro_email,
          language: voice.language,
          subject: voice.t('email.connection.waitingSubject', { name: inert(student) }),
          text: letter(voice, inert(r.pro_first), [voice.t('email.connection.waiting', { name: inert(student), ...days })]),
        },
        { category: 'requests' },
      );
    }
    return { reminded: reminded.length, expired: expired.length };
  });
}
