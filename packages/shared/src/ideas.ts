import { z } from 'zod';
import { pagination, paginationQuery } from './api.ts';
import { LIMITS, isCleanText, text, textList } from './text.ts';

/** Spec 000 §9: the idea category list ('all' is a filter value only, never a category of an idea). */
export const IDEA_CATEGORY_FILTERS = [
  'all',
  'Computer Science',
  'Information Technology',
  'Electronics & Communication',
  'Electrical Engineering',
  'Mechanical Engineering',
  'Civil Engineering',
  'Chemical Engineering',
  'Aerospace Engineering',
  'Biotechnology',
  'Medicine',
  'Law',
  'Business & Management',
  'Finance & Accounting',
  'Artificial Intelligence',
  'Machine Learning',
  'Data Science',
  'Cybersecurity',
  'Cloud Computing',
  'Mobile Development',
  'Environmental Engineering',
  'Healthcare Innovation',
  'Educational Technology',
  'Social Innovation',
] as const;
export const IDEA_CATEGORIES = IDEA_CATEGORY_FILTERS.filter((c) => c !== 'all') as Exclude<(typeof IDEA_CATEGORY_FILTERS)[number], 'all'>[];

export const IDEA_STATUSES = ['draft', 'under_review', 'approved', 'rejected', 'shortlisted', 'implemented', 'revision_required'] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];

/** Display label: underscores replaced by spaces (spec 000 §4). */
/** A status as people read it: `under_review` → "Under review". */
export function ideaStatusLabel(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const IDEA_MESSAGES = {
  required: 'Please fill in all required fields (title, category, description)',
  invalidCategory: 'Please select a valid category',
  submitted: 'Idea submitted successfully!',
  draftSaved: 'Draft saved',
  submitFailed: 'Failed to submit idea. Please try again.',
  likeFailed: 'Failed to like idea. Please try again.',
  loadFailed: 'Failed to load idea details. Please try again.',
  onlyDrafts: 'Only a draft can be edited',
  commentRequired: 'Please write a comment',
  commentAdded: 'Comment added',
  notPublic: 'Only public ideas can be liked',
  noIdeas: 'No ideas submitted yet',
} as const;

const requiredIdeaText = (label: string, max: number) =>
  z
    .string({ error: IDEA_MESSAGES.required })
    .trim()
    .min(1, IDEA_MESSAGES.required)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isCleanText, `${label} contains characters that are not allowed`);

const ideaCategory = z
  .string({ error: IDEA_MESSAGES.required })
  .trim()
  .min(1, IDEA_MESSAGES.required)
  .refine((v) => (IDEA_CATEGORIES as string[]).includes(v), IDEA_MESSAGES.invalidCategory);

/** POST /api/ideas. `asDraft: true` (or status 'draft') saves a draft; otherwise it is submitted for review. */
export const createIdeaBody = z.object({
  title: requiredIdeaText('Title', LIMITS.title),
  category: ideaCategory,
  description: requiredIdeaText('Description', LIMITS.long),
  isPublic: z.boolean().default(false),
  tags: textList('Tags').default([]),
  asDraft: z.boolean().optional(),
  status: z.enum(['draft', 'under_review']).optional(),
});
export type CreateIdeaBody = z.infer<typeof createIdeaBody>;

/** PUT /api/ideas/{id}: a draft's fields; `submit: true` (or status 'under_review') submits it. */
export const updateIdeaBody = z.object({
  title: requiredIdeaText('Title', LIMITS.title).optional(),
  category: ideaCategory.optional(),
  description: requiredIdeaText('Description', LIMITS.long).optional(),
  isPublic: z.boolean().optional(),
  tags: textList('Tags').optional(),
  submit: z.boolean().optional(),
  status: z.enum(['draft', 'under_review']).optional(),
});
export type UpdateIdeaBody = z.infer<typeof updateIdeaBody>;

export const implementationDetails = z.object({
  feasibilityScore: z.number().optional(),
  impactScore: z.number().optional(),
  innovationScore: z.number().optional(),
  estimatedTimeToImplement: z.string().optional(),
  resourcesRequired: z.array(z.string()).optional(),
  potentialPartners: z.array(z.string()).optional(),
});

export const ideaDto = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  status: z.enum(IDEA_STATUSES),
  isPublic: z.boolean(),
  tags: z.array(z.string()),
  likes: z.number().int(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  isLiked: z.boolean(),
  /** The caller wrote it. */
  isOwn: z.boolean(),
  /** Author's display name. */
  author: z.string(),
  university: z.string().nullable(),
  submittedBy: z
    .object({
      _id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      university: z.string().nullable(),
      course: z.string().nullable(),
      year: z.number().nullable(),
    })
    .nullable(),
  submittedDate: z.string(),
  submittedAt: z.string().nullable(),
  totalScore: z.number().nullable(),
  /** Review feedback: only for the author and admins. */
  feedback: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  reviewedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
  implementationDetails: implementationDetails.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IdeaDto = z.infer<typeof ideaDto>;

export const ideaListQuery = paginationQuery.extend({
  search: text('Search', LIMITS.title).optional(),
  category: text('Category', LIMITS.name).optional(),
});
export const myIdeasQuery = paginationQuery.extend({
  status: z.enum([...IDEA_STATUSES, 'all']).optional(),
});

export const ideaListData = z.object({ ideas: z.array(ideaDto), pagination });
export const ideaData = z.object({ idea: ideaDto });
/** POST /ideas/{id}/like: no body toggles (spec); `like` sets the wanted state (safe to repeat). */
export const likeBody = z.object({ like: z.boolean().optional() }).nullish();
export const likeData = z.object({ likesCount: z.number().int(), isLiked: z.boolean() });

export const commentBody = z.object({
  body: z
    .string({ error: IDEA_MESSAGES.commentRequired })
    .trim()
    .min(1, IDEA_MESSAGES.commentRequired)
    .max(LIMITS.short, `Comment must be at most ${LIMITS.short} characters`)
    .refine(isCleanText, 'Comment contains characters that are not allowed'),
});
export const ideaCommentDto = z.object({
  _id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  isOwn: z.boolean(),
  author: z.object({ _id: z.string(), name: z.string(), role: z.string(), profileImageUrl: z.string().nullable() }),
});
export type IdeaCommentDto = z.infer<typeof ideaCommentDto>;
export const commentsData = z.object({ comments: z.array(ideaCommentDto), commentsCount: z.number().int() });
export const commentData = z.object({ comment: ideaCommentDto, commentsCount: z.number().int() });
