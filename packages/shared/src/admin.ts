import { z } from 'zod';
import { pagination, paginationQuery } from './api.ts';
import { PHONE_MAX_LENGTH, REGISTRATION_MESSAGES, isPhoneNumber, studyYear } from './auth.ts';
import { ideaDto } from './ideas.ts';
import { LIMITS, emailAddress, optionalHttpsUrl, requiredText, text, textList } from './text.ts';
import { EXPERTISE_OPTIONS } from './professionals.ts';
import { CURRENCIES, IDEA_REVIEW_MESSAGES, PROFESSIONAL_MESSAGES, REVIEW_STATUSES } from './admin-constants.ts';

export * from './admin-constants.ts';
// ---------------------------------------------------------------------------------------------
// Professionals (spec 001 §5 "Professional form")
// ---------------------------------------------------------------------------------------------

export type Expertise = (typeof EXPERTISE_OPTIONS)[number];

/** Case-insensitive match of a spreadsheet cell to one of the 15 choices. */
export function matchExpertise(value: string): Expertise | undefined {
  const v = value.trim().toLowerCase();
  return EXPERTISE_OPTIONS.find((e) => e.toLowerCase() === v);
}

export const emailField = emailAddress(PROFESSIONAL_MESSAGES.emailRequired, PROFESSIONAL_MESSAGES.emailInvalid);

/** Blank → 0, otherwise a whole number ≥ 0 (spec: "sent as an integer, 0 if blank"). */
const experience = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: PROFESSIONAL_MESSAGES.experience })
    .int(PROFESSIONAL_MESSAGES.experience)
    .min(0, PROFESSIONAL_MESSAGES.experience)
    .max(80, PROFESSIONAL_MESSAGES.experience),
);

const hourlyRate = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: PROFESSIONAL_MESSAGES.hourlyRate })
    .min(0, PROFESSIONAL_MESSAGES.hourlyRate)
    .max(1_000_000, 'Hourly rate is too large')
    .nullable(),
);

export const socialLinksBody = z.object({
  linkedin: optionalHttpsUrl('LinkedIn link'),
  twitter: optionalHttpsUrl('Twitter link'),
  website: optionalHttpsUrl('Website link'),
});

export const professionalFields = z.object({
  name: requiredText('Name', LIMITS.name, PROFESSIONAL_MESSAGES.name),
  email: emailField,
  phone: requiredText('Phone', PHONE_MAX_LENGTH, PROFESSIONAL_MESSAGES.phone).refine(
    isPhoneNumber,
    REGISTRATION_MESSAGES.phoneInvalid,
  ),
  title: requiredText('Title', LIMITS.title, PROFESSIONAL_MESSAGES.title),
  company: requiredText('Company', LIMITS.title, PROFESSIONAL_MESSAGES.company),
  expertise: z.enum(EXPERTISE_OPTIONS, { error: PROFESSIONAL_MESSAGES.expertise }),
  experience,
  bio: requiredText('Bio', LIMITS.long, PROFESSIONAL_MESSAGES.bio),
  specializations: textList('Specializations').default([]),
  skills: textList('Skills').default([]),
  pricing: z
    .object({ hourlyRate: hourlyRate.optional(), currency: z.enum(CURRENCIES).default('USD') })
    .default({ currency: 'USD' }),
  socialLinks: socialLinksBody.default({}),
  isVerified: z.boolean().optional(),
  isActive: z.boolean().optional(),
});

export const createProfessionalBody = professionalFields;

export type CreateProfessionalBody = z.infer<typeof createProfessionalBody>;

