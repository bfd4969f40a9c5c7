import { z } from 'zod';

/**
 * Matching (issue 14): "Recommended for you" for students (professionals, workshops, R&D projects),
 * dismissals, and the professional's mentoring capacity. Contracts shared by the API and the web app.
 */

/** Open requests + active mentees a professional takes at once unless they set otherwise. */
export const MENTOR_CAPACITY_DEFAULT = 5;
export const MENTOR_CAPACITY_MAX = 100;
/** Items per list by default, and the most one call may ask for. */
export const RECOMMENDATION_LIMIT_DEFAULT = 5;
export const RECOMMENDATION_LIMIT_MAX = 20;
/** How far ahead free mentoring slots count ("free slots this week / in the next two weeks"). */
export const AVAILABILITY_HORIZON_DAYS = 14;
/** A mentee counts as active this long after the request was accepted, or while a session is upcoming. */
export const ACTIVE_MENTEE_DAYS = 90;

export const RECOMMENDATION_KINDS = ['professional', 'workshop', 'rd-project'] as const;
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number];

export const MATCHING_MESSAGES = {
  badKind: 'Kind must be one of professional, workshop, rd-project',
  dismissed: 'We will not recommend this again',
  restored: 'Recommendation restored',
  capacitySaved: 'Mentoring capacity saved',
  capacityRange: `Capacity must be a whole number from 0 to ${MENTOR_CAPACITY_MAX}`,
} as const;

export const recommendationsQuery = z.object({
  kind: z.enum(RECOMMENDATION_KINDS, { error: MATCHING_MESSAGES.badKind }),
  limit: z.coerce
    .number({ error: `Limit must be a number from 1 to ${RECOMMENDATION_LIMIT_MAX}` })
    .int(`Limit must be a number from 1 to ${RECOMMENDATION_LIMIT_MAX}`)
    .min(1, `Limit must be a number from 1 to ${RECOMMENDATION_LIMIT_MAX}`)
    .max(RECOMMENDATION_LIMIT_MAX, `Limit must be a number from 1 to ${RECOMMENDATION_LIMIT_MAX}`)
    .default(RECOMMENDATION_LIMIT_DEFAULT),
});
export type RecommendationsQuery = z.infer<typeof recommendationsQuery>;

export const recommendationItem = z.object({
  kind: z.enum(RECOMMENDATION_KINDS),
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** Where the item opens in the web app. */
  href: z.string(),
  score: z.number(),
  /** Why it is recommended, in words computed from the data (first = strongest). */
  reasons: z.array(z.string()),
});
export type RecommendationItem = z.infer<typeof recommendationItem>;

export const recommendationsData = z.object({
  kind: z.enum(RECOMMENDATION_KINDS),
  items: z.array(recommendationItem),
});
export type RecommendationsData = z.infer<typeof recommendationsData>;

export const dismissBody = z.object({
  kind: z.enum(RECOMMENDATION_KINDS, { error: MATCHING_MESSAGES.badKind }),
  itemId: z.string({ error: 'Item id is required' }).min(1, 'Item id is required').max(100, 'Item id is too long'),
});
export type DismissBody = z.infer<typeof dismissBody>;
export const dismissData = z.object({ kind: z.enum(RECOMMENDATION_KINDS), itemId: z.string() });

export const mentorCapacityBody = z.object({
  maxMentees: z
    .number({ error: MATCHING_MESSAGES.capacityRange })
    .int(MATCHING_MESSAGES.capacityRange)
    .min(0, MATCHING_MESSAGES.capacityRange)
    .max(MENTOR_CAPACITY_MAX, MATCHING_MESSAGES.capacityRange),
});
export type MentorCapacityBody = z.infer<typeof mentorCapacityBody>;
export const mentorCapacityData = z.object({
  maxMentees: z.number().int(),
  isDefault: z.boolean(),
  openRequests: z.number().int(),
  activeMentees: z.number().int(),
  atCapacity: z.boolean(),
});
export type MentorCapacityData = z.infer<typeof mentorCapacityData>;

/**
 * Topics that mean the same thing for matching: a student interested in "AI" shares a topic with a
 * mentor whose specialization is "Artificial Intelligence". Keys and values are lower case.
 */
export const TOPIC_SYNONYMS: Record<string, readonly string[]> = {
  ai: ['artificial intelligence', 'machine learning', 'ml', 'deep learning', 'data science'],
  'artificial intelligence': ['ai', 'machine learning'],
  'machine learning': ['ml', 'ai', 'data science', 'artificial intelligence'],
  ml: ['machine learning'],
  'data science': ['data analytics', 'machine learning', 'statistics'],
  health: ['healthcare', 'biotechnology', 'medicine'],
  healthcare: ['health', 'medicine', 'biotechnology', 'healthcare innovation'],
  biotechnology: ['biotech', 'health'],
  energy: ['renewable energy', 'environmental engineering', 'sustainability'],
  environment: ['environmental engineering', 'sustainability', 'energy'],
  fintech: ['finance', 'payments', 'blockchain'],
  robotics: ['mechanical engineering', 'automation', 'embedded systems'],
  'computer science': ['software development', 'programming', 'technology'],
  'software development': ['software engineering', 'programming', 'web development'],
  design: ['graphic design', 'ux', 'ui', 'product design', 'ux writing', 'portfolio reviews'],
  business: ['entrepreneurship', 'consulting', 'product management', 'startups'],
  // The sign-up form's interests (INTEREST_OPTIONS) against the catalogue's expertise, categories and fields.
  technology: ['software development', 'machine learning', 'data science', 'cybersecurity', 'computer science', 'artificial intelligence'],
  engineering: ['software development', 'electrical engineering', 'mechanical engineering', 'environmental engineering'],
  environmental: ['environmental engineering', 'sustainability', 'energy'],
  medicine: ['healthcare', 'biotechnology', 'healthcare innovation'],
  research: ['research careers', 'artificial intelligence', 'machine learning', 'biotechnology'],
  innovation: ['entrepreneurship', 'healthcare innovation', 'startups'],
  entrepreneurship: ['startups', 'startup strategy', 'business', 'fundraising', 'pitch decks', 'consulting'],
  education: ['teaching', 'mentoring', 'career growth'],
  law: ['legal', 'policy', 'compliance'],
  security: ['cybersecurity'],
  cybersecurity: ['security'],
  cloud: ['cloud computing', 'devops'],
};

// Professionals: students who might benefit (students who have not contacted anyone yet).

export const MENTEE_SUGGESTIONS_LIMIT = 10;
export const menteeSuggestion = z.object({
  id: z.string(),
  /** First name and last initial only: the student has not contacted anyone yet. */
  name: z.string(),
  university: z.string(),
  course: z.string(),
  year: z.number().int(),
  reasons: z.array(z.string()),
});
export type MenteeSuggestion = z.infer<typeof menteeSuggestion>;
export const menteeSuggestionsData = z.object({ students: z.array(menteeSuggestion) });
export const inviteStudentBody = z.object({
  studentId: z.string({ error: 'Student is required' }).min(1, 'Student is required').max(100, 'Student id is too long'),
});
export const inviteStudentData = z.object({ studentId: z.string() });
export const INVITE_MESSAGES = {
  sent: 'Invitation sent',
  already: 'You have already invited this student',
  full: 'You are at your mentoring capacity; raise it before inviting students',
} as const;
