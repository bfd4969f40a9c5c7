import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeKey, cascadeRef, createdAt, idColumn, ts } from './columns.ts';
import { authSessions } from './security.ts';
import { ssoConnections } from './sso.ts';
import { users } from './users.ts';

/**
 * MentorBridge's own SAML signing keys, one set per connection (decision 910): the active key signs
 * AuthnRequests, LogoutRequests and LogoutResponses; a `next` key is published in the SP metadata
 * beside it until the admin switches (rollover); a `retired` key is kept for the record only.
 */
export const ssoSpKeys = pgTable(
  'sso_sp_keys',
  {
    id: idColumn(),
    connectionId: cascadeRef('connection_id', () => ssoConnections.id),
    status: text('status', { enum: ['next', 'active', 'retired'] }).notNull(),
    /** PKCS#8 PEM, sealed with the SSO secret box (AES-256-GCM); never returned. */
    privateKeyEnc: text('private_key_enc').notNull(),
    /** The self-signed certificate, base64 DER (as in metadata). */
    certificate: text('certificate').notNull(),
    createdAt: createdAt(),
    activatedAt: ts('activated_at'),
    retiredAt: ts('retired_at'),
  },
  (t) => [
    // One active and at most one waiting key per connection, whichever process gets there first.
    uniqueIndex('sso_sp_keys_active_key').on(t.connectionId).where(sql`${t.status} = 'active'`),
    uniqueIndex('sso_sp_keys_next_key').on(t.connectionId).where(sql`${t.status} = 'next'`),
  ],
);

/**
 * An OpenID Connect sign-in's session at the IdP (its `sid`) and the MentorBridge session it became:
 * a back-channel or front-channel logout naming the sid ends exactly these sessions (decision 912).
 */
export const ssoOidcSessions = pgTable(
  'sso_oidc_sessions',
  {
    authSessionId: cascadeKey('auth_session_id', () => authSessions.id),
    connectionId: cascadeRef('connection_id', () => ssoConnections.id),
    userId: cascadeRef('user_id', () => users.id),
    /** The ID token's `sid`, when the IdP sends one. */
    sid: text('sid'),
    createdAt: createdAt(),
  },
  (t) => [index('sso_oidc_sessions_sid_idx').on(t.connectionId, t.sid), index('sso_oidc_sessions_user_idx').on(t.connectionId, t.userId)],
);

/** Back-channel logout tokens already accepted (`jti` replay), kept until their `iat` is too old anyway. */
export const ssoLogoutTokens = pgTable(
  'sso_logout_tokens',
  {
    issuer: text('issuer').notNull(),
    jti: text('jti').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.jti] })],
);
