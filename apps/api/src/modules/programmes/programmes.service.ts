import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  PROGRAMME_MESSAGES,
  type InviteBody,
  type MyProgramme,
  type PairDto,
  type ParticipantDto,
  type ParticipationBody,
  type ProgrammeDetail,
  type ProgrammeSummary,
  type UnmatchedDto,
} from '@app/shared/programmes';
import type { z } from 'zod';
import type { participationBody, programmeBody } from '@app/shared/programmes';
import type { Db } from '../../db/client.ts';
import { programmeConnections, programmePairs, programmeParticipants, programmes, type ProgrammeUnmatched } from '../../db/schema/matching.ts';
import { connectionRequests } from '../../db/schema/mentoring.ts';
import { acceptedConnectionId } from '../mentoring/index.ts';
import { badRequest, conflict, notFound, rateLimited } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { recipientLocales, voiceOf } from '../../lib/recipient-locale.ts';
import { queryRows } from '../../lib/sql.ts';
import { reasonText, type MatchReason, type ReasonVoice, type StoredMatchReason } from '@app/shared/matching-reasons';
import { matchTopics, topicReasons } from '../matching/index.ts';
import { notifyMany, type NewNotification } from '../notifications/index.ts';
import { stableMatch, MAX_RANKED } from './stable-matching.ts';
import { PROGRAMME_INVITE_JOB } from './invite-fan-out.ts';
import { enqueue } from '../../lib/jobs.ts';

/** Rows per INSERT when inviting (PostgreSQL's bind-parameter limit allows far more; this keeps statements small). */
const INVITE_INSERT_BATCH = 1000;

type ProgrammeRow = typeof programmes.$inferSelect;
type ParticipantRow = typeof programmeParticipants.$inferSelect;

/**
 * Who is acting on programmes (decision 622): a platform admin (`organisationId` undefined) sees and runs
 * every programme; a university admin only their university's, and only their university's students
 * may be mentees there. Someone else's programme is "not found", never "forbidden".
 */
export interface ProgrammeScope {
  organisationId?: string;
  /** Issue 28: an organisation invites at most this many people outside it (mentors) per 24 hours. */
  outsideInvitesPerDay?: number;
}
export const PLATFORM: ProgrammeScope = {};

async function programmeRow(db: Db, id: string, scope: ProgrammeScope = PLATFORM): Promise<ProgrammeRow> {
  if (!isId(id)) throw notFound('Programme');
  const [row] = await db.select().from(programmes).where(eq(programmes.id, id));
  if (!row) throw notFound('Programme');
  if (scope.organisationId !== undefined && row.organisationId !== scope.organisationId) throw notFound('Programme');
  return row;
}

/**
 * Lock the programme row for the rest of the transaction and re-read its status. Every write that
 * changes who is paired with whom (set a pair, swap, run matching, publish) takes this lock first, so
 * a mentor's load is counted and changed by one transaction at a time: two concurrent "change this
 * mentee's mentor" requests can no longer both see one free place and both take it
 * (docs/decisions/620). Row locks work the same on PGlite and PostgreSQL.
 */
async function lockProgramme(tx: Db, id: string): Promise<ProgrammeRow['status']> {
  const [locked] = await queryRows<{ status: ProgrammeRow['status'] }>(tx, sql`SELECT status FROM programmes WHERE id = ${id} FOR UPDATE`);
  if (!locked) throw notFound('Programme');
  if (locked.status === 'published') throw conflict(PROGRAMME_MESSAGES.alreadyPublished);
  return locked.status;
}

