import { z } from 'zod';

/** Data-rights requests (issue 24, docs/privacy.md). */
export const PRIVACY_REQUEST_KINDS = ['export', 'erasure'] as const;
export const PRIVACY_REQUEST_STATUSES = ['pending', 'processing', 'ready', 'done', 'cancelled', 'refused', 'failed'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** An export archive can be downloaded this long after it is ready. */
export const EXPORT_ARCHIVE_DAYS = 7;
/** An export is due within this many days (GDPR art. 12: one month). */
export const EXPORT_DUE_DAYS = 30;
/** Longest extension an administrator may give at once. */
export const EXTEND_MAX_DAYS = 60;

export const PRIVACY_MESSAGES = {
  exportRequested: 'We are preparing your data. You will get a notification and an e-mail when it is ready.',
  exportPending: 'An export of your data is already being prepared.',
  erasureRequested: 'Your account is scheduled for deletion. We sent you an e-mail; you can cancel until then.',
  erasurePending: 'Your account is already scheduled for deletion.',
  erasureCancelled: 'The deletion of your account is cancelled.',
  archiveExpired: 'This download has expired. Request a new export.',
  notOpen: 'This request is no longer open.',
  legalHold: 'This account is under a legal hold and cannot be erased until the hold is lifted.',
  reasonRequired: 'Give a reason',
  processed: 'The request was processed.',
  refused: 'The request was refused.',
  extended: 'The due date was moved.',
  holdLifted: 'The legal hold was lifted.',
} as const;

export const privacyRequestDto = z.object({
  id: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  requesterRole: z.enum(['self', 'admin', 'university', 'retention']),
  dueAt: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** Export: when the archive can no longer be downloaded. */
  expiresAt: z.string().nullable(),
  archiveSize: z.number().int().nullable(),
  /** Export: the download path while the archive is ready (needs the same sign-in). */
  downloadUrl: z.string().nullable(),
});
export type PrivacyRequestDto = z.infer<typeof privacyRequestDto>;

/** The person's own view: their requests and whether an erasure is scheduled. */
export const myPrivacyData = z.object({
  requests: z.array(privacyRequestDto),
  erasureScheduledFor: z.string().nullable(),
  noticeHours: z.number().int(),
});
export type MyPrivacyData = z.infer<typeof myPrivacyData>;

export const adminPrivacyRequestDto = privacyRequestDto.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }),
  legalHold: z.string().nullable(),
});
export type AdminPrivacyRequestDto = z.infer<typeof adminPrivacyRequestDto>;

export const adminPrivacyQueueQuery = z.object({
  status: z.enum(['open', 'closed', 'all']).default('open'),
  kind: z.enum(PRIVACY_REQUEST_KINDS).optional(),
});
export const adminPrivacyQueueData = z.object({ requests: z.array(adminPrivacyRequestDto) });

export const adminCreateRequestBody = z.object({
  userId: z.string().regex(/^[0-9a-f]{24}$/, 'Invalid user id'),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
});
export const universityExportBody = z.object({ studentId: z.string().regex(/^[0-9a-f]{24}$/, 'Invalid student id') });

const reasonText = z.string().trim().min(1, PRIVACY_MESSAGES.reasonRequired).max(1000, 'The reason is too long (1000 characters at most)');
export const refuseRequestBody = z.object({ reason: reasonText, legalHold: z.boolean().default(false) });
export const extendRequestBody = z.object({
  days: z.number().int().min(1, 'Extend by at least 1 day').max(EXTEND_MAX_DAYS, `Extend by ${EXTEND_MAX_DAYS} days at most`),
  reason: reasonText,
});

export const privacyRequestData = z.object({ request: privacyRequestDto });
export const adminPrivacyRequestData = z.object({ request: adminPrivacyRequestDto });

/** Who looked at or exported the person's record (from the audit log). */
export const accessLogEntry = z.object({
  at: z.string(),
  action: z.enum(['viewed', 'exported']),
  by: z.enum(['admin', 'university']),
  organisation: z.string().nullable(),
});
export const accessLogData = z.object({ entries: z.array(accessLogEntry) });

/** Retention categories an administrator may set, with their bounds in days (docs/privacy.md). */
export const RETENTION_CATEGORIES = {
  outbox: { label: 'Sent e-mails (outbox)', defaultDays: 90, minDays: 7, maxDays: 730 },
  notifications: { label: 'Notifications', defaultDays: 365, minDays: 30, maxDays: 1095 },
  auditLog: { label: 'Audit log', defaultDays: 365, minDays: 365, maxDays: 3650 },
  inactiveStudents: { label: 'Inactive student accounts (after the last sign-in)', defaultDays: 1095, minDays: 365, maxDays: 3650 },
} as const;
export type RetentionCategory = keyof typeof RETENTION_CATEGORIES;
export const RETENTION_CATEGORY_KEYS = Object.keys(RETENTION_CATEGORIES) as RetentionCategory[];
/** Inactive accounts are told this many days before they are erased. */
export const INACTIVE_NOTICE_DAYS = 30;

