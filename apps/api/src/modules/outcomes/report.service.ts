import { eq, sql } from 'drizzle-orm';
import { RETENTION_DAYS, type OutcomeReport, type SurveyReportSection } from '@app/shared/outcomes';
import { HEALTH_STATES, type HealthState } from '@app/shared/relationships';
import type { Db } from '../../db/client.ts';
import { programmeCertificates } from '../../db/schema/outcomes.ts';
import { relationships } from '../../db/schema/relationships.ts';
import { queryRows } from '../../lib/sql.ts';
import {
  computeHealth,
  factsOf,
  settingsOf,
  syncRelationships,
  type CoordinatorScope,
  type RelationshipRow,
} from '../relationships/index.ts';
import { closureDtoOf, closureOf, programmeFor, type ProgrammeRow } from './close.service.ts';

const DAY = 86_400_000;
const rate = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 1000 : null);
const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

/**
 * The survey extension point (decision 930): a module that owns programme surveys registers a provider
 * (through this module's index) and its sections appear in the report, the web page and the exports.
 * The provider applies its own anonymity threshold (`suppressed`).
 */
export type SurveyReportProvider = (db: Db, programmeId: string) => Promise<SurveyReportSection[]>;
const surveyProviders: SurveyReportProvider[] = [];
export function registerSurveyReportProvider(provider: SurveyReportProvider): void {
  if (!surveyProviders.includes(provider)) surveyProviders.push(provider);
}

/**
 * A meeting held by a relationship: a non-cancelled session between its two people from a day before
 * its start to its end (or now), not a no-show (the same rule as the pair's totals, decision 860).
 */
const HELD = (nowIso: string) => sql`s.professional_id = r.mentor_id AND s.student_id = r.mentee_id AND s.status <> 'cancelled'
  AND s.starts_at >= r.started_at - interval '1 day' AND s.starts_at <= least(coalesce(r.ended_at, ${nowIso}::timestamptz), ${nowIso}::timestamptz)
  AND (s.attendance IS NULL OR s.attendance <> 'no-show')`;

/**
 * The programme's outcome report, computed from the tables on each read (nothing stored): a handful
 * of aggregate queries over the programme's relationships, plus the health rule over its active pairs.
 */
