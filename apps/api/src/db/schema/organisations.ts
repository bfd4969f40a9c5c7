import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeKey, cascadeRef, createdAt, idColumn, ref, ts, updatedAt } from './columns.ts';
import { rdProjects } from './rd-projects.ts';
import { users } from './users.ts';

/**
 * One organisation model for universities and companies (decision 480): a status an administrator
 * decides, e-mail domains, members with a role, invitations. Nothing is ever deleted by a decision.
 */
export const organisations = pgTable(
  'organisations',
  {
    id: idColumn(),
    type: text('type', { enum: ['university', 'company'] }).notNull(),
    name: text('name').notNull(),
    country: text('country'),
    website: text('website').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'suspended', 'rejected'] })
      .notNull()
      .default('pending'),
    contactEmail: text('contact_email').notNull(),
    /** The language for members and affiliated students who chose none (a catalogue's tag); null = the platform's (decision 970). */
    defaultLanguage: text('default_language'),
    decisionReason: text('decision_reason'),
    decidedBy: ref('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('organisations_status_idx').on(t.status, t.createdAt)],
);

/** An e-mail domain belongs to one organisation at most. */
export const organisationDomains = pgTable(
  'organisation_domains',
  {
    id: idColumn(),
    organisationId: cascadeRef('organisation_id', () => organisations.id),
    domain: text('domain').notNull(),
    addedBy: ref('added_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Issue 28 (decision 731): when control of the domain was proven — a member's confirmed address at it,
     * or it sits under a domain of the same organisation that was proven. Until then it affiliates nobody.
     */
    verifiedAt: ts('verified_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organisation_domains_domain_key').on(t.domain), index('organisation_domains_org_idx').on(t.organisationId)],
);

/**
 * Issue 28 (decision 941): a parent organisation hands one of its sub-domains to another organisation.
 * Sub-domains are the parent's unless delegated; a delegation names the sub-domain and the address of the
 * person who will manage it. The organisation that person registers (or belongs to) may then hold the
 * sub-domain, and once it is proven there, addresses under it are that organisation's, not the parent's.
 * One delegation per domain; revoking it deletes the row (and the delegate's domains under it).
 */
export const domainDelegations = pgTable(
  'domain_delegations',
  {
    id: idColumn(),
    parentOrganisationId: cascadeRef('parent_organisation_id', () => organisations.id),
    domain: text('domain').notNull(),
    /** The person who may take the sub-domain (their organisation becomes the delegate). */
    email: text('email').notNull(),
    /** Set when that person's organisation took the sub-domain. */
    delegateOrganisationId: ref('delegate_organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: ts('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('domain_delegations_domain_key').on(t.domain),
    index('domain_delegations_parent_idx').on(t.parentOrganisationId),
    index('domain_delegations_delegate_idx').on(t.delegateOrganisationId),
  ],
);

/** A member acts for exactly one organisation (the user id is the key). */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    userId: cascadeKey('user_id', () => users.id),
    organisationId: cascadeRef('organisation_id', () => organisations.id),
    createdAt: createdAt(),
  },
  (t) => [index('organisation_members_org_idx').on(t.organisationId)],
);

/** An invitation by e-mail: `member` makes a co-admin, `expert` an endorsed expert applicant (companies). */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: idColumn(),
    organisationId: cascadeRef('organisation_id', () => organisations.id),
    email: text('email').notNull(),
    kind: text('kind', { enum: ['member', 'expert'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: ref('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organisation_invitations_token_key').on(t.tokenHash), index('organisation_invitations_org_idx').on(t.organisationId)],
);

/**
 * Proof of an address: a link (`account`, `affiliation`) or a six-digit code (`work_email`). Only hashes
 * are stored; codes allow five attempts.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    purpose: text('purpose', { enum: ['account', 'work_email', 'affiliation'] }).notNull(),
    email: text('email').notNull(),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_confirmations_user_idx').on(t.userId, t.purpose), index('email_confirmations_secret_idx').on(t.secretHash)],
);

/** An industry expert's application: the evidence an administrator weighs, and the decision. */
export const expertApplications = pgTable(
  'expert_applications',
  {
    userId: cascadeKey('user_id', () => users.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    profileUrl: text('profile_url').notNull(),
    workEmail: text('work_email'),
    workEmailConfirmedAt: ts('work_email_confirmed_at'),
    motivation: text('motivation').notNull().default(''),
    /** The company that invited this expert (its endorsement is evidence). */
    endorsedBy: ref('endorsed_by').references(() => organisations.id, { onDelete: 'set null' }),
    reviewedBy: ref('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('expert_applications_status_idx').on(t.status, t.createdAt)],
);

/** A student proven to hold an address at a university's domain. */
export const studentAffiliations = pgTable(
  'student_affiliations',
  {
    studentId: cascadeKey('student_id', () => users.id),
    organisationId: cascadeRef('organisation_id', () => organisations.id),
    email: text('email').notNull(),
    confirmedAt: ts('confirmed_at').notNull(),
  },
  (t) => [index('student_affiliations_org_idx').on(t.organisationId)],
);

/** A project a company posted: public only once an administrator approved it and while the company is. */
export const organisationProjects = pgTable(
  'organisation_projects',
  {
    projectId: cascadeRef('project_id', () => rdProjects.id),
    organisationId: cascadeRef('organisation_id', () => organisations.id),
    moderation: text('moderation', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    moderatedBy: ref('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: ts('moderated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId] }),
    index('organisation_projects_org_idx').on(t.organisationId),
    check('organisation_projects_reason_check', sql`${t.moderation} <> 'rejected' OR ${t.reason} IS NOT NULL`),
  ],
);
