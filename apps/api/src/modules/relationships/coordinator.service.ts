import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_CADENCE_DAYS,
  NUDGE_INTERVAL_DAYS,
  RELATIONSHIP_MESSAGES as M,
  type OutcomeSettings,
  type PairHealthDto,
  type ProgrammePairsHealth,
} from '@app/shared/relationships';
import { OUTCOME_MESSAGES } from '@app/shared/outcomes';
import type { Db } from '../../db/client.ts';
import { programmeConnections, programmePairs, programmeParticipants, programmes } from '../../db/schema/matching.ts';
import { connectionRequests } from '../../db/schema/mentoring.ts';
import { acceptedConnectionId } from '../mentoring/index.ts';
import { programmeClosures } from '../../db/schema/outcomes.ts';
import { programmeOutcomeSettings, relationshipNudges, relationships } from '../../db/schema/relationships.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { recipientLocales, voiceOf } from '../../lib/recipient-locale.ts';
import { queryRows } from '../../lib/sql.ts';
import { notifyMany, type NewNotification } from '../notifications/index.ts';
import { stableMatch } from '../programmes/index.ts';
import { computeHealth, HEALTH_ORDER } from './health.ts';
import { agreementDtoOf, factsOf, syncRelationships, type RelationshipRow } from './relationships.service.ts';

/** Who coordinates: a platform admin (every programme) or a university admin (their own, decision 622). */
export interface CoordinatorScope {
  organisationId?: string;
  actorId: string;
}

const DAY = 86_400_000;
const CLOSED_MESSAGE = OUTCOME_MESSAGES.alreadyClosed;
const DEFAULTS: OutcomeSettings = { agreementVisibleToCoordinator: false, autoNudge: true, defaultCadenceDays: DEFAULT_CADENCE_DAYS };

async function programmeOf(db: Db, id: string, scope: CoordinatorScope) {
  if (!isId(id)) throw notFound('Programme');
  const [row] = await db.select().from(programmes).where(eq(programmes.id, id));
  if (!row || (scope.organisationId !== undefined && row.organisationId !== scope.organisationId)) throw notFound('Programme');
  return row;
}

export async function settingsOf(db: Db, programmeId: string): Promise<OutcomeSettings> {
  const [row] = await db.select().from(programmeOutcomeSettings).where(eq(programmeOutcomeSettings.programmeId, programmeId));
  return row ? { agreementVisibleToCoordinator: row.agreementVisibleToCoordinator, autoNudge: row.autoNudge, defaultCadenceDays: row.defaultCadenceDays } : DEFAULTS;
}

export async function saveSettings(db: Db, programmeId: string, body: OutcomeSettings, scope: CoordinatorScope): Promise<ProgrammePairsHealth> {
  const p = await programmeOf(db, programmeId, scope);
  // A closed programme is read-only (decision 930).
  const [closed] = await db.select({ at: programmeClosures.closedAt }).from(programmeClosures).where(eq(programmeClosures.programmeId, p.id));
  if (closed) throw conflict(CLOSED_MESSAGE);
  await db
    .insert(programmeOutcomeSettings)
    .values({ programmeId: p.id, ...body })
    .onConflictDoUpdate({ target: programmeOutcomeSettings.programmeId, set: { ...body, updatedAt: new Date() } });
  return pairsHealth(db, programmeId, scope, new Date());
}

async function lastNudges(db: Db, ids: string[]): Promise<Map<string, Date>> {
  const out = new Map<string, Date>();
  if (ids.length === 0) return out;
  const rows = await queryRows<{ relationship_id: string; at: Date | string }>(
    db,
    sql`SELECT relationship_id, max(created_at) AS at FROM relationship_nudges WHERE relationship_id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) GROUP BY relationship_id`,
  );
  for (const r of rows) out.set(r.relationship_id, new Date(r.at));
  return out;
}

