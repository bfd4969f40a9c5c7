import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { queueEmails } from '../../lib/mail.ts';
import { queryRows } from '../../lib/sql.ts';
import { inert } from '../../lib/email-template.ts';
import { letter, recipientLocales, voiceOf } from '../../lib/recipient-locale.ts';
import { notifyMany } from '../notifications/index.ts';

/** The job that tells invited participants, in batches (docs/decisions/621). */
export const PROGRAMME_INVITE_JOB = 'programme.invite';
/** Participants told per transaction: each batch's notifications, e-mails and `notified_at` commit together. */
export const INVITE_BATCH = 500;

type InviteFanOutConfig = Pick<Config, 'publicUrl'>;

/**
 * Tell the next batch of invited, not yet told participants of one programme. Returns false when no
 * one is left. The batch's rows are claimed with FOR UPDATE SKIP LOCKED and marked `notified_at` in
 * the same transaction as their notifications and e-mails: a retried job, or two runners on one
 * PostgreSQL, never tell anyone twice, and a failed batch tells no one (it is retried whole).
 */
export async function inviteBatch(db: Db, programmeId: string, config: InviteFanOutConfig, batchSize = INVITE_BATCH): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{
      id: string;
      user_id: string;
      role: 'mentor' | 'mentee';
      email: string;
      first_name: string;
      name: string;
      starts_on: string;
      ends_on: string;
      status: string;
    }>(
      tx,
      sql`SELECT pp.id, pp.user_id, pp.role, u.email, u.first_name, p.name, p.starts_on::text AS starts_on, p.ends_on::text AS ends_on, p.status
          FROM programme_participants pp
          JOIN programmes p ON p.id = pp.programme_id
          JOIN users u ON u.id = pp.user_id
          WHERE pp.programme_id = ${programmeId} AND pp.notified_at IS NULL
          ORDER BY pp.id
          LIMIT ${batchSize}
          FOR UPDATE OF pp SKIP LOCKED`,
    );
    if (rows.length === 0) return false;
    const url = `${config.publicUrl}/programmes`;
    // A programme published before its invitations went out has nothing left to answer: mark them told.
    const open = rows[0]?.status !== 'published';
    if (open) {
      // Each person invited reads it in their own language, dates included (decision 1060).
      const locales = await recipientLocales(tx, rows.map((r) => r.user_id));
      const voice = (r: (typeof rows)[number]) => {
        const v = voiceOf(locales.get(r.user_id));
        const day = (d: string) => v.format.date(`${d}T12:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
        return { ...v, from: day(r.starts_on), to: day(r.ends_on) };
      };
      await notifyMany(
        tx,
        rows.map((r) => {
          const { t, from, to } = voice(r);
          return {
            userId: r.user_id,
            type: 'system',
            subType: 'programme-invite',
            title: t('notification.programme.invitedTitle', { name: r.name }),
            message: t('notification.programme.invited', { name: r.name, from, to, role: r.role }),
            actionUrl: '/programmes',
            metadata: { programmeId },
          };
        }),
      );
      await queueEmails(
        tx,
        rows.map((r) => {
          const v = voice(r);
          return {
            to: r.email,
            language: v.language,
            subject: v.t('notification.programme.invitedTitle', { name: inert(r.name) }),
            // Issue 28: an organisation's free text is text, never a link.
            text: letter(v, inert(r.first_name), [
              v.t('email.programme.invited', { name: inert(r.name), from: v.from, to: v.to, role: r.role }),
              v.t('email.programme.next', { role: r.role }),
            ]),
            action: { label: v.t('email.programme.action'), url },
          };
        }),
        { category: 'requests' },
      );
    }
    await queryRows(
      tx,
      sql`UPDATE programme_participants SET notified_at = now() WHERE id IN (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
    return rows.length === batchSize;
  });
}

/** The job: batches until every invited participant of the programme is told. */
export function createProgrammeInviteJob(db: Db, config: InviteFanOutConfig) {
  return async (payload: Record<string, unknown>) => {
    const programmeId = typeof payload.programmeId === 'string' ? payload.programmeId : '';
    while (await inviteBatch(db, programmeId, config)) {
      // next batch
    }
  };
}