/** PUT: any subset (only `isVerified` toggles verification). Defaults are not applied to absent fields. */
export const updateProfessionalBody = z.object({
  name: professionalFields.shape.name.optional(),
  email: emailField.optional(),
  phone: professionalFields.shape.phone.optional(),
  title: professionalFields.shape.title.optional(),
  company: professionalFields.shape.company.optional(),
  expertise: professionalFields.shape.expertise.optional(),
  experience: experience.optional(),
  bio: professionalFields.shape.bio.optional(),
  specializations: textList('Specializations').optional(),
  skills: textList('Skills').optional(),
  pricing: z.object({ hourlyRate: hourlyRate.optional(), currency: z.enum(CURRENCIES).optional() }).optional(),
  socialLinks: socialLinksBody.optional(),
  isVerified: z.boolean().optional(),
  isActive: z.boolean().optional(),
});

export type UpdateProfessionalBody = z.infer<typeof updateProfessionalBody>;

/** Who an account is, first in each administrator's view of one (professionals, students). */
const adminAccountFields = {
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
};

export const adminProfessionalDto = z.object({
  ...adminAccountFields,
  title: z.string(),
  company: z.string(),
  expertise: z.string(),
  experience: z.number().int(),
  bio: z.string().nullable(),
  specializations: z.array(z.string()),
  skills: z.array(z.string()),
  pricing: z.object({ hourlyRate: z.number().nullable(), currency: z.string() }),
  socialLinks: z.object({ linkedin: z.string().optional(), twitter: z.string().optional(), website: z.string().optional() }),
  isVerified: z.boolean(),
  isActive: z.boolean(),
  status: z.enum(['active', 'inactive']),
  isTemporaryPassword: z.boolean(),
  profileImage: z.string().nullable(),
  workshopsCount: z.number().int(),
  createdAt: z.string(),
});

export type AdminProfessionalDto = z.infer<typeof adminProfessionalDto>;

export const professionalListQuery = paginationQuery.extend({
  search: text('Search', LIMITS.title).optional(),
  expertise: text('Expertise', LIMITS.name).optional(),
  status: z.enum(['active', 'inactive']).optional(),
});

export type ProfessionalListQuery = z.infer<typeof professionalListQuery>;

export const professionalListData = z.object({ professionals: z.array(adminProfessionalDto), pagination });

export const professionalData = z.object({ professional: adminProfessionalDto });

export const BULK_MAX_ROWS = 500;

export const BULK_REQUIRED_COLUMNS = ['Name', 'Email', 'Title', 'Company', 'Expertise'] as const;

export const BULK_OPTIONAL_COLUMNS = [
  'Phone',
  'Experience',
  'Bio',
  'Specializations',
  'Skills',
  'Hourly Rate',
  'LinkedIn',
  'Twitter',
  'Website',
] as const;

const originalData = z.object({ name: z.string(), email: z.string(), title: z.string() });

export const bulkConflict = z.object({
  row: z.number().int(),
  email: z.string(),
  type: z.enum(['duplicate_in_file', 'existing_account']),
  message: z.string(),
});

export type BulkConflict = z.infer<typeof bulkConflict>;

export const bulkUploadResultData = z.object({
  dryRun: z.boolean(),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  successfullyCreated: z.number().int(),
  emailsSent: z.number().int(),
  emailsFailed: z.number().int(),
  warnings: z.array(z.string()),
  skippedRecords: z.array(z.object({ row: z.number().int(), reason: z.string(), originalData })),
  createdProfessionals: z.array(z.object({ row: z.number().int(), professional: originalData.extend({ _id: z.string() }) })),
  /** `password` only when the welcome e-mail could not be queued: the admin shares it by hand. */
  emailResults: z.array(z.object({ email: z.string(), sent: z.boolean(), password: z.string().optional() })),
  processingErrors: z.array(z.object({ email: z.string(), error: z.string() })),
});

export type BulkUploadResultData = z.infer<typeof bulkUploadResultData>;

export const bulkUploadResult = z.object({
  success: z.boolean(),
  message: z.string(),
  errors: z.array(z.string()),
  conflicts: z.array(bulkConflict),
  suggestion: z.string().optional(),
  data: bulkUploadResultData,
});

export type BulkUploadResult = z.infer<typeof bulkUploadResult>;

export const templateQuery = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

export const bulkUploadQuery = z.object({ dryRun: z.enum(['true', 'false', '1', '0']).optional() });

