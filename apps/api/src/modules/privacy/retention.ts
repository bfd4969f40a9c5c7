import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { envelope } from '@app/shared/api';
import {
  INACTIVE_NOTICE_DAYS,
  RETENTION_CATEGORIES,
  RETENTION_CATEGORY_KEYS,
  retentionData,
  retentionUpdateBody,
  type RetentionCategory,
} from '@app/shared/privacy';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { actorOf, type App } from '../../lib/http.ts';
import { newId } from '../../lib/ids.ts';
import { inert } from '../../lib/email-template.ts';
import { emailIn, letter } from '../../lib/recipient-locale.ts';
import { queryRows } from '../../lib/sql.ts';

const DAY = 86_400_000;
export const RETENTION_EVERY_MS = 6 * 3_600_000;

export async function retentionDays(db: Db): Promise<Record<RetentionCategory, number>> {
  const rows = await queryRows<{ category: string; days: number }>(db, sql`SELECT category, days FROM retention_settings`);
  const set = new Map(rows.map((r) => [r.category, r.days]));
  return Object.fromEntries(
    RETENTION_CATEGORY_KEYS.map((k) => {
      const bounds = RETENTION_CATEGORIES[k];
      const days = set.get(k) ?? bounds.defaultDays;
      return [k, Math.min(bounds.maxDays, Math.max(bounds.minDays, days))];
    }),
  ) as Record<RetentionCategory, number>;
}

/**
 * One retention run (a scheduled slot runs once across processes): removes what is past its period and
 * logs the counts in retention_runs. Inactive students are told INACTIVE_NOTICE_DAYS before their
 * account is erased (an erasure request due then, which the erasure schedule carries out unless they
 * signed in again meanwhile). Each step is a bounded statement, so a run cut short is simply resumed by the next.
 */
