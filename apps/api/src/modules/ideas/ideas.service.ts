import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { makePagination } from '@app/shared/api';
import {
  IDEA_MESSAGES,
  type CreateIdeaBody,
  type IdeaCommentDto,
  type IdeaDto,
  type UpdateIdeaBody,
} from '@app/shared/ideas';
import type { z } from 'zod';
import type { ideaListQuery, myIdeasQuery } from '@app/shared/ideas';
import type { Db } from '../../db/client.ts';
import { ideaComments, ideaLikes, ideas } from '../../db/schema/ideas.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { CatalogueCache } from '../../lib/cache.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { queryRows } from '../../lib/sql.ts';
import { likedIdeas } from '../../lib/user-state.ts';
import { cappedCountOnce } from '../../lib/counts.ts';
import { once, param, UNNAMED } from '../../lib/prepared.ts';
import { notifyIn } from '../notifications/index.ts';
import { avatarUrl, fullName } from '../users/index.ts';
import { likePattern } from '../../lib/sql.ts';
import { isPublicIdea, selectIdeas, toIdeaDto } from './ideas.presenter.ts';

type IdeaListQuery = z.infer<typeof ideaListQuery>;
type MyIdeasQuery = z.infer<typeof myIdeasQuery>;

const publicCondition = sql`(${ideas.isPublic} AND ${ideas.status} NOT IN ('draft', 'rejected'))`;

/** The public list's statements, built once per shape (decision 640): which filters are set, and whether a viewer's likes are read. */
interface PublicIdeasShape {
  search: boolean;
  category: boolean;
  viewer: boolean;
}

const publicKey = (shape: PublicIdeasShape) => `${shape.search ? 's' : '-'}${shape.category ? 'c' : '-'}${shape.viewer ? 'v' : '-'}`;

function publicWhere(shape: PublicIdeasShape): SQL | undefined {
  const conditions: SQL[] = [publicCondition];
  if (shape.search) {
    const p = param('pattern');
    conditions.push(
      sql`(${ideas.title} ILIKE ${p} OR ${ideas.description} ILIKE ${p} OR ${ideas.category} ILIKE ${p} OR ${ideas.tags}::text ILIKE ${p})`,
    );
  }
  if (shape.category) conditions.push(sql`lower(${ideas.category}) = lower(${param('category')})`);
  return and(...conditions);
}

const publicPage = (db: Db, shape: PublicIdeasShape) =>
  once(db, `ideas.public:${publicKey(shape)}`, () =>
    selectIdeas(db, shape.viewer ? param('viewer') : null)
      .where(publicWhere(shape))
      .orderBy(desc(ideas.createdAt), desc(ideas.id))
      .limit(param('limit'))
      .offset(param('offset'))
      .prepare(UNNAMED),
  );

export async function listPublicIdeas(db: Db, actor: Actor | null, query: IdeaListQuery, cache?: CatalogueCache) {
  const search = query.search?.trim();
  const category = query.category?.trim();
  const byCategory = Boolean(category && category.toLowerCase() !== 'all');
  // Read uncached, the page carries the caller's likes (selectIdeas' EXISTS): one statement fewer (issue 13).
  // The cached page is shared, so there the likes are one query on top.
  const read = async (viewerId: string | null = null) => {
    const shape = { search: Boolean(search), category: byCategory, viewer: Boolean(viewerId) };
    const values = {
      pattern: search ? likePattern(search) : undefined,
      category: byCategory ? category : undefined,
      viewer: viewerId ?? undefined,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    };
    const countShape = { ...shape, viewer: false };
    const total = await cappedCountOnce(
      db,
      `ideas.public:${publicKey(countShape)}`,
      () => sql`${ideas}`,
      () => publicWhere(countShape),
      search ? SEARCH_COUNT_CAP : PUBLIC_COUNT_CAP,
      values,
    );
    const rows = await publicPage(db, shape).execute(values);
    return { rows, total };
  };
  // Shared page from the catalogue cache (decision 441); the caller's likes are one query on top.
  const shared = cache?.enabled ? cache : undefined;
  const { rows, total } = shared
    ? await shared.get('ideas.public', IDEA_TABLES, { search, category, page: query.page, limit: query.limit }, () => read())
    : await read(actor?.id ?? null);
  // The caller's likes: their cached own state (decision 645); a page query only past its cap.
  const liked = actor && shared ? ((await likedIdeas(db, shared, actor.id)) ?? (await likedIdeaIds(db, actor.id, rows.map((r) => r.idea.id)))) : null;
  return {
    ideas: rows.map((r) => toIdeaDto(liked ? { ...r, isLiked: liked.has(r.idea.id) } : r, actor)),
    pagination: makePagination(query.page, query.limit, total),
  };
}

/** What a public idea row is read from (selectIdeas without a viewer, cappedCount). */
const IDEA_TABLES = ['ideas', 'users', 'student_profiles'] as const;

