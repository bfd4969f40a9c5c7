import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  EXPORT_ARCHIVE_DAYS,
  EXPORT_DUE_DAYS,
  PRIVACY_MESSAGES,
  type AdminPrivacyRequestDto,
  type PrivacyRequestDto,
  type PrivacyRequestKind,
} from '@app/shared/privacy';
import { ErrorCode } from '@app/shared/api';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { isId, newId } from '../../lib/ids.ts';
import { enqueue, type JobRunner } from '../../lib/jobs.ts';
import { inert } from '../../lib/email-template.ts';
import { queueEmail } from '../../lib/mail.ts';
import { emailIn, letter, recipientLocale, voiceOf } from '../../lib/recipient-locale.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Storage } from '../../lib/storage.ts';
import { notify } from '../notifications/index.ts';
import { eraseUser } from './erasure.ts';
import { buildArchive } from './export.ts';

export const EXPORT_JOB = 'privacy.export';
const DAY = 86_400_000;

export interface PrivacyDeps {
  db: Db;
  storage: Storage;
  jobs: JobRunner;
  clock: { now(): Date };
  config: Pick<Config, 'meetingBaseUrl' | 'publicUrl' | 'mailFrom' | 'dataDir' | 'erasureNoticeHours'>;
  log: FastifyBaseLogger;
}

interface RequestRow {
  id: string;
  user_id: string;
  kind: PrivacyRequestKind;
  status: PrivacyRequestDto['status'];
  requested_by: string | null;
  requester_role: PrivacyRequestDto['requesterRole'];
  due_at: Date | string;
  reason: string | null;
  archive_key: string | null;
  archive_size: number | null;
  expires_at: Date | string | null;
  completed_at: Date | string | null;
  created_at: Date | string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** Where a person finds "Your data" (the link of the notification and e-mail). */
export function yourDataPath(role: string): string {
  if (role === 'student') return '/student/dashboard?profile=data';
  if (role === 'professional') return '/professional/dashboard?tab=settings';
  if (role === 'admin') return '/admin/dashboard?tab=privacy';
  return '/dashboard';
}
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

export function toRequestDto(row: RequestRow, now: Date): PrivacyRequestDto {
  const downloadable = row.kind === 'export' && row.status === 'ready' && row.archive_key !== null && row.expires_at !== null && new Date(row.expires_at) > now;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    requesterRole: row.requester_role,
    dueAt: iso(row.due_at),
    createdAt: iso(row.created_at),
    completedAt: isoOrNull(row.completed_at),
    reason: row.reason,
    expiresAt: isoOrNull(row.expires_at),
    archiveSize: row.archive_size,
    downloadUrl: downloadable ? `/api/privacy/requests/${row.id}/archive` : null,
  };
}

async function findRequest(db: Db, id: string): Promise<RequestRow | undefined> {
  if (!isId(id)) return undefined;
  const [row] = await queryRows<RequestRow>(db, sql`SELECT * FROM privacy_requests WHERE id = ${id}`);
  return row;
}

async function openRequest(db: Db, userId: string, kind: PrivacyRequestKind): Promise<RequestRow | undefined> {
  const [row] = await queryRows<RequestRow>(
    db,
    sql`SELECT * FROM privacy_requests WHERE user_id = ${userId} AND kind = ${kind} AND status IN ('pending', 'processing') ORDER BY created_at DESC LIMIT 1`,
  );
  return row;
}

async function person(db: Db, userId: string) {
  const [row] = await queryRows<{ id: string; role: string; email: string; first_name: string; last_name: string; is_active: boolean }>(
    db,
    sql`SELECT id, role, email, first_name, last_name, is_active FROM users WHERE id = ${userId}`,
  );
  return row;
}

// --- the person's own view