export async function runRetention(db: Db, options: { now: Date; dataDir?: string; publicUrl: string }): Promise<Record<string, number>> {
  const { now } = options;
  const runId = newId();
  await db.execute(sql`INSERT INTO retention_runs (id, started_at) VALUES (${runId}, ${now.toISOString()}::timestamptz)`);
  const days = await retentionDays(db);
  const before = (d: number) => new Date(now.getTime() - d * DAY).toISOString();
  const counts: Record<string, number> = {};

  const mails = await queryRows<{ id: string }>(db, sql`DELETE FROM emails WHERE created_at < ${before(days.outbox)}::timestamptz AND status <> 'queued' RETURNING id`);
  if (options.dataDir) for (const m of mails) await rm(path.join(options.dataDir, 'outbox', `${m.id}.eml`), { force: true });
  counts.outbox = mails.length;
  counts.notifications = (await queryRows(db, sql`DELETE FROM notifications WHERE created_at < ${before(days.notifications)}::timestamptz RETURNING 1 AS x`)).length;
  counts.auditLog = (await queryRows(db, sql`DELETE FROM audit_log WHERE created_at < ${before(days.auditLog)}::timestamptz RETURNING 1 AS x`)).length;

  // Inactive students: an erasure request due at the end of the period, with a notice now.
  const noticeFrom = before(days.inactiveStudents - INACTIVE_NOTICE_DAYS);
  const inactive = await queryRows<{ id: string; email: string; first_name: string; last_seen: Date | string }>(
    db,
    sql`SELECT u.id, u.email, u.first_name, coalesce(u.last_login_at, u.created_at) AS last_seen FROM users u
        WHERE u.role = 'student' AND u.email NOT LIKE 'erased-%@erased.invalid'
          AND coalesce(u.last_login_at, u.created_at) < ${noticeFrom}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM privacy_requests r WHERE r.user_id = u.id AND r.kind = 'erasure' AND r.status IN ('pending', 'processing'))
        LIMIT 500`,
  );
  for (const s of inactive) {
    const due = new Date(Math.max(new Date(s.last_seen).getTime() + days.inactiveStudents * DAY, now.getTime() + INACTIVE_NOTICE_DAYS * DAY));
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO privacy_requests (id, user_id, kind, status, requester_role, due_at)
                           VALUES (${newId()}, ${s.id}, 'erasure', 'pending', 'retention', ${due.toISOString()}::timestamptz)`);
      // In the student's language, the date in their zone (decisions 970, 1060).
      await emailIn(tx, s.id, (voice) => ({
        to: s.email,
        subject: voice.t('email.privacy.inactiveSubject'),
        text: letter(voice, inert(s.first_name), [voice.t('email.privacy.inactive', { when: voice.when(due) }), voice.t('email.privacy.inactiveKeep')]),
        action: { label: voice.t('email.action.signIn'), url: `${options.publicUrl}/login` },
      }));
    });
  }
  counts.inactiveNotices = inactive.length;
  // Those who signed in again since their notice keep their account.
  counts.inactiveKept = (
    await queryRows(
      db,
      sql`UPDATE privacy_requests r SET status = 'cancelled', reason = 'Signed in again', completed_at = now(), updated_at = now()
          FROM users u WHERE u.id = r.user_id AND r.requester_role = 'retention' AND r.status = 'pending' AND u.last_login_at > r.created_at
          RETURNING 1 AS x`,
    )
  ).length;
  await db.execute(sql`UPDATE retention_runs SET finished_at = now(), counts = ${JSON.stringify(counts)}::jsonb WHERE id = ${runId}`);
  // The runs' own log is kept a year.
  await db.execute(sql`DELETE FROM retention_runs WHERE started_at < ${before(365)}::timestamptz`);
  return counts;
}

async function retentionView(db: Db) {
  const days = await retentionDays(db);
  const runs = await queryRows<{ id: string; started_at: Date | string; finished_at: Date | string | null; counts: Record<string, number> }>(
    db,
    sql`SELECT id, started_at, finished_at, counts FROM retention_runs ORDER BY started_at DESC LIMIT 20`,
  );
  return {
    settings: RETENTION_CATEGORY_KEYS.map((category) => ({ category, ...RETENTION_CATEGORIES[category], days: days[category] })),
    runs: runs.map((r) => ({
      id: r.id,
      startedAt: new Date(r.started_at).toISOString(),
      finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
      counts: r.counts,
    })),
  };
}

export function registerRetention(app: App) {
  const secured = { security: [{ bearer: [] }] };
  app.ctx.scheduler.every('privacy.retention', RETENTION_EVERY_MS, (now) =>
    runRetention(app.ctx.db, { now, dataDir: app.ctx.config.dataDir, publicUrl: app.ctx.config.publicUrl }).then((counts) =>
      app.log.info({ counts }, 'privacy: retention run'),
    ),
  );

  app.get(
    '/privacy/admin/retention',
    { config: { access: ['admin'] }, schema: { tags: ['privacy'], ...secured, response: { 200: envelope(retentionData) } } },
    async () => ({ success: true as const, data: await retentionView(app.ctx.db) }),
  );

  app.put(
    '/privacy/admin/retention',
    { config: { access: ['admin'] }, schema: { tags: ['privacy'], ...secured, body: retentionUpdateBody, response: { 200: envelope(retentionData) } } },
    async (request) => {
      const { category, days } = request.body;
      const bounds = RETENTION_CATEGORIES[category];
      if (days < bounds.minDays || days > bounds.maxDays) {
        throw badRequest(`${bounds.label}: choose between ${bounds.minDays} and ${bounds.maxDays} days`);
      }
      const actor = actorOf(request);
      await app.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO retention_settings (category, days, updated_by) VALUES (${category}, ${days}, ${actor.id})
                             ON CONFLICT (category) DO UPDATE SET days = EXCLUDED.days, updated_by = EXCLUDED.updated_by, updated_at = now()`);
        await audit(tx, actor.id, 'privacy.retention', 'retention', category, null, { days });
      });
      return { success: true as const, data: await retentionView(app.ctx.db) };
    },
  );
}
