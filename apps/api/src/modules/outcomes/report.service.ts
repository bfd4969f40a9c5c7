import { eq, sql, type SQL } from 'drizzle-orm';
import { RETENTION_DAYS, type OutcomeReport, type ReportFilters } from '@app/shared/outcomes';
import { HEALTH_STATES, type HealthState } from '@app/shared/relationships';
import type { Db } from '../../db/client.ts';
import { programmeCertificates } from '../../db/schema/outcomes.ts';
import { relationships } from '../../db/schema/relationships.ts';
import { queryRows } from '../../lib/sql.ts';
import {
  AGREEMENT_GRACE_DAYS,
  UNANSWERED_ATTENTION_DAYS,
  UNANSWERED_RISK_DAYS,
  computeHealth,
  factsOf,
  settingsOf,
  syncRelationships,
  type CoordinatorScope,
  type RelationshipRow,
} from '../relationships/index.ts';
import { surveyReportSections } from '../surveys/index.ts';
import { closureDtoOf, closureOf, programmeFor, type ProgrammeRow } from './close.service.ts';
import { healthOverTime } from './health-snapshots.ts';

const rate = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 1000 : null);
const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

/**
 * Which relationships (and programme people) a report covers (decision 1010): the mentee's year of
 * study (`cohort`), the organisation on the mentor's professional profile, and for a university's
 * coordinator only the mentees affiliated with that university (its own students, decision 486).
 * Each is a predicate on a mentee or a mentor id column; absent filters add nothing to the SQL.
 */
interface Scope {
  mentee: (col: SQL) => SQL[];
  mentor: (col: SQL) => SQL[];
  /** A university's own students only (no filter for a platform administrator). */
  university: (col: SQL) => SQL[];
}
export function scopeOf(filters: ReportFilters, scope: CoordinatorScope): Scope {
  const { cohort, mentorOrganisation } = filters;
  const org = scope.organisationId;
  const university = (col: SQL) =>
    org !== undefined
      ? [sql`EXISTS (SELECT 1 FROM student_affiliations sa WHERE sa.student_id = ${col} AND sa.organisation_id = ${org})`]
      : [];
  return {
    university,
    mentee: (col) => [
      ...(cohort !== undefined
        ? [sql`EXISTS (SELECT 1 FROM student_profiles sp WHERE sp.user_id = ${col} AND sp.year = ${cohort})`]
        : []),
      ...university(col),
    ],
    mentor: (col) =>
      mentorOrganisation !== undefined
        ? [
            sql`EXISTS (SELECT 1 FROM professional_profiles pf WHERE pf.user_id = ${col} AND lower(btrim(pf.company)) = ${mentorOrganisation.toLowerCase()})`,
          ]
        : [],
  };
}
const all = (xs: SQL[]) => (xs.length ? sql.join(xs, sql` AND `) : sql`true`);

/** The report's numbers, aggregated in one statement (decision 1010): one JSON row, nothing per pair. */
interface Aggregates {
  participants: Array<{ role: string; status: string; n: number }>;
  matched: number;
  pairs: { total: number; active: number; rematched: number };
  first: { met: number; week: number; median: number | null };
  months: Array<{ month: string; meetings: number; minutes: number }> | null;
  goals: Array<{ status: string; n: number }> | null;
  ratings: Array<{ rating: number; n: number }> | null;
  minutes: { mentor: number; mentee: number };
  health: Array<{ state: HealthState; n: number }> | null;
  retention: Array<{ day: number; eligible: number; retained: number }>;
  cohorts: Array<{ key: number; count: number }> | null;
  organisations: Array<{ key: string; count: number }> | null;
}