export async function myPrivacy(deps: PrivacyDeps, actor: Actor) {
  const now = deps.clock.now();
  const rows = await queryRows<RequestRow>(deps.db, sql`SELECT * FROM privacy_requests WHERE user_id = ${actor.id} ORDER BY created_at DESC LIMIT 50`);
  const erasure = rows.find((r) => r.kind === 'erasure' && r.status === 'pending');
  return {
    requests: rows.map((r) => toRequestDto(r, now)),
    erasureScheduledFor: erasure ? iso(erasure.due_at) : null,
    noticeHours: deps.config.erasureNoticeHours,
  };
}

/** Ask for an export of someone's data (themself, an admin for them, their university for them). */
export async function requestExport(deps: PrivacyDeps, requester: Actor, userId: string, role: PrivacyRequestDto['requesterRole']): Promise<PrivacyRequestDto> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const existing = await openRequest(tx, userId, 'export');
    if (existing) throw conflict(PRIVACY_MESSAGES.exportPending);
    const [created] = await queryRows<RequestRow>(
      tx,
      sql`INSERT INTO privacy_requests (id, user_id, kind, status, requested_by, requester_role, due_at)
          VALUES (${newId()}, ${userId}, 'export', 'pending', ${requester.id}, ${role}, ${new Date(now.getTime() + EXPORT_DUE_DAYS * DAY).toISOString()}::timestamptz)
          RETURNING *`,
    );
    if (!created) throw new Error('insert returned nothing');
    await enqueue(tx, EXPORT_JOB, { requestId: created.id });
    return created;
  });
  deps.jobs.kick();
  return toRequestDto(row, now);
}

/** The export job: build the archive, store it, tell whoever asked (bell + e-mail), audit it. */
export function createExportJob(deps: PrivacyDeps) {
  return async (payload: Record<string, unknown>) => {
    const requestId = String(payload.requestId ?? '');
    const claimed = await queryRows<RequestRow>(
      deps.db,
      sql`UPDATE privacy_requests SET status = 'processing', updated_at = now() WHERE id = ${requestId} AND kind = 'export' AND status IN ('pending', 'processing') RETURNING *`,
    );
    const request = claimed[0];
    if (!request) return;
    const owner = await person(deps.db, request.user_id);
    if (!owner) return;
    const now = deps.clock.now();
    const { zip } = await buildArchive(
      deps.db,
      deps,
      { id: owner.id, role: owner.role, email: owner.email, firstName: owner.first_name, lastName: owner.last_name },
      now,
    );
    const key = await deps.storage.put('exports', 'zip', Buffer.from(zip));
    const expiresAt = new Date(now.getTime() + EXPORT_ARCHIVE_DAYS * DAY);
    const recipientId = request.requested_by ?? owner.id;
    const recipient = recipientId === owner.id ? owner : ((await person(deps.db, recipientId)) ?? owner);
    const forThemself = recipient.id === owner.id;
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`
        UPDATE privacy_requests SET status = 'ready', archive_key = ${key}, archive_size = ${zip.byteLength},
          expires_at = ${expiresAt.toISOString()}::timestamptz, completed_at = ${now.toISOString()}::timestamptz, updated_at = now()
        WHERE id = ${request.id}`);
      const target = forThemself ? yourDataPath(owner.role) : yourDataPath(recipient.role);
      const link = `${deps.config.publicUrl}${target}`;
      // In the reader's language, the expiry in their zone (decisions 970, 1060).
      const voice = voiceOf(await recipientLocale(tx, recipient.id));
      const until = voice.when(expiresAt);
      const ownerName = `${owner.first_name} ${owner.last_name}`.trim();
      await notify(tx, {
        userId: recipient.id,
        type: 'system',
        subType: 'privacy-export',
        title: forThemself ? voice.t('notification.privacy.exportReadyTitle') : voice.t('notification.privacy.exportReadyOtherTitle'),
        message: forThemself ? voice.t('notification.privacy.exportReady', { until }) : voice.t('notification.privacy.exportReadyOther', { name: ownerName, until }),
        actionUrl: target,
        priority: 'normal',
        metadata: { requestId: request.id },
      });
      await queueEmail(tx, {
        to: recipient.email,
        language: voice.language,
        subject: forThemself ? voice.t('email.privacy.exportReadySubject') : voice.t('email.privacy.exportReadyOtherSubject'),
        text: letter(voice, inert(recipient.first_name), [
          forThemself ? voice.t('email.privacy.exportReady', { until }) : voice.t('email.privacy.exportReadyOther', { name: inert(ownerName), until }),
        ]),
        action: { label: voice.t('email.privacy.downloadAction'), url: link },
      });
      await audit(tx, request.requested_by, 'privacy.export', 'user', owner.id, null, { requestId: request.id, requesterRole: request.requester_role });
    });
    deps.jobs.kick();
  };
}

