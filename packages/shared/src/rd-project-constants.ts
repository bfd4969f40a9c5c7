// The rd-projects contract's constants, without zod: first-paint web code imports these and loads the
// schemas with its first request (decision 950). `rd-projects.ts` re-exports everything here.

// ---------------------------------------------------------------------------------------------
// Enumerations and constants (spec 001 §3, §9; spec 002 §3, §9)
// ---------------------------------------------------------------------------------------------

export const RD_STATUSES = ['draft', 'active', 'paused', 'completed', 'cancelled'] as const;
export const RD_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const RD_VISIBILITIES = ['public', 'private', 'restricted'] as const;
export const RD_DURATIONS = ['1-3 months', '3-6 months', '6-12 months', '1+ years'] as const;
export const RD_ROLE_TITLES = ['intern', 'work-student', 'part-time', 'full-time'] as const;
export const RD_DEGREE_LEVELS = ['any', 'bachelor', 'master', 'phd'] as const;
export const RD_EXPERIENCE_LEVELS = ['none', 'beginner', 'intermediate', 'advanced'] as const;
export const RD_WORK_MODES = ['remote', 'onsite', 'hybrid'] as const;
export const RD_COMPENSATION_TYPES = ['paid', 'unpaid', 'stipend', 'certificate'] as const;
export const RD_CURRENCIES = ['INR', 'USD', 'EUR'] as const;
export const RD_DOCUMENT_TYPES = ['resume', 'cover-letter', 'portfolio', 'transcript', 'recommendation-letter', 'other'] as const;
export const RD_MILESTONE_STATUSES = ['pending', 'in-progress', 'completed', 'delayed'] as const;
export const RD_APPLICATION_STATUSES = ['pending', 'under-review', 'interview-scheduled', 'accepted', 'rejected', 'withdrawn'] as const;
export const RD_INTERVIEW_MODES = ['online', 'offline'] as const;
export const RD_FIELDS = [
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
  'Business & Management',
  'Artificial Intelligence',
  'Machine Learning',
  'Data Science',
  'Cybersecurity',
  'Environmental Engineering',
  'Healthcare Innovation',
] as const;
export const RD_SORTS = ['newest', 'deadline-asc', 'deadline-desc', 'priority', 'popular', 'title'] as const;
export const RD_DEADLINE_FILTERS = ['this-week', 'this-month', 'open'] as const;

export type RdStatus = (typeof RD_STATUSES)[number];
export type RdApplicationStatus = (typeof RD_APPLICATION_STATUSES)[number];
export type RdDocumentType = (typeof RD_DOCUMENT_TYPES)[number];
export type RdRoleTitle = (typeof RD_ROLE_TITLES)[number];

/** Multipart field name of each document type (spec 002 §3: resume, coverLetter, ...). */
export const RD_DOCUMENT_FIELDS: Record<RdDocumentType, string> = {
  resume: 'resume',
  'cover-letter': 'coverLetter',
  portfolio: 'portfolio',
  transcript: 'transcript',
  'recommendation-letter': 'recommendationLetter',
  other: 'other',
};
export const RD_DOCUMENT_LABELS: Record<RdDocumentType, string> = {
  resume: 'Resume',
  'cover-letter': 'Cover letter',
  portfolio: 'Portfolio',
  transcript: 'Transcript',
  'recommendation-letter': 'Recommendation letter',
  other: 'Other document',
};
/** Extensions accepted per document type (spec 002 §5); the bytes must agree with the extension. */
export const RD_DOCUMENT_EXTENSIONS: Record<RdDocumentType, readonly string[]> = {
  resume: ['pdf', 'doc', 'docx'],
  'cover-letter': ['pdf', 'doc', 'docx'],
  transcript: ['pdf', 'doc', 'docx'],
  'recommendation-letter': ['pdf', 'doc', 'docx'],
  portfolio: ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'txt'],
  other: ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'txt'],
};

