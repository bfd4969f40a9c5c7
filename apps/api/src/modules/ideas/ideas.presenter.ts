import { and, eq, exists, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { IdeaDto } from '@app/shared/ideas';
import type { Role } from '@app/shared/roles';
import type { Db } from '../../db/client.ts';
import { ideaLikes, ideas } from '../../db/schema/ideas.ts';
import { studentProfiles, users } from '../../db/schema/users.ts';
import { fullName } from '../users/index.ts';
import { isoOf } from '../../lib/dto.ts';

export type IdeaRow = typeof ideas.$inferSelect;

export interface IdeaWithPeople {
  idea: IdeaRow;
  author: { id: string; firstName: string; lastName: string; university: string | null; course: string | null; year: number | null };
  reviewer: { id: string | null; firstName: string | null; lastName: string | null } | null;
  isLiked: boolean;
}

const reviewers = alias(users, 'reviewers');

/**
 * Select ideas with author, reviewer and whether `viewerId` liked each one:
 * `selectIdeas(db, viewerId).where(...)`. The viewer may be a placeholder (a statement built once, decision 640).
 */
export function selectIdeas(db: Db, viewerId: string | Placeholder | null) {
  const liked: SQL<boolean> = viewerId
    ? sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(ideaLikes)
          .where(and(eq(ideaLikes.ideaId, ideas.id), eq(ideaLikes.userId, viewerId))),
      )}`
    : sql<boolean>`false`;
  return db
    .select({
      idea: ideas,
      author: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        university: studentProfiles.university,
        course: studentProfiles.course,
        year: studentProfiles.year,
      },
      reviewer: { id: reviewers.id, firstName: reviewers.firstName, lastName: reviewers.lastName },
      isLiked: liked.as('is_liked'),
    })
    .from(ideas)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, ideas.authorId))
    .leftJoin(reviewers, eq(reviewers.id, ideas.reviewedBy));
}

export interface IdeaViewer {
  id: string;
  role: Role;
}

/** Public to everyone: listed and not a draft or rejected (PRODUCT.md "Public ideas"). */
export function isPublicIdea(idea: Pick<IdeaRow, 'isPublic' | 'status'>): boolean {
  return idea.isPublic && idea.status !== 'draft' && idea.status !== 'rejected';
}

/**
 * The one shape an idea leaves the server in. Review feedback only for its author and admins;
 * review notes are internal (spec 001 §3): admins only.
 */
export function toIdeaDto(row: IdeaWithPeople, viewer: IdeaViewer | null): IdeaDto {
  const { idea, author } = row;
  const isOwn = viewer?.id === idea.authorId;
  const privileged = isOwn || viewer?.role === 'admin';
  const reviewer = row.reviewer?.id ? row.reviewer : null;
  return {
    _id: idea.id,
    id: idea.id,
    title: idea.title,
    description: idea.description,
    category: idea.category,
    status: idea.status,
    isPublic: idea.isPublic,
    tags: idea.tags,
    likes: idea.likesCount,
    likesCount: idea.likesCount,
    commentsCount: idea.commentsCount,
    isLiked: Boolean(row.isLiked),
    isOwn,
    author: fullName(author),
    university: author.university,
    submittedBy: {
      _id: author.id,
      firstName: author.firstName,
      lastName: author.lastName,
      university: author.university,
      course: author.course,
      year: author.year,
    },
    submittedDate: isoOf(idea.submittedAt ?? idea.createdAt),
    submittedAt: idea.submittedAt ? isoOf(idea.submittedAt) : null,
    totalScore: idea.totalScore,
    feedback: privileged ? idea.feedback : null,
    reviewNotes: viewer?.role === 'admin' ? idea.reviewNotes : null,
    reviewedBy: reviewer && privileged ? { _id: reviewer.id ?? '', name: fullName({ firstName: reviewer.firstName ?? '', lastName: reviewer.lastName ?? '' }) } : null,
    reviewedAt: idea.reviewedAt ? isoOf(idea.reviewedAt) : null,
    implementationDetails: idea.status === 'approved' || idea.status === 'implemented' || privileged ? (idea.implementationDetails ?? null) : null,
    createdAt: isoOf(idea.createdAt),
    updatedAt: isoOf(idea.updatedAt),
  };
}
