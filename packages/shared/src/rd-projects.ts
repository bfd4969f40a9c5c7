import { z } from 'zod';
import { pagination, paginationQuery } from './api.ts';
import { EMAIL_PATTERN, LIMITS, httpsUrl, isCleanText, text } from './text.ts';
import { type ProjectFormCore, RD_APPLICATION_STATUSES, RD_COMPENSATION_TYPES, RD_CURRENCIES, RD_DEADLINE_FILTERS, RD_DEGREE_LEVELS, RD_DOCUMENT_TYPES, RD_DURATIONS, RD_EXPERIENCE_LEVELS, RD_FIELDS, RD_INTERVIEW_MODES, RD_MAX_POSITIONS, RD_MESSAGES, RD_MILESTONE_STATUSES, RD_MOTIVATION_MAX, RD_PAGE_SIZE, RD_PRIORITIES, RD_ROLE_TITLES, RD_SORTS, RD_STATUSES, RD_VISIBILITIES, RD_WORK_MODES } from './rd-project-constants.ts';

export * from './rd-project-constants.ts';

const blank = (v: string | null | undefined) => !v || !v.trim();

/** The first failing check of spec 001 §5, or null. Dates: deadline an ISO instant or date; end a date. */
export function projectFormError(
  form: ProjectFormCore,
  now: Date = new Date(),
  options: { deadlineUnchanged?: boolean } = {},
): string | null {
  if (blank(form.title)) return RD_MESSAGES.titleRequired;
  if (blank(form.summary)) return RD_MESSAGES.summaryRequired;
  if (blank(form.field)) return RD_MESSAGES.fieldRequired;
  if (blank(form.supervisor?.name) || blank(form.supervisor?.email)) return RD_MESSAGES.supervisorRequired;
  const deadline = form.applicationProcess?.applicationDeadline;
  if (blank(deadline)) return RD_MESSAGES.deadlineRequired;
  const end = form.timeline?.expectedEndDate;
  if (blank(end)) return RD_MESSAGES.endDateRequired;
  if (!EMAIL_PATTERN.test((form.supervisor?.email ?? '').trim())) return RD_MESSAGES.supervisorEmailInvalid;
  const deadlineAt = parseDeadline(deadline ?? '');
  if (!deadlineAt) return RD_MESSAGES.deadlineFuture;
  // Editing a project whose (unchanged) deadline has passed stays possible (docs/decisions/251).
  if (!options.deadlineUnchanged && deadlineAt.getTime() <= now.getTime()) return RD_MESSAGES.deadlineFuture;
  const endAt = parseDeadline(end ?? '');
  if (!endAt || endAt.getTime() <= deadlineAt.getTime()) return RD_MESSAGES.endAfterDeadline;
  return null;
}

/** A deadline given as a date (YYYY-MM-DD) means the end of that day (UTC); otherwise an ISO instant. */
export function parseDeadline(value: string): Date | null {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const d = new Date(`${v}T23:59:59.999Z`);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v)) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A list whose entries are non-blank and unique (case-insensitive), as the form keeps them. */
export function uniqueList(label: string, maxItems: number = LIMITS.listSize, maxLen: number = LIMITS.listEntry) {
  return z
    .array(z.string().max(maxLen, `${label}: each entry must be at most ${maxLen} characters`))
    .max(maxItems, `${label}: at most ${maxItems} entries`)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      for (const raw of items) {
        const item = raw.trim();
        if (!item) ctx.addIssue({ code: 'custom', message: `${label} cannot be blank` });
        else if (!isCleanText(item)) ctx.addIssue({ code: 'custom', message: `${label} contain characters that are not allowed` });
        else if (seen.has(item.toLowerCase())) ctx.addIssue({ code: 'custom', message: `${label} must be unique` });
        seen.add(item.toLowerCase());
      }
    })
    .transform((items) => items.map((i) => i.trim()));
}

