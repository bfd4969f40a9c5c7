import { z } from 'zod';
import { pagination, paginationQuery } from './api.ts';
import { PHONE_PATTERN, REGISTRATION_MESSAGES } from './auth.ts';
import { adminProfessionalDto, emailField, PROFESSIONAL_MESSAGES, updateProfessionalBody } from './admin.ts';
import { EXPERTISE_OPTIONS } from './professionals.ts';
import { EMAIL_PATTERN, LIMITS, httpsUrl, requiredText, text, textList } from './text.ts';
import { privacyNoticeVersionField } from './privacy.ts';
import {
  ORGANISATION_TYPES,
  ORGANISATION_STATUSES,
  EXPERT_STATUSES,
  ORG_MESSAGES,
  EXPERT_MESSAGES,
  CONFIRM_MESSAGES,
} from './organisation-constants.ts';
export * from './organisation-constants.ts';

// Universities, companies and industry experts join on their own (issue 15, decisions 480–489).

/** Public webmail providers: never an organisation's domain, never a work e-mail. */
export const PUBLIC_EMAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'yandex.com',
  'zoho.com',
  'rediffmail.com',
  'example.com',
] as const;

export const DOMAIN_PATTERN = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export function isPublicDomain(domain: string): boolean {
  return (PUBLIC_EMAIL_DOMAINS as readonly string[]).some((d) => domain === d || domain.endsWith(`.${d}`));
}

/** The host of a website without a leading www. */
export function websiteHost(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** `domain` is `base` or a sub-domain of it. */
export function withinDomain(domain: string, base: string): boolean {
  return Boolean(base) && (domain === base || domain.endsWith(`.${base}`));
}

export const domainField = z
  .string({ error: ORG_MESSAGES.domainInvalid })
  .trim()
  .toLowerCase()
  .regex(DOMAIN_PATTERN, ORG_MESSAGES.domainInvalid)
  .refine((d) => !isPublicDomain(d), ORG_MESSAGES.domainPublic);

const personFields = {
  firstName: requiredText('First name', LIMITS.name, REGISTRATION_MESSAGES.firstName),
  lastName: requiredText('Last name', LIMITS.name, REGISTRATION_MESSAGES.lastName),
  email: emailField,
  password: z
    .string({ error: 'Password is required' })
    .min(8, 'Password must be at least 8 characters long')
    .max(LIMITS.password, `Password must be at most ${LIMITS.password} characters`),
};

const phone = requiredText('Phone', 20, PROFESSIONAL_MESSAGES.phone).regex(PHONE_PATTERN, REGISTRATION_MESSAGES.phoneInvalid);

/** POST /api/organisations/register — the University or Company card of the registration wizard. */
export const organisationRegisterBody = z
  .object({
    type: z.enum(ORGANISATION_TYPES, { error: 'Please choose university or company' }),
    name: requiredText('Organisation name', LIMITS.title, ORG_MESSAGES.name),
    country: text('Country', LIMITS.name).optional(),
    website: httpsUrl('Website').refine((v) => websiteHost(v) !== '', ORG_MESSAGES.website),
    contact: z.object(personFields),
    /** The privacy notice version the form showed (issue 24, decision 840). */
    privacyNoticeVersion: privacyNoticeVersionField,
  })
  .superRefine((v, ctx) => {
    if (v.type === 'university' && !v.country)
      ctx.addIssue({ code: 'custom', path: ['country'], message: 'Country is required' });
    const domain = emailDomain(v.contact.email);
    if (isPublicDomain(domain)) ctx.addIssue({ code: 'custom', path: ['contact', 'email'], message: ORG_MESSAGES.domainPublic });
    else if (!withinDomain(domain, websiteHost(v.website))) {
      ctx.addIssue({ code: 'custom', path: ['contact', 'email'], message: ORG_MESSAGES.domainMismatch });
    }
  });
export type OrganisationRegisterBody = z.infer<typeof organisationRegisterBody>;

/** POST /api/experts/apply — the Industry Expert card: spec 001 §5's professional fields plus evidence. */
export const expertApplyBody = z.object({
  ...personFields,
  phone,
  title: requiredText('Title', LIMITS.title, PROFESSIONAL_MESSAGES.title),
  company: requiredText('Company', LIMITS.title, PROFESSIONAL_MESSAGES.company),
  expertise: z.enum(EXPERTISE_OPTIONS, { error: PROFESSIONAL_MESSAGES.expertise }),
  experience: z.coerce
    .number({ error: PROFESSIONAL_MESSAGES.experience })
    .int(PROFESSIONAL_MESSAGES.experience)
    .min(0, PROFESSIONAL_MESSAGES.experience)
    .max(80, PROFESSIONAL_MESSAGES.experience),
  bio: requiredText('Bio', LIMITS.long, PROFESSIONAL_MESSAGES.bio),
  specializations: textList('Specializations').default([]),
  skills: textList('Skills').default([]),
  profileUrl: httpsUrl('Profile link'),
  workEmail: z
    .union([
      z.literal('').transform(() => undefined),
      emailField.refine((e) => !isPublicDomain(emailDomain(e)), EXPERT_MESSAGES.workEmailDomain),
    ])
    .optional(),
  motivation: text('Motivation', LIMITS.short).default(''),
  /** The privacy notice version the form showed (issue 24, decision 840). */
  privacyNoticeVersion: privacyNoticeVersionField,
  /** A company's invitation link token (the company endorses the applicant). */
  invitationToken: z.string().max(200).optional(),
});
export type ExpertApplyBody = z.infer<typeof expertApplyBody>;

export const confirmEmailBody = z.object({ token: z.string().trim().min(1, CONFIRM_MESSAGES.invalid).max(200) });
export const workEmailCodeBody = z.object({
  workEmail: emailField.refine((e) => !isPublicDomain(emailDomain(e)), EXPERT_MESSAGES.workEmailDomain).optional(),
});
export const workEmailConfirmBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the six-digit code'),
});