// ---------------------------------------------------------------------------------------------
// Students (spec 001 §2 "Students", PRODUCT.md "Accounts")
// ---------------------------------------------------------------------------------------------

export const adminStudentDto = z.object({
  ...adminAccountFields,
  university: z.string().nullable(),
  department: z.string().nullable(),
  course: z.string().nullable(),
  year: z.number().nullable(),
  rollNumber: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  isActive: z.boolean(),
  isTemporaryPassword: z.boolean(),
  registeredWorkshops: z.number().int(),
  connectedProfessionals: z.number().int(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});

export type AdminStudentDto = z.infer<typeof adminStudentDto>;

export const studentListQuery = paginationQuery.extend({
  role: z.enum(['student']).default('student'),
  search: text('Search', LIMITS.title).optional(),
  university: text('University', LIMITS.title).optional(),
  status: z.enum(['active', 'inactive']).optional(),
});

export type StudentListQuery = z.infer<typeof studentListQuery>;

export const studentListData = z.object({ users: z.array(adminStudentDto), students: z.array(adminStudentDto), pagination });

export const createStudentBody = z.object({
  firstName: requiredText('First name', LIMITS.name, REGISTRATION_MESSAGES.firstName),
  lastName: requiredText('Last name', LIMITS.name, REGISTRATION_MESSAGES.lastName),
  email: emailField,
  phone: text('Phone', PHONE_MAX_LENGTH)
    .refine((v) => v === '' || isPhoneNumber(v), REGISTRATION_MESSAGES.phoneInvalid)
    .optional(),
  university: requiredText('University', LIMITS.title, REGISTRATION_MESSAGES.university),
  course: requiredText('Course', LIMITS.title, REGISTRATION_MESSAGES.course),
  department: text('Department', LIMITS.title).optional(),
  year: studyYear,
  rollNumber: requiredText('Roll number', LIMITS.name, REGISTRATION_MESSAGES.rollNumber),
});

export type CreateStudentBody = z.infer<typeof createStudentBody>;

export const studentData = z.object({ student: adminStudentDto, user: adminStudentDto });

export const userStatusBody = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

export const userStatusData = z.object({ _id: z.string(), isActive: z.boolean(), status: z.enum(['active', 'inactive']) });

// ---------------------------------------------------------------------------------------------
// Dashboard and analytics
// ---------------------------------------------------------------------------------------------

/** Change against the previous calendar month, in percent (null when there is nothing to compare). */
const change = z.number().nullable();

export const dashboardData = z.object({
  statistics: z.object({
    totalStudents: z.number().int(),
    totalProfessionals: z.number().int(),
    totalWorkshops: z.number().int(),
    activeWorkshops: z.number().int(),
    totalRDProjects: z.number().int(),
    activeRDProjects: z.number().int(),
    changes: z.object({
      students: change,
      professionals: change,
      workshops: change,
      activeWorkshops: change,
      rdProjects: change,
      activeRDProjects: change,
    }),
  }),
  recentRegistrations: z.array(
    z.object({ _id: z.string(), name: z.string(), email: z.string(), university: z.string().nullable(), createdAt: z.string() }),
  ),
});

export type DashboardData = z.infer<typeof dashboardData>;

export const analyticsQuery = z.object({
  months: z.coerce
    .number({ error: 'months must be a whole number from 1 to 36' })
    .int('months must be a whole number from 1 to 36')
    .min(1, 'months must be a whole number from 1 to 36')
    .max(36, 'months must be a whole number from 1 to 36')
    .default(12),
});

export type AnalyticsQuery = z.input<typeof analyticsQuery>;

export const analyticsData = z.object({
  /** One entry per month of the range, oldest first; months without activity are 0, never missing. */
  registrations: z.array(
    z.object({
      month: z.string(),
      students: z.number().int(),
      professionals: z.number().int(),
      /** Ideas submitted (drafts excluded) and workshop registrations made in the month. */
      ideas: z.number().int(),
      workshopRegistrations: z.number().int(),
    }),
  ),
  workshopFill: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      registered: z.number().int(),
      capacity: z.number().int(),
      fillRate: z.number(),
    }),
  ),
  ideaFunnel: z.array(z.object({ status: z.string(), count: z.number().int() })),
  applicationFunnel: z.array(z.object({ status: z.string(), count: z.number().int() })),
  topExpertise: z.array(z.object({ expertise: z.string(), count: z.number().int() })),
  /** Mentoring sessions after they happened: marked attended, no-show, or not marked (issue 12). */
  sessionAttendance: z.object({ attended: z.number().int(), noShow: z.number().int(), unmarked: z.number().int() }),
});