const nonBlankList = (label: string) =>
  z
    .array(z.string().max(LIMITS.short, `${label}: each entry must be at most ${LIMITS.short} characters`))
    .max(LIMITS.listSize, `${label}: at most ${LIMITS.listSize} entries`)
    .refine((items) => items.every((i) => i.trim().length > 0), `${label} cannot be blank`)
    .transform((items) => items.map((i) => i.trim()));

const dateOnly = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()), `${label} must be a valid date`);

const optionalDate = (label: string) =>
  z.union([z.literal('').transform(() => null), z.null(), dateOnly(label)]).optional().transform((v) => v ?? null);

export const milestoneInput = z.object({
  title: text('Milestone title', LIMITS.title).pipe(z.string().min(1, 'Milestone title is required')),
  description: text('Milestone description', LIMITS.short).optional().default(''),
  status: z.enum(RD_MILESTONE_STATUSES).optional().default('pending'),
  dueDate: optionalDate('Milestone due date'),
  completedAt: optionalDate('Milestone completion date'),
});
export type MilestoneInput = z.infer<typeof milestoneInput>;

const cgpa = z
  .number({ error: 'Minimum CGPA must be a number' })
  .min(0, 'Minimum CGPA must be between 0 and 10')
  .max(10, 'Minimum CGPA must be between 0 and 10')
  .refine((v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-6, 'Minimum CGPA goes in steps of 0.1');

export const roleInput = z
  .object({
    /** An existing role's id when editing; absent for a new role. */
    _id: z.string().optional(),
    title: z.enum(RD_ROLE_TITLES).default('intern'),
    description: text('Role description', LIMITS.short).optional().default(''),
    maxPositions: z
      .number({ error: 'Max positions must be a number' })
      .int('Max positions must be a whole number')
      .min(1, `Max positions must be between 1 and ${RD_MAX_POSITIONS}`)
      .max(RD_MAX_POSITIONS, `Max positions must be between 1 and ${RD_MAX_POSITIONS}`)
      .default(1),
    skillsRequired: uniqueList('Required skills').default([]),
    eligibilityCriteria: z
      .object({
        degreeLevel: z.enum(RD_DEGREE_LEVELS).default('any'),
        minCGPA: z.union([cgpa, z.null()]).optional().transform((v) => v ?? null),
        languages: uniqueList('Languages').default(['English']),
        experience: z.enum(RD_EXPERIENCE_LEVELS).default('none'),
      })
      .default({ degreeLevel: 'any', minCGPA: null, languages: ['English'], experience: 'none' }),
    benefits: nonBlankList('Benefits').default([]),
    workMode: z.enum(RD_WORK_MODES).default('remote'),
    compensation: z
      .object({
        type: z.enum(RD_COMPENSATION_TYPES).default('certificate'),
        amount: z.union([z.number().min(0, 'Compensation amount must be at least 0'), z.null()]).optional().transform((v) => v ?? null),
        currency: z.enum(RD_CURRENCIES).default('INR'),
      })
      .default({ type: 'certificate', amount: null, currency: 'INR' }),
    location: text('Location', LIMITS.title).optional().nullable(),
  })
  // Location only for onsite; amount and currency only for paid or stipend (spec 001 §5).
  .transform((role) => {
    const paid = role.compensation.type === 'paid' || role.compensation.type === 'stipend';
    return {
      ...role,
      location: role.workMode === 'onsite' ? role.location?.trim() || null : null,
      compensation: { type: role.compensation.type, amount: paid ? role.compensation.amount : null, currency: role.compensation.currency },
    };
  });
export type RoleInput = z.infer<typeof roleInput>;

const technicalSkill = z.union([z.string(), z.object({ skill: z.string() }).transform((o) => o.skill)]);

/** Create and edit body. The nine core checks run in `projectFormError` (in order); the rest here. */
export const projectBody = z.object({
  title: z.string().max(LIMITS.title, `Title must be at most ${LIMITS.title} characters`).optional().default(''),
  summary: z.string().max(LIMITS.short, `Summary must be at most ${LIMITS.short} characters`).optional().default(''),
  description: text('Description', LIMITS.long).optional().default(''),
  field: z.string().max(LIMITS.name).optional().default(''),
  priority: z.enum(RD_PRIORITIES).optional().default('medium'),
  visibility: z.enum(RD_VISIBILITIES).optional().default('public'),
  /** Only through an allowed transition (edit) or draft/active (create). */
  status: z.enum(RD_STATUSES).optional(),
  supervisor: z
    .object({
      name: z.string().max(LIMITS.name, `Supervisor name must be at most ${LIMITS.name} characters`).optional().default(''),
      title: text('Supervisor title', LIMITS.title).optional().default(''),
      department: text('Supervisor department', LIMITS.title).optional().default(''),
      email: z.string().max(LIMITS.email).optional().default(''),
      bio: text('Supervisor bio', LIMITS.long).optional().default(''),
    })
    .optional()
    .default({ name: '', title: '', department: '', email: '', bio: '' }),
  timeline: z
    .object({
      duration: z.union([z.enum(RD_DURATIONS), z.literal(''), z.null()]).optional().transform((v) => v || null),
      startDate: optionalDate('Start date'),
      expectedEndDate: z.string().max(40).optional().default(''),
    })
    .optional()
    .default({ duration: null, startDate: null, expectedEndDate: '' }),
  objectives: nonBlankList('Objectives').optional().default([]),
  tags: uniqueList('Tags').optional().default([]),
  milestones: z.array(milestoneInput).max(LIMITS.listSize, `Milestones: at most ${LIMITS.listSize} entries`).optional().default([]),
  roles: z.array(roleInput).min(1, RD_MESSAGES.atLeastOneRole).max(LIMITS.listSize, `Roles: at most ${LIMITS.listSize} entries`),
  applicationProcess: z
    .object({
      applicationDeadline: z.string().max(40).optional().default(''),
      selectionCriteria: uniqueList('Selection criteria').optional().default([]),
      interviewRequired: z.boolean().optional().default(false),
      documentsRequired: z
        .array(z.enum(RD_DOCUMENT_TYPES))
        .optional()
        .default([])
        .transform((d) => [...new Set(d)]),
    })
    .optional()
    .default({ applicationDeadline: '', selectionCriteria: [], interviewRequired: false, documentsRequired: [] }),
  requirements: z
    .object({
      technicalSkills: z.array(technicalSkill).optional().default([]).pipe(uniqueList('Technical skills')),
      softSkills: uniqueList('Soft skills').optional().default([]),
      tools: uniqueList('Tools').optional().default([]),
      equipment: uniqueList('Equipment').optional().default([]),
    })
    .optional()
    .default({ technicalSkills: [], softSkills: [], tools: [], equipment: [] }),
});
export type ProjectBody = z.infer<typeof projectBody>;
export type ProjectBodyInput = z.input<typeof projectBody>;

export const projectStatusBody = z.object({ status: z.enum(RD_STATUSES, { error: 'Please choose a valid status' }) });

// ---------------------------------------------------------------------------------------------
// Project DTOs
// ---------------------------------------------------------------------------------------------

export const roleDto = z.object({
  _id: z.string(),
  title: z.enum(RD_ROLE_TITLES),
  description: z.string(),
  currentPositions: z.number().int(),
  maxPositions: z.number().int(),
  availablePositions: z.number().int(),
  skillsRequired: z.array(z.string()),
  eligibilityCriteria: z.object({
    degreeLevel: z.string(),
    minCGPA: z.number().nullable(),
    languages: z.array(z.string()),
    experience: z.string(),
  }),
  benefits: z.array(z.string()),
  workMode: z.enum(RD_WORK_MODES),
  compensation: z.object({ type: z.enum(RD_COMPENSATION_TYPES), amount: z.number().nullable(), currency: z.string().nullable() }),
  location: z.string().nullable(),
});
export type RoleDto = z.infer<typeof roleDto>;

export const milestoneDto = z.object({
  title: z.string(),
  description: z.string(),
  status: z.string(),
  dueDate: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type MilestoneDto = z.infer<typeof milestoneDto>;

export const rdProjectDto = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  status: z.enum(RD_STATUSES),
  priority: z.enum(RD_PRIORITIES),
  field: z.string(),
  visibility: z.enum(RD_VISIBILITIES),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  supervisor: z.object({ name: z.string(), title: z.string(), department: z.string(), email: z.string(), bio: z.string() }),
  timeline: z.object({ duration: z.string().nullable(), startDate: z.string().nullable(), expectedEndDate: z.string() }),
  /** Whole months from the start (or the deadline) to the expected end. */
  duration: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string(),
  objectives: z.array(z.string()),
  tags: z.array(z.string()),
  milestones: z.array(milestoneDto),
  /** Rounded percentage of completed milestones. */
  progress: z.number().int(),
  roles: z.array(roleDto),
  applicationProcess: z.object({
    applicationDeadline: z.string(),
    selectionCriteria: z.array(z.string()),
    interviewRequired: z.boolean(),
    documentsRequired: z.array(z.enum(RD_DOCUMENT_TYPES)),
  }),
  requirements: z.object({
    technicalSkills: z.array(z.string()),
    softSkills: z.array(z.string()),
    tools: z.array(z.string()),
    equipment: z.array(z.string()),
  }),
  availableRoles: z.number().int(),
  totalAvailablePositions: z.number().int(),
  currentParticipants: z.number().int(),
  maxParticipants: z.number().int(),
  availableSlots: z.number().int(),
  metrics: z.object({ views: z.number().int() }),
  applicationStats: z.object({ total: z.number().int() }),
});
export type RdProjectDto = z.infer<typeof rdProjectDto>;

export const adminProjectDto = rdProjectDto.extend({
  totalApplications: z.number().int(),
  pendingApplications: z.number().int(),
  underReviewApplications: z.number().int(),
  acceptedApplications: z.number().int(),
  rejectedApplications: z.number().int(),
  activeStudents: z.number().int(),
});
export type AdminProjectDto = z.infer<typeof adminProjectDto>;

export const userApplicationSummary = z.object({
  _id: z.string(),
  status: z.enum(RD_APPLICATION_STATUSES),
  roleAppliedFor: z.string(),
  appliedAt: z.string(),
});

export const studentProjectDto = rdProjectDto.extend({
  isBookmarked: z.boolean(),
  hasAlert: z.boolean(),
  alertPreferences: z.record(z.string(), z.boolean()).nullable(),
  /** Active, deadline not passed, a role with open positions, no existing application (server-computed). */
  canApply: z.boolean(),
  userApplication: userApplicationSummary.nullable(),
});
export type StudentProjectDto = z.infer<typeof studentProjectDto>;

/** What the public /projects page shows (no supervisor e-mail, no counters). */
export const publicProjectDto = z.object({
  _id: z.string(),
  title: z.string(),
  summary: z.string(),
  field: z.string(),
  priority: z.enum(RD_PRIORITIES),
  tags: z.array(z.string()),
  supervisor: z.object({ name: z.string(), title: z.string(), department: z.string() }),
  timeline: z.object({ duration: z.string().nullable(), expectedEndDate: z.string() }),
  applicationDeadline: z.string(),
  roles: z.array(z.object({ title: z.enum(RD_ROLE_TITLES), workMode: z.enum(RD_WORK_MODES), availablePositions: z.number().int(), maxPositions: z.number().int() })),
  totalAvailablePositions: z.number().int(),
});
export type PublicProjectDto = z.infer<typeof publicProjectDto>;

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

export const adminProjectListQuery = paginationQuery.extend({
  search: text('Search', LIMITS.title).optional(),
  status: z.union([z.enum(RD_STATUSES), z.literal(''), z.literal('all')]).optional(),
  field: text('Field', LIMITS.name).optional(),
});
export type AdminProjectListQuery = z.infer<typeof adminProjectListQuery>;

export const studentProjectListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(RD_PAGE_SIZE),
  search: text('Search', LIMITS.title).optional(),
  field: z.union([z.enum(RD_FIELDS), z.literal(''), z.literal('all')]).optional(),
  roleType: z.union([z.enum(RD_ROLE_TITLES), z.literal(''), z.literal('all')]).optional(),
  workMode: z.union([z.enum(RD_WORK_MODES), z.literal(''), z.literal('all')]).optional(),
  duration: z.union([z.enum(RD_DURATIONS), z.literal(''), z.literal('all')]).optional(),
  deadlineFilter: z.union([z.enum(RD_DEADLINE_FILTERS), z.literal(''), z.literal('all')]).optional(),
  availableOnly: booleanQuery,
  sortBy: z.enum(RD_SORTS, { error: `Sort must be one of: ${RD_SORTS.join(', ')}` }).default('newest'),
});
export type StudentProjectListQuery = z.infer<typeof studentProjectListQuery>;