/** The evidence an administrator weighs (and the applicant sees of their own application). */
export const expertApplicationDto = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  phone: z.string().nullable(),
  title: z.string(),
  company: z.string(),
  expertise: z.string(),
  experience: z.number(),
  bio: z.string().nullable(),
  profileUrl: z.string(),
  workEmail: z.string().nullable(),
  workEmailConfirmed: z.boolean(),
  /** A known, approved company whose domain the confirmed work e-mail is at. */
  domainMatch: z.object({ id: z.string(), name: z.string() }).nullable(),
  endorsedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  motivation: z.string(),
  status: z.enum(EXPERT_STATUSES),
  reason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ExpertApplicationDto = z.infer<typeof expertApplicationDto>;
export const expertApplicationData = z.object({ application: expertApplicationDto });
export const expertApplicationListQuery = paginationQuery.extend({ status: z.enum(EXPERT_STATUSES).default('pending') });
export const expertApplicationListData = z.object({ applications: z.array(expertApplicationDto), pagination });

export const decisionBody = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'Please choose approve or reject' }),
    reason: text('Reason', LIMITS.short).optional(),
  })
  .refine((v) => v.decision === 'approve' || Boolean(v.reason), { message: ORG_MESSAGES.reasonRequired, path: ['reason'] });
export type DecisionBody = z.infer<typeof decisionBody>;

export const organisationActionBody = z
  .object({
    action: z.enum(['approve', 'reject', 'suspend', 'reinstate'], { error: 'Please choose an action' }),
    reason: text('Reason', LIMITS.short).optional(),
  })
  .refine((v) => v.action === 'approve' || v.action === 'reinstate' || Boolean(v.reason), {
    message: ORG_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type OrganisationActionBody = z.infer<typeof organisationActionBody>;

export const organisationDto = z.object({
  id: z.string(),
  type: z.enum(ORGANISATION_TYPES),
  name: z.string(),
  country: z.string().nullable(),
  website: z.string(),
  status: z.enum(ORGANISATION_STATUSES),
  contactEmail: z.string(),
  contactConfirmed: z.boolean(),
  decisionReason: z.string().nullable(),
  /**
   * `verified`: control was proven (a member's confirmed address at it, or a DNS TXT record); until then it
   * affiliates nobody. `dnsRecord`: the TXT record that proves it (decision 822).
   */
  domains: z.array(
    z.object({
      id: z.string(),
      domain: z.string(),
      verified: z.boolean(),
      dnsRecord: z.object({ name: z.string(), value: z.string() }),
      /** Decision 941: the parent organisation that delegated this sub-domain (null: the organisation's own). */
      delegatedBy: z.string().nullable(),
    }),
  ),
  memberCount: z.number().int(),
  createdAt: z.string(),
  /** Issue 28: other organisations' domains that sit under or over this one's (the approving admin is warned). */
  overlaps: z.array(
    z.object({ domain: z.string(), otherDomain: z.string(), organisation: z.string(), status: z.enum(ORGANISATION_STATUSES) }),
  ),
});
export type OrganisationDto = z.infer<typeof organisationDto>;
export const organisationData = z.object({ organisation: organisationDto });
export const organisationListQuery = paginationQuery.extend({
  status: z.enum(ORGANISATION_STATUSES).optional(),
  type: z.enum(ORGANISATION_TYPES).optional(),
});
export const organisationListData = z.object({ organisations: z.array(organisationDto), pagination });

export const memberDto = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  since: z.string(),
});
export const invitationDto = z.object({
  id: z.string(),
  email: z.string(),
  kind: z.enum(['member', 'expert']),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
/**
 * Decision 941: a sub-domain the organisation delegated. `organisation` is the delegate once it took the
 * sub-domain (null until then); `proven` whether the delegate proved control of it there.
 */
export const delegationDto = z.object({
  id: z.string(),
  domain: z.string(),
  email: z.string(),
  organisation: z.object({ name: z.string(), status: z.enum(ORGANISATION_STATUSES) }).nullable(),
  proven: z.boolean(),
  createdAt: z.string(),
});
export type DelegationDto = z.infer<typeof delegationDto>;
export const delegateDomainBody = z.object({ domain: domainField, email: emailField });
export const delegationData = z.object({ delegation: delegationDto });
export const delegationsData = z.object({ delegations: z.array(delegationDto) });

export const myOrganisationData = z.object({
  organisation: organisationDto,
  members: z.array(memberDto),
  invitations: z.array(invitationDto),
  delegations: z.array(delegationDto),
});
export type MyOrganisationData = z.infer<typeof myOrganisationData>;

export const addDomainBody = z.object({ domain: domainField });
export const inviteBody = z.object({
  email: emailField,
  kind: z.enum(['member', 'expert'], { error: 'Please choose who you are inviting' }).default('member'),
});
export const invitationLookupBody = z.object({ token: z.string().trim().min(1, ORG_MESSAGES.inviteInvalid).max(200) });
export const invitationInfoData = z.object({
  organisation: z.object({ name: z.string(), type: z.enum(ORGANISATION_TYPES) }),
  email: z.string(),
  kind: z.enum(['member', 'expert']),
});
export const acceptInvitationBody = z.object({
  token: z.string().trim().min(1, ORG_MESSAGES.inviteInvalid).max(200),
  firstName: personFields.firstName,
  lastName: personFields.lastName,
  password: personFields.password,
});

// University: students, engagement, affiliation

export const AFFILIATION_VISIBILITY = [
  'Your name, e-mail address, course and year',
  'How many mentoring sessions you had',
  'How many workshops you attended',
  'How many ideas you submitted',
  'How many R&D applications you made',
  'Your registrations to workshops your university runs for its students (name, e-mail, attendance)',
] as const;

export const studentEngagementDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  course: z.string().nullable(),
  year: z.number().nullable(),
  affiliatedSince: z.string(),
  sessions: z.number().int(),
  workshopsAttended: z.number().int(),
  ideas: z.number().int(),
  applications: z.number().int(),
});
export type StudentEngagementDto = z.infer<typeof studentEngagementDto>;
export const universityStudentsQuery = paginationQuery.extend({ search: text('Search', LIMITS.name).optional() });
export const universityStudentsData = z.object({ students: z.array(studentEngagementDto), pagination });
export const universityStudentData = z.object({ student: studentEngagementDto });
export const cohortData = z.object({
  totals: z.object({
    students: z.number().int(),
    sessions: z.number().int(),
    workshopsAttended: z.number().int(),
    ideas: z.number().int(),
    applications: z.number().int(),
  }),
  byYear: z.array(z.object({ year: z.number().nullable(), students: z.number().int(), active: z.number().int() })),
});
export type CohortData = z.infer<typeof cohortData>;

