import { desc, eq, sql } from 'drizzle-orm';
import type { AnalyticsData, DashboardData } from '@app/shared/admin';
import type { Db } from '../../db/client.ts';
import { studentProfiles, users } from '../../db/schema/users.ts';
import { queryRows } from '../../lib/sql.ts';
import { fullName } from '../users/index.ts';
import { percentChange } from './common.ts';
import { personColumns } from '../../db/columns.ts';

type Counts = Record<string, number | string>;

/**
 * Dashboard totals, each with its change against the end of the previous month (the total then, from
 * creation dates). "Active" counts have no history to compare with, so their change is null
 * (docs/decisions/203).
 */
export async function dashboard(db: Db): Promise<DashboardData> {
  const [c] = await queryRows<Counts>(
    db,
    sql`
    WITH bounds AS (SELECT date_trunc('month', now()) AS month_start)
    SELECT
      (SELECT count(*) FROM users WHERE role = 'student')::int AS students,
      (SELECT count(*) FROM users, bounds WHERE role = 'student' AND created_at < month_start)::int AS students_prev,
      (SELECT count(*) FROM users WHERE role = 'professional')::int AS professionals,
      (SELECT count(*) FROM users, bounds WHERE role = 'professional' AND created_at < month_start)::int AS professionals_prev,
      (SELECT count(*) FROM workshops)::int AS workshops,
      (SELECT count(*) FROM workshops, bounds WHERE created_at < month_start)::int AS workshops_prev,
      (SELECT count(*) FROM workshops WHERE status = 'published' AND ends_at > now())::int AS active_workshops,
      (SELECT count(*) FROM rd_projects)::int AS rd_projects,
      (SELECT count(*) FROM rd_projects, bounds WHERE created_at < month_start)::int AS rd_projects_prev,
      (SELECT count(*) FROM rd_projects WHERE status = 'active')::int AS active_rd_projects`,
  );
  const n = (key: string) => Number(c?.[key] ?? 0);
  const recent = await db
    .select({
      ...personColumns,
      createdAt: users.createdAt,
      university: studentProfiles.university,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.role, 'student'))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(5);
  return {
    statistics: {
      totalStudents: n('students'),
      totalProfessionals: n('professionals'),
      totalWorkshops: n('workshops'),
      activeWorkshops: n('active_workshops'),
      totalRDProjects: n('rd_projects'),
      activeRDProjects: n('active_rd_projects'),
      changes: {
        students: percentChange(n('students'), n('students_prev')),
        professionals: percentChange(n('professionals'), n('professionals_prev')),
        workshops: percentChange(n('workshops'), n('workshops_prev')),
        activeWorkshops: null,
        rdProjects: percentChange(n('rd_projects'), n('rd_projects_prev')),
        activeRDProjects: null,
      },
    },
    recentRegistrations: recent.map((r) => ({
      _id: r.id,
      name: fullName(r),
      email: r.email,
      university: r.university,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

const IDEA_FUNNEL = ['under_review', 'shortlisted', 'approved', 'implemented', 'rejected', 'revision_required'];
const APPLICATION_FUNNEL = ['pending', 'under-review', 'interview-scheduled', 'accepted', 'rejected', 'withdrawn'];

function funnel(order: string[], rows: { status: string; count: number | string }[]) {
  const byStatus = new Map(rows.map((r) => [r.status, Number(r.count)]));
  return order.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
}

/** Every figure computed in SQL (PRODUCT.md "Administrators"). */
export async function analytics(db: Db, months = 12): Promise<AnalyticsData> {
  const back = months - 1;
  const registrations = await queryRows<{ month: string; students: number; professionals: number; ideas: number; workshop_registrations: number }>(
    db,
    sql`
    SELECT to_char(m, 'YYYY-MM') AS month,
      (SELECT count(*) FROM users u WHERE u.role = 'student' AND u.created_at >= m AND u.created_at < m + interval '1 month')::int AS students,
      (SELECT count(*) FROM users u WHERE u.role = 'professional' AND u.created_at >= m AND u.created_at < m + interval '1 month')::int AS professionals,
      (SELECT count(*) FROM ideas i WHERE i.status <> 'draft' AND i.submitted_at >= m AND i.submitted_at < m + interval '1 month')::int AS ideas,
      (SELECT count(*) FROM workshop_registrations r WHERE r.created_at >= m AND r.created_at < m + interval '1 month')::int AS workshop_registrations
    FROM generate_series(date_trunc('month', now()) - make_interval(months => ${back}::int), date_trunc('month', now()), interval '1 month') AS m
    ORDER BY m`,
  );
  const fill = await queryRows<{ id: string; title: string; registered: number; capacity: number; fill_rate: string | number }>(
    db,
    sql`
    SELECT id, title, registered_count AS registered, max_participants AS capacity,
      round(100.0 * registered_count / max_participants, 1) AS fill_rate
    FROM workshops WHERE status IN ('published', 'completed')
    ORDER BY starts_at DESC LIMIT 10`,
  );
  const ideaRows = await queryRows<{ status: string; count: number }>(
    db,
    sql`
    SELECT status, count(*)::int AS count FROM ideas WHERE status <> 'draft' GROUP BY status`,
  );
  const appRows = await queryRows<{ status: string; count: number }>(
    db,
    sql`
    SELECT status, count(*)::int AS count FROM rd_applications GROUP BY status`,
  );
  const expertise = await queryRows<{ expertise: string; count: number }>(
    db,
    sql`
    SELECT p.expertise, count(*)::int AS count
    FROM professional_profiles p JOIN users u ON u.id = p.user_id
    WHERE u.is_active AND p.expertise <> ''
    GROUP BY p.expertise ORDER BY count DESC, p.expertise LIMIT 10`,
  );
  const [attendance] = await queryRows<{ attended: number; no_show: number; unmarked: number }>(
    db,
    sql`
    SELECT count(*) FILTER (WHERE attendance = 'attended')::int AS attended,
      count(*) FILTER (WHERE attendance = 'no-show')::int AS no_show,
      count(*) FILTER (WHERE attendance IS NULL)::int AS unmarked
    FROM mentoring_sessions WHERE status <> 'cancelled' AND starts_at <= now()`,
  );
  return {
    sessionAttendance: {
      attended: Number(attendance?.attended ?? 0),
      noShow: Number(attendance?.no_show ?? 0),
      unmarked: Number(attendance?.unmarked ?? 0),
    },
    registrations: registrations.map((r) => ({
      month: r.month,
      students: Number(r.students),
      professionals: Number(r.professionals),
      ideas: Number(r.ideas),
      workshopRegistrations: Number(r.workshop_registrations),
    })),
    workshopFill: fill.map((r) => ({
      _id: r.id,
      title: r.title,
      registered: Number(r.registered),
      capacity: Number(r.capacity),
      fillRate: Number(r.fill_rate),
    })),
    ideaFunnel: funnel(IDEA_FUNNEL, ideaRows),
    applicationFunnel: funnel(APPLICATION_FUNNEL, appRows),
    topExpertise: expertise.map((r) => ({ expertise: r.expertise, count: Number(r.count) })),
  };
}
