import { sql } from 'drizzle-orm';
import { MENTOR_CAPACITY_DEFAULT, type DismissBody, type MentorCapacityData, type RecommendationKind } from '@app/shared/matching';
import type { Db } from '../../db/client.ts';
import { mentorSettings, recommendationDismissals } from '../../db/schema/matching.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { queryRows } from '../../lib/sql.ts';
import { loadSql } from './recommendations.service.ts';

const ITEM: Record<RecommendationKind, { what: string; exists: (id: string) => ReturnType<typeof sql> }> = {
  professional: {
    what: 'Professional',
    exists: (id) =>
      sql`SELECT 1 AS ok FROM users u WHERE u.id = ${id} AND u.role = 'professional' AND u.is_active AND u.is_verified`,
  },
  workshop: { what: 'Workshop', exists: (id) => sql`SELECT 1 AS ok FROM workshops WHERE id = ${id} AND status <> 'draft'` },
  'rd-project': {
    what: 'R&D project',
    exists: (id) => sql`SELECT 1 AS ok FROM rd_projects WHERE id = ${id} AND visibility = 'public' AND status <> 'draft'`,
  },
};

/** "Not interested": idempotent; an item the student cannot see answers 404. */
export async function dismiss(db: Db, actor: Actor, body: DismissBody) {
  const item = ITEM[body.kind];
  if (!isId(body.itemId)) throw notFound(item.what);
  const found = await queryRows<{ ok: number }>(db, item.exists(body.itemId));
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
