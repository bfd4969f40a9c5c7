import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { queueEmails } from '../../lib/mail.ts';
import { queryRows } from '../../lib/sql.ts';
import { inert } from '../../lib/email-template.ts';
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
      await notifyMany(
        tx,
        rows.map((r) => ({
          userId: r.user_id,
          type: 'system',
          subType: 'programme-invite',
          title: `You are invited to ${r.name}`,
          message: `${r.name} (${r.starts_on} to ${r.ends_on}) invites you to take part as a ${r.role}. Tell us your topics and whom you would like to be matched with.`,
          actionUrl: '/programmes',
          metadata: { programmeId },
        })),
      );
      await queueEmails(
        tx,
        rows.map((r) => ({
          to: r.email,
          subject: `You are invited to ${inert(r.name)}`,
          text: [
            // Issue 28: an organisation's free text is text, never a link.
            `Hello ${inert(r.first_name)},`,
            `${inert(r.name)} runs from ${r.starts_on} to ${r.ends_on} and invites you to take part as a ${r.role}.`,
            r.role === 'mentee'
              ? 'Tell us your topics and goals, and rank up to five mentors you would like; the organisers then match the cohort.'
              : 'Tell us your topics, how many mentees you can take, and rank up to five mentees you would like; the organisers then match the cohort.',
          ].join('\n\n'),
          action: { label: 'Answer the invitation', url },
        })),
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
