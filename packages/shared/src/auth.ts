import { z } from 'zod';
import { EMAIL_PATTERN, LIMITS, isCleanText, requiredText, text } from './text.ts';
import { ROLES } from './roles.ts';
import { TIME_ZONE_MESSAGE, isTimeZone } from './time-zones.ts';
import { privacyNoticeVersionField } from './privacy.ts';

export const INTEREST_OPTIONS = [
  'Engineering',
  'Law',
  'Medicine',
  'Design',
  'Business',
  'Environmental',
  'Healthcare',
  'Education',
  'Technology',
  'Research',
  'Innovation',
  'Entrepreneurship',
] as const;

export const STUDENT_PASSWORD_MIN = 6;
export const PROFESSIONAL_PASSWORD_MIN = 8;
/**
 * Phone numbers as people type them: an optional leading +, then digits with spaces, hyphens, dots or
 * parentheses between them; 10 to 15 digits (E.164 allows at most 15). `+1 (212) 555-0100`,
 * `+86 138 0013 8000` and `+91 98765 43210` are valid; letters, a second + or 9 digits are not.
 */
export const PHONE_PATTERN = /^\+?[0-9\s\-().]+$/;
export const PHONE_MAX_LENGTH = 25;
export const PHONE_HINT = 'Include the country code, e.g. +91 98765 43210 or +1 (212) 555-0100.';
export function isPhoneNumber(value: string): boolean {
  const v = value.trim();
  if (v.length > PHONE_MAX_LENGTH || !PHONE_PATTERN.test(v)) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 15;
}

export const REGISTRATION_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 6 characters long',
  passwordMismatch: 'Passwords do not match',
  university: 'University is required',
  course: 'Course/Major is required',
  year: 'Year of study is required',
  rollNumber: 'Roll number is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  terms: 'You must agree to the Terms of Service and Privacy Policy',
} as const;

export interface RegistrationForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  university: string;
  course: string;
  year: string | number;
  rollNumber: string;
  phone: string;
  interests: string[];
  agreeToTerms: boolean;
}

/** The 14 registration checks of spec 000 §5, in order; returns the first failing message or null. */
/** The first problem of the form (spec 000 §5 order) and the field it is about. */
export function firstRegistrationProblem(form: RegistrationForm): { field: keyof RegistrationForm; message: string } | null {
  const m = REGISTRATION_MESSAGES;
  const year = Number(form.year);
  const p = (field: keyof RegistrationForm, message: string) => ({ field, message });
  if (!form.firstName.trim()) return p('firstName', m.firstName);
  if (!form.lastName.trim()) return p('lastName', m.lastName);
  if (!form.email.trim()) return p('email', m.emailRequired);
  if (!EMAIL_PATTERN.test(form.email.trim())) return p('email', m.emailInvalid);
  if (!form.password) return p('password', m.passwordRequired);
  if (form.password.length < STUDENT_PASSWORD_MIN) return p('password', m.passwordShort);
  if (form.password !== form.confirmPassword) return p('confirmPassword', m.passwordMismatch);
  if (!form.university.trim()) return p('university', m.university);
  if (!form.course.trim()) return p('course', m.course);
  if (form.year === '' || !Number.isInteger(year) || year < 1 || year > 6) return p('year', m.year);
  if (!form.rollNumber.trim()) return p('rollNumber', m.rollNumber);
  if (!form.phone.trim()) return p('phone', m.phoneRequired);
  if (!isPhoneNumber(form.phone)) return p('phone', m.phoneInvalid);
  if (!form.agreeToTerms) return p('agreeToTerms', m.terms);
  return null;
}

export function firstRegistrationError(form: RegistrationForm): string | null {
  return firstRegistrationProblem(form)?.message ?? null;
}

