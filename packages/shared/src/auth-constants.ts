// The auth contract's plain values and rules, without zod: first-paint web code imports these and loads
// the schemas with its first request (decisions 950, 1080). `auth.ts` re-exports everything here.
import { EMAIL_PATTERN } from './text-constants.ts';

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

export const LOGIN_MESSAGES = {
  missing: 'Please enter both email and password',
  invalid: 'Invalid email or password',
  deactivated: 'This account has been deactivated. Please contact support.',
} as const;

export const STUDENT_PASSWORD_MESSAGES = {
  mismatch: "New passwords don't match!",
  short: 'New password must be at least 6 characters long!',
  wrongCurrent: 'Current password is incorrect',
} as const;

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

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password. It is valid for 1 hour.';

export const RESET_MESSAGES = {
  invalid: 'This reset link is invalid or has expired. Please request a new one.',
  done: 'Your password has been reset. You can now sign in.',
} as const;