export const RD_PAGE_SIZE = 12;
export const RD_ADMIN_PAGE_SIZE = 10;
export const RD_MOTIVATION_MAX = 500;
export const RD_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const RD_DEADLINE_WARNING_DAYS = 7;
export const RD_ALERT_DEADLINE_DAYS = 3;
export const RD_NOTIFICATION_POLL_MS = 30_000;
export const RD_MAX_POSITIONS = 50;
export const RD_INTERVIEW_MINUTES = 60;
export const RD_DEFAULT_TIMEZONE = 'Asia/Kolkata';

/** Project status machine (spec 001 §4). */
export const RD_STATUS_TRANSITIONS: Record<RdStatus, readonly RdStatus[]> = {
  draft: ['active'],
  active: ['paused', 'completed'],
  paused: ['active', 'cancelled'],
  completed: [],
  cancelled: [],
};
/** Button label of each transition target, by source (Activate, Pause, Complete, Resume, Cancel). */
export function transitionLabel(from: RdStatus, to: RdStatus): string {
  if (to === 'active') return from === 'paused' ? 'Resume' : 'Activate';
  if (to === 'paused') return 'Pause';
  if (to === 'completed') return 'Complete';
  return 'Cancel';
}
export function canTransition(from: RdStatus, to: RdStatus): boolean {
  return RD_STATUS_TRANSITIONS[from].includes(to);
}

/**
 * Application review machine (spec 001 §4, completed in docs/decisions/251): the reviewer moves an
 * application forward; accepted can be revoked (frees the seat); a withdrawn one is the student's.
 */
export const RD_APPLICATION_TRANSITIONS: Record<RdApplicationStatus, readonly RdApplicationStatus[]> = {
  pending: ['under-review', 'interview-scheduled', 'accepted', 'rejected'],
  'under-review': ['under-review', 'interview-scheduled', 'accepted', 'rejected'],
  'interview-scheduled': ['interview-scheduled', 'under-review', 'accepted', 'rejected'],
  accepted: ['under-review', 'rejected'],
  rejected: ['under-review'],
  withdrawn: [],
};
export const RD_WITHDRAWABLE: readonly RdApplicationStatus[] = ['pending', 'under-review'];
export const RD_FINAL_APPLICATION_STATUSES: readonly RdApplicationStatus[] = ['accepted', 'rejected', 'withdrawn'];

