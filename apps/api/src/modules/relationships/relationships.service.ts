import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BOOKED_RELATIONSHIP_SESSIONS,
  DEFAULT_CADENCE_DAYS,
  MAX_GOALS,
  MAX_MILESTONES,
  RELATIONSHIP_MESSAGES as M,
  type AgreementDto,
  type GoalDto,
  type MeetingDto,
  type RelationshipDetail,
  type RelationshipSummary,
  type agreementBody,
  type checkInBody,
  type goalBody,
  type goalPatch,
  type milestoneBody,
  type notesBody,
} from '@app/shared/relationships';
import type { Db } from '../../db/client.ts';
import {
  goalComments,
  goalMilestones,
  meetingActionItems,
  meetingCheckIns,
  meetingPrivateNotes,
  meetingRecords,
  programmeOutcomeSettings,
  relationshipAgreements,
  relationshipGoals,
  relationships,
} from '../../db/schema/relationships.ts';
import { mentoringSessions } from '../../db/schema/mentoring.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { isId, newId } from '../../lib/ids.ts';
import { queryRows } from '../../lib/sql.ts';
import { computeHealth, type HealthFacts } from './health.ts';

export type RelationshipRow = typeof relationships.$inferSelect;
type AgreementRow = typeof relationshipAgreements.$inferSelect;

// ---------------------------------------------------------------------------------------------------
// Which relationships exist (docs/decisions/860)

/**
 * Create the relationships the facts imply and that have no row yet: every pair of a published
 * programme, and every student who met (or is booked to meet) the same mentor at least
 * BOOKED_RELATIONSHIP_SESSIONS times outside a programme pair. `who` narrows it to one person or programme.
 */
export async function syncRelationships(db: Db, who: { userId: string } | { programmeId: string }) {
  const pairFilter = 'userId' in who ? sql`(pp.mentor_id = ${who.userId} OR pp.mentee_id = ${who.userId})` : sql`pp.programme_id = ${who.programmeId}`;
  const pairs = await queryRows<{ pair_id: string; programme_id: string; mentor_id: string; mentee_id: string; published_at: Date | string }>(
    db,
    sql`SELECT pp.id AS pair_id, pp.programme_id, pp.mentor_id, pp.mentee_id, p.published_at
        FROM programme_pairs pp JOIN programmes p ON p.id = pp.programme_id AND p.status = 'published'
        WHERE ${pairFilter}
          AND NOT EXISTS (SELECT 1 FROM relationships r WHERE r.pair_id = pp.id AND r.mentor_id = pp.mentor_id)
        LIMIT 5000`,
  );
  if (pairs.length) {
    await db
      .insert(relationships)
      .values(
        pairs.map((p) => ({
          id: newId(),
          kind: 'programme' as const,
          programmeId: p.programme_id,
          pairId: p.pair_id,
          mentorId: p.mentor_id,
          menteeId: p.mentee_id,
          startedAt: new Date(p.published_at),
        })),
      )
      .onConflictDoNothing();
  }
  if (!('userId' in who)) return;
  const booked = await queryRows<{ professional_id: string; student_id: string; first: Date | string }>(
    db,
    sql`SELECT s.professional_id, s.student_id, min(s.starts_at) AS first
        FROM mentoring_sessions s
        WHERE (s.student_id = ${who.userId} OR s.professional_id = ${who.userId}) AND s.status <> 'cancelled'
          AND NOT EXISTS (SELECT 1 FROM relationships r WHERE r.mentor_id = s.professional_id AND r.mentee_id = s.student_id)
        GROUP BY s.professional_id, s.student_id
        HAVING count(*) >= ${BOOKED_RELATIONSHIP_SESSIONS}
        LIMIT 500`,
  );
  if (booked.length) {
    await db
      .insert(relationships)
      .values(booked.map((b) => ({ id: newId(), kind: 'booked' as const, mentorId: b.professional_id, menteeId: b.student_id, startedAt: new Date(b.first) })))
      .onConflictDoNothing();
  }
}

/** The relationship, if the actor is one of its two people; anyone else: not found (never "forbidden"). */
export async function relationshipOf(db: Db, actor: Actor, id: string): Promise<RelationshipRow & { myRole: 'mentor' | 'mentee' }> {
  if (!isId(id)) throw notFound('Relationship');
  const [row] = await db.select().from(relationships).where(eq(relationships.id, id));
  if (!row) throw notFound('Relationship');
  if (row.mentorId === actor.id) return { ...row, myRole: 'mentor' };
  if (row.menteeId === actor.id) return { ...row, myRole: 'mentee' };
  throw notFound('Relationship');
}