export const publicProjectListQuery = paginationQuery.extend({
  search: text('Search', LIMITS.title).optional(),
  field: z.union([z.enum(RD_FIELDS), z.literal(''), z.literal('all')]).optional(),
});

export const adminProjectListData = z.object({
  projects: z.array(adminProjectDto),
  pagination,
  total: z.number().int(),
  pages: z.number().int(),
});
export const adminProjectData = z.object({ project: adminProjectDto });
export const studentProjectListData = z.object({ projects: z.array(studentProjectDto), pagination });
export const studentProjectData = z.object({ project: studentProjectDto });
export const bookmarksData = z.object({ projects: z.array(studentProjectDto) });
export const publicProjectListData = z.object({ projects: z.array(publicProjectDto), pagination });
export const bookmarkToggleData = z.object({ isBookmarked: z.boolean() });
export const alertToggleData = z.object({ hasAlert: z.boolean(), preferences: z.record(z.string(), z.boolean()).nullable() });
export const projectStatusData = z.object({ project: adminProjectDto });

export const RD_ALERT_PREFERENCE_KEYS = ['updates', 'statusChanges', 'deadlineReminders'] as const;
export const alertBody = z
  .object({
    preferences: z
      .object({
        updates: z.boolean().optional(),
        statusChanges: z.boolean().optional(),
        deadlineReminders: z.boolean().optional(),
      })
      .strict()
      .optional(),
  })
  .nullish()
  .transform((b) => ({
    preferences: { updates: true, statusChanges: true, deadlineReminders: true, ...(b?.preferences ?? {}) },
  }));

