import { z } from 'zod';
import { LIMITS, requiredText, text } from './text.ts';

/**
 * Mentoring relationships (issue 26, docs/decisions/860): a published cohort-programme pair, or a
 * student who booked the same mentor at least twice outside a programme. Each has an agreement, up to
 * three goals with milestones, per-meeting agenda / shared notes / action items / private notes,
 * check-ins, and a health status computed from facts.
 */

export const RELATIONSHIP_KINDS = ['programme', 'booked'] as const;
export const RELATIONSHIP_STATUSES = ['active', 'ended'] as const;
export const MEETING_FORMATS = ['video', 'in-person', 'phone', 'mixed'] as const;
export const HEALTH_STATES = ['healthy', 'attention', 'at-risk', 'ended'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];
/** A student meeting the same mentor this many times (outside a programme) forms a relationship. */
export const BOOKED_RELATIONSHIP_SESSIONS = 2;
export const MAX_GOALS = 3;
export const MAX_MILESTONES = 10;
export const MAX_ACTION_ITEMS = 20;
export const NUDGE_INTERVAL_DAYS = 7;
export const DEFAULT_CADENCE_DAYS = 14;

export const RELATIONSHIP_MESSAGES = {
  agreementSaved: 'Agreement saved: waiting for the other side to confirm',
  agreementConfirmed: 'Agreement confirmed',
  agreementMissing: 'There is no agreement to confirm yet',
  agreementStale: 'The agreement changed since you opened it: read the new version and confirm again',
  cadence: 'How often you meet must be every 1 to 90 days',
  duration: 'Meeting length must be 15 to 480 minutes',
  format: `Format must be one of: ${MEETING_FORMATS.join(', ')}`,
  aimsRequired: "The student's aims are required",
  ended: 'This relationship has ended; it can be read but not changed',
  onlyStudentGoals: 'Only the student sets and changes goals; the mentor comments',
  tooManyGoals: `At most ${MAX_GOALS} open goals per relationship: complete or drop one first`,
  tooManyMilestones: `At most ${MAX_MILESTONES} milestones per goal`,
  tooManyActionItems: `At most ${MAX_ACTION_ITEMS} action items per meeting`,
  goalTitleRequired: 'Goal title is required',
  milestoneTitleRequired: 'Milestone title is required',
  commentRequired: 'Comment is required',
  progress: 'Progress must be a whole number from 0 to 100',
  manualProgressOnly: 'This goal counts progress from its milestones; switch it to manual to set a number',
  date: 'Dates must be valid dates (YYYY-MM-DD)',
  goalSaved: 'Goal saved',
  milestoneSaved: 'Milestone saved',
  commentSaved: 'Comment added',
  agendaSaved: 'Agenda saved',
  agendaClosed: 'The meeting has ended: write shared notes instead of an agenda',
  notesSaved: 'Notes saved',
  notesTooEarly: 'Shared notes and action items open when the meeting starts',
  privateSaved: 'Private note saved: only you can read it',
  actionItemPromoted: 'The action item is now a milestone of the goal',
  actionItemPromotedAlready: 'This action item is already a milestone',
  checkInSaved: 'Check-in saved',
  checkInTooEarly: 'Check in after the meeting has started',
  minutes: 'Time must be 5 to 600 minutes',
  rating: 'Rating must be 1 to 5',
  nudged: 'Both sides were sent a friendly nudge',
  nudgedRecently: `This pair was nudged in the last ${NUDGE_INTERVAL_DAYS} days: at most one nudge a week`,
  rematched: 'The pair ended kindly and the new mentor is paired',
  reasonRequired: 'Say why the pair ends (both sides read it)',
  mentorNotAvailable: 'That mentor has not joined this programme or has no free place',
  notProgrammePair: 'Only a programme pair can be rematched',
  settingsSaved: 'Settings saved',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function realDate(v: string): boolean {
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
}
const isoDate = z.string({ error: RELATIONSHIP_MESSAGES.date }).refine((v) => DATE.test(v) && realDate(v), RELATIONSHIP_MESSAGES.date);
const wholeIn = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

// ---------------------------------------------------------------------------------------------------
// Agreement

export const agreementBody = z
  .object({
    cadenceDays: wholeIn(1, 90, RELATIONSHIP_MESSAGES.cadence),
    format: z.enum(MEETING_FORMATS, { error: RELATIONSHIP_MESSAGES.format }),
    durationMinutes: wholeIn(15, 480, RELATIONSHIP_MESSAGES.duration),
    aims: requiredText('Aims', LIMITS.short, RELATIONSHIP_MESSAGES.aimsRequired),
    confidentiality: text('Confidentiality', LIMITS.short).default(''),
  })
  .strict();
export type AgreementBody = z.input<typeof agreementBody>;
export const confirmBody = z.object({ version: z.number({ error: RELATIONSHIP_MESSAGES.agreementStale }).int().min(1) }).strict();

export const agreementDto = z.object({
  cadenceDays: z.number(),
  format: z.enum(MEETING_FORMATS),
  durationMinutes: z.number(),
  aims: z.string(),
  confidentiality: z.string(),
  version: z.number(),
  mentorConfirmed: z.boolean(),
  menteeConfirmed: z.boolean(),
  updatedAt: z.string(),
});
export type AgreementDto = z.infer<typeof agreementDto>;

// ---------------------------------------------------------------------------------------------------
// Goals

export const goalBody = z
  .object({
    title: requiredText('Goal title', LIMITS.title, RELATIONSHIP_MESSAGES.goalTitleRequired),
    description: text('Description', LIMITS.short).default(''),
    dueOn: isoDate.nullable().default(null),
    progressMode: z.enum(['manual', 'milestones']).default('milestones'),
  })
  .strict();
export type GoalBody = z.input<typeof goalBody>;
export const goalPatch = z
  .object({
    title: requiredText('Goal title', LIMITS.title, RELATIONSHIP_MESSAGES.goalTitleRequired).optional(),
    description: text('Description', LIMITS.short).optional(),
    dueOn: isoDate.nullable().optional(),
    progressMode: z.enum(['manual', 'milestones']).optional(),
    progress: wholeIn(0, 100, RELATIONSHIP_MESSAGES.progress).optional(),
    status: z.enum(['open', 'achieved', 'dropped']).optional(),
  })
  .strict();
export type GoalPatch = z.input<typeof goalPatch>;
export const milestoneBody = z
  .object({
    title: requiredText('Milestone title', LIMITS.title, RELATIONSHIP_MESSAGES.milestoneTitleRequired),
    dueOn: isoDate.nullable().default(null),
  })
  .strict();
export const milestonePatch = z.object({ done: z.boolean({ error: 'done must be true or false' }) }).strict();
export const commentBody = z.object({ body: requiredText('Comment', LIMITS.short, RELATIONSHIP_MESSAGES.commentRequired) }).strict();

export const milestoneDto = z.object({ id: z.string(), title: z.string(), dueOn: z.string().nullable(), done: z.boolean(), doneAt: z.string().nullable() });
export const goalCommentDto = z.object({ id: z.string(), authorId: z.string().nullable(), authorName: z.string(), body: z.string(), createdAt: z.string() });
export const goalDto = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  dueOn: z.string().nullable(),
  progressMode: z.enum(['manual', 'milestones']),
  /** 0–100: the manual number, or the share of milestones done. */
  progress: z.number(),
  status: z.enum(['open', 'achieved', 'dropped']),
  milestones: z.array(milestoneDto),
  comments: z.array(goalCommentDto),
  createdAt: z.string(),
});
export type GoalDto = z.infer<typeof goalDto>;