/** The coordinator's list: every pair of the programme (history included), worst health first, with the reason. */
export async function pairsHealth(db: Db, programmeId: string, scope: CoordinatorScope, now: Date): Promise<ProgrammePairsHealth> {
  const p = await programmeOf(db, programmeId, scope);
  await syncRelationships(db, { programmeId: p.id });
  const settings = await settingsOf(db, p.id);
  const rows = await db.select().from(relationships).where(eq(relationships.programmeId, p.id)).limit(5000);
  const facts = await factsOf(db, rows, now, new Map([[p.id, settings.defaultCadenceDays]]));
  const nudges = await lastNudges(
    db,
    rows.map((r) => r.id),
  );
  const people = await queryRows<{ id: string; name: string }>(
    db,
    rows.length
      ? sql`SELECT id, trim(first_name || ' ' || last_name) AS name FROM users WHERE id IN (${sql.join(
          [...new Set(rows.flatMap((r) => [r.mentorId, r.menteeId]))].map((i) => sql`${i}`),
          sql`, `,
        )})`
      : sql`SELECT id, first_name AS name FROM users WHERE false`,
  );
  const nameOf = new Map(people.map((x) => [x.id, x.name]));
  const pairs: PairHealthDto[] = rows.map((r) => {
    const f = facts.get(r.id);
    if (!f) throw new Error('facts missing');
    return {
      relationshipId: r.id,
      mentor: { id: r.mentorId, name: nameOf.get(r.mentorId) ?? 'Former user' },
      mentee: { id: r.menteeId, name: nameOf.get(r.menteeId) ?? 'Former user' },
      status: r.status,
      hasAgreement: !!f.agreement,
      // The agreement's text only when the programme says so (decision 860); otherwise whether it exists.
      agreement: f.agreement && settings.agreementVisibleToCoordinator ? agreementDtoOf(f.agreement) : null,
      health: computeHealth(f.facts, now),
      totals: f.totals,
      lastNudgedAt: nudges.get(r.id)?.toISOString() ?? null,
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      endedReason: r.endedReason,
    };
  });
  pairs.sort((a, b) => HEALTH_ORDER[a.health.state] - HEALTH_ORDER[b.health.state] || (b.health.daysSinceLastMeeting ?? 0) - (a.health.daysSinceLastMeeting ?? 0));
  return { settings, pairs };
}

async function pairOf(db: Db, programmeId: string, relationshipId: string, scope: CoordinatorScope): Promise<RelationshipRow> {
  const p = await programmeOf(db, programmeId, scope);
  if (!isId(relationshipId)) throw notFound('Pair');
  const [r] = await db
    .select()
    .from(relationships)
    .where(and(eq(relationships.id, relationshipId), eq(relationships.programmeId, p.id)));
  if (!r) throw notFound('Pair');
  return r;
}

/**
 * Nudge both people of a pair, at most once per NUDGE_INTERVAL_DAYS. The relationship row is locked
 * while the last nudge is read and the new one written, so two coordinators (or the automatic sweep
 * in two processes) never both nudge. Returns null when a nudge was sent too recently.
 */
async function nudgeOnce(db: Db, r: RelationshipRow, now: Date, by: string | null, programmeName: string): Promise<Date | null> {
  return db.transaction(async (tx) => {
    const [locked] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM relationships WHERE id = ${r.id} FOR UPDATE`);
    if (!locked || locked.status !== 'active') throw conflict(M.ended);
    const since = new Date(now.getTime() - NUDGE_INTERVAL_DAYS * DAY).toISOString();
    const [recent] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM relationship_nudges WHERE relationship_id = ${r.id} AND created_at > ${since}::timestamptz LIMIT 1`);
    if (recent) return null;
    await tx.insert(relationshipNudges).values({ id: newId(), relationshipId: r.id, sentBy: by, automatic: by === null, createdAt: now });
    const url = `/relationships?pair=${r.id}`;
    // Each of the two in their own language (decision 1150).
    const locales = await recipientLocales(tx, [r.mentorId, r.menteeId]);
    const told: NewNotification[] = [r.mentorId, r.menteeId].map((userId) => ({
      userId,
      type: 'connection',
      subType: 'nudge',
      title: voiceOf(locales.get(userId)).t('notification.relationship.nudgeTitle', { programme: programmeName }),
      message: voiceOf(locales.get(userId)).t('notification.relationship.nudge'),
      actionUrl: url,
      metadata: { relationshipId: r.id },
    }));
    await notifyMany(tx, told);
    return now;
  });
}