/** Which of `ids` the user has liked: the per-user part of a shared idea list. */
async function likedIdeaIds(db: Db, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: ideaLikes.ideaId })
    .from(ideaLikes)
    .where(and(eq(ideaLikes.userId, userId), inArray(ideaLikes.ideaId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Public-list totals are exact up to this many ideas; above it, the planner's estimate (issue 7). */
export const PUBLIC_COUNT_CAP = 10_000;
/**
 * With a search term every counted row pays four ILIKEs: a broad term (16,000 of 200,000 ideas) took
 * ~500 ms to count 10,001 matches, 22.8 ms for 1,001 and 6.5 ms for 201, while the page itself takes
 * < 1 ms. Exact for the first 20 pages of results; past that, "about N" (docs/performance.md).
 */
export const SEARCH_COUNT_CAP = 200;

export async function listMyIdeas(db: Db, actor: Actor, query: MyIdeasQuery) {
  const conditions: SQL[] = [eq(ideas.authorId, actor.id)];
  if (query.status && query.status !== 'all') conditions.push(eq(ideas.status, query.status));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(ideas).where(where);
  const rows = await selectIdeas(db, actor.id)
    .where(where)
    .orderBy(desc(ideas.createdAt), desc(ideas.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { ideas: rows.map((r) => toIdeaDto(r, actor)), pagination: makePagination(query.page, query.limit, total?.n ?? 0) };
}

export async function countMyIdeas(db: Db, studentId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ideas).where(eq(ideas.authorId, studentId));
  return row?.n ?? 0;
}

/** Who may see an idea: anyone if public, its author, and admins. Anyone else gets 404. */
function canSee(idea: Parameters<typeof isPublicIdea>[0] & { authorId: string }, actor: Actor | null): boolean {
  return isPublicIdea(idea) || actor?.id === idea.authorId || actor?.role === 'admin';
}

export async function getIdea(db: Db, actor: Actor | null, id: string): Promise<IdeaDto> {
  if (!isId(id)) throw notFound('Idea');
  const [row] = await selectIdeas(db, actor?.id ?? null).where(eq(ideas.id, id));
  if (!row || !canSee(row.idea, actor)) throw notFound('Idea');
  return toIdeaDto(row, actor);
}

async function loadDto(db: Db, actor: Actor, id: string): Promise<IdeaDto> {
  const [row] = await selectIdeas(db, actor.id).where(eq(ideas.id, id));
  if (!row) throw notFound('Idea');
  return toIdeaDto(row, actor);
}

export async function createIdea(db: Db, actor: Actor, input: CreateIdeaBody): Promise<IdeaDto> {
  const draft = input.asDraft === true || input.status === 'draft';
  const [row] = await db
    .insert(ideas)
    .values({
      authorId: actor.id,
      title: input.title,
      category: input.category,
      description: input.description,
      isPublic: input.isPublic,
      tags: input.tags,
      status: draft ? 'draft' : 'under_review',
      submittedAt: draft ? null : new Date(),
    })
    .returning({ id: ideas.id });
  if (!row) throw new Error('idea insert returned nothing');
  return loadDto(db, actor, row.id);
}

/** Edit a draft (own only); `submit` moves it to under_review. Anything but a draft is read-only. */
export async function updateIdea(db: Db, actor: Actor, id: string, input: UpdateIdeaBody): Promise<IdeaDto> {
  if (!isId(id)) throw notFound('Idea');
  const [existing] = await db.select().from(ideas).where(and(eq(ideas.id, id), eq(ideas.authorId, actor.id)));
  if (!existing) throw notFound('Idea');
  if (existing.status !== 'draft') throw badRequest(IDEA_MESSAGES.onlyDrafts);
  const submit = input.submit === true || input.status === 'under_review';
  const patch: Partial<typeof ideas.$inferInsert> = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.category !== undefined) patch.category = input.category;
  if (input.description !== undefined) patch.description = input.description;
  if (input.isPublic !== undefined) patch.isPublic = input.isPublic;
  if (input.tags !== undefined) patch.tags = input.tags;
  if (submit) {
    patch.status = 'under_review';
    patch.submittedAt = new Date();
  }
  patch.updatedAt = new Date();
  // Conditional on still being a draft: a concurrent submit cannot be edited afterwards.
  const updated = await db
    .update(ideas)
    .set(patch)
    .where(and(eq(ideas.id, id), eq(ideas.authorId, actor.id), eq(ideas.status, 'draft')))
    .returning({ id: ideas.id });
  if (updated.length === 0) throw badRequest(IDEA_MESSAGES.onlyDrafts);
  return loadDto(db, actor, id);
}

/**
 * Like, unlike or toggle (no `like` given). The like row decides (insert ON CONFLICT DO NOTHING /
 * delete ... RETURNING) and the counter moves only when a row really changed, in one transaction:
 * the count always equals the number of likes, however many requests race.
 */
export async function setLike(db: Db, actor: Actor, id: string, like?: boolean): Promise<{ likesCount: number; isLiked: boolean }> {
  if (!isId(id)) throw notFound('Idea');
  return db.transaction(async (tx) => {
    const [idea] = await tx.select().from(ideas).where(eq(ideas.id, id));
    if (!idea || !canSee(idea, actor)) throw notFound('Idea');
    if (!isPublicIdea(idea)) throw badRequest(IDEA_MESSAGES.notPublic);
    const addLike = async () => {
      const inserted = await queryRows<{ idea_id: string }>(
        tx,
        sql`INSERT INTO idea_likes (idea_id, user_id) VALUES (${id}, ${actor.id}) ON CONFLICT DO NOTHING RETURNING idea_id`,
      );
      if (inserted.length > 0) await tx.execute(sql`UPDATE ideas SET likes_count = likes_count + 1 WHERE id = ${id}`);
      return inserted.length > 0;
    };
    const removeLike = async () => {
      const deleted = await queryRows<{ idea_id: string }>(
        tx,
        sql`DELETE FROM idea_likes WHERE idea_id = ${id} AND user_id = ${actor.id} RETURNING idea_id`,
      );
      if (deleted.length > 0) await tx.execute(sql`UPDATE ideas SET likes_count = likes_count - 1 WHERE id = ${id} AND likes_count > 0`);
      return deleted.length > 0;
    };
    let isLiked: boolean;
    if (like === true) {
      await addLike();
      isLiked = true;
    } else if (like === false) {
      await removeLike();
      isLiked = false;
    } else {
      isLiked = await addLike();
      if (!isLiked) await removeLike();
    }
    const [current] = await tx.select({ n: ideas.likesCount }).from(ideas).where(eq(ideas.id, id));
    return { likesCount: current?.n ?? 0, isLiked };
  });
}

/** Comments are open to students and admins on public ideas and on their own. */
async function commentableIdea(db: Db, actor: Actor, id: string) {
  if (!isId(id)) throw notFound('Idea');
  const [idea] = await db.select().from(ideas).where(eq(ideas.id, id));
  if (!idea || !canSee(idea, actor)) throw notFound('Idea');
  return idea;
}

function toCommentDto(
  row: { id: string; body: string; createdAt: Date; authorId: string; firstName: string; lastName: string; role: string; profileImageKey: string | null },
  actor: Actor,
): IdeaCommentDto {
  return {
    _id: row.id,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    isOwn: row.authorId === actor.id,
    author: { _id: row.authorId, name: fullName(row), role: row.role, profileImageUrl: avatarUrl(row.profileImageKey) },
  };
}

const commentColumns = {
  id: ideaComments.id,
  body: ideaComments.body,
  createdAt: ideaComments.createdAt,
  authorId: ideaComments.authorId,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  profileImageKey: users.profileImageKey,
};

export async function listComments(db: Db, actor: Actor, id: string) {
  const idea = await commentableIdea(db, actor, id);
  const rows = await db
    .select(commentColumns)
    .from(ideaComments)
    .innerJoin(users, eq(users.id, ideaComments.authorId))
    .where(eq(ideaComments.ideaId, id))
    .orderBy(asc(ideaComments.createdAt), asc(ideaComments.id))
    .limit(500);
  return { comments: rows.map((r) => toCommentDto(r, actor)), commentsCount: idea.commentsCount };
}

export async function addComment(db: Db, actor: Actor, id: string, body: string) {
  await commentableIdea(db, actor, id);
  return db.transaction(async (tx) => {
    const [comment] = await tx.insert(ideaComments).values({ ideaId: id, authorId: actor.id, body }).returning({ id: ideaComments.id });
    if (!comment) throw new Error('comment insert returned nothing');
    const [idea] = await tx
      .update(ideas)
      .set({ commentsCount: sql`${ideas.commentsCount} + 1` })
      .where(eq(ideas.id, id))
      .returning({ commentsCount: ideas.commentsCount, authorId: ideas.authorId, title: ideas.title });
    if (!idea) throw notFound('Idea');
    if (idea.authorId !== actor.id) {
      // In the author's language (decision 1150); the comment itself as typed.
      await notifyIn(tx, idea.authorId, ({ t }) => ({
        type: 'idea',
        subType: 'comment',
        title: t('notification.idea.commentTitle'),
        message: t('notification.idea.comment', { name: fullName(actor), title: idea.title, excerpt: body.length > 120 ? `${body.slice(0, 117)}...` : body }),
        actionUrl: `/student/dashboard?tab=my-ideas&idea=${id}`,
        metadata: { ideaId: id, commentId: comment.id },
      }));
    }
    const [row] = await tx
      .select(commentColumns)
      .from(ideaComments)
      .innerJoin(users, eq(users.id, ideaComments.authorId))
      .where(eq(ideaComments.id, comment.id));
    if (!row) throw new Error('comment vanished');
    return { comment: toCommentDto(row, actor), commentsCount: idea.commentsCount };
  });
}

