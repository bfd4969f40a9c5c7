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
