import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeKey, cascadeRef, createdAt, idColumn, ref, ts } from './columns.ts';
import { users } from './users.ts';

/**
 * One row per sign-in (issue 23): an access token carries its session id (`sid`), and a token whose session
 * was ended stops working at once on every process (the per-user account entry is announced by the
 * `auth_sessions` trigger, decisions 646/760).
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    userAgent: text('user_agent').notNull().default(''),
    device: text('device').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /** How the person proved who they are: password, password+totp, password+recovery, password+passkey, passkey. */
    method: text('method').notNull().default('password'),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId, t.createdAt)],
);

/** A person's second factor: the TOTP secret (AES-GCM encrypted), the last accepted time step, the enrolment grace. */
export const userMfa = pgTable('user_mfa', {
  userId: cascadeKey('user_id', () => users.id),
  /** Set up but not yet confirmed with a code: `pending`; confirmed: `secret`. Both encrypted. */
  totpSecret: text('totp_secret'),
  totpPending: text('totp_pending'),
  totpConfirmedAt: ts('totp_confirmed_at'),
  /** The last TOTP time step accepted: a code is never accepted twice (replay within its window). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
  /** When a person whose role requires a second factor was first asked to enrol (the grace starts). */
  graceStartedAt: ts('grace_started_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Ten single-use recovery codes; only their SHA-256 is kept. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_hash_key').on(t.userId, t.codeHash)],
);

/** WebAuthn credentials (passkeys). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    name: text('name').notNull(),
    deviceType: text('device_type').notNull().default('singleDevice'),
    backedUp: integer('backed_up').notNull().default(0),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges, in the database so the process that verifies the answer need not be the one that
 * issued the options. Single use (deleted by the verification that consumes them), five minutes.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: idColumn(),
  /** registration | authentication | second-factor */
  purpose: text('purpose').notNull(),
  userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
  challenge: text('challenge').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});