// ---------------------------------------------------------------------------------------------------
// Meetings and check-ins

export const agendaBody = z.object({ agenda: text('Agenda', LIMITS.long) }).strict();
export const notesBody = z
  .object({
    notes: text('Notes', LIMITS.long),
    actionItems: z
      .array(z.object({ id: z.string().optional(), text: requiredText('Action item', LIMITS.title), done: z.boolean().default(false) }).strict())
      .max(MAX_ACTION_ITEMS, RELATIONSHIP_MESSAGES.tooManyActionItems),
  })
  .strict();
export type NotesBody = z.input<typeof notesBody>;
export const privateNoteBody = z.object({ body: text('Private note', LIMITS.long) }).strict();
export const promoteBody = z.object({ goalId: z.string({ error: 'Choose a goal' }) }).strict();
export const checkInBody = z
  .object({
    minutes: wholeIn(5, 600, RELATIONSHIP_MESSAGES.minutes),
    rating: wholeIn(1, 5, RELATIONSHIP_MESSAGES.rating),
  })
  .strict();
export type CheckInBody = z.input<typeof checkInBody>;
export const meetingParams = z.object({ id: z.string(), sessionId: z.string() });
export const goalParams = z.object({ id: z.string(), goalId: z.string() });
export const milestoneParams = z.object({ id: z.string(), goalId: z.string(), milestoneId: z.string() });
export const actionItemParams = z.object({ id: z.string(), sessionId: z.string(), itemId: z.string() });