async function countsOf(db: Db, ids: string[]) {
  const out = new Map<string, ProgrammeSummary['counts']>();
  if (ids.length === 0) return out;
  const rows = await queryRows<{ programme_id: string; mentors: number; mentees: number; invited: number; pairs: number }>(
    db,
    sql`SELECT p.id AS programme_id,
          (SELECT count(*)::int FROM programme_participants x WHERE x.programme_id = p.id AND x.role = 'mentor' AND x.status = 'joined') AS mentors,
          (SELECT count(*)::int FROM programme_participants x WHERE x.programme_id = p.id AND x.role = 'mentee' AND x.status = 'joined') AS mentees,
          (SELECT count(*)::int FROM programme_participants x WHERE x.programme_id = p.id AND x.status = 'invited') AS invited,
          (SELECT count(*)::int FROM programme_pairs x WHERE x.programme_id = p.id) AS pairs
        FROM programmes p WHERE p.id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  for (const r of rows) out.set(r.programme_id, { mentors: r.mentors, mentees: r.mentees, invited: r.invited, pairs: r.pairs });
  return out;
}

function summary(row: ProgrammeRow, counts: ProgrammeSummary['counts'] | undefined): ProgrammeSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    eligibleUniversities: row.eligibleUniversities,
    eligibleCourses: row.eligibleCourses,
    mentorCapacityDefault: row.mentorCapacityDefault,
    status: row.status,
    counts: counts ?? { mentors: 0, mentees: 0, invited: 0, pairs: 0 },
    matchedAt: row.matchedAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createProgramme(db: Db, actor: Actor, body: z.output<typeof programmeBody>, scope: ProgrammeScope = PLATFORM) {
  const [row] = await db
    .insert(programmes)
    .values({
      name: body.name,
      description: body.description,
      startsOn: body.startsOn,
      endsOn: body.endsOn,
      eligibleUniversities: body.eligibleUniversities,
      eligibleCourses: body.eligibleCourses,
      mentorCapacityDefault: body.mentorCapacityDefault,
      createdBy: actor.id,
      organisationId: scope.organisationId ?? null,
    })
    .returning();
  if (!row) throw new Error('programme insert returned nothing');
  return { programme: summary(row, undefined) };
}

export async function listProgrammes(db: Db, scope: ProgrammeScope = PLATFORM) {
  const rows = await db
    .select()
    .from(programmes)
    .where(scope.organisationId === undefined ? undefined : eq(programmes.organisationId, scope.organisationId))
    .orderBy(desc(programmes.createdAt), desc(programmes.id)).limit(200);
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return { programmes: rows.map((r) => summary(r, counts.get(r.id))) };
}

// ---------------------------------------------------------------------------------------------------
// People and their topics

interface PersonInfo {
  id: string;
  name: string;
  role: string;
  /** Profile topics: a student's interests + course; a professional's expertise + specializations + skills. */
  profileTopics: string[];
  university: string | null;
  course: string | null;
  /** Active, and verified for a professional: may be matched. */
  eligible: boolean;
}

async function people(db: Db, ids: string[]): Promise<Map<string, PersonInfo>> {
  const out = new Map<string, PersonInfo>();
  if (ids.length === 0) return out;
  const rows = await queryRows<{
    id: string;
    role: string;
    first_name: string;
    last_name: string;
    interests: string[] | null;
    course: string | null;
    university: string | null;
    expertise: string | null;
    specializations: string[] | null;
    skills: string[] | null;
    eligible: boolean;
  }>(
    db,
    sql`SELECT u.id, u.role, u.first_name, u.last_name, (u.is_active AND (u.role <> 'professional' OR u.is_verified)) AS eligible, sp.interests, sp.course, sp.university, pp.expertise, pp.specializations, pp.skills
        FROM users u LEFT JOIN student_profiles sp ON sp.user_id = u.id LEFT JOIN professional_profiles pp ON pp.user_id = u.id
        WHERE u.id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  for (const r of rows) {
    const topics =
      r.role === 'student'
        ? [...(r.interests ?? []), ...(r.course ? [r.course] : [])]
        : [...(r.expertise ? [r.expertise] : []), ...(r.specializations ?? []), ...(r.skills ?? [])];
    out.set(r.id, {
      id: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      role: r.role,
      profileTopics: topics.filter((t) => typeof t === 'string' && t.trim()),
      university: r.university,
      course: r.course,
      eligible: r.eligible,
    });
  }
  return out;
}

/** What a participant is matched on: the topics they stated, else their profile's. */
const topicsOf = (p: ParticipantRow, info: PersonInfo | undefined) => (p.topics.length ? p.topics : (info?.profileTopics ?? []));

function participantDtoOf(p: ParticipantRow, info: PersonInfo | undefined): ParticipantDto {
  return {
    userId: p.userId,
    name: info?.name ?? 'Former user',
    role: p.role,
    status: p.status,
    topics: topicsOf(p, info),
    goals: p.goals,
    preferences: p.preferences,
    capacity: p.capacity,
  };
}

// ---------------------------------------------------------------------------------------------------
// Detail and dashboard

/** A pair and an unmatched person as the service reads them: the reasons as stored, worded for the reader by `inReaderLanguage`. */
type StoredPair = Omit<PairDto, 'reasons'> & { reasons: StoredMatchReason[] };
type StoredUnmatched = Omit<UnmatchedDto, 'detail'> & { detail: StoredMatchReason };
export type ProgrammeDetailStored = Omit<ProgrammeDetail, 'pairs' | 'unmatched'> & { pairs: StoredPair[]; unmatched: StoredUnmatched[] };

/** A programme's detail in the reader's language: why each pair was made and why someone has none (decision 1280). */
export function inReaderLanguage(voice: ReasonVoice, detail: ProgrammeDetailStored): ProgrammeDetail {
  return {
    ...detail,
    pairs: detail.pairs.map((p) => ({ ...p, reasons: p.reasons.map((r) => reasonText(voice, r)) })),
    unmatched: detail.unmatched.map((u) => ({ ...u, detail: reasonText(voice, u.detail) })),
  };
}

export async function programmeDetail(db: Db, id: string, scope: ProgrammeScope = PLATFORM): Promise<ProgrammeDetailStored> {
  const row = await programmeRow(db, id, scope);
  const parts = await db.select().from(programmeParticipants).where(eq(programmeParticipants.programmeId, row.id));
  const pairs = await db.select().from(programmePairs).where(eq(programmePairs.programmeId, row.id));
  const info = await people(db, [...new Set([...parts.map((p) => p.userId), ...pairs.flatMap((p) => [p.mentorId, p.menteeId])])]);
  const since = (row.publishedAt ?? row.createdAt).toISOString();
  const sessions = await queryRows<{ mentor_id: string; mentee_id: string; n: number; done: number; last: string | null }>(
    db,
    sql`SELECT pp.mentor_id, pp.mentee_id,
               count(s.id)::int AS n,
               count(s.id) FILTER (WHERE s.status = 'completed' OR (s.status = 'scheduled' AND s.ends_at <= now()))::int AS done,
               max(s.starts_at) FILTER (WHERE s.status <> 'cancelled') AS last
        FROM programme_pairs pp
        JOIN mentoring_sessions s ON s.professional_id = pp.mentor_id AND s.student_id = pp.mentee_id
          AND s.status <> 'cancelled' AND s.starts_at >= ${since}::timestamptz
        WHERE pp.programme_id = ${row.id} AND ${row.status === 'published'}
        GROUP BY pp.mentor_id, pp.mentee_id`,
  );
  const sessionsBy = new Map(sessions.map((s) => [`${s.mentor_id}:${s.mentee_id}`, s]));
  const pairDtos: StoredPair[] = pairs
    .map((p) => {
      const s = sessionsBy.get(`${p.mentorId}:${p.menteeId}`);
      return {
        id: p.id,
        mentorId: p.mentorId,
        mentorName: info.get(p.mentorId)?.name ?? 'Former user',
        menteeId: p.menteeId,
        menteeName: info.get(p.menteeId)?.name ?? 'Former user',
        score: Math.round(p.score * 10) / 10,
        reasons: p.reasons,
        pinned: p.pinned,
        sessions: s?.n ?? 0,
        completedSessions: s?.done ?? 0,
        lastSessionAt: s?.last ? new Date(s.last).toISOString() : null,
      };
    })
    .sort((a, b) => a.mentorName.localeCompare(b.mentorName) || a.menteeName.localeCompare(b.menteeName));
  const unmatched: StoredUnmatched[] = row.unmatched
    .filter((u) => !pairs.some((p) => p.menteeId === u.userId || p.mentorId === u.userId))
    .map((u) => ({ ...u, name: info.get(u.userId)?.name ?? 'Former user' }));
  const met = pairDtos.filter((p) => p.completedSessions > 0).length;
  const counts = await countsOf(db, [row.id]);
  return {
    programme: summary(row, counts.get(row.id)),
    participants: parts.map((p) => participantDtoOf(p, info.get(p.userId))).sort((a, b) => a.role.localeCompare(b.role) || a.name.localeCompare(b.name)),
    pairs: pairDtos,
    unmatched,
    dashboard: {
      pairs: pairDtos.length,
      met,
      notMet: pairDtos.length - met,
      sessions: pairDtos.reduce((n, p) => n + p.sessions, 0),
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Invitations

/**
 * Issue 28 (decision 732): an organisation's programmes reach people outside it (verified mentors) only
 * within a per-day quota; past it, a platform administrator invites them. Counted over 24 hours across
 * the organisation's programmes, under a per-organisation transaction lock so parallel requests cannot
 * overshoot. Already-invited people in the request count too (the answer is all or nothing).
 */
async function assertOutsideQuota(tx: Db, scope: ProgrammeScope, wanted: number) {
  const quota = scope.outsideInvitesPerDay ?? 0;
  await queryRows(tx, sql`SELECT count(*)::int AS n FROM (SELECT pg_advisory_xact_lock(hashtext(${`programme-outside:${scope.organisationId ?? ''}`}))) l`);
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM programme_participants pp JOIN programmes p ON p.id = pp.programme_id
        WHERE p.organisation_id = ${scope.organisationId ?? ''} AND pp.role = 'mentor' AND pp.created_at > now() - interval '24 hours'`,
  );
  const used = row?.n ?? 0;
  if (used + wanted > quota) throw rateLimited(3600, PROGRAMME_MESSAGES.outsideQuota(quota, Math.max(0, quota - used)));
}

export async function invite(db: Db, id: string, body: InviteBody, scope: ProgrammeScope = PLATFORM) {
  const row = await programmeRow(db, id, scope);
  if (row.status === 'published') throw conflict(PROGRAMME_MESSAGES.alreadyPublished);
  const eligible =
    body.role === 'mentor'
      ? sql`u.role = 'professional' AND u.is_active AND u.is_verified`
      : sql`u.role = 'student' AND u.is_active
            AND (${row.eligibleUniversities.length === 0} OR lower(sp.university) IN (SELECT lower(x) FROM jsonb_array_elements_text(${JSON.stringify(row.eligibleUniversities)}::jsonb) x))
            AND (${row.eligibleCourses.length === 0} OR lower(sp.course) IN (SELECT lower(x) FROM jsonb_array_elements_text(${JSON.stringify(row.eligibleCourses)}::jsonb) x))
            AND (${row.organisationId === null} OR EXISTS (SELECT 1 FROM student_affiliations a WHERE a.student_id = u.id AND a.organisation_id = ${row.organisationId ?? ''}))`;
  let ids: string[];
  if (body.allEligible) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`SELECT u.id FROM users u LEFT JOIN student_profiles sp ON sp.user_id = u.id WHERE ${eligible} ORDER BY u.id LIMIT 20000`,
    );
    ids = rows.map((r) => r.id);
  } else {
    const wanted = [...new Set(body.userIds ?? [])];
    if (wanted.some((w) => !isId(w))) throw badRequest(PROGRAMME_MESSAGES.notEligible);
    const rows = await queryRows<{ id: string }>(
      db,
      sql`SELECT u.id FROM users u LEFT JOIN student_profiles sp ON sp.user_id = u.id
          WHERE u.id IN (${sql.join(
            wanted.map((w) => sql`${w}`),
            sql`, `,
          )}) AND ${eligible}`,
    );
    if (rows.length !== wanted.length) throw badRequest(PROGRAMME_MESSAGES.notEligible);
    ids = wanted;
  }
  // Inserts in batches in one transaction (all or nobody invited); the notifications and e-mails are
  // written by the fan-out job after the commit, in batches of its own (docs/decisions/621).
  return db.transaction(async (tx) => {
    if (scope.organisationId !== undefined && body.role === 'mentor') await assertOutsideQuota(tx, scope, ids.length);
    let invited = 0;
    for (let i = 0; i < ids.length; i += INVITE_INSERT_BATCH) {
      const chunk = ids.slice(i, i + INVITE_INSERT_BATCH);
      const added = await tx
        .insert(programmeParticipants)
        .values(chunk.map((userId) => ({ programmeId: row.id, userId, role: body.role })))
        .onConflictDoNothing()
        .returning({ id: programmeParticipants.id });
      invited += added.length;
    }
    if (invited > 0) await enqueue(tx, PROGRAMME_INVITE_JOB, { programmeId: row.id }, { maxAttempts: 10 });
    return { invited, alreadyInvited: ids.length - invited };
  });
}

// ---------------------------------------------------------------------------------------------------
// Matching

function pairReasons(
  mentee: ParticipantRow,
  mentor: ParticipantRow,
  menteeTopics: string[],
  mentorTopics: string[],
  mentorInfo: PersonInfo | undefined,
): MatchReason[] {
  const reasons = topicReasons(matchTopics(menteeTopics, mentorTopics), 'mentee');
  const rs = mentee.preferences.indexOf(mentor.userId);
  if (rs >= 0) reasons.unshift({ code: 'menteeRanked', mentor: mentorInfo?.name ?? null, rank: rs + 1 });
  const rm = mentor.preferences.indexOf(mentee.userId);
  if (rm >= 0) reasons.push({ code: 'mentorRanked', rank: rm + 1 });
  return reasons;
}

export async function runMatching(db: Db, id: string, scope: ProgrammeScope = PLATFORM) {
  const row = await programmeRow(db, id, scope);
  if (row.status === 'published') throw conflict(PROGRAMME_MESSAGES.alreadyPublished);
  const parts = await db
    .select()
    .from(programmeParticipants)
    .where(and(eq(programmeParticipants.programmeId, row.id), eq(programmeParticipants.status, 'joined')));
  const info = await people(
    db,
    parts.map((p) => p.userId),
  );
  // Deactivated accounts (and professionals no longer verified) are left out of the run.
  const mentees = parts.filter((p) => p.role === 'mentee' && info.get(p.userId)?.eligible);
  const mentors = parts.filter((p) => p.role === 'mentor' && info.get(p.userId)?.eligible);
  const menteeIds = new Set(mentees.map((m) => m.userId));
  const mentorIds = new Set(mentors.map((m) => m.userId));
  // Pins survive a re-run when both people are still in.
  const pinned = (
    await db
      .select()
      .from(programmePairs)
      .where(and(eq(programmePairs.programmeId, row.id), eq(programmePairs.pinned, true)))
  ).filter((p) => menteeIds.has(p.menteeId) && mentorIds.has(p.mentorId));
  const input = {
    mentees: mentees.map((m) => ({ id: m.userId, topics: topicsOf(m, info.get(m.userId)), preferences: m.preferences.filter((x) => mentorIds.has(x)) })),
    mentors: mentors.map((m) => ({
      id: m.userId,
      topics: topicsOf(m, info.get(m.userId)),
      preferences: m.preferences.filter((x) => menteeIds.has(x)),
      capacity: m.capacity ?? row.mentorCapacityDefault,
    })),
    pinned: pinned.map((p) => ({ menteeId: p.menteeId, mentorId: p.mentorId })),
  };
  const result = stableMatch(input);
  const byId = new Map(parts.map((p) => [p.userId, p]));
  const values = [...result.assignment].map(([menteeId, mentorId]) => {
    const mentee = byId.get(menteeId) as ParticipantRow;
    const mentor = byId.get(mentorId) as ParticipantRow;
    return {
      programmeId: row.id,
      menteeId,
      mentorId,
      score: result.score(mentorId, menteeId),
      reasons: pairReasons(mentee, mentor, topicsOf(mentee, info.get(menteeId)), topicsOf(mentor, info.get(mentorId)), info.get(mentorId)),
      pinned: pinned.some((p) => p.menteeId === menteeId && p.mentorId === mentorId),
    };
  });
  // Why each unmatched participant is unmatched.
  const unmatched: ProgrammeUnmatched[] = [];
  const load = new Map<string, number>();
  for (const m of result.assignment.values()) load.set(m, (load.get(m) ?? 0) + 1);
  for (const m of input.mentees) {
    if (result.assignment.has(m.id)) continue;
    const acceptable = input.mentors.filter((x) => result.acceptable(x.id, m.id));
    unmatched.push(
      acceptable.length === 0
        ? {
            userId: m.id,
            role: 'mentee',
            reason: 'no-topic-mentor',
            detail: { code: 'noMentorCovers', topics: m.topics },
          }
        : {
            userId: m.id,
            role: 'mentee',
            reason: 'mentors-full',
            detail: { code: 'mentorsFull', count: acceptable.length },
          },
    );
  }
  for (const m of input.mentors) {
    if ((load.get(m.id) ?? 0) > 0) continue;
    const wanted = input.mentees.some((x) => result.acceptable(m.id, x.id));
    unmatched.push({
      userId: m.id,
      role: 'mentor',
      reason: wanted ? 'no-demand' : 'no-topic-mentee',
      detail: wanted ? { code: 'preferredElsewhere' } : { code: 'noMenteeAsked', topics: m.topics },
    });
  }
  await db.transaction(async (tx) => {
    await lockProgramme(tx, row.id);
    await tx.delete(programmePairs).where(eq(programmePairs.programmeId, row.id));
    for (let i = 0; i < values.length; i += 500) await tx.insert(programmePairs).values(values.slice(i, i + 500));
    await tx.update(programmes).set({ status: 'matched', unmatched, matchedAt: new Date() }).where(eq(programmes.id, row.id));
  });
  return programmeDetail(db, row.id);
}

async function joined(db: Db, programmeId: string, userId: string, role: 'mentor' | 'mentee') {
  if (!isId(userId)) return null;
  const [p] = await db
    .select()
    .from(programmeParticipants)
    .where(
      and(
        eq(programmeParticipants.programmeId, programmeId),
        eq(programmeParticipants.userId, userId),
        eq(programmeParticipants.role, role),
        eq(programmeParticipants.status, 'joined'),
      ),
    );
  return p ?? null;
}

/** Assign (or re-assign) a mentee to a mentor and pin the pair, within the mentor's capacity. */
export async function setPair(db: Db, id: string, body: { menteeId: string; mentorId: string; pinned: boolean }, scope: ProgrammeScope = PLATFORM) {
  const row = await programmeRow(db, id, scope);
  if (row.status === 'published') throw conflict(PROGRAMME_MESSAGES.alreadyPublished);
  const mentee = await joined(db, row.id, body.menteeId, 'mentee');
  if (!mentee) throw badRequest(PROGRAMME_MESSAGES.notJoinedMentee);
  const mentor = await joined(db, row.id, body.mentorId, 'mentor');
  if (!mentor) throw badRequest(PROGRAMME_MESSAGES.notJoinedMentor);
  const capacity = mentor.capacity ?? row.mentorCapacityDefault;
  const info = await people(db, [mentee.userId, mentor.userId]);
  await db.transaction(async (tx) => {
    const status = await lockProgramme(tx, row.id);
    const [current] = await tx
      .select()
      .from(programmePairs)
      .where(and(eq(programmePairs.programmeId, row.id), eq(programmePairs.menteeId, mentee.userId)));
    if (current?.mentorId !== mentor.userId) {
      const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM programme_pairs WHERE programme_id = ${row.id} AND mentor_id = ${mentor.userId}`,
      );
      if (n >= capacity) throw conflict(PROGRAMME_MESSAGES.mentorFull);
    }
    const menteeTopics = topicsOf(mentee, info.get(mentee.userId));
    const mentorTopics = topicsOf(mentor, info.get(mentor.userId));
    const score = stableMatch({
      mentees: [{ id: mentee.userId, topics: menteeTopics, preferences: mentee.preferences }],
      mentors: [{ id: mentor.userId, topics: mentorTopics, preferences: mentor.preferences, capacity: 1 }],
    }).score(mentor.userId, mentee.userId);
    const values = {
      programmeId: row.id,
      menteeId: mentee.userId,
      mentorId: mentor.userId,
      score,
      reasons: pairReasons(mentee, mentor, menteeTopics, mentorTopics, info.get(mentor.userId)),
      pinned: body.pinned,
    };
    await tx
      .insert(programmePairs)
      .values(values)
      .onConflictDoUpdate({ target: [programmePairs.programmeId, programmePairs.menteeId], set: values });
    if (status === 'open') await tx.update(programmes).set({ status: 'matched', matchedAt: new Date() }).where(eq(programmes.id, row.id));
  });
  return programmeDetail(db, row.id);
}