const email = z
  .string({ error: REGISTRATION_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, REGISTRATION_MESSAGES.emailRequired)
  .max(LIMITS.email, 'Email must be at most 254 characters')
  .regex(EMAIL_PATTERN, REGISTRATION_MESSAGES.emailInvalid);

const password = (min: number, shortMessage: string) =>
  z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(min, shortMessage)
    .max(LIMITS.password, `Password must be at most ${LIMITS.password} characters`)
    .refine(isCleanText, 'Password contains characters that are not allowed');

/** POST /api/auth/register — students only; any `role`, `isVerified`... in the payload is stripped. */
export const registerBody = z.object({
  firstName: requiredText('First name', LIMITS.name, REGISTRATION_MESSAGES.firstName),
  lastName: requiredText('Last name', LIMITS.name, REGISTRATION_MESSAGES.lastName),
  email,
  password: password(STUDENT_PASSWORD_MIN, REGISTRATION_MESSAGES.passwordShort),
  university: requiredText('University', LIMITS.title, REGISTRATION_MESSAGES.university),
  course: requiredText('Course', LIMITS.title, REGISTRATION_MESSAGES.course),
  year: z.coerce
    .number({ error: REGISTRATION_MESSAGES.year })
    .int(REGISTRATION_MESSAGES.year)
    .min(1, REGISTRATION_MESSAGES.year)
    .max(6, REGISTRATION_MESSAGES.year),
  rollNumber: requiredText('Roll number', LIMITS.name, REGISTRATION_MESSAGES.rollNumber),
  phone: requiredText('Phone', PHONE_MAX_LENGTH, REGISTRATION_MESSAGES.phoneRequired).refine(
    isPhoneNumber,
    REGISTRATION_MESSAGES.phoneInvalid,
  ),
  interests: z
    .array(z.enum(INTEREST_OPTIONS, { error: 'Unknown interest' }))
    .max(INTEREST_OPTIONS.length)
    .default([])
    .transform((list) => [...new Set(list)]),
  /** The privacy notice version the form showed (issue 24, decision 840). */
  privacyNoticeVersion: privacyNoticeVersionField,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const LOGIN_MESSAGES = {
  missing: 'Please enter both email and password',
  invalid: 'Invalid email or password',
  deactivated: 'This account has been deactivated. Please contact support.',
} as const;

export const loginBody = z.object({
  email: z
    .string({ error: LOGIN_MESSAGES.missing })
    .trim()
    .toLowerCase()
    .min(1, LOGIN_MESSAGES.missing)
    .max(LIMITS.email, LOGIN_MESSAGES.invalid),
  password: z
    .string({ error: LOGIN_MESSAGES.missing })
    .min(1, LOGIN_MESSAGES.missing)
    .max(LIMITS.password, LOGIN_MESSAGES.invalid),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginBody = z.infer<typeof loginBody>;

export const profileImage = z.object({ url: z.string() }).nullable();

/** The signed-in user as every auth endpoint returns it. Never carries a hash or a secret. */
export const userDto = z.object({
  _id: z.string(),
  id: z.string(),
  role: z.enum(ROLES),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  /** The name as printed on certificates; null = first and last name (decision 831). */
  certificateName: z.string().nullable().optional(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  bio: z.string().nullable(),
  isVerified: z.boolean(),
  isActive: z.boolean(),
  isTemporaryPassword: z.boolean(),
  passwordResetRequired: z.boolean(),
  profileImage,
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
  passwordChangedAt: z.string().nullable(),
  /** The person's IANA time zone; null until set (the web app then sets it from the browser, decision 702). */
  timezone: z.string().nullable(),
  /** The language the person chose (en, hi, es, ar…); null = follow the browser (decision 741). */
  language: z.string().nullable().optional(),
  // student fields
  university: z.string().nullable().optional(),
  course: z.string().nullable().optional(),
  year: z.number().nullable().optional(),
  rollNumber: z.string().nullable().optional(),
  studentId: z.string().nullable().optional(),
  interests: z.array(z.string()).optional(),
  // professional fields
  title: z.string().nullable().optional(),
  designation: z.string().nullable().optional(),
  company: z.string().nullable().optional(),
  expertise: z.array(z.string()).optional(),
  experience: z.number().nullable().optional(),
  location: z.string().nullable().optional(),
});
export type UserDto = z.infer<typeof userDto>;

export const authData = z.object({
  token: z.string(),
  user: userDto,
  permissions: z.object({ role: z.enum(ROLES), actions: z.array(z.string()) }),
  /** The role must use a second factor and has none yet (issue 23): until when it may wait, or blocked now. */
  mfaEnrolment: z.object({ deadline: z.string(), blocked: z.boolean() }).optional(),
});
export type AuthData = z.infer<typeof authData>;

export const userData = z.object({ user: userDto });

export const updateProfileBody = z
  .object({
    firstName: requiredText('First name', LIMITS.name),
    lastName: requiredText('Last name', LIMITS.name),
    /** '' clears it (certificates then print the first and last name). */
    certificateName: text('Name on certificates', LIMITS.name),
    phone: text('Phone', PHONE_MAX_LENGTH).refine((v) => v === '' || isPhoneNumber(v), REGISTRATION_MESSAGES.phoneInvalid),
    address: text('Address', LIMITS.title),
    city: text('City', LIMITS.name),
    state: text('State', LIMITS.name),
    zipCode: text('ZIP code', 20),
    bio: text('Bio', LIMITS.long),
    timezone: z.union([z.literal(''), z.string().trim().refine(isTimeZone, TIME_ZONE_MESSAGE)], { error: TIME_ZONE_MESSAGE }),
  })
  .partial();
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const STUDENT_PASSWORD_MESSAGES = {
  mismatch: "New passwords don't match!",
  short: 'New password must be at least 6 characters long!',
  wrongCurrent: 'Current password is incorrect',
} as const;

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(LIMITS.password),
  newPassword: password(STUDENT_PASSWORD_MIN, STUDENT_PASSWORD_MESSAGES.short),
});

export const PROFESSIONAL_PASSWORD_MESSAGES = {
  currentRequired: 'Please enter your current password',
  newRequired: 'Please enter a new password',
  short: 'New password must be at least 8 characters long',
  weak: 'Password is too weak. Please create a stronger password',
  mismatch: 'New passwords do not match',
  same: 'New password must be different from current password',
} as const;

export const PASSWORD_SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;

/** Strength 0-4 (spec 002 §5): length ≥ 8, mixed case, a digit, a special character. */
export function passwordStrength(pw: string): number {
  let score = 0;
  if (pw.length >= 8) score++;
  if (/[a-z]/.test(pw) && /[A-Z]/.test(pw)) score++;
  if (/\d/.test(pw)) score++;
  if (PASSWORD_SPECIAL.test(pw)) score++;
  return score;
}
export const STRENGTH_LABELS = ['Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
export const STRENGTH_HINTS = [
  'At least 8 characters',
  'Include uppercase and lowercase letters',
  'Include at least one number',
  'Include at least one special character',
] as const;

/** Unmet strength hints, in the spec's order. */
export function strengthHints(pw: string): string[] {
  const hints: string[] = [];
  if (pw.length < 8) hints.push(STRENGTH_HINTS[0]);
  if (!(/[a-z]/.test(pw) && /[A-Z]/.test(pw))) hints.push(STRENGTH_HINTS[1]);
  if (!/\d/.test(pw)) hints.push(STRENGTH_HINTS[2]);
  if (!PASSWORD_SPECIAL.test(pw)) hints.push(STRENGTH_HINTS[3]);
  return hints;
}

/** The six professional checks of spec 002 §5, in order. */
export function firstProfessionalPasswordError(input: {
  currentPassword: string;
  newPassword: string;
  confirmPassword?: string;
}): string | null {
  const m = PROFESSIONAL_PASSWORD_MESSAGES;
  if (!input.currentPassword) return m.currentRequired;
  if (!input.newPassword) return m.newRequired;
  if (input.newPassword.length < PROFESSIONAL_PASSWORD_MIN) return m.short;
  if (passwordStrength(input.newPassword) < 2) return m.weak;
  if (input.confirmPassword !== undefined && input.newPassword !== input.confirmPassword) return m.mismatch;
  if (input.newPassword === input.currentPassword) return m.same;
  return null;
}

export const professionalChangePasswordBody = z
  .object({
    currentPassword: z.string().min(1, PROFESSIONAL_PASSWORD_MESSAGES.currentRequired).max(LIMITS.password),
    newPassword: z
      .string()
      .min(1, PROFESSIONAL_PASSWORD_MESSAGES.newRequired)
      .min(PROFESSIONAL_PASSWORD_MIN, PROFESSIONAL_PASSWORD_MESSAGES.short)
      .max(LIMITS.password)
      .refine(isCleanText, 'Password contains characters that are not allowed')
      .refine((v) => passwordStrength(v) >= 2, PROFESSIONAL_PASSWORD_MESSAGES.weak),
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: PROFESSIONAL_PASSWORD_MESSAGES.same,
    path: ['newPassword'],
  });

export const passwordStatusData = z.object({
  requiresPasswordChange: z.boolean(),
  isTemporaryPassword: z.boolean(),
  passwordChangedAt: z.string().nullable(),
});

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password. It is valid for 1 hour.';

export const forgotPasswordBody = z.object({
  email: z
    .string({ error: REGISTRATION_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, REGISTRATION_MESSAGES.emailRequired)
    .max(LIMITS.email)
    .regex(EMAIL_PATTERN, REGISTRATION_MESSAGES.emailInvalid),
});

export const RESET_MESSAGES = {
  invalid: 'This reset link is invalid or has expired. Please request a new one.',
  done: 'Your password has been reset. You can now sign in.',
} as const;

export const resetPasswordBody = z.object({
  token: z.string().min(10, RESET_MESSAGES.invalid).max(200, RESET_MESSAGES.invalid),
  newPassword: password(STUDENT_PASSWORD_MIN, 'Password must be at least 6 characters long'),
});

export const imageUploadData = z.object({ imageUrl: z.string(), user: userDto.optional() });
