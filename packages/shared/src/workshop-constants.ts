// The workshops contract's constants, without zod: first-paint web code imports these and loads the
// schemas with its first request (decision 950). `workshops.ts` re-exports everything here.

/** Workshop form choices (spec 001 §5 "Workshop form"). */
export const WORKSHOP_CATEGORIES = ['Technology', 'Design', 'Business', 'Data Science', 'Engineering', 'Healthcare', 'Education'] as const;
export const WORKSHOP_DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export const DELIVERY_MODES = ['online', 'offline', 'hybrid'] as const;
export const WORKSHOP_STATUSES = ['draft', 'published', 'completed', 'cancelled'] as const;
export const BANNER_ICONS = ['BookOpen', 'Code', 'Beaker', 'Lightbulb', 'Users', 'Award'] as const;
export const MATERIAL_TYPES = ['pdf', 'video', 'link', 'presentation'] as const;
/**
 * Where a workshop is in its life (docs/decisions/401): draft → upcoming (published) → live (from start
 * to end) → completed, or cancelled. `ended` is a published workshop past its end that the completion
 * job has not reached yet (at most a minute). Derived from status and time; only status is stored.
 */
export const WORKSHOP_PHASES = ['draft', 'upcoming', 'live', 'ended', 'completed', 'cancelled'] as const;
export type WorkshopPhase = (typeof WORKSHOP_PHASES)[number];
export const WORKSHOP_PHASE_LABELS: Record<WorkshopPhase, string> = {
  draft: 'Draft',
  upcoming: 'Upcoming',
  live: 'Live now',
  ended: 'Ended',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
/** A student may check in with the workshop's code from this long before its start until its end. */
export const CHECK_IN_EARLY_MINUTES = 15;
/**
 * A registrant's meeting link (and the Join button) opens this long before the start and closes at
 * the end (decision 710): the API leaves the link out of a workshop outside that window.
 */
export const JOIN_EARLY_MINUTES = 15;
export const REGISTRATION_STATUSES = ['registered', 'attended', 'cancelled', 'absent'] as const;
export const DEFAULT_WORKSHOP_TIMEZONE = 'Asia/Kolkata';
export const WORKSHOP_MAX_PARTICIPANTS = 1000;

export type WorkshopStatus = (typeof WORKSHOP_STATUSES)[number];
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** User-facing messages of the student workshop flows (server answers and client toasts). */
export const WORKSHOP_MESSAGES = {
  registered: 'Successfully registered for workshop!',
  registerFailed: 'Failed to register for workshop. Please try again.',
  alreadyRegistered: 'You are already registered for this workshop',
  full: 'This workshop is full',
  completed: 'This workshop has already been completed',
  notOpen: 'This workshop is not open for registration',
  started: 'This workshop has already started',
  cancelledReg: 'Your registration has been cancelled',
  cancelStarted: 'A workshop that has already started cannot be cancelled',
  notRegistered: 'You are not registered for this workshop',
  certificateUnavailable: 'A certificate is available only for a completed workshop you attended',
  noRegistrations: 'No registered workshops yet',
  checkedIn: 'You are checked in. Your attendance is recorded.',
  checkInCode: 'Please enter the check-in code your instructor shows',
  checkInWrong: 'That check-in code is not right for this workshop',
  checkInClosed: 'Check-in is open only while the workshop is live',
  /** Why Register is not offered (shown beside the card's state, never a silently disabled button). */
  closedLive: 'Registration is closed: this workshop has already started.',
  closedEnded: 'Registration is closed: this workshop has ended.',
  closedFull: 'Registration is closed: every seat is taken.',
  joinOpens: `The Join link opens ${JOIN_EARLY_MINUTES} minutes before the start.`,
} as const;

/** Display label: a published workshop is shown as upcoming (spec 000 §4). */
export function workshopStatusLabel(status: WorkshopStatus): string {
  return status === 'published' ? 'upcoming' : status;
}
