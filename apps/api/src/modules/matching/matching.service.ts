import { sql } from 'drizzle-orm';
import {
  INVITE_MESSAGES,
  MENTEE_SUGGESTIONS_LIMIT,
  MENTOR_CAPACITY_DEFAULT,
  TOPIC_SYNONYMS,
  type DismissBody,
  type MenteeSuggestion,
  type MentorCapacityData,
  type RecommendationKind,
} from '@app/shared/matching';
import { reasonText, type MatchReason, type ReasonVoice } from '@app/shared/matching-reasons';
import type { Db } from '../../db/client.ts';
import { mentorSettings, recommendationDismissals } from '../../db/schema/matching.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recipientLocale, voiceOf } from '../../lib/recipient-locale.ts';
import { notify } from '../notifications/index.ts';
import { norm, pairJitter, topicMatcher, topicReasons, topicScore } from './topics.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { queryRows } from '../../lib/sql.ts';
import { loadSql } from './recommendations.service.ts';
import { visibleToStudent } from '../workshops/index.ts';

/** Each kind's "can this student see it" check (a hidden item answers 404, as its own detail route does). */
const ITEM: Record<RecommendationKind, { what: string; exists: (id: string, studentId: string) => ReturnType<typeof sql> }> = {
  professional: {
    what: 'Professional',
    exists: (id) =>
      sql`SELECT 1 AS ok FROM users u WHERE u.id = ${id} AND u.role = 'professional' AND u.is_active AND u.is_verified`,
  },
  workshop: {
    what: 'Workshop',
    exists: (id, studentId) =>
      sql`SELECT 1 AS ok FROM workshops WHERE id = ${id} AND status <> 'draft' AND ${visibleToStudent(sql`workshops.organisation_id`, studentId)}`,
  },
  'rd-project': {
    what: 'R&D project',
    exists: (id) => sql`SELECT 1 AS ok FROM rd_projects WHERE id = ${id} AND visibility = 'public' AND status <> 'draft'`,
  },
};

/** "Not interested": idempotent; an item the student cannot see answers 404. */
export async function dismiss(db: Db, actor: Actor, body: DismissBody) {
  const item = ITEM[body.kind];
  if (!isId(body.itemId)) throw notFound(item.what);
  const found = await queryRows<{ ok: number }>(db, item.exists(body.itemId, actor.id));
  if (found.length === 0) throw notFound(item.what);
  await db
    .insert(recommendationDismissals)
    .values({ studentId: actor.id, kind: body.kind, itemId: body.itemId })
    .onConflictDoNothing();
  return { kind: body.kind, itemId: body.itemId };
}

/** Undo a dismissal (the "Undo" of the toast). Not dismissed answers 404. */
export async function undismiss(db: Db, actor: Actor, body: DismissBody) {
  const rows = await queryRows<{ item_id: string }>(
    db,
    sql`DELETE FROM recommendation_dismissals WHERE student_id = ${actor.id} AND kind = ${body.kind} AND item_id = ${body.itemId}
        RETURNING item_id`,
  );
  if (rows.length === 0) throw notFound('Dismissed recommendation');
  return { kind: body.kind, itemId: body.itemId };
}

export async function getCapacity(db: Db, actor: Actor, now = new Date()): Promise<MentorCapacityData> {
  const [row] = await queryRows<{ max_mentees: number | null; open_requests: number; load: number }>(
    db,
    sql`SELECT (SELECT max_mentees FROM mentor_settings WHERE professional_id = ${actor.id}) AS max_mentees,
               (SELECT count(*)::int FROM connection_requests WHERE professional_id = ${actor.id} AND status = 'pending') AS open_requests,
               ${loadSql(actor.id, now)} AS load`,
  );
  const maxMentees = row?.max_mentees ?? MENTOR_CAPACITY_DEFAULT;
  const openRequests = row?.open_requests ?? 0;
  const load = row?.load ?? 0;
  return {
    maxMentees,
    isDefault: row?.max_mentees === null || row?.max_mentees === undefined,
    openRequests,
    activeMentees: load - openRequests,
    atCapacity: load >= maxMentees,
  };
}

export async function setCapacity(db: Db, actor: Actor, maxMentees: number, now = new Date()) {
  await db
    .insert(mentorSettings)
    .values({ professionalId: actor.id, maxMentees })
    .onConflictDoUpdate({ target: mentorSettings.professionalId, set: { maxMentees, updatedAt: new Date() } });
  return getCapacity(db, actor, now);
}

// ---------------------------------------------------------------------------------------------------
// Professionals: students who might benefit, and an invitation to connect

const shortName = (first: string, last: string) => `${first}${last ? ` ${last.slice(0, 1)}.` : ''}`;

