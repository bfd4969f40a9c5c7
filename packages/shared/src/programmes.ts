import { z } from 'zod';
import { LIMITS, requiredText, text, textList } from './text.ts';
import { PARTICIPANT_ROLES, PARTICIPANT_STATUSES, PROGRAMME_CAPACITY_MAX, PROGRAMME_MAX_RANKED, PROGRAMME_MESSAGES, PROGRAMME_STATUSES } from './programme-constants.ts';

export * from './programme-constants.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date that exists (2030-02-30 does not: Date.parse would roll it over to March). */
function realDate(v: string): boolean {
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
}
const isoDate = z
  .string({ error: PROGRAMME_MESSAGES.date })
  .refine((v) => DATE.test(v) && realDate(v), PROGRAMME_MESSAGES.date);

export const programmeBody = z
  .object({
    name: requiredText('Name', LIMITS.title, PROGRAMME_MESSAGES.nameRequired),
    description: text('Description', LIMITS.short).default(''),
    startsOn: isoDate,
    endsOn: isoDate,
    eligibleUniversities: textList('Eligible universities').default([]),
    eligibleCourses: textList('Eligible courses').default([]),
    mentorCapacityDefault: z
      .number({ error: PROGRAMME_MESSAGES.capacity })
      .int(PROGRAMME_MESSAGES.capacity)
      .min(1, PROGRAMME_MESSAGES.capacity)
      .max(PROGRAMME_CAPACITY_MAX, PROGRAMME_MESSAGES.capacity),
  })
  .refine((b) => b.endsOn >= b.startsOn, { message: PROGRAMME_MESSAGES.endBeforeStart, path: ['endsOn'] });
export type ProgrammeBody = z.input<typeof programmeBody>;

export const programmeSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  eligibleUniversities: z.array(z.string()),
  eligibleCourses: z.array(z.string()),
  mentorCapacityDefault: z.number().int(),
  status: z.enum(PROGRAMME_STATUSES),
  counts: z.object({ mentors: z.number().int(), mentees: z.number().int(), invited: z.number().int(), pairs: z.number().int() }),
  matchedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ProgrammeSummary = z.infer<typeof programmeSummary>;

export const participantDto = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(PARTICIPANT_ROLES),
  status: z.enum(PARTICIPANT_STATUSES),
  topics: z.array(z.string()),
  goals: z.string(),
  preferences: z.array(z.string()),
  capacity: z.number().int().nullable(),
});
export type ParticipantDto = z.infer<typeof participantDto>;

export const pairDto = z.object({
  id: z.string(),
  mentorId: z.string(),
  mentorName: z.string(),
  menteeId: z.string(),
  menteeName: z.string(),
  score: z.number(),
  reasons: z.array(z.string()),
  pinned: z.boolean(),
  /** After publishing: sessions since, how many took place, the last one. */
  sessions: z.number().int(),
  completedSessions: z.number().int(),
  lastSessionAt: z.string().nullable(),
});
export type PairDto = z.infer<typeof pairDto>;

export const unmatchedDto = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(PARTICIPANT_ROLES),
  reason: z.enum(['no-topic-mentor', 'mentors-full', 'no-topic-mentee', 'no-demand']),
  detail: z.string(),
});
export type UnmatchedDto = z.infer<typeof unmatchedDto>;

export const programmeDetail = z.object({
  programme: programmeSummary,
  participants: z.array(participantDto),
  pairs: z.array(pairDto),
  unmatched: z.array(unmatchedDto),
  dashboard: z.object({ pairs: z.number().int(), met: z.number().int(), notMet: z.number().int(), sessions: z.number().int() }),
});
export type ProgrammeDetail = z.infer<typeof programmeDetail>;

export const programmeData = z.object({ programme: programmeSummary });
export const programmesData = z.object({ programmes: z.array(programmeSummary) });

export const inviteBody = z
  .object({
    role: z.enum(PARTICIPANT_ROLES, { error: PROGRAMME_MESSAGES.role }),
    userIds: z.array(z.string().max(40)).max(5000).optional(),
    allEligible: z.boolean().optional(),
  })
  .refine((b) => b.allEligible === true || (b.userIds?.length ?? 0) > 0, { message: PROGRAMME_MESSAGES.inviteWho });
export type InviteBody = z.infer<typeof inviteBody>;
export const inviteData = z.object({ invited: z.number().int(), alreadyInvited: z.number().int() });

export const pairBody = z.object({
  menteeId: z.string({ error: 'Mentee is required' }).min(1, 'Mentee is required'),
  mentorId: z.string({ error: 'Mentor is required' }).min(1, 'Mentor is required'),
  pinned: z.boolean().default(true),
});
export const swapBody = z.object({
  pairA: z.string({ error: 'Two pairs are required' }).min(1, 'Two pairs are required'),
  pairB: z.string({ error: 'Two pairs are required' }).min(1, 'Two pairs are required'),
});

// Participants

export const participationBody = z.object({
  status: z.enum(['joined', 'declined'], { error: PROGRAMME_MESSAGES.status }),
  topics: textList('Topics', 10).default([]),
  goals: text('Goals', LIMITS.short).default(''),
  preferences: z.array(z.string().max(40)).max(PROGRAMME_MAX_RANKED, PROGRAMME_MESSAGES.tooManyRanked).default([]),
  capacity: z
    .number({ error: PROGRAMME_MESSAGES.capacity })
    .int(PROGRAMME_MESSAGES.capacity)
    .min(1, PROGRAMME_MESSAGES.capacity)
    .max(PROGRAMME_CAPACITY_MAX, PROGRAMME_MESSAGES.capacity)
    .nullable()
    .optional(),
});
export type ParticipationBody = z.input<typeof participationBody>;

export const myProgramme = z.object({
  programme: programmeSummary,
  participation: participantDto,
  /** People of the other side who may be ranked (while matching is not published). */
  options: z.array(z.object({ userId: z.string(), name: z.string(), topics: z.array(z.string()) })),
  /** Published partners: the mentor for a mentee, the mentees for a mentor. */
  partners: z.array(z.object({ userId: z.string(), name: z.string() })),
});
export type MyProgramme = z.infer<typeof myProgramme>;
export const myProgrammesData = z.object({ programmes: z.array(myProgramme) });
export type MyProgrammesData = z.infer<typeof myProgrammesData>;
export const participationData = z.object({ participation: participantDto });