export const retentionSettingDto = z.object({
  category: z.enum(RETENTION_CATEGORY_KEYS as [RetentionCategory, ...RetentionCategory[]]),
  label: z.string(),
  days: z.number().int(),
  defaultDays: z.number().int(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
});
export const retentionRunDto = z.object({ id: z.string(), startedAt: z.string(), finishedAt: z.string().nullable(), counts: z.record(z.string(), z.number()) });
export const retentionData = z.object({ settings: z.array(retentionSettingDto), runs: z.array(retentionRunDto) });
export const retentionUpdateBody = z.object({
  category: z.enum(RETENTION_CATEGORY_KEYS as [RetentionCategory, ...RetentionCategory[]]),
  days: z.number().int(),
});

/** Breach support: who had rows in a table during a window. */
export const breachQuery = z.object({
  table: z.string().min(1, 'Choose a table').max(63),
  from: z.iso.datetime({ offset: true, error: 'Give the start as an ISO date-time' }),
  to: z.iso.datetime({ offset: true, error: 'Give the end as an ISO date-time' }),
});
export const breachPerson = z.object({ id: z.string(), name: z.string(), email: z.string(), rows: z.number().int() });
export const breachData = z.object({ table: z.string(), people: z.array(breachPerson), tables: z.array(z.string()) });
export const breachTablesData = z.object({ tables: z.array(z.string()) });
export const breachNoticeBody = breachQuery.extend({
  subject: z.string().trim().min(1, 'Give a subject').max(200),
  message: z.string().trim().min(20, 'Write the notice (20 characters at least)').max(10000),
});
export const breachNoticeData = z.object({ notified: z.number().int() });

// --- the privacy notice and optional consents (decisions 840, 841)

export const NOTICE_MESSAGES = {
  noNotice: 'No privacy notice has been published yet.',
  notCurrent: 'This is not the current privacy notice. Read the current version and accept it.',
  accepted: 'Thank you. Your acceptance is recorded.',
  published: 'The new version of the privacy notice is published.',
  consentSaved: 'Your choice is saved.',
} as const;

/** Optional processing a person gives or withdraws in their profile (issue 24: "matching on interests, e-mails beyond the essential"). */
export const CONSENT_PURPOSES = ['matching', 'emails'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
/** `matching` is about a student's profile: only students are asked. */
export const CONSENT_PURPOSES_FOR: Record<string, readonly ConsentPurpose[]> = {
  student: ['matching', 'emails'],
  professional: ['emails'],
  university_admin: ['emails'],
  company_admin: ['emails'],
  admin: ['emails'],
};

export const privacyNoticeDto = z.object({
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  summary: z.string(),
  material: z.boolean(),
  publishedAt: z.string(),
});
export type PrivacyNoticeDto = z.infer<typeof privacyNoticeDto>;
/** GET /api/privacy/notice (public): the current version, or null before the first is published. */
export const currentNoticeData = z.object({ notice: privacyNoticeDto.nullable() });
export type CurrentNoticeData = z.infer<typeof currentNoticeData>;

export const adminNoticeDto = privacyNoticeDto.extend({ publishedBy: z.string().nullable(), acceptances: z.number().int() });
export const adminNoticesData = z.object({ notices: z.array(adminNoticeDto) });
export type AdminNoticesData = z.infer<typeof adminNoticesData>;

export const publishNoticeBody = z.object({
  title: z.string().trim().min(1, 'Give the notice a title').max(200, 'The title is too long (200 characters at most)'),
  body: z.string().trim().min(50, 'Write the notice (50 characters at least)').max(100_000, 'The notice is too long (100,000 characters at most)'),
  summary: z.string().trim().max(2000, 'The summary is too long (2000 characters at most)').default(''),
  material: z.boolean({ error: 'Say whether the change is material (true or false)' }),
});
export type PublishNoticeBody = z.infer<typeof publishNoticeBody>;
export const adminNoticeData = z.object({ notice: adminNoticeDto });

/** A registration form sends the version of the notice it showed (absent: nothing is recorded, the person is asked at sign-in). */
export const privacyNoticeVersionField = z.number({ error: 'Invalid privacy notice version' }).int('Invalid privacy notice version').min(1, 'Invalid privacy notice version').max(1_000_000, 'Invalid privacy notice version').optional();

export const acceptNoticeBody = z.object({ version: z.number({ error: 'Give the version you accept' }).int('Invalid version').min(1, 'Invalid version') });

export const consentDto = z.object({ purpose: z.enum(CONSENT_PURPOSES), granted: z.boolean(), changedAt: z.string().nullable() });
export const consentEventDto = z.object({ purpose: z.enum(CONSENT_PURPOSES), granted: z.boolean(), at: z.string() });
export const noticeAcceptanceDto = z.object({ version: z.number().int(), context: z.enum(['registration', 'sign-in']), at: z.string() });

/** GET /api/privacy/me/consents: the notice to accept (if any), the choices, and their history. */
export const myConsentsData = z.object({
  notice: privacyNoticeDto.nullable(),
  /** True when the person has not accepted the latest material version (asked at sign-in). */
  mustAccept: z.boolean(),
  acceptances: z.array(noticeAcceptanceDto),
  consents: z.array(consentDto),
  history: z.array(consentEventDto),
});
export type MyConsentsData = z.infer<typeof myConsentsData>;

export const consentPurposeParams = z.object({ purpose: z.enum(CONSENT_PURPOSES, { error: 'Unknown purpose (matching or emails)' }) });
export const setConsentBody = z.object({ granted: z.boolean({ error: 'granted must be true or false' }) }).strict();