/** Swap the mentors of two pairs; both become pinned. Mentor loads are unchanged by a swap. */
export async function swapPairs(db: Db, id: string, pairA: string, pairB: string, scope: ProgrammeScope = PLATFORM) {
  const row = await programmeRow(db, id, scope);
  if (row.status === 'published') throw conflict(PROGRAMME_MESSAGES.alreadyPublished);
  if (pairA === pairB) throw badRequest(PROGRAMME_MESSAGES.samePair);
  if (!isId(pairA) || !isId(pairB)) throw notFound('Pair');
  const swapped = await db.transaction(async (tx) => {
    await lockProgramme(tx, row.id);
    // Read the pairs under the lock: a pair changed a moment ago is swapped as it is now, so a swap
    // can never hand a mentor a mentee on top of one assigned concurrently.
    const pairs = await tx
      .select()
      .from(programmePairs)
      .where(and(eq(programmePairs.programmeId, row.id), inArray(programmePairs.id, [pairA, pairB])));
    const a = pairs.find((p) => p.id === pairA);
    const b = pairs.find((p) => p.id === pairB);
    if (!a || !b) throw notFound('Pair');
    await tx.update(programmePairs).set({ mentorId: b.mentorId, pinned: true }).where(eq(programmePairs.id, a.id));
    await tx.update(programmePairs).set({ mentorId: a.mentorId, pinned: true }).where(eq(programmePairs.id, b.id));
    return { a, b };
  });
  const { a, b } = swapped;
  // Recompute both pairs' scores and reasons (each mentor keeps their load, so capacity holds).
  await setPair(db, row.id, { menteeId: a.menteeId, mentorId: b.mentorId, pinned: true }, scope);
  return setPair(db, row.id, { menteeId: b.menteeId, mentorId: a.mentorId, pinned: true }, scope);
}

