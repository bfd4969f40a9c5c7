import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeKey, cascadeRef, createdAt, idColumn, ref, ts, updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/** Attribute/claim names per field, first present wins (editable per connection). */
export interface AttributeMapping {
  subject: string[];
  email: string[];
  firstName: string[];
  lastName: string[];
  displayName: string[];
  affiliation: string[];
  /** IdP affiliation/role values -> MentorBridge affiliation words (decision 901); others pass as sent. */
  affiliationValues?: Record<string, string>;
}

/**
 * An organisation's single sign-on settings: the slug of its direct link (`/sso/<slug>`), who must
 * use SSO, and which affiliations may have an account at all.
 */
export const ssoSettings = pgTable(
  'sso_settings',
  {
    organisationId: cascadeKey('organisation_id', () => organisations.id),
    slug: text('slug').notNull(),
    /** People whose e-mail is at one of the organisation's domains cannot sign in with a password. */
    requiredForDomains: boolean('required_for_domains').notNull().default(false),
    /** People whose last SSO affiliation is one of these cannot sign in with a password. */
    requiredAffiliations: jsonb('required_affiliations').$type<string[]>().notNull().default([]),
    /** Affiliations admitted to an account; empty = every affiliation (and none sent). */
    admittedAffiliations: jsonb('admitted_affiliations').$type<string[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sso_settings_slug_key').on(t.slug)],
);

export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: idColumn(),
    organisationId: cascadeRef('organisation_id', () => organisations.id),
    protocol: text('protocol', { enum: ['oidc', 'saml'] }).notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** Set by a successful test sign-in; cleared whenever the IdP settings change. */
    testedAt: ts('tested_at'),
    // OpenID Connect
    issuer: text('issuer'),
    clientId: text('client_id'),
    /** AES-256-GCM (lib: sso/crypto.ts); never returned. */
    clientSecretEnc: text('client_secret_enc'),
    // SAML 2.0
    idpEntityId: text('idp_entity_id'),
    idpSsoUrl: text('idp_sso_url'),
    idpSloUrl: text('idp_slo_url'),
    /** PEM bodies; two during a rotation. */
    idpCertificates: jsonb('idp_certificates').$type<string[]>().notNull().default([]),
    metadataUrl: text('metadata_url'),
    metadataRefreshedAt: ts('metadata_refreshed_at'),
    // Scheduled metadata refresh (metadata-refresh.ts, decision 900): when it is due, the last attempt
    // and its error, the metadata's own validUntil, and certificates the metadata dropped (kept a while).
    metadataNextRefreshAt: ts('metadata_next_refresh_at'),
    metadataLeaseUntil: ts('metadata_lease_until'),
    metadataCheckedAt: ts('metadata_checked_at'),
    metadataError: text('metadata_error'),
    metadataValidUntil: ts('metadata_valid_until'),
    /** Certificate body -> when the metadata stopped listing it; still trusted until the grace ends. */
    retiringCertificates: jsonb('retiring_certificates').$type<Record<string, string>>().notNull().default({}),
    allowIdpInitiated: boolean('allow_idp_initiated').notNull().default(false),
    mapping: jsonb('mapping').$type<AttributeMapping>().notNull(),
    /** What a first sign-in does with an existing account at the same address (link-policy.ts, decision 902). */
    linkPolicy: text('link_policy', { enum: ['never', 'password', 'verified'] }).notNull().default('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sso_connections_org_idx').on(t.organisationId)],
);

/**
 * A sign-in in flight: state, nonce and PKCE verifier (OIDC) or the AuthnRequest id (SAML), in the
 * database so any process can finish what another started. Consumed once.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    id: idColumn(),
    connectionId: cascadeRef('connection_id', () => ssoConnections.id),
    /** SHA-256 of the OIDC state, or the SAML request id. */
    stateKey: text('state_key').notNull(),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    mode: text('mode', { enum: ['signin', 'test'] }).notNull(),
    /** The admin who runs a test. */
    testerId: ref('tester_id').references(() => users.id, { onDelete: 'cascade' }),
    next: text('next'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sso_flows_state_key').on(t.stateKey)],
);

/** The stable key of a person at an IdP: (issuer, subject), never the e-mail. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    connectionId: ref('connection_id').references(() => ssoConnections.id, { onDelete: 'set null' }),
    organisationId: cascadeRef('organisation_id', () => organisations.id),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    affiliations: jsonb('affiliations').$type<string[]>().notNull().default([]),
    /** OIDC id_token of the last sign-in, for RP-initiated logout (encrypted). */
    lastIdTokenEnc: text('last_id_token_enc'),
    /** SAML NameID, its format and SessionIndex of the last sign-in: for Single Logout (decision 851). */
    samlNameId: text('saml_name_id'),
    samlNameIdFormat: text('saml_name_id_format'),
    samlSessionIndex: text('saml_session_index'),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sso_identities_subject_key').on(t.issuer, t.subject), index('sso_identities_user_idx').on(t.userId)],
);

/**
 * What the callback hands the web app: a one-time code (hash stored) for a session, a test report, or
 * a link-by-proof ticket. Single use, short life.
 */
export const ssoResults = pgTable(
  'sso_results',
  {
    id: idColumn(),
    codeHash: text('code_hash').notNull(),
    kind: text('kind', { enum: ['session', 'test', 'link'] }).notNull(),
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** test: the report; link: the identity waiting for proof. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    next: text('next'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sso_results_code_key').on(t.codeHash)],
);

/** SAML assertion ids already accepted (replay), kept until they would have expired anyway. */
export const ssoAssertions = pgTable(
  'sso_assertions',
  {
    issuer: text('issuer').notNull(),
    assertionId: text('assertion_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.assertionId] })],
);

/** Every refused sign-in: the reference id the person sees, the reason the admin reads. */
export const ssoEvents = pgTable(
  'sso_events',
  {
    id: idColumn(),
    organisationId: ref('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    connectionId: ref('connection_id').references(() => ssoConnections.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('sso_events_org_idx').on(t.organisationId, t.createdAt)],
);

/** SCIM bearer tokens: shown once, SHA-256 stored, revocable. */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: idColumn(),
    organisationId: cascadeRef('organisation_id', () => organisations.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('scim_tokens_hash_key').on(t.tokenHash), index('scim_tokens_org_idx').on(t.organisationId)],
);

/** A person provisioned by an organisation's SCIM client: userName is unique within the organisation. */
export const scimUsers = pgTable(
  'scim_users',
  {
    userId: cascadeKey('user_id', () => users.id),
    organisationId: cascadeRef('organisation_id', () => organisations.id),
    userName: text('user_name').notNull(),
    externalId: text('external_id'),
    /** Deleted through SCIM: the account stays deactivated with its history, and is no longer listed. */
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('scim_users_org_username_key').on(t.organisationId, sql`lower(${t.userName})`)],
);
