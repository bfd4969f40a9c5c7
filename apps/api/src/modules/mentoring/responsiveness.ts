import { sql } from 'drizzle-orm';
import { REQUEST_EXPIRE_DAYS, REQUEST_REMIND_DAYS } from '@app/shared/mentoring';
import type { Db } from '../../db/client.ts';
import { queueEmail } from '../../lib/mail.ts';
import { queryRows } from '../../lib/sql.ts';
import { inert } from '../../lib/email-template.ts';
import { notify } from '../notifications/index.ts';

export const SWEEP_TASK = 'mentoring.sweep-requests';
export const SWEEP_EVERY_MS = 15 * 60_000;
const DAY = 86_400_000;

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
    for (const r of expired) {
      await notify(tx, {
        userId: r.student_id,
        type: 'connection',
        subType: 'expired',
        title: 'Connection request expired',
        message: `${r.pro_name} did not answer your connection request within ${REQUEST_EXPIRE_DAYS} days, so it has expired. You can send a new one or contact another professional.`,
        actionUrl: '/student/dashboard?tab=professionals',
        metadata: { requestId: r.id },
      });
    }
    const reminded = await queryRows<SweptRow>(
      tx,
      sql`UPDATE connection_requests r SET reminded_at = ${now.toISOString()}::timestamptz
          FROM users s, users p
          WHERE r.status = 'pending' AND r.reminded_at IS NULL AND r.created_at <= ${remindBefore}::timestamptz
            AND s.id = r.student_id AND p.id = r.professional_id
          RETURNING r.id, r.student_id, r.professional_id, p.email AS pro_email, p.first_name AS pro_first,
            s.first_name AS student_first, s.last_name AS student_last, trim(p.first_name || ' ' || p.last_name) AS pro_name`,
    );
    for (const r of reminded) {
      const student = `${r.student_first} ${r.student_last}`.trim();
      await notify(tx, {
        userId: r.professional_id,
        type: 'connection',
        subType: 'reminder',
        title: 'A student is waiting for your answer',
        message: `${student}'s connection request has been waiting for ${REQUEST_REMIND_DAYS} days. It expires after ${REQUEST_EXPIRE_DAYS} days.`,
        actionUrl: '/professional/dashboard?tab=requests',
        priority: 'high',
        metadata: { requestId: r.id },
      });
      await queueEmail(tx, {
        to: r.pro_email,
        subject: `${inert(student)} is waiting for your answer on MentorBridge`,
        text: `Hello ${inert(r.pro_first)},\n\n${inert(student)} sent you a connection request ${REQUEST_REMIND_DAYS} days ago. Please accept or decline it; it expires after ${REQUEST_EXPIRE_DAYS} days.`,
      }, { category: 'requests' });
    }
    return { reminded: reminded.length, expired: expired.length };
  });
}