/** Every pair becomes an accepted connection (mentoring/connection_requests); both people are notified. */
export async function publish(db: Db, id: string, scope: ProgrammeScope = PLATFORM, now = new Date()) {
  const row = await programmeRow(db, id, scope);
  if (row.status === 'published') throw conflict(PROGRAMME_MESSAGES.alreadyPublished);
  const pairs = await db.select().from(programmePairs).where(eq(programmePairs.programmeId, row.id));
  if (pairs.length === 0) throw badRequest(PROGRAMME_MESSAGES.nothingToPublish);
  await db.transaction(async (tx) => {
    await lockProgramme(tx, row.id);
    // The pairs as they are under the lock (a change committed since the read above is published too).
    pairs.splice(0, pairs.length, ...(await tx.select().from(programmePairs).where(eq(programmePairs.programmeId, row.id))));
    if (pairs.length === 0) throw badRequest(PROGRAMME_MESSAGES.nothingToPublish);
    const info = await people(tx, [...new Set(pairs.flatMap((p) => [p.mentorId, p.menteeId]))]);
    // Each person told in their own language (decision 1150): one query for everyone.
    const locales = await recipientLocales(tx, pairs.flatMap((p) => [p.mentorId, p.menteeId]));
    const told: NewNotification[] = [];
    const [claimed] = await tx
      .update(programmes)
      .set({ status: 'published', publishedAt: now })
      .where(and(eq(programmes.id, row.id), sql`${programmes.status} <> 'published'`))
      .returning({ id: programmes.id });
    if (!claimed) throw conflict(PROGRAMME_MESSAGES.alreadyPublished);
    for (const p of pairs) {
      let requestId = await acceptedConnectionId(tx, p.mentorId, p.menteeId);
      // A connection the programme makes says so from its link (read in each reader's language), not in a stored sentence.
      const madeHere = !requestId;
      if (!requestId) {
        // A pending request between them becomes the accepted one (one pending per pair is a unique index).
        const [pending] = await tx
          .update(connectionRequests)
          .set({ status: 'accepted', respondedAt: now })
          .where(
            and(
              eq(connectionRequests.studentId, p.menteeId),
              eq(connectionRequests.professionalId, p.mentorId),
              eq(connectionRequests.status, 'pending'),
            ),
          )
          .returning({ id: connectionRequests.id });
        requestId = pending?.id;
      }
      if (!requestId) {
        const [created] = await tx
          .insert(connectionRequests)
          .values({
            studentId: p.menteeId,
            professionalId: p.mentorId,
            status: 'accepted',
            respondedAt: now,
          })
          .returning({ id: connectionRequests.id });
        requestId = created?.id;
      }
      if (madeHere && requestId) await tx.insert(programmeConnections).values({ connectionRequestId: requestId, programmeId: row.id }).onConflictDoNothing();
      await tx.update(programmePairs).set({ connectionRequestId: requestId ?? null }).where(eq(programmePairs.id, p.id));
      // Each side hears, in their own language, whom the programme matched them with.
      const sides = [
        { userId: p.menteeId, other: p.mentorId, role: 'mentor', title: 'notification.programme.mentorTitle', message: 'notification.programme.mentor', actionUrl: '/student/dashboard?tab=professionals', metadata: { programmeId: row.id, professionalId: p.mentorId } },
        { userId: p.mentorId, other: p.menteeId, role: 'mentee', title: 'notification.programme.menteeTitle', message: 'notification.programme.mentee', actionUrl: '/professional/dashboard', metadata: { programmeId: row.id, studentId: p.menteeId } },
      ] as const;
      for (const side of sides) {
        const t = voiceOf(locales.get(side.userId)).t;
        const name = info.get(side.other)?.name ?? t('notification.programme.someone', { role: side.role });
        told.push({
          userId: side.userId,
          type: 'connection',
          subType: 'accepted',
          title: t(side.title, { name: row.name }),
          message: t(side.message, { [side.role]: name }),
          actionUrl: side.actionUrl,
          metadata: side.metadata,
        });
      }
    }
    // One INSERT (and one pg_notify) for everyone, in batches.
    for (let i = 0; i < told.length; i += 1000) await notifyMany(tx, told.slice(i, i + 1000));
  });
  return programmeDetail(db, row.id);
}