export async function nudge(db: Db, programmeId: string, relationshipId: string, scope: CoordinatorScope, now: Date) {
  const r = await pairOf(db, programmeId, relationshipId, scope);
  const [p] = await db.select({ name: programmes.name }).from(programmes).where(eq(programmes.id, programmeId));
  const at = await nudgeOnce(db, r, now, scope.actorId, p?.name ?? '');
  if (!at) throw conflict(M.nudgedRecently);
  return { nudgedAt: at.toISOString() };
}

/**
 * The automatic nudge (a scheduled task, exactly once per slot across processes; nudgeOnce's lock makes a
 * second run in the same week a no-op anyway): every active pair of a published programme with automatic
 * nudges on whose last meeting (or start) is older than its cadence.
 */
export async function autoNudgeQuietPairs(db: Db, now: Date): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT r.id FROM relationships r
        JOIN programmes p ON p.id = r.programme_id AND p.status = 'published'
        LEFT JOIN programme_outcome_settings s ON s.programme_id = p.id
        WHERE r.status = 'active' AND coalesce(s.auto_nudge, true)
        LIMIT 20000`,
  );
  if (rows.length === 0) return 0;
  let sent = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const ids = rows.slice(i, i + 500).map((x) => x.id);
    const batch = await db.select().from(relationships).where(sql`${relationships.id} IN (${sql.join(ids.map((x) => sql`${x}`), sql`, `)})`);
    const progIds = [...new Set(batch.map((b) => b.programmeId).filter((x): x is string => !!x))];
    const cad = new Map<string, number>();
    const names = new Map<string, string>();
    for (const pid of progIds) {
      cad.set(pid, (await settingsOf(db, pid)).defaultCadenceDays);
      const [p] = await db.select({ name: programmes.name }).from(programmes).where(eq(programmes.id, pid));
      names.set(pid, p?.name ?? '');
    }
    const facts = await factsOf(db, batch, now, cad);
    for (const r of batch) {
      const f = facts.get(r.id);
      if (!f) continue;
      const health = computeHealth(f.facts, now);
      const quiet = health.reasons.some((x) => x.code === 'noMeeting' || x.code === 'noMeetingYet');
      if (!quiet) continue;
      if (await nudgeOnce(db, r, now, null, names.get(r.programmeId ?? '') ?? '')) sent++;
    }
  }
  return sent;
}

// ---------------------------------------------------------------------------------------------------
// Rematch

async function mentorLoads(db: Db, programmeId: string, defaultCapacity: number) {
  return queryRows<{ user_id: string; name: string; topics: string[]; preferences: string[]; capacity: number; load: number }>(
    db,
    sql`SELECT x.user_id, trim(u.first_name || ' ' || u.last_name) AS name, x.topics, x.preferences,
               coalesce(x.capacity, ${defaultCapacity})::int AS capacity,
               (SELECT count(*)::int FROM relationships r WHERE r.programme_id = x.programme_id AND r.mentor_id = x.user_id AND r.status = 'active') AS load
        FROM programme_participants x JOIN users u ON u.id = x.user_id AND u.is_active
        WHERE x.programme_id = ${programmeId} AND x.role = 'mentor' AND x.status = 'joined'`,
  );
}

/** New mentors for the pair's student, from the matching engine's score: joined mentors with a free place, best first. */
export async function rematchProposals(db: Db, programmeId: string, relationshipId: string, scope: CoordinatorScope) {
  const r = await pairOf(db, programmeId, relationshipId, scope);
  if (r.kind !== 'programme') throw badRequest(M.notProgrammePair);
  const [p] = await db.select().from(programmes).where(eq(programmes.id, programmeId));
  const mentors = (await mentorLoads(db, programmeId, p?.mentorCapacityDefault ?? 3)).filter((m) => m.user_id !== r.mentorId && m.load < m.capacity);
  const [mentee] = await db
    .select()
    .from(programmeParticipants)
    .where(and(eq(programmeParticipants.programmeId, programmeId), eq(programmeParticipants.userId, r.menteeId)));
  const match = stableMatch({
    mentees: [{ id: r.menteeId, topics: mentee?.topics ?? [], preferences: mentee?.preferences ?? [] }],
    mentors: mentors.map((m) => ({ id: m.user_id, topics: m.topics, preferences: m.preferences, capacity: 1 })),
  });
  const proposals = mentors
    .map((m) => ({ mentorId: m.user_id, name: m.name, score: Math.round(match.score(m.user_id, r.menteeId) * 100) / 100, freePlaces: m.capacity - m.load }))
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, 10);
  return { proposals };
}

/**
 * End the pair kindly (both read the reason), pair the student with the chosen mentor (the programme
 * pair changes mentor, a new relationship starts), keep the old relationship as history.
 */
export async function rematch(db: Db, programmeId: string, relationshipId: string, body: { reason: string; mentorId: string }, scope: CoordinatorScope, now: Date) {
  const r = await pairOf(db, programmeId, relationshipId, scope);
  if (r.kind !== 'programme' || !r.pairId) throw badRequest(M.notProgrammePair);
  if (!isId(body.mentorId) || body.mentorId === r.mentorId) throw badRequest(M.mentorNotAvailable);
  const [p] = await db.select().from(programmes).where(eq(programmes.id, programmeId));
  if (!p) throw notFound('Programme');
  const pairId = r.pairId;
  const newId_ = await db.transaction(async (tx) => {
    const [locked] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM relationships WHERE id = ${r.id} FOR UPDATE`);
    if (!locked || locked.status !== 'active') throw conflict(M.ended);
    // Mentor loads are counted under the programme's lock (the programmes module takes the same one).
    await queryRows(tx, sql`SELECT id FROM programmes WHERE id = ${programmeId} FOR UPDATE`);
    const mentor = (await mentorLoads(tx, programmeId, p.mentorCapacityDefault)).find((m) => m.user_id === body.mentorId);
    if (!mentor || mentor.load >= mentor.capacity) throw badRequest(M.mentorNotAvailable);
    await tx.update(relationships).set({ status: 'ended', endedAt: now, endedReason: body.reason, endedBy: scope.actorId }).where(eq(relationships.id, r.id));
    let connId = await acceptedConnectionId(tx, body.mentorId, r.menteeId);
    if (!connId) {
      const [conn] = await tx
        .insert(connectionRequests)
        .values({ studentId: r.menteeId, professionalId: body.mentorId, status: 'accepted', respondedAt: now })
        .returning({ id: connectionRequests.id });
      connId = conn?.id;
      // "Matched in <programme>" comes from this link, in each reader's language (decision 1261).
      if (connId) await tx.insert(programmeConnections).values({ connectionRequestId: connId, programmeId });
    }
    await tx.update(programmePairs).set({ mentorId: body.mentorId, pinned: true, connectionRequestId: connId ?? null }).where(eq(programmePairs.id, pairId));
    const [created] = await tx
      .insert(relationships)
      .values({ id: newId(), kind: 'programme', programmeId, pairId, mentorId: body.mentorId, menteeId: r.menteeId, startedAt: now })
      .returning({ id: relationships.id });
    if (!created) throw new Error('relationship insert returned nothing');
    const locales = await recipientLocales(tx, [r.mentorId, r.menteeId, body.mentorId]);
    const tFor = (userId: string) => voiceOf(locales.get(userId)).t;
    await notifyMany(tx, [
      {
        userId: r.mentorId,
        type: 'connection',
        subType: 'ended',
        title: tFor(r.mentorId)('notification.relationship.endedTitle', { programme: p.name }),
        message: tFor(r.mentorId)('notification.relationship.ended', { reason: body.reason }),
        actionUrl: `/relationships?pair=${r.id}`,
      },
      {
        userId: r.menteeId,
        type: 'connection',
        subType: 'accepted',
        title: tFor(r.menteeId)('notification.relationship.newMentorTitle', { programme: p.name }),
        message: tFor(r.menteeId)('notification.relationship.newMentor', { name: mentor.name, reason: body.reason }),
        actionUrl: `/relationships?pair=${created.id}`,
      },
      {
        userId: body.mentorId,
        type: 'connection',
        subType: 'accepted',
        title: tFor(body.mentorId)('notification.programme.menteeTitle', { name: p.name }),
        message: tFor(body.mentorId)('notification.relationship.newMentee'),
        actionUrl: `/relationships?pair=${created.id}`,
      },
    ]);
    return created.id;
  });
  return { relationshipId: newId_, pairs: await pairsHealth(db, programmeId, scope, now) };
}
