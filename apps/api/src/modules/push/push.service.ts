import { readFileSync } from 'node:fs';
import https from 'node:https';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { EmailCategory } from '@app/shared/notifications';
import type { PushDevice, PushPayload, PushSubscribeBody } from '@app/shared/push';
import { PUSH_ENDPOINT_REFUSED } from '@app/shared/push';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/platform.ts';
import { pushSubscriptions, pushVapidKeys } from '../../db/schema/push.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { JobHandler } from '../../lib/jobs.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { textIn } from '../../lib/sql.ts';
import { pushEndpointAllowed } from './allowlist.ts';

export const PUSH_JOB = 'push.deliver';
/** How long a push service keeps an undelivered message (a phone that is off): a day. */
const TTL_SECONDS = 24 * 3600;
/** Parallel requests to push services per job (a fan-out to thousands stays a steady stream). */
const CONCURRENCY = 8;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const keyCache = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The server's VAPID key pair: from configuration, else the one in the database, else generated now and
 * stored (INSERT … ON CONFLICT DO NOTHING, then read back: two processes starting together keep one pair).
 */
export function vapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  if (config.push.publicKey && config.push.privateKey) {
    return Promise.resolve({ publicKey: config.push.publicKey, privateKey: config.push.privateKey });
  }
  let cached = keyCache.get(db);
  if (!cached) {
    cached = loadOrCreateKeys(db, config);
    keyCache.set(db, cached);
    cached.catch(() => keyCache.delete(db));
  }
  return cached;
}

async function loadOrCreateKeys(db: Db, config: Config): Promise<VapidKeys> {
  const box = createSecretBox(config.jwtSecret, { salt: 'mentorbridge-push', info: 'vapid-private-key-v1' });
  const read = async () => (await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1)))[0];
  let row = await read();
  if (!row) {
    const generated = webpush.generateVAPIDKeys();
    await db
      .insert(pushVapidKeys)
      .values({ id: 1, publicKey: generated.publicKey, privateKeySealed: box.seal(generated.privateKey) })
      .onConflictDoNothing();
    row = await read();
  }
  if (!row) throw new Error('VAPID keys could not be stored');
  try {
    return { publicKey: row.publicKey, privateKey: box.open(row.privateKeySealed) };
  } catch {
    throw new Error('The stored VAPID private key cannot be opened: JWT_SECRET changed since it was generated (docs/push.md)');
  }
}

function deviceOf(row: typeof pushSubscriptions.$inferSelect): PushDevice {
  return {
    id: row.id,
    device: row.device,
    service: new URL(row.endpoint).host,
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
  };
}

/**
 * Turn push on for this browser. Only endpoints of known push services (or configured origins) are kept:
 * the server later POSTs to this URL, so an arbitrary one would be a server-side request forgery.
 * The endpoint is unique: the same browser subscribed by someone else moves to this person.
 */
export async function subscribe(db: Db, config: Config, userId: string, body: PushSubscribeBody): Promise<string> {
  if (!pushEndpointAllowed(body.endpoint, config.push.extraOrigins)) throw badRequest(PUSH_ENDPOINT_REFUSED);
  const values = {
    userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    device: body.device?.trim() || null,
    expiresAt: body.expirationTime ? new Date(body.expirationTime) : null,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: sql`now()`, lastSentAt: null } })
    .returning({ id: pushSubscriptions.id });
  if (!row) throw new Error('push subscription upsert returned nothing');
  return row.id;
}

export async function listDevices(db: Db, userId: string): Promise<PushDevice[]> {
  const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.createdAt);
  return rows.map(deviceOf);
}

/** Remove one of this person's devices (someone else's id is "not found": ids reveal nothing). */
export async function removeDevice(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (rows.length === 0) throw notFound('Device');
}

/** Remove this browser's subscription by its endpoint (turning push off, signing out). */
export async function removeEndpoint(db: Db, userId: string, endpoint: string): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/**
 * Queue push delivery for notifications just written, in the caller's transaction: one job row, and only
 * when one of the recipients has a device with push on (most have none: no job, one cheap EXISTS).
 */
export async function enqueuePush(db: Db, notificationIds: string[], userIds: string[]): Promise<void> {
  if (notificationIds.length === 0) return;
  const recipients = [...new Set(userIds)];
  await db.execute(sql`
    INSERT INTO jobs (id, type, payload, run_at, max_attempts)
    SELECT ${newId()}, ${PUSH_JOB}, ${JSON.stringify({ ids: notificationIds })}::jsonb, now(), 3
    WHERE EXISTS (SELECT 1 FROM push_subscriptions WHERE ${textIn(pushSubscriptions.userId, recipients)})`);
}