async function professionalTopics(db: Db, proId: string): Promise<string[]> {
  const [row] = await queryRows<{ expertise: string; specializations: string[]; skills: string[] }>(
    db,
    sql`SELECT expertise, specializations, skills FROM professional_profiles WHERE user_id = ${proId}`,
  );
  if (!row) return [];
  return [row.expertise, ...(row.specializations ?? []), ...(row.skills ?? [])].filter((t) => typeof t === 'string' && t.trim());
}

/** Students who have not contacted anyone yet and whose interests or course meet this professional's topics. */
export async function menteeSuggestions(db: Db, actor: Actor, voice: ReasonVoice): Promise<MenteeSuggestion[]> {
  const topics = await professionalTopics(db, actor.id);
  const terms = new Set<string>();
  for (const t of topics) {
    const n = norm(t);
    terms.add(n);
    for (const s of TOPIC_SYNONYMS[n] ?? []) terms.add(s);
  }
  for (const [k, v] of Object.entries(TOPIC_SYNONYMS)) if (v.some((x) => terms.has(x))) terms.add(k);
  if (terms.size === 0) return [];
  const termJson = JSON.stringify([...terms]);
  const rows = await queryRows<{ id: string; first_name: string; last_name: string; university: string; course: string; year: number; interests: string[] }>(
    db,
    sql`SELECT u.id, u.first_name, u.last_name, sp.university, sp.course, sp.year, sp.interests
        FROM student_profiles sp JOIN users u ON u.id = sp.user_id
        WHERE u.is_active
          AND (lower(sp.course) IN (SELECT jsonb_array_elements_text(${termJson}::jsonb))
               OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(sp.interests) i
                          WHERE lower(i) IN (SELECT jsonb_array_elements_text(${termJson}::jsonb))))
          AND NOT EXISTS (SELECT 1 FROM connection_requests r WHERE r.student_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM privacy_consents pc WHERE pc.user_id = u.id AND pc.purpose = 'matching' AND NOT pc.granted)
          AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = u.id AND n.sub_type = 'mentor-invite'
                          AND n.metadata ->> 'professionalId' = ${actor.id})
        ORDER BY u.created_at DESC, u.id
        LIMIT 200`,
  );
  const scored = rows.map((r) => {
    const m = topicMatcher([...(r.interests ?? []), r.course])(topics);
    const reasons: MatchReason[] = [...topicReasons(m, 'theirs'), { code: 'noMentorYet' }];
    return { r, score: topicScore(m) + pairJitter(actor.id, r.id) * 0.5, reasons };
  });
  scored.sort((a, b) => b.score - a.score || (a.r.id < b.r.id ? -1 : 1));
  return scored.slice(0, MENTEE_SUGGESTIONS_LIMIT).map(({ r, reasons }) => ({
    id: r.id,
    name: shortName(r.first_name, r.last_name),
    university: r.university,
    course: r.course,
    year: r.year,
    reasons: reasons.map((reason) => reasonText(voice, reason)),
  }));
}

/** Invite a suggested student to connect: a notification linking to the professional's profile. */
export async function inviteStudent(db: Db, actor: Actor, studentId: string, now = new Date()) {
  if (!isId(studentId)) throw notFound('Student');
  const capacity = await getCapacity(db, actor, now);
  if (capacity.atCapacity) throw conflict(INVITE_MESSAGES.full);
  const [student] = await queryRows<{ id: string }>(
    db,
    sql`SELECT u.id FROM users u WHERE u.id = ${studentId} AND u.role = 'student' AND u.is_active
          AND NOT EXISTS (SELECT 1 FROM connection_requests r WHERE r.student_id = u.id AND r.professional_id = ${actor.id})`,
  );
  if (!student) throw notFound('Student');
  return db.transaction(async (tx) => {
    // One invitation per professional and student (the notification is the record).
    await queryRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${`mentor-invite:${actor.id}:${studentId}`}))`);
    const existing = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM notifications WHERE user_id = ${studentId} AND sub_type = 'mentor-invite' AND metadata ->> 'professionalId' = ${actor.id} LIMIT 1`,
    );
    if (existing.length) throw conflict(INVITE_MESSAGES.already);
    const name = `${actor.firstName} ${actor.lastName}`.trim();
    // In the student's language (decision 1150).
    const { t } = voiceOf(await recipientLocale(tx, studentId));
    await notify(tx, {
      userId: studentId,
      type: 'connection',
      subType: 'mentor-invite',
      title: t('notification.matching.inviteTitle', { name }),
      message: t('notification.matching.invite', { name }),
      actionUrl: `/student/dashboard?tab=professionals&professional=${actor.id}`,
      metadata: { professionalId: actor.id },
    });
    return { studentId };
  });
}