// ---------------------------------------------------------------------------------------------
// Applications
// ---------------------------------------------------------------------------------------------

export const interviewDto = z.object({
  scheduled: z.boolean(),
  date: z.string().nullable(),
  time: z.string().nullable(),
  timezone: z.string().nullable(),
  mode: z.enum(RD_INTERVIEW_MODES).nullable(),
  meetingLink: z.string().nullable(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  /** UTC instants of the slot, when scheduled. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type InterviewDto = z.infer<typeof interviewDto>;

export const applicationDocumentDto = z.object({
  _id: z.string(),
  type: z.enum(RD_DOCUMENT_TYPES),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** API path that downloads it (authorised). */
  url: z.string(),
});
export type ApplicationDocumentDto = z.infer<typeof applicationDocumentDto>;

export const applicationEventDto = z.object({ status: z.enum(RD_APPLICATION_STATUSES), at: z.string() });

const applicationCommon = {
  _id: z.string(),
  status: z.enum(RD_APPLICATION_STATUSES),
  roleAppliedFor: z.string(),
  roleId: z.string(),
  appliedAt: z.string(),
  updatedAt: z.string(),
  availableStartDate: z.string().nullable(),
  expectedDuration: z.string().nullable(),
  motivation: z.string(),
  relevantExperience: z.string().nullable(),
  documents: z.array(applicationDocumentDto),
  reviewNotes: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  interview: interviewDto.nullable(),
  timeline: z.array(applicationEventDto),
};

export const adminApplicationDto = z.object({
  ...applicationCommon,
  student: z.object({
    _id: z.string(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    university: z.string().nullable(),
    course: z.string().nullable(),
    year: z.number().int().nullable(),
    phone: z.string().nullable(),
  }),
  reviewedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});
export type AdminApplicationDto = z.infer<typeof adminApplicationDto>;

export const studentApplicationDto = z.object({
  ...applicationCommon,
  canWithdraw: z.boolean(),
  project: z.object({
    _id: z.string(),
    title: z.string(),
    field: z.string(),
    status: z.enum(RD_STATUSES),
    summary: z.string(),
    supervisorName: z.string(),
    applicationDeadline: z.string(),
  }),
});
export type StudentApplicationDto = z.infer<typeof studentApplicationDto>;

export const applicationCounts = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  underReview: z.number().int(),
  interviewScheduled: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  withdrawn: z.number().int(),
});
export type ApplicationCounts = z.infer<typeof applicationCounts>;

