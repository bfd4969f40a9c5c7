import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ROLES } from '@app/shared/roles';
import { cascadeKey, cascadeRef, createdAt, idColumn, ts, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    role: text('role', { enum: ROLES }).notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    /** The name as it should be printed on certificates (family name first, another script…); null = first and last name (decision 831). */
    certificateName: text('certificate_name'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    bio: text('bio'),
    profileImageKey: text('profile_image_key'),
    isActive: boolean('is_active').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    isTemporaryPassword: boolean('is_temporary_password').notNull().default(false),
    passwordChangedAt: ts('password_changed_at'),
    /** Bumped on password change, reset and deactivation: every older token stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: ts('last_login_at'),
    /** E-mail categories the user turned off ({ reminders: false, ... }); missing = on. In-app always stays. */
    emailPreferences: jsonb('email_preferences').$type<Record<string, boolean>>().notNull().default({}),
    /** When the owner proved the account's address by opening the link sent to it (decision 482). */
    emailConfirmedAt: ts('email_confirmed_at'),
    /** The person's IANA time zone (any zone); null until set, first from their browser (decision 702). */
    timezone: text('timezone'),
    /** The language the person chose (a catalogue's tag: en, hi, es, ar); null = follow the browser (decision 741). */
    language: text('language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_created_idx').on(t.role, t.createdAt),
    // The admin student and professional searches (ILIKE '%…%' on the name and the e-mail): trigram
    // indexes, so a search reads the matching accounts instead of every account (issue 13).
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

export const studentProfiles = pgTable(
  'student_profiles',
  {
    userId: cascadeKey('user_id', () => users.id),
    university: text('university').notNull(),
    course: text('course').notNull(),
    department: text('department'),
    year: integer('year').notNull(),
    rollNumber: text('roll_number').notNull(),
    cgpa: numeric('cgpa', { precision: 4, scale: 2, mode: 'number' }),
    interests: jsonb('interests').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('student_profiles_university_idx').on(t.university),
    // The admin student list's search and its university filter (both ILIKE '%…%', issue 13).
    index('student_profiles_university_trgm_idx').using('gin', sql`${t.university} gin_trgm_ops`),
    index('student_profiles_course_trgm_idx').using('gin', sql`${t.course} gin_trgm_ops`),
    index('student_profiles_roll_number_trgm_idx').using('gin', sql`${t.rollNumber} gin_trgm_ops`),
  ],
);

export interface SocialLinks {
  linkedin?: string;
  twitter?: string;
  website?: string;
}

export const professionalProfiles = pgTable(
  'professional_profiles',
  {
    userId: cascadeKey('user_id', () => users.id),
    title: text('title').notNull().default(''),
    company: text('company').notNull().default(''),
    expertise: text('expertise').notNull().default(''),
    experienceYears: integer('experience_years').notNull().default(0),
    specializations: jsonb('specializations').$type<string[]>().notNull().default([]),
    skills: jsonb('skills').$type<string[]>().notNull().default([]),
    achievements: jsonb('achievements').$type<string[]>().notNull().default([]),
    education: jsonb('education').$type<string[]>().notNull().default([]),
    certifications: jsonb('certifications').$type<string[]>().notNull().default([]),
    location: text('location'),
    hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2, mode: 'number' }),
    currency: text('currency').notNull().default('USD'),
    socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
    /** A professional may pause new connection requests (PRODUCT.md, responsiveness). */
    acceptingRequests: boolean('accepting_requests').notNull().default(true),
    /** Hours before a session inside which a student may no longer reschedule, and a cancel counts as late (decision 700). */
    noticeHours: integer('notice_hours').notNull().default(12),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
  },
  (t) => [index('professional_profiles_expertise_idx').on(t.expertise)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    /** SHA-256 of the token; the token itself only ever exists in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

export const usersActiveEmailLower = sql`lower(${users.email})`;