export async function outcomeReport(db: Db, programmeId: string, scope: CoordinatorScope, now: Date): Promise<OutcomeReport> {
  const p = await programmeFor(db, programmeId, scope);
  const closure = await closureOf(db, p.id);
  if (!closure) await syncRelationships(db, { programmeId: p.id });
  const nowIso = now.toISOString();
  const held = HELD(nowIso);
  const [participants, matched, rows, heldRows, goals, ratings, minutes, surveys] = await Promise.all([
    queryRows<{ role: string; status: string; n: number }>(
      db,
      sql`SELECT role, status, count(*)::int AS n FROM programme_participants WHERE programme_id = ${p.id} GROUP BY role, status`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(DISTINCT mentee_id)::int AS n FROM programme_pairs WHERE programme_id = ${p.id}`,
    ),
    db.select().from(relationships).where(eq(relationships.programmeId, p.id)),
    // The held meetings are read once: by month (with the meeting's hours, the longer of its two check-ins)
    // and each relationship's first meeting (days after its start).
    queryRows<{ kind: 'month' | 'first'; key: string; a: number; b: number }>(
      db,
      sql`WITH held AS MATERIALIZED (
            SELECT s.id, s.starts_at, r.id AS rel, r.started_at FROM relationships r JOIN mentoring_sessions s ON ${held}
            WHERE r.programme_id = ${p.id}),
          mins AS (
            SELECT c.session_id, max(c.minutes) AS m FROM meeting_check_ins c JOIN relationships r ON r.id = c.relationship_id
            WHERE r.programme_id = ${p.id} GROUP BY c.session_id)
          SELECT 'month' AS kind, to_char(date_trunc('month', h.starts_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS key, count(*)::float AS a, coalesce(sum(mins.m), 0)::float AS b
          FROM held h LEFT JOIN mins ON mins.session_id = h.id GROUP BY 2
          UNION ALL
          SELECT 'first', rel, (extract(epoch FROM (min(starts_at) - started_at)) / 86400.0)::float, 0 FROM held GROUP BY rel, started_at`,
    ),
    queryRows<{ status: string; n: number }>(
      db,
      sql`SELECT g.status, count(*)::int AS n FROM relationship_goals g JOIN relationships r ON r.id = g.relationship_id
          WHERE r.programme_id = ${p.id} GROUP BY g.status`,
    ),
    queryRows<{ rating: number; n: number }>(
      db,
      sql`SELECT c.rating, count(*)::int AS n FROM meeting_check_ins c JOIN relationships r ON r.id = c.relationship_id
          WHERE r.programme_id = ${p.id} GROUP BY c.rating`,
    ),
    queryRows<{ mentor: number; mentee: number }>(
      db,
      sql`SELECT coalesce(sum(c.minutes) FILTER (WHERE c.user_id = r.mentor_id), 0)::int AS mentor,
                 coalesce(sum(c.minutes) FILTER (WHERE c.user_id = r.mentee_id), 0)::int AS mentee
          FROM meeting_check_ins c JOIN relationships r ON r.id = c.relationship_id WHERE r.programme_id = ${p.id}`,
    ),
    Promise.all(surveyProviders.map((provider) => provider(db, p.id))).then((x) => x.flat()),
  ]);

  const months = heldRows
    .filter((x) => x.kind === 'month')
    .map((x) => ({ month: x.key, meetings: Number(x.a), minutes: Number(x.b) }))
    .sort((a, b) => a.month.localeCompare(b.month));
  const firsts = heldRows.filter((x) => x.kind === 'first').map((x) => ({ days: Number(x.a) }));
  const part = (role: string, status: string) => participants.find((x) => x.role === role && x.status === status)?.n ?? 0;
  const menteesJoined = part('mentee', 'joined');
  const menteesMatched = matched[0]?.n ?? 0;

  const pairIds = new Map<string, number>();
  for (const r of rows) if (r.pairId) pairIds.set(r.pairId, (pairIds.get(r.pairId) ?? 0) + 1);

  const firstDays = firsts.map((x) => Math.max(0, Number(x.days ?? 0))).sort((a, b) => a - b);
  const median = firstDays.length
    ? firstDays.length % 2
      ? firstDays[(firstDays.length - 1) / 2]!
      : (firstDays[firstDays.length / 2 - 1]! + firstDays[firstDays.length / 2]!) / 2
    : null;

  const goal = (s: string) => goals.find((x) => x.status === s)?.n ?? 0;
  const achieved = goal('achieved');
  const set = achieved + goal('open');

  // Health: the same rule as the coordinator's list, over the active pairs; ended pairs count as "ended".
  const active = rows.filter((r) => r.status === 'active');
  const healthCount = new Map<HealthState, number>(HEALTH_STATES.map((h) => [h, 0]));
  healthCount.set('ended', rows.length - active.length);
  if (active.length) {
    const facts = await factsOf(db, active, now, new Map([[p.id, (await settingsOf(db, p.id)).defaultCadenceDays]]));
    for (const f of facts.values()) {
      const h = computeHealth(f.facts, now).state;
      healthCount.set(h, (healthCount.get(h) ?? 0) + 1);
    }
  }

  // Retention: of the pairs whose day N has come (before the close, if closed), those not ended before day N.
  const horizon = closure ? Math.min(closure.closedAt.getTime(), now.getTime()) : now.getTime();
  const retention = RETENTION_DAYS.map((day) => {
    let eligible = 0;
    let retained = 0;
    for (const r of rows) {
      const at = r.startedAt.getTime() + day * DAY;
      if (at > horizon) continue;
      eligible++;
      if (!r.endedAt || r.endedAt.getTime() >= at) retained++;
    }
    return { day, eligible, retained, rate: rate(retained, eligible) };
  });

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
    generatedAt: nowIso,
    participation: {
      mentorsJoined: part('mentor', 'joined'),
      menteesJoined,
      invited: part('mentor', 'invited') + part('mentee', 'invited'),
      declined: part('mentor', 'declined') + part('mentee', 'declined'),
      menteesMatched,
      matchRate: rate(Math.min(menteesMatched, menteesJoined), menteesJoined),
    },
    pairs: {
      total: rows.length,
      active: active.length,
      ended: rows.length - active.length,
      rematched: [...pairIds.values()].filter((n) => n > 1).length,
    },
    firstMeeting: {
      pairsWithMeeting: firstDays.length,
      withinWeek: firstDays.filter((d) => d <= 7).length,
      medianDays: median === null ? null : Math.round(median * 10) / 10,
    },
    meetings: {
      held: months.reduce((n, m) => n + m.meetings, 0),
      mentorHours: hours(minutes[0]?.mentor ?? 0),
      menteeHours: hours(minutes[0]?.mentee ?? 0),
      byMonth: months.map((m) => ({ month: m.month, meetings: m.meetings, hours: hours(m.minutes) })),
    },
    goals: { set, achieved, open: goal('open'), dropped: goal('dropped'), completionRate: rate(achieved, set) },
    ratings: [1, 2, 3, 4, 5].map((r) => ({ key: String(r), count: ratings.find((x) => Number(x.rating) === r)?.n ?? 0 })),
    health: HEALTH_STATES.map((key) => ({ key, count: healthCount.get(key) ?? 0 })),
    retention,
    surveys,
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
  for (const s of r.surveys) {
    add(`Survey: ${s.title}`, 'Responses', s.responses);
    if (s.suppressed) add(`Survey: ${s.title}`, 'Suppressed', 'fewer answers than the anonymity threshold');
    else for (const d of s.distribution) add(`Survey: ${s.title}`, d.key, d.count);
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
export async function pairRows(db: Db, p: ProgrammeRow, now: Date): Promise<PairRow[]> {
  const rows: RelationshipRow[] = await db.select().from(relationships).where(eq(relationships.programmeId, p.id)).limit(20_000);
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