export const actionItemDto = z.object({ id: z.string(), text: z.string(), done: z.boolean(), milestoneId: z.string().nullable() });
export const meetingDto = z.object({
  sessionId: z.string(),
  topic: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['scheduled', 'completed', 'cancelled']),
  agenda: z.string(),
  notes: z.string(),
  actionItems: z.array(actionItemDto),
  /** The caller's own private note: nobody else's is ever sent. */
  myPrivateNote: z.string(),
  myCheckIn: z.object({ minutes: z.number(), rating: z.number() }).nullable(),
  /** Whether the other side checked in (not their rating). */
  otherCheckedIn: z.boolean(),
});
export type MeetingDto = z.infer<typeof meetingDto>;

// ---------------------------------------------------------------------------------------------------
// Health

export const healthReason = z.object({
  code: z.enum(['noMeeting', 'noMeetingYet', 'lowRating', 'unanswered', 'noAgreement', 'ended', 'onTrack']),
  days: z.number().optional(),
  cadence: z.number().optional(),
  rating: z.number().optional(),
});
export type HealthReason = z.infer<typeof healthReason>;
export const healthDto = z.object({
  state: z.enum(HEALTH_STATES),
  reasons: z.array(healthReason),
  /** The reasons in English ("no meeting for 21 days; cadence every 14 days"). */
  reason: z.string(),
  daysSinceLastMeeting: z.number().nullable(),
});
export type HealthDto = z.infer<typeof healthDto>;

export const totalsDto = z.object({
  meetings: z.number(),
  /** Hours each side logged, and the mean of their one-tap ratings (null: none yet). */
  mentorHours: z.number(),
  menteeHours: z.number(),
  averageRating: z.number().nullable(),
  goalsAchieved: z.number(),
  goals: z.number(),
});

export const relationshipSummary = z.object({
  id: z.string(),
  kind: z.enum(RELATIONSHIP_KINDS),
  status: z.enum(RELATIONSHIP_STATUSES),
  myRole: z.enum(['mentor', 'mentee']),
  partner: z.object({ id: z.string(), name: z.string() }),
  programme: z.object({ id: z.string(), name: z.string() }).nullable(),
  agreementState: z.enum(['none', 'waiting', 'confirmed']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  endedReason: z.string().nullable(),
});
export type RelationshipSummary = z.infer<typeof relationshipSummary>;
export const relationshipsData = z.object({ relationships: z.array(relationshipSummary) });
export const relationshipDetail = z.object({
  relationship: relationshipSummary,
  agreement: agreementDto.nullable(),
  goals: z.array(goalDto),
  meetings: z.array(meetingDto),
  totals: totalsDto,
  health: healthDto,
});
export type RelationshipDetail = z.infer<typeof relationshipDetail>;

// ---------------------------------------------------------------------------------------------------
// The coordinator's view of a programme's pairs

export const outcomeSettingsBody = z
  .object({
    agreementVisibleToCoordinator: z.boolean({ error: 'agreementVisibleToCoordinator must be true or false' }),
    autoNudge: z.boolean({ error: 'autoNudge must be true or false' }),
    defaultCadenceDays: wholeIn(1, 90, RELATIONSHIP_MESSAGES.cadence),
  })
  .strict();
export type OutcomeSettings = z.infer<typeof outcomeSettingsBody>;
export const pairHealthDto = z.object({
  relationshipId: z.string(),
  mentor: z.object({ id: z.string(), name: z.string() }),
  mentee: z.object({ id: z.string(), name: z.string() }),
  status: z.enum(RELATIONSHIP_STATUSES),
  hasAgreement: z.boolean(),
  /** The agreement's text: only when the programme lets the coordinator read it. */
  agreement: agreementDto.nullable(),
  health: healthDto,
  totals: totalsDto,
  lastNudgedAt: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  endedReason: z.string().nullable(),
});
export type PairHealthDto = z.infer<typeof pairHealthDto>;
export const programmePairsHealthData = z.object({ settings: outcomeSettingsBody, pairs: z.array(pairHealthDto) });
export type ProgrammePairsHealth = z.infer<typeof programmePairsHealthData>;
export const pairParams = z.object({ id: z.string(), relationshipId: z.string() });
export const rematchBody = z
  .object({
    reason: requiredText('Reason', LIMITS.short, RELATIONSHIP_MESSAGES.reasonRequired),
    mentorId: z.string({ error: 'Choose the new mentor' }),
  })
  .strict();
export type RematchBody = z.input<typeof rematchBody>;
export const rematchProposalsData = z.object({
  proposals: z.array(z.object({ mentorId: z.string(), name: z.string(), score: z.number(), freePlaces: z.number() })),
});
export const nudgeData = z.object({ nudgedAt: z.string() });
export const rematchData = z.object({ relationshipId: z.string(), pairs: programmePairsHealthData });