function assertActive(row: RelationshipRow) {
  if (row.status !== 'active') throw conflict(M.ended);
}

async function names(db: Db, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  const rows = await queryRows<{ id: string; first_name: string; last_name: string }>(
    db,
    sql`SELECT id, first_name, last_name FROM users WHERE id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  for (const r of rows) out.set(r.id, `${r.first_name} ${r.last_name}`.trim());
  return out;
}

function agreementState(a: AgreementRow | undefined): RelationshipSummary['agreementState'] {
  if (!a) return 'none';
  return a.mentorConfirmedVersion === a.version && a.menteeConfirmedVersion === a.version ? 'confirmed' : 'waiting';
}

export function agreementDtoOf(a: AgreementRow): AgreementDto {
  return {
    cadenceDays: a.cadenceDays,
    format: a.format as AgreementDto['format'],
    durationMinutes: a.durationMinutes,
    aims: a.aims,
    confidentiality: a.confidentiality,
    version: a.version,
    mentorConfirmed: a.mentorConfirmedVersion === a.version,
    menteeConfirmed: a.menteeConfirmedVersion === a.version,
    updatedAt: a.updatedAt.toISOString(),
  };
}

async function summaries(db: Db, actorId: string, rows: RelationshipRow[]): Promise<RelationshipSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const agreements = await db.select().from(relationshipAgreements).where(inArray(relationshipAgreements.relationshipId, ids));
  const byRel = new Map(agreements.map((a) => [a.relationshipId, a]));
  const programmeIds = [...new Set(rows.map((r) => r.programmeId).filter((x): x is string => !!x))];
  const progNames = new Map<string, string>();
  if (programmeIds.length) {
    const ps = await queryRows<{ id: string; name: string }>(
      db,
      sql`SELECT id, name FROM programmes WHERE id IN (${sql.join(
        programmeIds.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    for (const p of ps) progNames.set(p.id, p.name);
  }
  const people = await names(db, [...new Set(rows.flatMap((r) => [r.mentorId, r.menteeId]))]);
  return rows.map((r) => {
    const myRole = r.mentorId === actorId ? 'mentor' : 'mentee';
    const partnerId = myRole === 'mentor' ? r.menteeId : r.mentorId;
    return {
      id: r.id,
      kind: r.kind,
      status: r.status,
      myRole,
      partner: { id: partnerId, name: people.get(partnerId) ?? 'Former user' },
      programme: r.programmeId ? { id: r.programmeId, name: progNames.get(r.programmeId) ?? '' } : null,
      agreementState: agreementState(byRel.get(r.id)),
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      endedReason: r.endedReason,
    };
  });
}

export async function listMine(db: Db, actor: Actor) {
  await syncRelationships(db, { userId: actor.id });
  const rows = await db
    .select()
    .from(relationships)
    .where(sql`${relationships.mentorId} = ${actor.id} OR ${relationships.menteeId} = ${actor.id}`)
    .orderBy(asc(relationships.status), desc(relationships.startedAt))
    .limit(200);
  return { relationships: await summaries(db, actor.id, rows) };
}

// ---------------------------------------------------------------------------------------------------
// Facts: meetings, check-ins, messages

/** The sessions that belong to a relationship: between its two people, from its start to its end, not cancelled. */
function sessionWindow(r: Pick<RelationshipRow, 'mentorId' | 'menteeId' | 'startedAt' | 'endedAt'>) {
  return and(
    eq(mentoringSessions.professionalId, r.mentorId),
    eq(mentoringSessions.studentId, r.menteeId),
    sql`${mentoringSessions.status} <> 'cancelled'`,
    sql`${mentoringSessions.startsAt} >= ${r.startedAt.toISOString()}::timestamptz - interval '1 day'`,
    r.endedAt ? sql`${mentoringSessions.startsAt} <= ${r.endedAt.toISOString()}::timestamptz` : undefined,
  );
}

export interface Totals {
  meetings: number;
  mentorHours: number;
  menteeHours: number;
  averageRating: number | null;
  goalsAchieved: number;
  goals: number;
}

/**
 * The facts health and totals are computed from, for many relationships in a handful of queries
 * (the coordinator's list and the report read hundreds at once).
 */
export async function factsOf(db: Db, rows: RelationshipRow[], now: Date, defaultCadence: Map<string, number> = new Map()) {
  const out = new Map<string, { facts: HealthFacts; totals: Totals; agreement: AgreementRow | undefined }>();
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const idList = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const nowIso = now.toISOString();
  const meetings = await queryRows<{ id: string; held: number; last: Date | string | null }>(
    db,
    sql`SELECT r.id, count(s.id)::int AS held, max(s.starts_at) AS last
        FROM relationships r
        LEFT JOIN mentoring_sessions s ON s.professional_id = r.mentor_id AND s.student_id = r.mentee_id AND s.status <> 'cancelled'
          AND s.starts_at >= r.started_at - interval '1 day' AND s.starts_at <= least(coalesce(r.ended_at, ${nowIso}::timestamptz), ${nowIso}::timestamptz)
          AND (s.attendance IS NULL OR s.attendance <> 'no-show')
        WHERE r.id IN (${idList})
        GROUP BY r.id`,
  );
  const checkIns = await queryRows<{ relationship_id: string; mentor_minutes: number; mentee_minutes: number; avg_all: number | null; recent: number | null }>(
    db,
    sql`SELECT r.id AS relationship_id,
          coalesce(sum(c.minutes) FILTER (WHERE c.user_id = r.mentor_id), 0)::int AS mentor_minutes,
          coalesce(sum(c.minutes) FILTER (WHERE c.user_id = r.mentee_id), 0)::int AS mentee_minutes,
          avg(c.rating)::float AS avg_all,
          (SELECT avg(x.rating)::float FROM (SELECT rating FROM meeting_check_ins WHERE relationship_id = r.id ORDER BY created_at DESC LIMIT 4) x) AS recent
        FROM relationships r LEFT JOIN meeting_check_ins c ON c.relationship_id = r.id
        WHERE r.id IN (${idList}) GROUP BY r.id`,
  );
  // The pair's last message, when nobody answered it since (the last message of the thread is from one side).
  const unanswered = await queryRows<{ id: string; last_at: Date | string | null }>(
    db,
    sql`SELECT r.id, (SELECT m.created_at FROM conversation_messages m
                     WHERE m.professional_id = r.mentor_id AND m.student_id = r.mentee_id AND m.created_at >= r.started_at - interval '1 day'
                     ORDER BY m.created_at DESC LIMIT 1) AS last_at
        FROM relationships r WHERE r.id IN (${idList})`,
  );
  const goals = await queryRows<{ relationship_id: string; total: number; achieved: number }>(
    db,
    sql`SELECT relationship_id, count(*) FILTER (WHERE status <> 'dropped')::int AS total, count(*) FILTER (WHERE status = 'achieved')::int AS achieved
        FROM relationship_goals WHERE relationship_id IN (${idList}) GROUP BY relationship_id`,
  );
  const agreements = await db.select().from(relationshipAgreements).where(inArray(relationshipAgreements.relationshipId, ids));
  const m = new Map(meetings.map((x) => [x.id, x]));
  const c = new Map(checkIns.map((x) => [x.relationship_id, x]));
  const u = new Map(unanswered.map((x) => [x.id, x]));
  const g = new Map(goals.map((x) => [x.relationship_id, x]));
  const a = new Map(agreements.map((x) => [x.relationshipId, x]));
  for (const r of rows) {
    const agreement = a.get(r.id);
    const meet = m.get(r.id);
    const ci = c.get(r.id);
    const lastMsg = u.get(r.id)?.last_at;
    const lastMeetingAt = meet?.last ? new Date(meet.last) : null;
    // A message counts as unanswered when it is the thread's latest and came after the last meeting.
    const unansweredSince = lastMsg && (!lastMeetingAt || new Date(lastMsg) > lastMeetingAt) ? new Date(lastMsg) : null;
    out.set(r.id, {
      agreement,
      facts: {
        status: r.status,
        startedAt: r.startedAt,
        lastMeetingAt,
        cadenceDays: agreement?.cadenceDays ?? (r.programmeId ? defaultCadence.get(r.programmeId) : undefined) ?? DEFAULT_CADENCE_DAYS,
        recentRating: ci?.recent ?? null,
        unansweredSince,
        agreementConfirmed: agreementState(agreement) === 'confirmed',
      },
      totals: {
        meetings: meet?.held ?? 0,
        mentorHours: Math.round(((ci?.mentor_minutes ?? 0) / 60) * 10) / 10,
        menteeHours: Math.round(((ci?.mentee_minutes ?? 0) / 60) * 10) / 10,
        averageRating: ci?.avg_all == null ? null : Math.round(ci.avg_all * 10) / 10,
        goalsAchieved: g.get(r.id)?.achieved ?? 0,
        goals: g.get(r.id)?.total ?? 0,
      },
    });
  }
  return out;
}

/**
 * Only the messages rule needs "unanswered": a thread whose latest message is older than the
 * thresholds and was sent by one side with no reply. `factsOf` approximates "no reply" by "the latest
 * message came after the last meeting" (a meeting answers everything said before it).
 */

export async function programmeCadences(db: Db, programmeIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (programmeIds.length === 0) return out;
  const rows = await db.select().from(programmeOutcomeSettings).where(inArray(programmeOutcomeSettings.programmeId, programmeIds));
  for (const r of rows) out.set(r.programmeId, r.defaultCadenceDays);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Detail

function progressOf(goal: typeof relationshipGoals.$inferSelect, milestones: Array<typeof goalMilestones.$inferSelect>): number {
  if (goal.status === 'achieved') return 100;
  if (goal.progressMode === 'manual') return goal.manualProgress;
  if (milestones.length === 0) return 0;
  return Math.round((milestones.filter((x) => x.doneAt).length / milestones.length) * 100);
}

async function goalsOf(db: Db, relationshipId: string): Promise<GoalDto[]> {
  const goals = await db.select().from(relationshipGoals).where(eq(relationshipGoals.relationshipId, relationshipId)).orderBy(asc(relationshipGoals.createdAt), asc(relationshipGoals.id));
  if (goals.length === 0) return [];
  const goalIds = goals.map((x) => x.id);
  const milestones = await db.select().from(goalMilestones).where(inArray(goalMilestones.goalId, goalIds)).orderBy(asc(goalMilestones.createdAt), asc(goalMilestones.id));
  const comments = await db.select().from(goalComments).where(inArray(goalComments.goalId, goalIds)).orderBy(asc(goalComments.createdAt), asc(goalComments.id));
  const people = await names(db, [...new Set(comments.map((x) => x.authorId).filter((x): x is string => !!x))]);
  return goals.map((goal) => {
    const ms = milestones.filter((x) => x.goalId === goal.id);
    return {
      id: goal.id,
      title: goal.title,
      description: goal.description,
      dueOn: goal.dueOn,
      progressMode: goal.progressMode,
      progress: progressOf(goal, ms),
      status: goal.status,
      milestones: ms.map((x) => ({ id: x.id, title: x.title, dueOn: x.dueOn, done: !!x.doneAt, doneAt: x.doneAt?.toISOString() ?? null })),
      comments: comments
        .filter((x) => x.goalId === goal.id)
        .map((x) => ({ id: x.id, authorId: x.authorId, authorName: (x.authorId && people.get(x.authorId)) || 'Former user', body: x.body, createdAt: x.createdAt.toISOString() })),
      createdAt: goal.createdAt.toISOString(),
    };
  });
}

async function meetingsOf(db: Db, r: RelationshipRow, actorId: string): Promise<MeetingDto[]> {
  const sessions = await db.select().from(mentoringSessions).where(sessionWindow(r)).orderBy(desc(mentoringSessions.startsAt)).limit(100);
  if (sessions.length === 0) return [];
  const sessionIds = sessions.map((s) => s.id);
  const records = await db.select().from(meetingRecords).where(inArray(meetingRecords.sessionId, sessionIds));
  const items = await db.select().from(meetingActionItems).where(inArray(meetingActionItems.sessionId, sessionIds)).orderBy(asc(meetingActionItems.position), asc(meetingActionItems.id));
  // Only the caller's own private notes are read at all (decision 862).
  const mine = await db
    .select()
    .from(meetingPrivateNotes)
    .where(and(inArray(meetingPrivateNotes.sessionId, sessionIds), eq(meetingPrivateNotes.authorId, actorId)));
  const checks = await db.select().from(meetingCheckIns).where(inArray(meetingCheckIns.sessionId, sessionIds));
  return sessions.map((s) => {
    const rec = records.find((x) => x.sessionId === s.id);
    const my = checks.find((x) => x.sessionId === s.id && x.userId === actorId);
    return {
      sessionId: s.id,
      topic: s.topic,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      status: s.status,
      agenda: rec?.agenda ?? '',
      notes: rec?.notes ?? '',
      actionItems: items.filter((x) => x.sessionId === s.id).map((x) => ({ id: x.id, text: x.text, done: x.done, milestoneId: x.milestoneId })),
      myPrivateNote: mine.find((x) => x.sessionId === s.id)?.body ?? '',
      myCheckIn: my ? { minutes: my.minutes, rating: my.rating } : null,
      otherCheckedIn: checks.some((x) => x.sessionId === s.id && x.userId !== actorId),
    };
  });
}

export async function detail(db: Db, actor: Actor, id: string, now: Date): Promise<RelationshipDetail> {
  const r = await relationshipOf(db, actor, id);
  const [summary] = await summaries(db, actor.id, [r]);
  const cadences = await programmeCadences(db, r.programmeId ? [r.programmeId] : []);
  const facts = (await factsOf(db, [r], now, cadences)).get(r.id);
  if (!summary || !facts) throw notFound('Relationship');
  return {
    relationship: summary,
    agreement: facts.agreement ? agreementDtoOf(facts.agreement) : null,
    goals: await goalsOf(db, r.id),
    meetings: await meetingsOf(db, r, actor.id),
    totals: facts.totals,
    health: computeHealth(facts.facts, now),
  };
}

// ---------------------------------------------------------------------------------------------------
// Agreement

export async function saveAgreement(db: Db, actor: Actor, id: string, body: z.output<typeof agreementBody>, now: Date) {
  const r = await relationshipOf(db, actor, id);
  assertActive(r);
  await db.transaction(async (tx) => {
    const [current] = await queryRows<{ version: number }>(tx, sql`SELECT version FROM relationship_agreements WHERE relationship_id = ${r.id} FOR UPDATE`);
    const version = (current?.version ?? 0) + 1;
    // Whoever writes a version has confirmed it; the other side must confirm it again (a revision resets both).
    const values = {
      cadenceDays: body.cadenceDays,
      format: body.format,
      durationMinutes: body.durationMinutes,
      aims: body.aims,
      confidentiality: body.confidentiality,
      version,
      mentorConfirmedVersion: r.myRole === 'mentor' ? version : null,
      menteeConfirmedVersion: r.myRole === 'mentee' ? version : null,
      updatedBy: actor.id,
      updatedAt: now,
    };
    await tx
      .insert(relationshipAgreements)
      .values({ relationshipId: r.id, ...values })
      .onConflictDoUpdate({ target: relationshipAgreements.relationshipId, set: values });
  });
  return detail(db, actor, id, now);
}

export async function confirmAgreement(db: Db, actor: Actor, id: string, version: number, now: Date) {
  const r = await relationshipOf(db, actor, id);
  assertActive(r);
  const column = r.myRole === 'mentor' ? sql`mentor_confirmed_version` : sql`mentee_confirmed_version`;
  const updated = await queryRows<{ version: number }>(
    db,
    sql`UPDATE relationship_agreements SET ${column} = version WHERE relationship_id = ${r.id} AND version = ${version} RETURNING version`,
  );
  if (updated.length === 0) {
    const [exists] = await db.select({ v: relationshipAgreements.version }).from(relationshipAgreements).where(eq(relationshipAgreements.relationshipId, r.id));
    throw conflict(exists ? M.agreementStale : M.agreementMissing);
  }
  return detail(db, actor, id, now);
}

// ---------------------------------------------------------------------------------------------------
// Goals

async function goalOf(db: Db, r: RelationshipRow, goalId: string) {
  if (!isId(goalId)) throw notFound('Goal');
  const [goal] = await db
    .select()
    .from(relationshipGoals)
    .where(and(eq(relationshipGoals.id, goalId), eq(relationshipGoals.relationshipId, r.id)));
  if (!goal) throw notFound('Goal');
  return goal;
}

function studentOnly(r: { myRole: 'mentor' | 'mentee' }) {
  if (r.myRole !== 'mentee') throw forbidden(M.onlyStudentGoals);
}

export async function addGoal(db: Db, actor: Actor, id: string, body: z.output<typeof goalBody>, now: Date) {
  const r = await relationshipOf(db, actor, id);
  assertActive(r);
  studentOnly(r);
  await db.transaction(async (tx) => {
    await queryRows(tx, sql`SELECT id FROM relationships WHERE id = ${r.id} FOR UPDATE`);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM relationship_goals WHERE relationship_id = ${r.id} AND status = 'open'`);
    if (n >= MAX_GOALS) throw conflict(M.tooManyGoals);
    await tx.insert(relationshipGoals).values({ relationshipId: r.id, title: body.title, description: body.description, dueOn: body.dueOn, progressMode: body.progressMode });
  });
  return detail(db, actor, id, now);
}

export async function updateGoal(db: Db, actor: Actor, id: string, goalId: string, body: z.output<typeof goalPatch>, now: Date) {
  const r = await relationshipOf(db, actor, id);
  assertActive(r);
  studentOnly(r);
  const goal = await goalOf(db, r, goalId);
  const mode = body.progressMode ?? goal.progressMode;
  if (body.progress !== undefined && mode !== 'manual') throw badRequest(M.manualProgressOnly);
  if (body.status === 'open' && goal.status !== 'open') {
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM relationship_goals WHERE relationship_id = ${r.id} AND status = 'open'`);
    if (n >= MAX_GOALS) throw conflict(M.tooManyGoals);
  }
  await db
    .update(relationshipGoals)
    .set({
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.dueOn !== undefined ? { dueOn: body.dueOn } : {}),
      progressMode: mode,
      ...(body.progress !== undefined ? { manualProgress: body.progress } : {}),
      ...(body.status !== undefined ? { status: body.status, achievedAt: body.status === 'achieved' ? now : null } : {}),
    })
    .where(eq(relationshipGoals.id, goal.id));
  return detail(db, actor, id, now);
}

export async function addMilestone(db: Db, actor: Actor, id: string, goalId: string, body: z.output<typeof milestoneBody>, now: Date) {
  const r = await relationshipOf(db, actor, id);
  assertActive(r);
  studentOnly(r);
  const goal = await goalOf(db, r, goalId);
  await insertMilestone(db, goal.id, body.title, body.dueOn);
  return detail(db, actor, id, now);
}

async function insertMilestone(db: Db, goalId: string, title: string, dueOn: string | null): Promise<string> {
  return db.transaction(async (tx) => {
    await queryRows(tx, sql`SELECT id FROM relationship_goals WHERE id = ${goalId} FOR UPDATE`);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM goal_milestones WHERE goal_id = ${goalId}`);
    if (n >= MAX_MILESTONES) throw conflict(M.tooManyMilestones);
    const [row] = await tx.insert(goalMilestones).values({ goalId, title, dueOn }).returning({ id: goalMilestones.id });
    if (!row) throw new Error('milestone insert returned nothing');
    return row.id;
  });
}

export async function setMilestone(db: Db, actor: Actor, id: string, goalId: string, milestoneId: string, done: boolean, now: Date) {
  const r = await relationshipOf(db, actor, id);
  assertActive(r);
  studentOnly(r);
  const goal = await goalOf(db, r, goalId);
  if (!isId(milestoneId)) throw notFound('Milestone');
  const updated = await db
    .update(goalMilestones)
    .set({ doneAt: done ? now : null })
    .where(and(eq(goalMilestones.id, milestoneId), eq(goalMilestones.goalId, goal.id)))
    .returning({ id: goalMilestones.id });
  if (updated.length === 0) throw notFound('Milestone');
  return detail(db, actor, id, now);
}

export async function addComment(db: Db, actor: Actor, id: string, goalId: string, body: string, now: Date) {
  const r = await relationshipOf(db, actor, id);
  assertActive(r);
  const goal = await goalOf(db, r, goalId);
  await db.insert(goalComments).values({ goalId: goal.id, authorId: actor.id, body });
  return detail(db, actor, id, now);
}

// ---------------------------------------------------------------------------------------------------
// Meetings

async function meetingOf(db: Db, r: RelationshipRow, sessionId: string) {
  if (!isId(sessionId)) throw notFound('Meeting');
  const [s] = await db
    .select()
    .from(mentoringSessions)
    .where(and(eq(mentoringSessions.id, sessionId), sessionWindow(r)));
  if (!s) throw notFound('Meeting');
  return s;
}

export async function saveAgenda(db: Db, actor: Actor, id: string, sessionId: string, agenda: string, now: Date) {
  const r = await relationshipOf(db, actor, id);
  assertActive(r);
  const s = await meetingOf(db, r, sessionId);
  if (now >= s.endsAt) throw conflict(M.agendaClosed);
  await db
    .insert(meetingRecords)
    .values({ sessionId: s.id, relationshipId: r.id, agenda, updatedBy: actor.id })
    .onConflictDoUpdate({ target: meetingRecords.sessionId, set: { agenda, updatedBy: actor.id, updatedAt: now } });
  return detail(db, actor, id, now);
}

export async function saveNotes(db: Db, actor: Actor, id: string, sessionId: string, body: z.output<typeof notesBody>, now: Date) {
  const r = await relationshipOf(db, actor, id);
  assertActive(r);
  const s = await meetingOf(db, r, sessionId);
  if (now < s.startsAt) throw conflict(M.notesTooEarly);
  await db.transaction(async (tx) => {
    await tx
      .insert(meetingRecords)
      .values({ sessionId: s.id, relationshipId: r.id, notes: body.notes, updatedBy: actor.id })
      .onConflictDoUpdate({ target: meetingRecords.sessionId, set: { notes: body.notes, updatedBy: actor.id, updatedAt: now } });
    const existing = await tx.select().from(meetingActionItems).where(eq(meetingActionItems.sessionId, s.id));
    const kept = new Set<string>();
    for (const [position, item] of body.actionItems.entries()) {
      const match = item.id ? existing.find((x) => x.id === item.id) : undefined;
      if (match) {
        kept.add(match.id);
        await tx.update(meetingActionItems).set({ text: item.text, done: item.done, position }).where(eq(meetingActionItems.id, match.id));
      } else {
        await tx.insert(meetingActionItems).values({ sessionId: s.id, relationshipId: r.id, text: item.text, done: item.done, position });
      }
    }
    const gone = existing.filter((x) => !kept.has(x.id)).map((x) => x.id);
    if (gone.length) await tx.delete(meetingActionItems).where(inArray(meetingActionItems.id, gone));
  });
  return detail(db, actor, id, now);
}

export async function promoteActionItem(db: Db, actor: Actor, id: string, sessionId: string, itemId: string, goalId: string, now: Date) {
  const r = await relationshipOf(db, actor, id);
  assertActive(r);
  studentOnly(r);
  const s = await meetingOf(db, r, sessionId);
  if (!isId(itemId)) throw notFound('Action item');
  const [item] = await db
    .select()
    .from(meetingActionItems)
    .where(and(eq(meetingActionItems.id, itemId), eq(meetingActionItems.sessionId, s.id)));
  if (!item) throw notFound('Action item');
  if (item.milestoneId) throw conflict(M.actionItemPromotedAlready);
  const goal = await goalOf(db, r, goalId);
  const milestoneId = await insertMilestone(db, goal.id, item.text, null);
  await db.update(meetingActionItems).set({ milestoneId }).where(eq(meetingActionItems.id, item.id));
  return detail(db, actor, id, now);
}

export async function savePrivateNote(db: Db, actor: Actor, id: string, sessionId: string, body: string, now: Date) {
  const r = await relationshipOf(db, actor, id);
  const s = await meetingOf(db, r, sessionId);
  await db
    .insert(meetingPrivateNotes)
    .values({ sessionId: s.id, authorId: actor.id, body })
    .onConflictDoUpdate({ target: [meetingPrivateNotes.sessionId, meetingPrivateNotes.authorId], set: { body, updatedAt: now } });
  return detail(db, actor, id, now);
}

export async function checkIn(db: Db, actor: Actor, id: string, sessionId: string, body: z.output<typeof checkInBody>, now: Date) {
  const r = await relationshipOf(db, actor, id);
  assertActive(r);
  const s = await meetingOf(db, r, sessionId);
  if (now < s.startsAt) throw conflict(M.checkInTooEarly);
  await db
    .insert(meetingCheckIns)
    .values({ sessionId: s.id, userId: actor.id, relationshipId: r.id, minutes: body.minutes, rating: body.rating, createdAt: now })
    .onConflictDoUpdate({ target: [meetingCheckIns.sessionId, meetingCheckIns.userId], set: { minutes: body.minutes, rating: body.rating, updatedAt: now } });
  return detail(db, actor, id, now);
}