/** The archive, for whoever asked for it, while it has not expired. */
export async function archiveFor(deps: PrivacyDeps, actor: Actor, id: string): Promise<{ key: string; filename: string }> {
  const row = await findRequest(deps.db, id);
  if (!row || row.kind !== 'export' || (row.requested_by !== actor.id && !(row.requester_role === 'self' && row.user_id === actor.id))) {
    throw notFound('Export');
  }
  if (row.status !== 'ready' || !row.archive_key || !row.expires_at || new Date(row.expires_at) <= deps.clock.now()) {
    throw new AppError(ErrorCode.NOT_FOUND, 410, PRIVACY_MESSAGES.archiveExpired);
  }
  const day = iso(row.completed_at ?? row.created_at).slice(0, 10);
  return { key: row.archive_key, filename: `mentorbridge-data-${day}.zip` };
}

// --- erasure

/** Ask for an erasure: it runs after the notice period; the person is told by e-mail and can cancel until then. */
export async function requestErasure(deps: PrivacyDeps, requester: Actor, userId: string, role: PrivacyRequestDto['requesterRole']): Promise<PrivacyRequestDto> {
  const now = deps.clock.now();
  const dueAt = new Date(now.getTime() + deps.config.erasureNoticeHours * 3_600_000);
  const row = await deps.db.transaction(async (tx) => {
    const owner = await person(tx, userId);
    if (!owner) throw notFound('User');
    if (await openRequest(tx, userId, 'erasure')) throw conflict(PRIVACY_MESSAGES.erasurePending);
    const [created] = await queryRows<RequestRow>(
      tx,
      sql`INSERT INTO privacy_requests (id, user_id, kind, status, requested_by, requester_role, due_at)
          VALUES (${newId()}, ${userId}, 'erasure', 'pending', ${requester.id}, ${role}, ${dueAt.toISOString()}::timestamptz)
          RETURNING *`,
    );
    if (!created) throw new Error('insert returned nothing');
    await emailIn(tx, userId, (voice) => ({
      to: owner.email,
      subject: voice.t('email.privacy.erasureSubject'),
      text: letter(voice, inert(owner.first_name), [
        voice.t('email.privacy.erasure', { by: role === 'self' ? 'self' : 'other', when: voice.when(dueAt) }),
        voice.t('email.privacy.erasureCancel'),
      ]),
      action: { label: voice.t('email.privacy.reviewAction'), url: `${deps.config.publicUrl}${yourDataPath(owner.role)}` },
    }));
    if (role !== 'self') await audit(tx, requester.id, 'privacy.erasure-requested', 'user', userId, null, { requestId: created.id, requesterRole: role });
    return created;
  });
  return toRequestDto(row, now);
}

export async function cancelMyErasure(deps: PrivacyDeps, actor: Actor): Promise<PrivacyRequestDto> {
  const rows = await queryRows<RequestRow>(
    deps.db,
    sql`UPDATE privacy_requests SET status = 'cancelled', completed_at = now(), updated_at = now()
        WHERE user_id = ${actor.id} AND kind = 'erasure' AND status = 'pending' RETURNING *`,
  );
  const row = rows[0];
  if (!row) throw notFound('Deletion request');
  return toRequestDto(row, deps.clock.now());
}