export type AnalyticsData = z.infer<typeof analyticsData>;

// ---------------------------------------------------------------------------------------------
// Audit log, contact messages, outbox
// ---------------------------------------------------------------------------------------------

export const auditQuery = paginationQuery.extend({
  entity: text('Entity', LIMITS.name).optional(),
  action: text('Action', LIMITS.name).optional(),
  actorId: text('Actor', 24).optional(),
});

export const auditEntry = z.object({
  _id: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  actor: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});

export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListData = z.object({ entries: z.array(auditEntry), pagination });

export const contactMessagesQuery = paginationQuery.extend({ handled: z.enum(['true', 'false']).optional() });

export const contactMessageAdminDto = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  handled: z.boolean(),
  createdAt: z.string(),
});

export const contactMessagesData = z.object({ messages: z.array(contactMessageAdminDto), pagination });

export const contactMessageData = z.object({ message: contactMessageAdminDto });

export const markHandledBody = z.object({ handled: z.boolean().default(true) });

export const emailsQuery = paginationQuery.extend({ status: z.enum(['queued', 'sent', 'outbox', 'failed']).optional() });

export const outboxEmailDto = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['queued', 'sent', 'outbox', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const emailsData = z.object({ emails: z.array(outboxEmailDto), pagination });

const score = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: IDEA_REVIEW_MESSAGES.score })
    .int(IDEA_REVIEW_MESSAGES.score)
    .min(1, IDEA_REVIEW_MESSAGES.score)
    .max(10, IDEA_REVIEW_MESSAGES.score)
    .optional(),
);

export const ideaReviewBody = z.object({
  status: z.enum(REVIEW_STATUSES, { error: IDEA_REVIEW_MESSAGES.status }),
  feedback: text('Feedback', LIMITS.short).optional(),
  reviewNotes: text('Review notes', LIMITS.short).optional(),
  implementationDetails: z
    .object({
      feasibilityScore: score,
      impactScore: score,
      innovationScore: score,
      estimatedTimeToImplement: text('Estimated time', LIMITS.name).optional(),
      resourcesRequired: textList('Resources required').optional(),
      potentialPartners: textList('Potential partners').optional(),
    })
    .optional(),
});

export type IdeaReviewBody = z.infer<typeof ideaReviewBody>;

export const adminIdeaQuery = paginationQuery.extend({
  search: text('Search', LIMITS.title).optional(),
  status: z.enum(['under_review', 'approved', 'rejected', 'shortlisted', 'implemented', 'revision_required', 'all']).optional(),
  category: text('Category', LIMITS.name).optional(),
});

export type AdminIdeaQuery = z.infer<typeof adminIdeaQuery>;

export const adminIdeaDto = ideaDto.extend({
  submittedBy: z
    .object({
      _id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      university: z.string().nullable(),
      course: z.string().nullable(),
      year: z.number().nullable(),
    })
    .nullable(),
});

export type AdminIdeaDto = z.infer<typeof adminIdeaDto>;

export const adminIdeaListData = z.object({ ideas: z.array(adminIdeaDto), pagination });

export const adminIdeaData = z.object({ idea: adminIdeaDto });

export const EXPORT_KINDS = ['students', 'professionals', 'workshops', 'ideas'] as const;

export type ExportKind = (typeof EXPORT_KINDS)[number];
