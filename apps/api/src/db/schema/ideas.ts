import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cascadeRef, createdAt, idColumn, ref, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

export interface ImplementationDetails {
  feasibilityScore?: number;
  impactScore?: number;
  innovationScore?: number;
  estimatedTimeToImplement?: string;
  resourcesRequired?: string[];
  potentialPartners?: string[];
}

export const ideas = pgTable(
  'ideas',
  {
    id: idColumn(),
    authorId: cascadeRef('author_id', () => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    status: text('status', {
      enum: ['draft', 'under_review', 'approved', 'rejected', 'shortlisted', 'implemented', 'revision_required'],
    })
      .notNull()
      .default('under_review'),
    isPublic: boolean('is_public').notNull().default(false),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    feedback: text('feedback'),
    reviewNotes: text('review_notes'),
    reviewedBy: ref('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    implementationDetails: jsonb('implementation_details').$type<ImplementationDetails>(),
    totalScore: numeric('total_score', { precision: 4, scale: 2, mode: 'number' }),
    submittedAt: ts('submitted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ideas_author_created_idx').on(t.authorId, t.createdAt),
    index('ideas_public_created_idx')
      .on(t.createdAt)
      .where(sql`${t.isPublic} AND ${t.status} NOT IN ('draft', 'rejected')`),
    // The public list filtered by category (lower(category) = …, newest first): its capped count and its
    // page read only that category's public ideas instead of filtering the whole public index (issue 7).
    // Migration 0006 adds INCLUDE (category), which drizzle cannot express, so the count is index-only,
    // and expression statistics on lower(category).
    index('ideas_public_category_created_idx')
      .on(sql`lower(${t.category})`, t.createdAt)
      .where(sql`${t.isPublic} AND ${t.status} NOT IN ('draft', 'rejected')`),
    index('ideas_status_created_idx').on(t.status, t.createdAt),
    // The admin idea list (every submitted idea, newest submission first; by status and category): its
    // page walks one of these and stops after the page instead of sorting every matching idea (issue 13).
    // Migration 0013 adds INCLUDE (category) to the second, by hand: the capped count is then index-only.
    index('ideas_admin_order_idx')
      .on(sql`(coalesce(${t.submittedAt}, ${t.createdAt})) DESC`, t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 'draft'`),
    index('ideas_admin_status_category_idx')
      .on(t.status, sql`lower(${t.category})`, sql`(coalesce(${t.submittedAt}, ${t.createdAt})) DESC`, t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 'draft'`),
    // Substring search (ILIKE '%…%') on the public list: one trigram index per searched column, so the
    // planner can OR them (BitmapOr) instead of filtering every public idea (issue 7, docs/performance.md).
    index('ideas_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('ideas_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    index('ideas_category_trgm_idx').using('gin', sql`${t.category} gin_trgm_ops`),
    index('ideas_tags_trgm_idx').using('gin', sql`(${t.tags}::text) gin_trgm_ops`),
    check('ideas_likes_check', sql`${t.likesCount} >= 0`),
  ],
);

export const ideaLikes = pgTable(
  'idea_likes',
  {
    ideaId: cascadeRef('idea_id', () => ideas.id),
    userId: cascadeRef('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ideaId, t.userId] }), index('idea_likes_user_idx').on(t.userId)],
);

export const ideaComments = pgTable(
  'idea_comments',
  {
    id: idColumn(),
    ideaId: cascadeRef('idea_id', () => ideas.id),
    authorId: cascadeRef('author_id', () => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('idea_comments_idea_created_idx').on(t.ideaId, t.createdAt)],
);