export const adminApplicationsQuery = z.object({
  search: text('Search', LIMITS.title).optional(),
  status: z.union([z.enum(RD_APPLICATION_STATUSES), z.literal(''), z.literal('all')]).optional(),
  /** A role id of the project, or a role title. */
  role: z.string().max(40).optional(),
});

export const adminApplicationsData = z.object({
  applications: z.array(adminApplicationDto),
  counts: applicationCounts,
  project: z.object({ _id: z.string(), title: z.string(), roles: z.array(z.object({ _id: z.string(), title: z.string() })) }),
});

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, RD_MESSAGES.interviewDateTime);

export const interviewInput = z.object({
  scheduled: z.boolean().default(true),
  date: z.union([z.literal(''), z.null(), dateOnly('Interview date')]).optional(),
  time: z.union([z.literal(''), z.null(), timeOfDay]).optional(),
  timezone: z.string().max(64).optional(),
  mode: z.enum(RD_INTERVIEW_MODES).optional().default('online'),
  meetingLink: z.union([z.literal(''), z.null(), httpsUrl('Meeting link')]).optional(),
  location: z.union([z.null(), text('Interview location', LIMITS.title)]).optional(),
  notes: z.union([z.null(), text('Interview notes', LIMITS.short)]).optional(),
});
export type InterviewInput = z.infer<typeof interviewInput>;