export const RD_APPLICATION_STATUS_LABELS: Record<RdApplicationStatus, string> = {
  pending: 'Pending',
  'under-review': 'Under Review',
  'interview-scheduled': 'Interview Scheduled',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** Messages, verbatim from the spec where it gives them (spec 001 §5, §8; spec 002 §5, §8). */
export const RD_MESSAGES = {
  titleRequired: 'Please enter a project title.',
  summaryRequired: 'Please enter a project summary.',
  fieldRequired: 'Please select a field.',
  supervisorRequired: 'Please enter supervisor name and email.',
  deadlineRequired: 'Please set an application deadline.',
  endDateRequired: 'Please set an expected end date.',
  supervisorEmailInvalid: 'Please enter a valid supervisor email.',
  deadlineFuture: 'Application deadline must be in the future.',
  endAfterDeadline: 'Project end date must be after application deadline.',
  selectStatus: 'Please select a status',
  submitted: 'Application submitted successfully!',
  crashTitle: 'Something went wrong',
  crashText: 'Unable to load R&D projects. Please refresh the page.',
  crashButton: 'Refresh Page',
  noRoles: 'No roles defined for this project',
  noMilestones: 'No milestones defined',
  noApplications: 'No applications found',
  noApplicationsYet: 'No students have applied for this project yet.',
  noApplicationsMatch: 'No applications match your current filters.',
  loadApplicationsFailed: 'Failed to load applications',
  reviewFailed: 'Failed to review application',
  // Not in the spec (docs/decisions/251):
  atLeastOneRole: 'A project needs at least one role',
  roleRequired: 'Please select a role',
  motivationRequired: 'Please tell us why you want to join (motivation)',
  motivationTooLong: `Motivation must be at most ${RD_MOTIVATION_MAX} characters`,
  startDatePast: 'Available start date cannot be in the past',
  alreadyApplied: 'You have already applied to this project',
  notAccepting: 'This project is not accepting applications',
  deadlinePassed: 'The application deadline has passed',
  roleFull: 'All positions for this role are filled',
  documentRequired: (label: string) => `Please upload your ${label.toLowerCase()}`,
  documentTooLarge: (label: string) => `${label} must be less than 10MB`,
  documentType: (label: string) => `${label} must be a ${label === 'Portfolio' || label === 'Other document' ? 'PDF, DOC, DOCX, JPG, PNG or TXT' : 'PDF, DOC or DOCX'} file`,
  documentMismatch: (label: string) => `${label}: the file's content does not match its name`,
  cannotWithdraw: 'Only a pending or under-review application can be withdrawn',
  withdrawn: 'Application withdrawn',
  staleApplication: 'This application was changed by someone else. Please reload and try again.',
  applicationWithdrawnByStudent: 'The student has withdrawn this application',
  interviewDateTime: 'Please choose an interview date and time',
  interviewPast: 'The interview must be scheduled in the future',
  interviewLocation: 'Please enter the interview location',
  interviewTimezone: 'Please choose a valid timezone',
  maxBelowFilled: 'Max positions cannot be lower than the positions already filled',
  roleHasApplications: 'A role that has applications cannot be removed',
  noInterview: 'No interview is scheduled for this application',
} as const;

export function applicationTransitionMessage(from: RdApplicationStatus, to: RdApplicationStatus): string {
  if (from === 'withdrawn') return RD_MESSAGES.applicationWithdrawnByStudent;
  return `An application that is ${RD_APPLICATION_STATUS_LABELS[from].toLowerCase()} cannot be set to ${RD_APPLICATION_STATUS_LABELS[to].toLowerCase()}`;
}
export function statusTransitionMessage(from: RdStatus, to: RdStatus): string {
  const allowed = RD_STATUS_TRANSITIONS[from];
  const next = allowed.length ? ` (allowed: ${allowed.join(', ')})` : ' (no further changes are possible)';
  return `A ${from} project cannot be changed to ${to}${next}`;
}

// ---------------------------------------------------------------------------------------------
// Project form (spec 001 §5): the nine checks, in order, shared by the dialog and the server
// ---------------------------------------------------------------------------------------------

export interface ProjectFormCore {
  title?: string | null;
  summary?: string | null;
  field?: string | null;
  supervisor?: { name?: string | null; email?: string | null } | null;
  applicationProcess?: { applicationDeadline?: string | null } | null;
  timeline?: { expectedEndDate?: string | null } | null;
}

// ---------------------------------------------------------------------------------------------
// Helpers both sides use
// ---------------------------------------------------------------------------------------------

/** Whole days until the deadline, rounded up (0 or less: closed). */
export function daysUntil(deadlineIso: string, now: Date = new Date()): number {
  return Math.ceil((new Date(deadlineIso).getTime() - now.getTime()) / 86_400_000);
}

/** Rounded percentage of completed milestones (spec 001 §9). */
export function milestoneProgress(milestones: readonly { status?: string | null }[]): number {
  if (!milestones.length) return 0;
  return Math.round((milestones.filter((m) => m.status === 'completed').length / milestones.length) * 100);
}

/** Milestone status as displayed: completed, in-progress, delayed; anything else reads as pending. */
export function milestoneStatusLabel(status: string | null | undefined): (typeof RD_MILESTONE_STATUSES)[number] {
  return status === 'completed' || status === 'in-progress' || status === 'delayed' ? status : 'pending';
}

/** An unknown status displays as draft (spec 001 §4). */
export function projectStatusLabel(status: string | null | undefined): RdStatus {
  return (RD_STATUSES as readonly string[]).includes(status ?? '') ? (status as RdStatus) : 'draft';
}
