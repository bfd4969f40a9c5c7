// The programmes contract's constants, without zod: first-paint web code imports these and loads the
// schemas with its first request (decision 950). `programmes.ts` re-exports everything here.

/**
 * Cohort mentoring programmes (issue 14): an administrator creates a programme, invites mentors and
 * students, participants state preferences, the administrator runs matching, adjusts and publishes.
 */

export const PROGRAMME_STATUSES = ['open', 'matched', 'published'] as const;
export type ProgrammeStatus = (typeof PROGRAMME_STATUSES)[number];
export const PARTICIPANT_ROLES = ['mentor', 'mentee'] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number];
export const PARTICIPANT_STATUSES = ['invited', 'joined', 'declined'] as const;
export const PROGRAMME_MAX_RANKED = 5;
export const PROGRAMME_CAPACITY_MAX = 50;

export const PROGRAMME_MESSAGES = {
  created: 'Programme created',
  outsideQuota: (quota: number, left: number) =>
    `Your organisation can invite ${quota} mentors from outside it per day (${left} left now). Invite fewer, or ask a platform administrator to invite more.`,
  nameRequired: 'Name is required',
  date: 'Dates must be valid dates (YYYY-MM-DD)',
  endBeforeStart: 'The end date must be on or after the start date',
  capacity: `Mentor capacity must be a whole number from 1 to ${PROGRAMME_CAPACITY_MAX}`,
  role: 'Role must be mentor or mentee',
  inviteWho: 'Choose people to invite, or invite everyone eligible',
  notEligible: 'Some of the chosen people are not eligible for this programme',
  invited: 'Invitations sent',
  published: 'Matches published: every pair is now connected and notified',
  alreadyPublished: 'This programme is already published; its pairs can no longer change',
  nothingToPublish: 'Run matching before publishing',
  matched: 'Matching done',
  pairSaved: 'Pair saved',
  swapped: 'Mentors swapped',
  notJoinedMentee: 'That student has not joined this programme as a mentee',
  notJoinedMentor: 'That professional has not joined this programme as a mentor',
  mentorFull: 'That mentor has no free place',
  samePair: 'Choose two different pairs',
  status: 'Answer must be joined or declined',
  tooManyRanked: `Rank at most ${PROGRAMME_MAX_RANKED} people`,
  rankedUnknown: 'You can only rank people taking part in this programme',
  participationSaved: 'Your answer is saved',
  closed: 'Matching has been published; preferences can no longer change',
} as const;