// ---------------------------------------------------------------------------------------------------
// Participants

export async function myProgrammes(db: Db, actor: Actor): Promise<{ programmes: MyProgramme[] }> {
  const mine = await db.select().from(programmeParticipants).where(eq(programmeParticipants.userId, actor.id)).limit(100);
  if (mine.length === 0) return { programmes: [] };
  const rows = await db
    .select()
    .from(programmes)
    .where(
      inArray(
        programmes.id,
        mine.map((m) => m.programmeId),
      ),
    );
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  const out: MyProgramme[] = [];
  for (const row of rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())) {
    const me = mine.find((m) => m.programmeId === row.id) as ParticipantRow;
    const otherRole = me.role === 'mentee' ? 'mentor' : 'mentee';
    const others =
      row.status === 'published'
        ? []
        : await db
            .select()
            .from(programmeParticipants)
            .where(
              and(
                eq(programmeParticipants.programmeId, row.id),
                eq(programmeParticipants.role, otherRole),
                inArray(programmeParticipants.status, ['invited', 'joined']),
              ),
            )
            .limit(500);
    const pairs =
      row.status === 'published'
        ? await db
            .select()
            .from(programmePairs)
            .where(
              and(
                eq(programmePairs.programmeId, row.id),
                me.role === 'mentee' ? eq(programmePairs.menteeId, actor.id) : eq(programmePairs.mentorId, actor.id),
              ),
            )
        : [];
    const partnerIds = pairs.map((p) => (me.role === 'mentee' ? p.mentorId : p.menteeId));
    const info = await people(db, [actor.id, ...others.map((o) => o.userId), ...partnerIds]);
    out.push({
      programme: summary(row, counts.get(row.id)),
      participation: participantDtoOf(me, info.get(actor.id)),
      options: others.map((o) => ({ userId: o.userId, name: info.get(o.userId)?.name ?? 'Former user', topics: topicsOf(o, info.get(o.userId)) })),
      partners: partnerIds.map((pid) => ({ userId: pid, name: info.get(pid)?.name ?? 'Former user' })),
    });
  }
  return { programmes: out };
}