/** Claim one erasure (pending → processing: only one process wins) and run it. */
async function runErasure(deps: PrivacyDeps, requestId: string, now: Date, force: boolean): Promise<boolean> {
  const [claimed] = await queryRows<RequestRow>(
    deps.db,
    sql`UPDATE privacy_requests SET status = 'processing', updated_at = now()
        WHERE id = ${requestId} AND kind = 'erasure' AND status = 'pending'
          AND (${force} OR due_at <= ${now.toISOString()}::timestamptz)
          AND NOT EXISTS (SELECT 1 FROM privacy_legal_holds h WHERE h.user_id = privacy_requests.user_id)
          -- An inactivity erasure is void once the person signed in again.
          AND NOT (requester_role = 'retention' AND EXISTS (
            SELECT 1 FROM users u WHERE u.id = privacy_requests.user_id AND u.last_login_at > privacy_requests.created_at))
        RETURNING *`,
  );
  if (!claimed) return false;
  try {
    const counts = await eraseUser(deps, claimed.user_id);
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE privacy_requests SET status = 'done', completed_at = ${now.toISOString()}::timestamptz, updated_at = now() WHERE id = ${claimed.id}`);
      // The minimal record: who asked, when, what was touched (counts only).
      await audit(tx, claimed.requested_by === claimed.user_id ? null : claimed.requested_by, 'privacy.erased', 'privacy-request', claimed.id, null, { counts });
    });
    deps.jobs.kick();
    return true;
  } catch (error) {
    deps.log.error({ err: error, requestId }, 'erasure failed');
    await deps.db.execute(sql`UPDATE privacy_requests SET status = 'pending', updated_at = now() WHERE id = ${claimed.id}`);
    throw error;
  }
}

/** The scheduled task: every erasure whose notice has ended, not under a legal hold. */
export async function runDueErasures(deps: PrivacyDeps, now: Date): Promise<number> {
  const due = await queryRows<{ id: string }>(
    deps.db,
    sql`SELECT id FROM privacy_requests WHERE kind = 'erasure' AND status = 'pending' AND due_at <= ${now.toISOString()}::timestamptz ORDER BY due_at LIMIT 50`,
  );
  let done = 0;
  for (const r of due) if (await runErasure(deps, r.id, now, false)) done++;
  return done;
}

/** Remove expired export archives (the bytes; the request row stays, marked done). */
export async function expireArchives(deps: PrivacyDeps, now: Date): Promise<number> {
  const expired = await queryRows<{ id: string; archive_key: string }>(
    deps.db,
    sql`SELECT id, archive_key FROM privacy_requests
        WHERE kind = 'export' AND archive_key IS NOT NULL AND expires_at <= ${now.toISOString()}::timestamptz LIMIT 500`,
  );
  for (const row of expired) {
    await deps.db.execute(sql`UPDATE privacy_requests SET archive_key = NULL, status = 'done', updated_at = now() WHERE id = ${row.id}`);
    await deps.storage.remove(row.archive_key);
  }
  return expired.length;
}

// --- administrators

interface AdminRow extends RequestRow {
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  hold: string | null;
}

function toAdminDto(row: AdminRow, now: Date): AdminPrivacyRequestDto {
  return {
    ...toRequestDto(row, now),
    user: { id: row.user_id, name: `${row.first_name} ${row.last_name}`.trim(), email: row.email, role: row.role },
    legalHold: row.hold,
  };
}

async function adminRows(db: Db, where: ReturnType<typeof sql>) {
  return queryRows<AdminRow>(
    db,
    sql`SELECT r.*, u.first_name, u.last_name, u.email, u.role, h.reason AS hold
        FROM privacy_requests r JOIN users u ON u.id = r.user_id LEFT JOIN privacy_legal_holds h ON h.user_id = r.user_id
        WHERE ${where}
        ORDER BY CASE WHEN r.status IN ('pending', 'processing') THEN 0 ELSE 1 END, r.due_at, r.id
        LIMIT 200`,
  );
}

export async function adminQueue(deps: PrivacyDeps, status: 'open' | 'closed' | 'all', kind?: PrivacyRequestKind) {
  const statusWhere =
    status === 'open' ? sql`r.status IN ('pending', 'processing')` : status === 'closed' ? sql`r.status NOT IN ('pending', 'processing')` : sql`true`;
  const kindWhere = kind ? sql`r.kind = ${kind}` : sql`true`;
  const now = deps.clock.now();
  return (await adminRows(deps.db, sql`${statusWhere} AND ${kindWhere}`)).map((r) => toAdminDto(r, now));
}

async function adminRequest(deps: PrivacyDeps, id: string): Promise<AdminPrivacyRequestDto> {
  if (!isId(id)) throw notFound('Request');
  const [row] = await adminRows(deps.db, sql`r.id = ${id}`);
  if (!row) throw notFound('Request');
  return toAdminDto(row, deps.clock.now());
}

export async function adminCreate(deps: PrivacyDeps, admin: Actor, userId: string, kind: PrivacyRequestKind): Promise<AdminPrivacyRequestDto> {
  const target = await person(deps.db, userId);
  if (!target) throw notFound('User');
  if (target.id === admin.id) throw badRequest('Use "Your data" in your own profile for your own account.');
  const created = kind === 'export' ? await requestExport(deps, admin, userId, 'admin') : await requestErasure(deps, admin, userId, 'admin');
  return adminRequest(deps, created.id);
}

/** Process now: an export is (re)built at once; an erasure runs without waiting for the notice (not under a hold). */
export async function adminProcess(deps: PrivacyDeps, admin: Actor, id: string): Promise<AdminPrivacyRequestDto> {
  const current = await adminRequest(deps, id);
  if (current.status !== 'pending') throw conflict(PRIVACY_MESSAGES.notOpen);
  if (current.kind === 'erasure') {
    if (current.legalHold) throw conflict(PRIVACY_MESSAGES.legalHold);
    await audit(deps.db, admin.id, 'privacy.process', 'privacy-request', id, null, { kind: current.kind });
    const ran = await runErasure(deps, id, deps.clock.now(), true);
    if (!ran) throw conflict(PRIVACY_MESSAGES.notOpen);
  } else {
    await audit(deps.db, admin.id, 'privacy.process', 'privacy-request', id, null, { kind: current.kind });
    await createExportJob(deps)({ requestId: id });
  }
  return adminRequest(deps, id);
}

export async function adminRefuse(deps: PrivacyDeps, admin: Actor, id: string, reason: string, legalHold: boolean): Promise<AdminPrivacyRequestDto> {
  const current = await adminRequest(deps, id);
  await deps.db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`UPDATE privacy_requests SET status = 'refused', reason = ${reason}, completed_at = now(), updated_at = now()
          WHERE id = ${id} AND status = 'pending' RETURNING id`,
    );
    if (rows.length === 0) throw conflict(PRIVACY_MESSAGES.notOpen);
    if (legalHold) {
      await tx.execute(sql`INSERT INTO privacy_legal_holds (user_id, reason, placed_by) VALUES (${current.user.id}, ${reason}, ${admin.id})
                           ON CONFLICT (user_id) DO UPDATE SET reason = EXCLUDED.reason, placed_by = EXCLUDED.placed_by`);
    }
    const [owner] = await queryRows<{ email: string; first_name: string }>(tx, sql`SELECT email, first_name FROM users WHERE id = ${current.user.id}`);
    if (owner && current.requesterRole === 'self') {
      const voice = voiceOf(await recipientLocale(tx, current.user.id));
      const kind = current.kind === 'erasure' ? 'erasure' : 'export';
      await queueEmail(tx, {
        to: owner.email,
        language: voice.language,
        subject: voice.t('email.privacy.refusedSubject', { kind }),
        text: letter(voice, inert(owner.first_name), [voice.t('email.privacy.refused', { kind }), reason, voice.t('email.privacy.refusedContact')]),
      });
    }
    await audit(tx, admin.id, 'privacy.refuse', 'privacy-request', id, null, { reason, legalHold });
  });
  return adminRequest(deps, id);
}

export async function adminExtend(deps: PrivacyDeps, admin: Actor, id: string, days: number, reason: string): Promise<AdminPrivacyRequestDto> {
  await adminRequest(deps, id);
  await deps.db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`UPDATE privacy_requests SET due_at = due_at + make_interval(days => ${days}), reason = ${reason}, updated_at = now()
          WHERE id = ${id} AND status = 'pending' RETURNING id`,
    );
    if (rows.length === 0) throw conflict(PRIVACY_MESSAGES.notOpen);
    await audit(tx, admin.id, 'privacy.extend', 'privacy-request', id, null, { days, reason });
  });
  return adminRequest(deps, id);
}

export async function adminLiftHold(deps: PrivacyDeps, admin: Actor, userId: string): Promise<void> {
  if (!isId(userId)) throw notFound('Legal hold');
  const rows = await queryRows(deps.db, sql`DELETE FROM privacy_legal_holds WHERE user_id = ${userId} RETURNING user_id`);
  if (rows.length === 0) throw notFound('Legal hold');
  await audit(deps.db, admin.id, 'privacy.lift-hold', 'user', userId, null, null);
}

/** A university admin exports the data of a student affiliated with their university. */
export async function universityExport(deps: PrivacyDeps, actor: Actor, organisationId: string, studentId: string): Promise<PrivacyRequestDto> {
  const [affiliated] = await queryRows(
    deps.db,
    sql`SELECT 1 AS x FROM student_affiliations a JOIN users u ON u.id = a.student_id WHERE a.student_id = ${studentId} AND a.organisation_id = ${organisationId} AND u.role = 'student'`,
  );
  if (!affiliated) throw notFound('Student');
  return requestExport(deps, actor, studentId, 'university');
}

/** Who accessed the person's record: exports by admins and their university, and university student lists. */
export async function accessLog(deps: PrivacyDeps, actor: Actor) {
  const rows = await queryRows<{ created_at: Date | string; action: string; role: string | null; organisation: string | null }>(
    deps.db,
    sql`SELECT a.created_at, a.action, u.role, o.name AS organisation
        FROM audit_log a
        LEFT JOIN users u ON u.id = a.actor_id
        LEFT JOIN organisation_members m ON m.user_id = a.actor_id
        LEFT JOIN organisations o ON o.id = m.organisation_id
        WHERE a.actor_id IS DISTINCT FROM ${actor.id}
          AND ((a.entity = 'user' AND a.entity_id = ${actor.id} AND a.action IN ('privacy.export', 'privacy.view'))
            OR (a.action = 'export' AND a.entity = 'university-students'
                AND a.entity_id = (SELECT organisation_id FROM student_affiliations WHERE student_id = ${actor.id}))
            OR (a.action = 'export' AND a.entity = ${actor.role === 'student' ? 'students' : actor.role === 'professional' ? 'professionals' : '-'}))
        ORDER BY a.created_at DESC LIMIT 100`,
  );
  return rows.map((r) => ({
    at: iso(r.created_at),
    action: r.action === 'privacy.view' ? ('viewed' as const) : ('exported' as const),
    by: r.role === 'university_admin' ? ('university' as const) : ('admin' as const),
    organisation: r.role === 'university_admin' ? r.organisation : null,
  }));
}
