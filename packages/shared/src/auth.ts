import { z } from 'zod';
import { EMAIL_PATTERN, LIMITS, emailAddress, isCleanText, requiredText, text } from './text.ts';
import { ROLES } from './roles.ts';
import { TIME_ZONE_MESSAGE, isTimeZone } from './time-zones.ts';
import { privacyNoticeVersionField } from './privacy.ts';
import {
  INTEREST_OPTIONS,
  LOGIN_MESSAGES,
  PHONE_MAX_LENGTH,
  PROFESSIONAL_PASSWORD_MESSAGES,
  PROFESSIONAL_PASSWORD_MIN,
  REGISTRATION_MESSAGES,
  RESET_MESSAGES,
  STUDENT_PASSWORD_MESSAGES,
  STUDENT_PASSWORD_MIN,
  isPhoneNumber,
  passwordStrength,
} from './auth-constants.ts';

export * from './auth-constants.ts';
const email = emailAddress(REGISTRATION_MESSAGES.emailRequired, REGISTRATION_MESSAGES.emailInvalid);

const password = (min: number, shortMessage: string) =>
  z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(min, shortMessage)
    .max(LIMITS.password, `Password must be at most ${LIMITS.password} characters`)
    .refine(isCleanText, 'Password contains characters that are not allowed');

/** A student's year of study, 1 to 6 (registration and the administrator's Add Student). */
export const studyYear = z.coerce
  .number({ error: REGISTRATION_MESSAGES.year })
  .int(REGISTRATION_MESSAGES.year)
  .min(1, REGISTRATION_MESSAGES.year)
  .max(6, REGISTRATION_MESSAGES.year);

/** POST /api/auth/register — students only; any `role`, `isVerified`... in the payload is stripped. */
export const registerBody = z.object({
  firstName: requiredText('First name', LIMITS.name, REGISTRATION_MESSAGES.firstName),
  lastName: requiredText('Last name', LIMITS.name, REGISTRATION_MESSAGES.lastName),
  email,
  password: password(STUDENT_PASSWORD_MIN, REGISTRATION_MESSAGES.passwordShort),
  university: requiredText('University', LIMITS.title, REGISTRATION_MESSAGES.university),
  course: requiredText('Course', LIMITS.title, REGISTRATION_MESSAGES.course),
  year: studyYear,
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

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(LIMITS.password),
  newPassword: password(STUDENT_PASSWORD_MIN, STUDENT_PASSWORD_MESSAGES.short),
});

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

export const forgotPasswordBody = z.object({
  email: z
    .string({ error: REGISTRATION_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, REGISTRATION_MESSAGES.emailRequired)
    .max(LIMITS.email)
    .regex(EMAIL_PATTERN, REGISTRATION_MESSAGES.emailInvalid),
});

export const resetPasswordBody = z.object({
  token: z.string().min(10, RESET_MESSAGES.invalid).max(200, RESET_MESSAGES.invalid),
  newPassword: password(STUDENT_PASSWORD_MIN, 'Password must be at least 6 characters long'),
});

export const imageUploadData = z.object({ imageUrl: z.string(), user: userDto.optional() });