export const reviewApplicationBody = z.object({
  status: z.enum(RD_APPLICATION_STATUSES, { error: RD_MESSAGES.selectStatus }),
  reviewNotes: z.union([z.null(), text('Review notes', LIMITS.short)]).optional(),
  interview: interviewInput.nullish(),
});
export type ReviewApplicationBody = z.infer<typeof reviewApplicationBody>;

export const applicationData = z.object({ application: adminApplicationDto });
export const studentApplicationsData = z.object({ applications: z.array(studentApplicationDto) });
export const studentApplicationData = z.object({ application: studentApplicationDto });

/** Text fields of the multipart apply form (documents are file parts named by RD_DOCUMENT_FIELDS). */
export const applyFields = z.object({
  roleAppliedFor: z.string({ error: RD_MESSAGES.roleRequired }).trim().min(1, RD_MESSAGES.roleRequired).max(40, RD_MESSAGES.roleRequired),
  motivation: z
    .string({ error: RD_MESSAGES.motivationRequired })
    .trim()
    .min(1, RD_MESSAGES.motivationRequired)
    .max(RD_MOTIVATION_MAX, RD_MESSAGES.motivationTooLong)
    .refine(isCleanText, 'Motivation contains characters that are not allowed'),
  availableStartDate: z.union([z.literal('').transform(() => null), dateOnly('Available start date')]).optional().transform((v) => v ?? null),
  expectedDuration: z.union([z.literal('').transform(() => null), text('Expected duration', LIMITS.name)]).optional().transform((v) => v || null),
  relevantExperience: z.union([z.literal('').transform(() => null), text('Relevant experience', LIMITS.short)]).optional().transform((v) => v || null),
});
export type ApplyFields = z.infer<typeof applyFields>;

// ---------------------------------------------------------------------------------------------
// Notifications (spec 002 §7: polled every 30 s, each shown once as an info toast)
// ---------------------------------------------------------------------------------------------

export const rdNotificationDto = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  subType: z.string().nullable(),
  actionUrl: z.string().nullable(),
  createdAt: z.string(),
});
export const rdNotificationsData = z.object({ notifications: z.array(rdNotificationDto) });