export function aggregateQuery(p: ProgrammeRow, s: Scope, defaultCadence: number, now: Date, horizon: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const until = sql`${horizon.toISOString()}::timestamptz`;
  const relOk = all([...s.mentee(sql`r.mentee_id`), ...s.mentor(sql`r.mentor_id`)]);
  // A participant counts when it passes its own side's filter and, when the other side is filtered,
  // is paired with someone who passes it.
  const menteeOther = s.mentor(sql`x.mentor_id`);
  const mentorOther = s.mentee(sql`x.mentee_id`);
  const menteePart = all([
    ...s.mentee(sql`pp.user_id`),
    ...(menteeOther.length
      ? [
          sql`EXISTS (SELECT 1 FROM programme_pairs x WHERE x.programme_id = pp.programme_id AND x.mentee_id = pp.user_id AND ${all(menteeOther)})`,
        ]
      : []),
  ]);
  const mentorPart = all([
    ...s.mentor(sql`pp.user_id`),
    ...(mentorOther.length
      ? [
          sql`EXISTS (SELECT 1 FROM programme_pairs x WHERE x.programme_id = pp.programme_id AND x.mentor_id = pp.user_id AND ${all(mentorOther)})`,
        ]
      : []),
  ]);
  const days = (from: SQL) => sql`greatest(0, floor(extract(epoch FROM (${at} - ${from})) / 86400))`;
  // The filter options ignore the filters themselves (a coordinator switches between cohorts), but keep
  // a university to its own students.
  const own = all(s.university(sql`r.mentee_id`));
  return sql`WITH rel AS MATERIALIZED (
      SELECT r.id, r.pair_id, r.status, r.started_at, r.ended_at, r.mentor_id, r.mentee_id,
             coalesce(a.cadence_days, ${defaultCadence}) AS cadence,
             coalesce(a.mentor_confirmed_version = a.version AND a.mentee_confirmed_version = a.version, false) AS agreed
      FROM relationships r LEFT JOIN relationship_agreements a ON a.relationship_id = r.id
      WHERE r.programme_id = ${p.id} AND ${relOk}),
    -- Every relationship with its held meetings (a row with no session for one that has none): the
    -- meetings are joined once; per-relationship facts come from grouping this, never from joining CTEs.
    held AS MATERIALIZED (
      SELECT rel.id AS rel, s.id, s.starts_at
      FROM rel LEFT JOIN mentoring_sessions s
        ON s.professional_id = rel.mentor_id AND s.student_id = rel.mentee_id AND s.status <> 'cancelled'
       AND s.starts_at >= rel.started_at - interval '1 day' AND s.starts_at <= least(coalesce(rel.ended_at, ${at}), ${at})
       AND (s.attendance IS NULL OR s.attendance <> 'no-show')),
    per AS MATERIALIZED (
      SELECT rel.id AS rel, rel.status, rel.started_at, rel.mentor_id, rel.mentee_id, rel.cadence, rel.agreed, h.first, h.last
      FROM rel JOIN (SELECT rel, min(starts_at) AS first, max(starts_at) AS last FROM held GROUP BY rel) h ON h.rel = rel.id),
    checks AS MATERIALIZED (
      SELECT c.session_id, c.minutes, c.rating, c.user_id = rel.mentor_id AS by_mentor, c.user_id = rel.mentee_id AS by_mentee
      FROM rel JOIN meeting_check_ins c ON c.relationship_id = rel.id),
    -- Decision 861's facts of each active pair (the latest four check-in ratings, the thread's latest message).
    facts AS MATERIALIZED (
      SELECT per.cadence, per.agreed, per.last,
             ${days(sql`coalesce(per.last, per.started_at)`)} AS quiet,
             ${days(sql`per.started_at`)} AS age,
             (SELECT avg(x.rating) FROM (SELECT c.rating FROM meeting_check_ins c WHERE c.relationship_id = per.rel
                                          ORDER BY c.created_at DESC LIMIT 4) x) AS recent,
             (SELECT m.created_at FROM conversation_messages m
               WHERE m.professional_id = per.mentor_id AND m.student_id = per.mentee_id AND m.created_at >= per.started_at - interval '1 day'
               ORDER BY m.created_at DESC LIMIT 1) AS last_msg
      FROM per WHERE per.status = 'active'),
    states AS (
      SELECT CASE
          WHEN quiet > 2 * cadence OR recent <= 2 OR (unanswered IS NOT NULL AND unanswered > ${UNANSWERED_RISK_DAYS}) THEN 'at-risk'
          WHEN quiet > cadence OR recent < 3 OR (unanswered IS NOT NULL AND unanswered > ${UNANSWERED_ATTENTION_DAYS})
            OR (NOT agreed AND age > ${AGREEMENT_GRACE_DAYS}) THEN 'attention'
          ELSE 'healthy' END AS state
      FROM (SELECT f.*, CASE WHEN f.last_msg IS NOT NULL AND (f.last IS NULL OR f.last_msg > f.last) THEN ${days(sql`f.last_msg`)} END AS unanswered
            FROM facts f) y)
    SELECT json_build_object(
      -- One branch per side: an OR of the two sides' EXISTS filters is planned as hashed subplans whose
      -- estimated cost crosses jit_above_cost, and JIT compilation alone then took ~0.7 s (decision 1010).
      'participants', (SELECT coalesce(json_agg(t), '[]') FROM (
          SELECT 'mentee' AS role, pp.status, count(*)::int AS n FROM programme_participants pp
          WHERE pp.programme_id = ${p.id} AND pp.role = 'mentee' AND ${menteePart} GROUP BY pp.status
          UNION ALL
          SELECT 'mentor' AS role, pp.status, count(*)::int AS n FROM programme_participants pp
          WHERE pp.programme_id = ${p.id} AND pp.role = 'mentor' AND ${mentorPart} GROUP BY pp.status) t),
      'matched', (SELECT count(DISTINCT r.mentee_id)::int FROM programme_pairs r WHERE r.programme_id = ${p.id} AND ${relOk}),
      'pairs', (SELECT json_build_object('total', count(*)::int, 'active', (count(*) FILTER (WHERE status = 'active'))::int,
                  'rematched', (SELECT count(*)::int FROM (SELECT pair_id FROM rel WHERE pair_id IS NOT NULL GROUP BY pair_id HAVING count(*) > 1) x))
                FROM rel),
      'first', (SELECT json_build_object('met', count(*)::int, 'week', (count(*) FILTER (WHERE d <= 7))::int,
                  'median', percentile_cont(0.5) WITHIN GROUP (ORDER BY d))
                FROM (SELECT greatest(0, extract(epoch FROM (first - started_at)) / 86400.0) AS d FROM per WHERE first IS NOT NULL) x),
      'months', (SELECT json_agg(t ORDER BY t.month) FROM (
          SELECT to_char(date_trunc('month', h.starts_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, count(*)::int AS meetings,
                 coalesce(sum(m.m), 0)::int AS minutes
          FROM held h LEFT JOIN (SELECT session_id, max(minutes) AS m FROM checks GROUP BY session_id) m ON m.session_id = h.id
          WHERE h.id IS NOT NULL GROUP BY 1) t),
      'goals', (SELECT json_agg(t) FROM (SELECT g.status, count(*)::int AS n FROM rel JOIN relationship_goals g ON g.relationship_id = rel.id GROUP BY g.status) t),
      'ratings', (SELECT json_agg(t) FROM (SELECT rating, count(*)::int AS n FROM checks GROUP BY rating) t),
      'minutes', (SELECT json_build_object('mentor', coalesce(sum(minutes) FILTER (WHERE by_mentor), 0)::int,
                                           'mentee', coalesce(sum(minutes) FILTER (WHERE by_mentee), 0)::int) FROM checks),
      'health', (SELECT json_agg(t) FROM (SELECT state, count(*)::int AS n FROM states GROUP BY state) t),
      'retention', (SELECT json_agg(t ORDER BY t.day) FROM (
          SELECT d.day, (count(rel.id) FILTER (WHERE rel.started_at + d.day * interval '1 day' <= ${until}))::int AS eligible,
                 (count(rel.id) FILTER (WHERE rel.started_at + d.day * interval '1 day' <= ${until}
                    AND (rel.ended_at IS NULL OR rel.ended_at >= rel.started_at + d.day * interval '1 day')))::int AS retained
          FROM unnest(${sql.raw(`ARRAY[${RETENTION_DAYS.join(',')}]`)}::int[]) AS d(day) LEFT JOIN rel ON true GROUP BY d.day) t),
      'cohorts', (SELECT json_agg(t ORDER BY t.key) FROM (
          SELECT sp.year AS key, count(*)::int AS count FROM relationships r JOIN student_profiles sp ON sp.user_id = r.mentee_id
          WHERE r.programme_id = ${p.id} AND ${own} GROUP BY sp.year) t),
      'organisations', (SELECT json_agg(t ORDER BY t.count DESC, t.key) FROM (
          SELECT min(btrim(pf.company)) AS key, count(*)::int AS count FROM relationships r JOIN professional_profiles pf ON pf.user_id = r.mentor_id
          WHERE r.programme_id = ${p.id} AND btrim(pf.company) <> '' AND ${own}
          GROUP BY lower(btrim(pf.company)) LIMIT 100) t)
    ) AS report`;
}
/**
 * The programme's outcome report, computed from the tables on each read (nothing stored or cached, so it
 * is never stale): one aggregate statement (decision 1010) and the survey sections (decision 1011).
 */
