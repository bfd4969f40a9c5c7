// The admin contract's plain values and rules, without zod: first-paint web code imports these and loads
// the schemas with its first request (decisions 950, 1080). `admin.ts` re-exports everything here.

export const CURRENCIES = ['USD', 'INR', 'EUR'] as const;

export const PROFESSIONAL_MESSAGES = {
  name: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phone: 'Phone is required',
  title: 'Title is required',
  company: 'Company is required',
  expertise: 'Please select an expertise',
  experience: 'Years of experience must be a whole number of 0 or more',
  bio: 'Bio is required',
  hourlyRate: 'Hourly rate must be 0 or more',
  duplicate: 'An account with this email already exists',
  created: 'Professional created successfully!',
  updated: 'Professional updated successfully!',
  deleted: 'Professional deleted successfully!',
  verified: 'Professional verified successfully!',
  unverified: 'Professional unverified successfully!',
} as const;

// ---------------------------------------------------------------------------------------------
// Bulk upload (spec 001 §3 "Bulk upload result", §5 "Bulk upload file")
// ---------------------------------------------------------------------------------------------

export const BULK_MESSAGES = {
  noFile: 'Please select a file to upload',
  badType: 'Please select an Excel (.xlsx), OpenDocument (.ods) or CSV (.csv) file',
  tooLarge: 'File size must be less than 10MB',
  xls: 'Excel 97-2003 (.xls) files cannot be read. Please save the sheet as .xlsx, .ods or .csv and upload it again.',
  tooManyRows: 'A file can hold at most 500 professionals per upload',
  empty: 'The file contains no professionals',
  unreadable: 'The file could not be read. Please check that it is a valid .xlsx, .ods or .csv file.',
  failed: 'Upload failed',
  templateFailed: 'Failed to download template',
  suggestion:
    'Remove or correct the rows with duplicate e-mail addresses. Professionals who already have an account can be edited from the Professionals tab.',
} as const;

export const BULK_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What the upload accepts (decision 828): .xlsx, .ods and .csv, checked by content. .xls stays selectable
 * so that its answer says exactly how to save it instead (BULK_MESSAGES.xls).
 */
export const BULK_ACCEPT =
  '.xlsx,.ods,.csv,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet,text/csv,application/vnd.ms-excel';

export const STUDENT_MESSAGES = {
  created: 'Student created successfully!',
  deactivated: 'Student deactivated successfully!',
  reactivated: 'Student reactivated successfully!',
} as const;

/** GET /api/admin/analytics?months=N: the time series cover the last N calendar months (this one included). */
export const ANALYTICS_RANGES = [3, 6, 12, 24] as const;

// ---------------------------------------------------------------------------------------------
// Idea review (spec 001 §4 "Idea status", §5 "Idea review")
// ---------------------------------------------------------------------------------------------

export const REVIEW_STATUSES = ['approved', 'shortlisted', 'rejected'] as const;

export const IDEA_REVIEW_MESSAGES = {
  status: 'Please select a status for the review',
  score: 'Scores must be whole numbers from 1 to 10',
  alreadyReviewed: 'This idea can no longer be reviewed',
  quickRejectFeedback: 'Idea does not meet current requirements.',
} as const;

/** The total score: the mean of the three, only when all three are given. */
export function totalScoreOf(
  d: { feasibilityScore?: number; impactScore?: number; innovationScore?: number } | undefined,
): number | null {
  if (!d || d.feasibilityScore === undefined || d.impactScore === undefined || d.innovationScore === undefined) return null;
  return Math.round(((d.feasibilityScore + d.impactScore + d.innovationScore) / 3) * 100) / 100;
}