export async function answer(db: Db, actor: Actor, id: string, body: z.output<typeof participationBody>) {
  const row = await programmeRow(db, id);
  const [me] = await db
    .select()
    .from(programmeParticipants)
    .where(and(eq(programmeParticipants.programmeId, row.id), eq(programmeParticipants.userId, actor.id)));
  // Not invited: the programme does not exist for this person.
  if (!me) throw notFound('Programme');
  if (row.status === 'published') throw conflict(PROGRAMME_MESSAGES.closed);
  const ranked = [...new Set(body.preferences)].slice(0, MAX_RANKED);
  if (ranked.length) {
    if (ranked.some((r) => !isId(r))) throw badRequest(PROGRAMME_MESSAGES.rankedUnknown);
    const otherRole = me.role === 'mentee' ? 'mentor' : 'mentee';
    const found = await db
      .select({ userId: programmeParticipants.userId })
      .from(programmeParticipants)
      .where(
        and(
          eq(programmeParticipants.programmeId, row.id),
          eq(programmeParticipants.role, otherRole),
          inArray(programmeParticipants.userId, ranked),
        ),
      );
    if (found.length !== ranked.length) throw badRequest(PROGRAMME_MESSAGES.rankedUnknown);
  }
  const [updated] = await db
    .update(programmeParticipants)
    .set({
      status: body.status,
      topics: body.topics,
      goals: body.goals,
      preferences: ranked,
      capacity: me.role === 'mentor' ? (body.capacity ?? null) : null,
      respondedAt: new Date(),
    })
    .where(eq(programmeParticipants.id, me.id))
    .returning();
  const info = await people(db, [actor.id]);
  return { participation: participantDtoOf(updated ?? me, info.get(actor.id)) };
}

export type ParticipationInput = ParticipationBody;