export async function outcomeReport(
  db: Db,
  programmeId: string,
  scope: CoordinatorScope,
  now: Date,
  filters: ReportFilters = {},
): Promise<OutcomeReport> {
  const p = await programmeFor(db, programmeId, scope);
  const closure = await closureOf(db, p.id);
  if (!closure) await syncRelationships(db, { programmeId: p.id });
  const cadence = (await settingsOf(db, p.id)).defaultCadenceDays;
  // Retention: of the pairs whose day N has come (before the close, if closed), those not ended before day N.
  const horizon = closure && closure.closedAt < now ? closure.closedAt : now;
  const [[row], surveys, healthDays] = await Promise.all([
    // JIT off for this statement: compiling its ~300 expressions costs more than running them (decision 1010).
    db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL jit = off`);
      return queryRows<{ report: Aggregates }>(tx, aggregateQuery(p, scopeOf(filters, scope), cadence, now, horizon));
    }),
    surveyReportSections(db, p.id),
    // A university's coordinator reads the counts of its own affiliated students (decision 1010).
    healthOverTime(db, p.id, scope.organisationId !== undefined, horizon),
  ]);
  if (!row) throw new Error('report query returned nothing');
  const a = row.report;
  const part = (role: string, status: string) => a.participants.find((x) => x.role === role && x.status === status)?.n ?? 0;
  const menteesJoined = part('mentee', 'joined');
  const goal = (st: string) => a.goals?.find((x) => x.status === st)?.n ?? 0;
  const achieved = goal('achieved');
  const set = achieved + goal('open');
  const months = a.months ?? [];
  const ended = a.pairs.total - a.pairs.active;
  return {
    programme: {
      id: p.id,
      name: p.name,
      status: closure ? 'closed' : p.status,
      publishedAt: p.publishedAt?.toISOString() ?? null,
      startsOn: p.startsOn,
      endsOn: p.endsOn,
    },
    closure: closure ? closureDtoOf(closure) : null,
    generatedAt: now.toISOString(),
    participation: {
      mentorsJoined: part('mentor', 'joined'),
      menteesJoined,
      invited: part('mentor', 'invited') + part('mentee', 'invited'),
      declined: part('mentor', 'declined') + part('mentee', 'declined'),
      menteesMatched: a.matched,
      matchRate: rate(Math.min(a.matched, menteesJoined), menteesJoined),
    },
    pairs: { total: a.pairs.total, active: a.pairs.active, ended, rematched: a.pairs.rematched },
    firstMeeting: {
      pairsWithMeeting: a.first.met,
      withinWeek: a.first.week,
      medianDays: a.first.median === null ? null : Math.round(Number(a.first.median) * 10) / 10,
    },
    meetings: {
      held: months.reduce((n, m) => n + m.meetings, 0),
      mentorHours: hours(a.minutes.mentor),
      menteeHours: hours(a.minutes.mentee),
      byMonth: months.map((m) => ({ month: m.month, meetings: m.meetings, hours: hours(m.minutes) })),
    },
    goals: { set, achieved, open: goal('open'), dropped: goal('dropped'), completionRate: rate(achieved, set) },
    ratings: [1, 2, 3, 4, 5].map((r) => ({ key: String(r), count: a.ratings?.find((x) => Number(x.rating) === r)?.n ?? 0 })),
    // Health: decision 861's rule over the active pairs (in SQL); ended pairs count as "ended".
    health: HEALTH_STATES.map((key) => ({
      key,
      count: key === 'ended' ? ended : (a.health?.find((x) => x.state === key)?.n ?? 0),
    })),
    retention: a.retention.map((x) => ({ ...x, rate: rate(x.retained, x.eligible) })),
    healthOverTime: {
      filtersIgnored: filters.cohort !== undefined || filters.mentorOrganisation !== undefined,
      days: healthDays,
    },
    surveys,
    filters: {
      cohort: filters.cohort ?? null,
      mentorOrganisation: filters.mentorOrganisation ?? null,
      cohorts: a.cohorts ?? [],
      mentorOrganisations: a.organisations ?? [],
    },
  };
}

/** The report as rows of (section, item, value), for CSV and XLSX. */
export function summaryRows(r: OutcomeReport): Array<{ section: string; item: string; value: string | number | null }> {
  const out: Array<{ section: string; item: string; value: string | number | null }> = [];
  const add = (section: string, item: string, value: string | number | null) => out.push({ section, item, value });
  add('Programme', 'Name', r.programme.name);
  add('Programme', 'Status', r.programme.status);
  add('Programme', 'Report generated', r.generatedAt);
  if (r.closure) add('Programme', 'Closed at', r.closure.closedAt);
  add('Filters', 'Cohort (year of study)', r.filters.cohort ?? 'all');
  add('Filters', "Mentor's organisation", r.filters.mentorOrganisation ?? 'all');
  add('Participation', 'Mentors joined', r.participation.mentorsJoined);
  add('Participation', 'Mentees joined', r.participation.menteesJoined);
  add('Participation', 'Invitations unanswered', r.participation.invited);
  add('Participation', 'Invitations declined', r.participation.declined);
  add('Participation', 'Mentees matched', r.participation.menteesMatched);
  add('Participation', 'Match rate', r.participation.matchRate);
  add('Pairs', 'Total', r.pairs.total);
  add('Pairs', 'Active', r.pairs.active);
  add('Pairs', 'Ended', r.pairs.ended);
  add('Pairs', 'Rematched', r.pairs.rematched);
  add('First meeting', 'Pairs that met', r.firstMeeting.pairsWithMeeting);
  add('First meeting', 'Within 7 days of the start', r.firstMeeting.withinWeek);
  add('First meeting', 'Median days to first meeting', r.firstMeeting.medianDays);
  add('Meetings', 'Held', r.meetings.held);
  add('Meetings', 'Mentor hours logged', r.meetings.mentorHours);
  add('Meetings', 'Mentee hours logged', r.meetings.menteeHours);
  for (const m of r.meetings.byMonth) add('Meetings by month', m.month, m.meetings);
  for (const m of r.meetings.byMonth) add('Hours by month', m.month, m.hours);
  add('Goals', 'Set', r.goals.set);
  add('Goals', 'Achieved', r.goals.achieved);
  add('Goals', 'Open', r.goals.open);
  add('Goals', 'Dropped', r.goals.dropped);
  add('Goals', 'Completion rate', r.goals.completionRate);
  for (const x of r.ratings) add('Check-in ratings', `Rating ${x.key}`, x.count);
  for (const x of r.health) add('Health', x.key, x.count);
  for (const x of r.retention) add('Retention', `Active at day ${x.day}`, x.rate);
  // Stored daily counts (decision 1090): the filters do not narrow them.
  const overTime = r.healthOverTime.filtersIgnored ? 'Health over time (all pairs; filters not applied)' : 'Health over time';
  for (const d of r.healthOverTime.days) {
    add(overTime, `${d.day} healthy`, d.healthy);
    add(overTime, `${d.day} needs attention`, d.attention);
    add(overTime, `${d.day} at risk`, d.atRisk);
    add(overTime, `${d.day} ended`, d.ended);
  }
  for (const s of r.surveys) {
    const section = `Survey: ${s.title} — ${s.prompt}`;
    add(section, 'Responses', s.responses);
    if (s.suppressed) add(section, 'Not shown', 'fewer answers than the anonymity threshold');
    else {
      for (const d of s.distribution) add(section, d.key, d.count);
      if (s.score !== null) add(section, s.questionKind === 'nps' ? 'Net Promoter Score' : 'Mean', s.score);
    }
  }
  return out;
}

export interface PairRow {
  mentor: string;
  mentee: string;
  status: string;
  startedAt: string;
  endedAt: string | null;
  endedReason: string | null;
  meetings: number;
  mentorHours: number;
  menteeHours: number;
  goals: number;
  goalsAchieved: number;
  agreementConfirmed: boolean;
  health: string;
  mentorCertificate: boolean;
  menteeCertificate: boolean;
}

/** Every pair's summary (history included): meetings, hours, goals, health and certificates. */
export async function pairRows(
  db: Db,
  p: ProgrammeRow,
  now: Date,
  filters: ReportFilters = {},
  scope: CoordinatorScope = { actorId: '' },
): Promise<PairRow[]> {
  const s = scopeOf(filters, scope);
  const rows: RelationshipRow[] = await db
    .select()
    .from(relationships)
    .where(
      sql`${relationships.programmeId} = ${p.id} AND ${all([...s.mentee(sql`${relationships.menteeId}`), ...s.mentor(sql`${relationships.mentorId}`)])}`,
    )
    .limit(20_000);
  const facts = await factsOf(db, rows, now, new Map([[p.id, (await settingsOf(db, p.id)).defaultCadenceDays]]));
  const ids = [...new Set(rows.flatMap((r) => [r.mentorId, r.menteeId]))];
  const people = ids.length
    ? await queryRows<{ id: string; name: string }>(
        db,
        sql`SELECT id, trim(first_name || ' ' || last_name) AS name FROM users WHERE id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      )
    : [];
  const nameOf = new Map(people.map((x) => [x.id, x.name]));
  const certs = new Set(
    (
      await db
        .select({ userId: programmeCertificates.userId })
        .from(programmeCertificates)
        .where(eq(programmeCertificates.programmeId, p.id))
    ).map((c) => c.userId),
  );
  return rows.map((r) => {
    const f = facts.get(r.id);
    return {
      mentor: nameOf.get(r.mentorId) ?? 'Former user',
      mentee: nameOf.get(r.menteeId) ?? 'Former user',
      status: r.status,
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      endedReason: r.endedReason,
      meetings: f?.totals.meetings ?? 0,
      mentorHours: f?.totals.mentorHours ?? 0,
      menteeHours: f?.totals.menteeHours ?? 0,
      goals: f?.totals.goals ?? 0,
      goalsAchieved: f?.totals.goalsAchieved ?? 0,
      agreementConfirmed: f?.facts.agreementConfirmed ?? false,
      health: f ? computeHealth(f.facts, now).state : r.status,
      mentorCertificate: certs.has(r.mentorId),
      menteeCertificate: certs.has(r.menteeId),
    };
  });
}
