import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  IDEA_REVIEW_MESSAGES,
  totalScoreOf,
  type AdminIdeaDto,
  type AdminIdeaQuery,
  type IdeaReviewBody,
} from '@app/shared/admin';
import { makePagination } from '@app/shared/api';
import type { IDEA_STATUSES } from '@app/shared/ideas';
import type { Db } from '../../db/client.ts';
import { ideas, type ImplementationDetails } from '../../db/schema/ideas.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { ADMIN_COUNT_CAP, cappedCount } from '../../lib/counts.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { notify } from '../notifications/index.ts';
import { selectIdeas, toIdeaDto, type IdeaWithPeople } from './ideas.presenter.ts';
import { extend } from '../../lib/dto.ts';
import { likePattern } from '../../lib/sql.ts';
import { recipientLocale, voiceOf } from '../../lib/recipient-locale.ts';

/** An idea's status as the catalogue's messages choose by it. */
const IDEA_STATUS_KEYS: Record<(typeof IDEA_STATUSES)[number], string> = {
  draft: 'draft',
  under_review: 'underReview',
  approved: 'approved',
  rejected: 'rejected',
  shortlisted: 'shortlisted',
  implemented: 'implemented',
  revision_required: 'revisionRequired',
};


/** Admins see every submitted idea; a student's draft stays private. */
export function adminIdeaFilter(query: { search?: string; status?: string; category?: string }): SQL | undefined {
  const conditions: SQL[] = [ne(ideas.status, 'draft')];
  const search = query.search?.trim();
  if (search) {
    const p = likePattern(search);
    // Ideas matching by their own text (trigram indexes) united with the ideas of matching authors (trigram
    // indexes on users, migration 0013): an OR across the join would test every idea row by row (issue 13).
    conditions.push(sql`${ideas.id} IN (
      SELECT i.id FROM ${ideas} i WHERE i.title ILIKE ${p} OR i.description ILIKE ${p} OR i.tags::text ILIKE ${p}
      UNION
      SELECT i.id FROM ${ideas} i JOIN ${users} u ON u.id = i.author_id
        WHERE (u.first_name || ' ' || u.last_name) ILIKE ${p} OR u.email ILIKE ${p})`);
  }
  if (query.status && query.status !== 'all') conditions.push(sql`${ideas.status} = ${query.status}`);
  const category = query.category?.trim();
  if (category && category.toLowerCase() !== 'all') conditions.push(sql`lower(${ideas.category}) = lower(${category})`);
  return and(...conditions);
}

async function emailsOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.email]));
}

function toAdminIdea(row: IdeaWithPeople, admin: Actor, emails: Map<string, string>): AdminIdeaDto {
  const dto = toIdeaDto(row, { id: admin.id, role: 'admin' });
  return extend(dto, { submittedBy: dto.submittedBy ? { ...dto.submittedBy, email: emails.get(row.idea.authorId) ?? '' } : null });
}

export async function listIdeasForAdmin(db: Db, admin: Actor, query: AdminIdeaQuery) {
  const where = adminIdeaFilter(query);
  // The filter reads only `ideas` (authors through a subquery): the count needs no join, and past
  // ADMIN_COUNT_CAP it is the planner's estimate (issue 13). The page walks ideas_admin_order_idx or
  // ideas_admin_status_category_idx (migration 0013) and stops after the page.
  const total = await cappedCount(db, sql`${ideas}`, where, ADMIN_COUNT_CAP);
  const rows = await selectIdeas(db, admin.id)
    .where(where)
    .orderBy(desc(sql`coalesce(${ideas.submittedAt}, ${ideas.createdAt})`), desc(ideas.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const emails = await emailsOf(db, [...new Set(rows.map((r) => r.idea.authorId))]);
  return {
    ideas: rows.map((r) => toAdminIdea(r, admin, emails)),
    pagination: makePagination(query.page, query.limit, total),
  };
}

async function getIdea(db: Db, admin: Actor, id: string): Promise<AdminIdeaDto> {
  const [row] = await selectIdeas(db, admin.id).where(and(eq(ideas.id, id), ne(ideas.status, 'draft')));
  if (!row) throw notFound('Idea');
  return toAdminIdea(row, admin, await emailsOf(db, [row.idea.authorId]));
}

/** Statuses a review may start from (docs/decisions/202): waiting, or shortlisted for a final decision. */
const REVIEWABLE = ['under_review', 'shortlisted', 'revision_required'] as const;

/**
 * Review an idea. Scores exist only for approved/shortlisted; the total is their mean when all three are
 * given. Feedback reaches the student, review notes stay internal. The update is conditional on a
 * reviewable status, so two admins racing cannot both notify the student.
 */
export async function reviewIdea(db: Db, admin: Actor, id: string, input: IdeaReviewBody): Promise<AdminIdeaDto> {
  if (!isId(id)) throw notFound('Idea');
  const scored = input.status === 'approved' || input.status === 'shortlisted';
  const d = input.implementationDetails;
  const details: ImplementationDetails = {};
  if (scored && d?.feasibilityScore !== undefined) details.feasibilityScore = d.feasibilityScore;
  if (scored && d?.impactScore !== undefined) details.impactScore = d.impactScore;
  if (scored && d?.innovationScore !== undefined) details.innovationScore = d.innovationScore;
  if (d?.estimatedTimeToImplement) details.estimatedTimeToImplement = d.estimatedTimeToImplement;
  if (d?.resourcesRequired?.length) details.resourcesRequired = d.resourcesRequired;
  if (d?.potentialPartners?.length) details.potentialPartners = d.potentialPartners;
  const totalScore = scored ? totalScoreOf(details) : null;

  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(ideas)
      .where(and(eq(ideas.id, id), ne(ideas.status, 'draft')));
    if (!before) throw notFound('Idea');
    const [after] = await tx
      .update(ideas)
      .set({
        status: input.status,
        feedback: input.feedback || null,
        reviewNotes: input.reviewNotes || null,
        implementationDetails: Object.keys(details).length > 0 ? details : null,
        totalScore,
        reviewedBy: admin.id,
        reviewedAt: new Date(),
      })
      .where(and(eq(ideas.id, id), inArray(ideas.status, [...REVIEWABLE])))
      .returning();
    if (!after) throw conflict(IDEA_REVIEW_MESSAGES.alreadyReviewed);
    // In the author's language (decision 1060), not the reviewer's.
    const { t } = voiceOf(await recipientLocale(tx, before.authorId));
    const status = IDEA_STATUS_KEYS[input.status];
    await notify(tx, {
      userId: before.authorId,
      type: 'idea',
      subType: input.status === 'rejected' ? 'rejected' : 'approved',
      title: t('notification.idea.reviewedTitle', { status }),
      message: input.feedback ? t('notification.idea.feedback', { title: before.title, feedback: input.feedback }) : t('notification.idea.reviewed', { title: before.title, status }),
      actionUrl: '/student/dashboard?tab=ideas',
      priority: 'normal',
      metadata: { ideaId: id, status: input.status },
    });
    await audit(tx, admin.id, 'review', 'idea', id, before, after);
  });
  return getIdea(db, admin, id);
}