/** The preference category a notification belongs to, as for e-mail (decision 425); null = always sent. */
export function pushCategoryOf(type: string, subType: string | null): EmailCategory | null {
  if (subType === 'reminder' || subType === 'deadline') return 'reminders';
  if (subType === 'cancelled' || subType === 'rescheduled' || subType === 'updated' || subType === 'paused') return 'changes';
  if (type === 'session' || type === 'connection') return 'requests';
  if (type === 'idea') return 'ideas';
  if (type === 'rd-project') return 'rd';
  return null;
}

/** The path a tap opens: the notification's own link when it is on this site, else the notifications page. */
function targetOf(actionUrl: string | null): string {
  return actionUrl && actionUrl.startsWith('/') && !actionUrl.startsWith('//') ? actionUrl : '/notifications';
}

export interface PushDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** An https agent for push services (tests and private relays trust an extra CA: PUSH_CA_FILE). */
  agent?: https.Agent;
}

function agentFor(config: Config): https.Agent | undefined {
  if (!config.push.caFile) return undefined;
  return new https.Agent({ ca: readFileSync(config.push.caFile), keepAlive: true });
}

interface Delivery {
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: PushPayload;
}

/**
 * The delivery job: every notification in it to each of its recipient's devices, unless the person
 * turned the category off. The payload is what the bell shows (title, message) and where a tap goes.
 * 404/410 from the push service mean the subscription is gone: the row is removed. Other failures are
 * logged; the in-app notification (and e-mail) stay, so a push is never retried into a duplicate.
 */
export function createPushJob(deps: PushDeps): JobHandler {
  const agent = deps.agent ?? agentFor(deps.config);
  return async (payload, job) => {
    const ids = Array.isArray(payload.ids) ? payload.ids.filter((v): v is string => typeof v === 'string') : [];
    if (ids.length === 0) return;
    const rows = await deps.db
      .select({
        id: notifications.id,
        type: notifications.type,
        subType: notifications.subType,
        title: notifications.title,
        message: notifications.message,
        actionUrl: notifications.actionUrl,
        prefs: users.emailPreferences,
        subscriptionId: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.userId))
      .where(inArray(notifications.id, ids));
    const deliveries: Delivery[] = [];
    for (const r of rows) {
      const category = pushCategoryOf(r.type, r.subType);
      if (category && r.prefs?.[category] === false) continue;
      deliveries.push({
        subscriptionId: r.subscriptionId,
        endpoint: r.endpoint,
        p256dh: r.p256dh,
        auth: r.auth,
        payload: { title: r.title, body: r.message, url: targetOf(r.actionUrl), tag: r.id },
      });
    }
    if (deliveries.length === 0) return;
    const keys = await vapidKeys(deps.db, deps.config);
    const gone = new Set<string>();
    const sent = new Set<string>();
    let next = 0;
    const worker = async () => {
      while (next < deliveries.length) {
        const d = deliveries[next++];
        if (!d || gone.has(d.subscriptionId)) continue;
        // Lost the lease: another worker runs this job now; stop before another outside effect.
        if (job.signal.aborted) return;
        // Checked again at sending: a row written before an allowlist change is not trusted.
        if (!pushEndpointAllowed(d.endpoint, deps.config.push.extraOrigins)) {
          gone.add(d.subscriptionId);
          continue;
        }
        try {
          await webpush.sendNotification({ endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } }, JSON.stringify(d.payload), {
            vapidDetails: { subject: deps.config.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: TTL_SECONDS,
            urgency: 'normal',
            timeout: 10_000,
            contentEncoding: 'aes128gcm',
            ...(agent ? { agent } : {}),
          });
          sent.add(d.subscriptionId);
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) gone.add(d.subscriptionId);
          else deps.log.warn({ status, service: new URL(d.endpoint).host }, 'push delivery failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, deliveries.length) }, worker));
    if (gone.size > 0) await deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...gone]));
    const delivered = [...sent].filter((id) => !gone.has(id));
    if (delivered.length > 0) {
      await deps.db.update(pushSubscriptions).set({ lastSentAt: sql`now()` }).where(inArray(pushSubscriptions.id, delivered));
    }
  };
}