export const affiliationBody = z.object({ email: emailField });
export const affiliationData = z.object({
  affiliation: z.object({ university: z.string(), email: z.string(), confirmedAt: z.string() }).nullable(),
  pendingEmail: z.string().nullable(),
  visibility: z.array(z.string()),
});
export type AffiliationData = z.infer<typeof affiliationData>;

// Company: projects and their moderation

export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const companyProjectDto = z.object({
  id: z.string(),
  title: z.string(),
  field: z.string(),
  status: z.string(),
  moderation: z.enum(MODERATION_STATUSES),
  reason: z.string().nullable(),
  applicationDeadline: z.string(),
  applications: z.number().int(),
  accepted: z.number().int(),
  createdAt: z.string(),
});
export type CompanyProjectDto = z.infer<typeof companyProjectDto>;
export const companyProjectsData = z.object({ projects: z.array(companyProjectDto) });
export const companyProjectData = z.object({ project: companyProjectDto });
export const moderationListData = z.object({
  projects: z.array(
    companyProjectDto.extend({ organisation: z.object({ id: z.string(), name: z.string() }), summary: z.string() }),
  ),
});
export const companyPerformanceData = z.object({
  projects: z.object({
    posted: z.number().int(),
    live: z.number().int(),
    applications: z.number().int(),
    accepted: z.number().int(),
  }),
  mentors: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      verified: z.boolean(),
      sessions: z.number().int(),
      rating: z.number().nullable(),
    }),
  ),
});

export const isEmail = (v: string) => EMAIL_PATTERN.test(v);

/**
 * A professional edits their own profile (decision 631), verified or still awaiting verification: the
 * professional fields of spec 001 §5 and nothing else. Strict: verification, status, role, name or
 * e-mail in the body are refused (400), never silently applied.
 */
const OWN_PROFESSIONAL_FIELDS = {
  phone: true,
  title: true,
  company: true,
  expertise: true,
  experience: true,
  bio: true,
  specializations: true,
  skills: true,
  pricing: true,
  socialLinks: true,
} as const;
export const ownProfessionalProfileBody = updateProfessionalBody.pick(OWN_PROFESSIONAL_FIELDS).strict();
export type OwnProfessionalProfileBody = z.infer<typeof ownProfessionalProfileBody>;

/** The professional fields of the admin's view, with isVerified read-only here: only an administrator verifies. */
export const ownProfessionalProfileDto = adminProfessionalDto.pick({ ...OWN_PROFESSIONAL_FIELDS, isVerified: true });
export type OwnProfessionalProfileDto = z.infer<typeof ownProfessionalProfileDto>;
export const ownProfessionalProfileData = z.object({ profile: ownProfessionalProfileDto });
