import { index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, idColumn, ts } from './columns.ts';
import { users } from './users.ts';

/**
 * A browser's Web Push subscription (issue 27), one per device and person. The endpoint is unique: when
 * another person signs in on the same browser and turns push on, the row moves to them (the device
 * belongs to whoever uses it now). Removed when the push service answers 404/410 (expired), on sign-out
 * of that device, and with the person (cascade).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), needed to encrypt for it (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    device: text('device'),
    expiresAt: ts('expires_at'),
    createdAt: createdAt(),
    lastSentAt: ts('last_sent_at'),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The server's VAPID key pair (RFC 8292), generated once by whichever process needs it first and kept:
 * every process signs with the same key, and browsers' subscriptions stay valid across restarts. The
 * private key is sealed (AES-256-GCM under a key derived from JWT_SECRET). One row (id = 1).
 */
export const pushVapidKeys = pgTable('push_vapid_keys', {
  id: smallint('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: createdAt(),
});
