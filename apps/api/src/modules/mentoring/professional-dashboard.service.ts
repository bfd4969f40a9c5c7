import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { DEFAULT_NOTICE_HOURS, DEFAULT_TIMEZONE, type ConnectedStudent, type DashboardStats } from '@app/shared/mentoring';
import type { Db } from '../../db/client.ts';
import { professionalProfiles } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';

/** Month-over-month change in percent, or null when the previous month had nothing to compare with. */
export function monthChange(thisMonth: number, lastMonth: number): number | null {
  if (lastMonth === 0) return null;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
}

const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

/** Months are calendar months in the platform's default zone (Asia/Kolkata). */
export async function dashboardStats(db: Db, actor: Actor, now = new Date()): Promise<DashboardStats> {
  const month = DateTime.fromJSDate(now, { zone: DEFAULT_TIMEZONE }).startOf('month');
  const thisStart = month.toJSDate().toISOString();
  const nextStart = month.plus({ months: 1 }).toJSDate().toISOString();
  const lastStart = month.minus({ months: 1 }).toJSDate().toISOString();
  const id = actor.id;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT
      (SELECT count(*) FROM workshops WHERE professional_id = ${id})::int AS total_workshops,
      (SELECT count(*) FROM workshops WHERE professional_id = ${id} AND status = 'published' AND ends_at > now())::int AS active_workshops,
      (SELECT count(*) FROM connection_requests WHERE professional_id = ${id} AND status = 'pending')::int AS pending_requests,
      (SELECT count(DISTINCT student_id) FROM connection_requests WHERE professional_id = ${id} AND status = 'accepted')::int AS connected_students,
      (SELECT count(*) FROM mentoring_sessions WHERE professional_id = ${id} AND status = 'scheduled' AND starts_at > now())::int AS upcoming_sessions,
      (SELECT count(*) FROM mentoring_sessions WHERE professional_id = ${id} AND status <> 'cancelled')::int AS total_sessions,
      (SELECT count(*) FROM mentoring_sessions WHERE professional_id = ${id} AND status <> 'cancelled'
         AND starts_at >= ${thisStart}::timestamptz AND starts_at < ${nextStart}::timestamptz)::int AS this_month,
      (SELECT count(*) FROM mentoring_sessions WHERE professional_id = ${id} AND status <> 'cancelled'
         AND starts_at >= ${lastStart}::timestamptz AND starts_at < ${thisStart}::timestamptz)::int AS last_month,
      (SELECT count(*) FROM mentoring_sessions WHERE professional_id = ${id} AND attendance = 'no-show')::int AS no_shows`,
  );
  const [profile] = await db
    .select({
      sum: professionalProfiles.ratingSum,
      count: professionalProfiles.ratingCount,
      accepting: professionalProfiles.acceptingRequests,
      noticeHours: professionalProfiles.noticeHours,
    })
    .from(professionalProfiles)
    .where(eq(professionalProfiles.userId, id));
  const n = (k: string) => Number(row?.[k] ?? 0);
  const ratingCount = profile?.count ?? 0;
  return {
    totalWorkshops: n('total_workshops'),
    activeWorkshops: n('active_workshops'),
    pendingRequests: n('pending_requests'),
    connectedStudents: n('connected_students'),
    upcomingSessions: n('upcoming_sessions'),
    totalSessions: n('total_sessions'),
    averageRating: ratingCount ? Math.round(((profile?.sum ?? 0) / ratingCount) * 10) / 10 : 0,
    ratingCount,
    sessionsThisMonth: n('this_month'),
    sessionsLastMonth: n('last_month'),
    monthOverMonthChange: monthChange(n('this_month'), n('last_month')),
    acceptingRequests: profile?.accepting ?? true,
    noticeHours: profile?.noticeHours ?? DEFAULT_NOTICE_HOURS,
    noShowSessions: n('no_shows'),
  };
}

/** Inactive after this many days without an interaction, an upcoming session or a new connection. */
export const INACTIVE_AFTER_DAYS = 30;

export async function connectedStudents(
  db: Db,
  actor: Actor,
  query: { search?: string; status: 'all' | 'active' | 'inactive' },
  now = new Date(),
): Promise<ConnectedStudent[]> {
  const id = actor.id;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`WITH c AS (
        SELECT student_id, min(coalesce(responded_at, created_at)) AS connected_at
        FROM connection_requests WHERE professional_id = ${id} AND status = 'accepted' GROUP BY student_id)
      SELECT c.student_id, c.connected_at, u.first_name, u.last_name, u.email, u.is_active,
        sp.university, sp.department, sp.course, sp.year,
        (SELECT count(*) FROM mentoring_sessions s WHERE s.professional_id = ${id} AND s.student_id = c.student_id AND s.status <> 'cancelled')::int AS total_sessions,
        (SELECT max(s.ends_at) FROM mentoring_sessions s WHERE s.professional_id = ${id} AND s.student_id = c.student_id AND s.status <> 'cancelled' AND s.ends_at <= now()) AS last_session,
        (SELECT max(m.created_at) FROM conversation_messages m WHERE m.professional_id = ${id} AND m.student_id = c.student_id) AS last_message,
        EXISTS (SELECT 1 FROM mentoring_sessions s WHERE s.professional_id = ${id} AND s.student_id = c.student_id AND s.status = 'scheduled' AND s.starts_at > now()) AS has_upcoming
      FROM c JOIN users u ON u.id = c.student_id LEFT JOIN student_profiles sp ON sp.user_id = u.id
      ORDER BY c.connected_at DESC`,
  );
  const cutoff = now.getTime() - INACTIVE_AFTER_DAYS * 86_400_000;
  const needle = query.search?.trim().toLowerCase() ?? '';
  const out: ConnectedStudent[] = [];
  for (const r of rows) {
    const connectedAt = toDate(r.connected_at) ?? now;
    const candidates = [toDate(r.last_session), toDate(r.last_message)].filter((d): d is Date => d !== null);
    const last = candidates.length ? new Date(Math.max(...candidates.map((d) => d.getTime()))) : null;
    const recent = Math.max(last?.getTime() ?? 0, connectedAt.getTime()) >= cutoff;
    const status: ConnectedStudent['status'] =
      r.is_active === true && (r.has_upcoming === true || recent) ? 'active' : 'inactive';
    const student: ConnectedStudent = {
      _id: String(r.student_id),
      name: `${String(r.first_name ?? '')} ${String(r.last_name ?? '')}`.trim(),
      email: String(r.email ?? ''),
      university: (r.university as string | null) ?? null,
      department: ((r.department as string | null) || (r.course as string | null)) ?? null,
      year: r.year === null || r.year === undefined ? null : Number(r.year),
      connectedAt: connectedAt.toISOString(),
      totalSessions: Number(r.total_sessions ?? 0),
      lastInteraction: last ? last.toISOString() : null,
      status,
    };
    if (query.status !== 'all' && student.status !== query.status) continue;
    if (
      needle &&
      ![student.name, student.email, student.university ?? '', student.department ?? ''].some((v) =>
        v.toLowerCase().includes(needle),
      )
    )
      continue;
    out.push(student);
  }
  return out;
}

export async function setAcceptingRequests(db: Db, actor: Actor, accepting: boolean): Promise<boolean> {
  const [row] = await db
    .update(professionalProfiles)
    .set({ acceptingRequests: accepting })
    .where(eq(professionalProfiles.userId, actor.id))
    .returning({ accepting: professionalProfiles.acceptingRequests });
  return row?.accepting ?? accepting;
}

/** The professional's notice policy (decision 700): hours before a session a student may still move it. */
export async function setNoticeHours(db: Db, actor: Actor, noticeHours: number): Promise<number> {
  const [row] = await db
    .update(professionalProfiles)
    .set({ noticeHours })
    .where(eq(professionalProfiles.userId, actor.id))
    .returning({ noticeHours: professionalProfiles.noticeHours });
  return row?.noticeHours ?? noticeHours;
}
