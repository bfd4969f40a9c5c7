// Issue 27, Web Push: this test is the push service. It listens over https (a test CA, PUSH_CA_FILE) at an
// origin on the allowlist by configuration, subscribes a "browser" with its own P-256 key pair and auth
// secret, lets a real workshop reminder fire through the scheduler (injectable clock), receives the POST,
// checks the VAPID JWT (RFC 8292), decrypts the aes128gcm payload (RFC 8291) and finds the title and the URL
// the notification shows. A 410 removes the subscription; a non-allowlisted endpoint is refused.
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PUSH_ENDPOINT_REFUSED, type PushPayload } from '@app/shared/push';
import { body, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { jobs } from '../../db/schema/platform.ts';
import { pushSubscriptions, pushVapidKeys } from '../../db/schema/push.ts';
import { users } from '../../db/schema/users.ts';
import { insertRegistration, insertWorkshop } from '../workshops/workshops.fixtures.ts';
import { notify } from '../notifications/notifications.service.ts';
import { pushEndpointAllowed } from './allowlist.ts';
import { pushCategoryOf } from './push.service.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../test/fixtures');
const CERT = path.join(FIXTURES, 'push-service.cert.pem');

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
/** Paths the push service answers 410 Gone for (an expired subscription). */
const goneCodes = new Set<string>();

const service = https.createServer({ key: readFileSync(path.join(FIXTURES, 'push-service.key.pem')), cert: readFileSync(CERT) }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const p = req.url ?? '';
    received.push({ path: p, headers: req.headers, body: Buffer.concat(chunks) });
    res.statusCode = [...goneCodes].some((g) => p.endsWith(g)) ? 410 : 201;
    res.end();
  });
});
await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
const ORIGIN = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

const SUBJECT = 'mailto:operations@mentorbridge.example.edu';
const t = useTestApp({ PUSH_SERVICE_ORIGINS: ORIGIN, PUSH_CA_FILE: CERT, VAPID_SUBJECT: SUBJECT });
const db = () => t.database.db;
afterEach(() => {
  t.app.ctx.clock.set(null);
  received.length = 0;
});

/** A browser: its P-256 key pair and auth secret, as PushManager.subscribe() makes them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authB64: auth.toString('base64url') };
}
type Browser = ReturnType<typeof browserKeys> & { endpoint: string };

async function subscribeBrowser(user: BuiltUser, code = randomBytes(8).toString('hex')): Promise<Browser> {
  const keys = browserKeys();
  const endpoint = `${ORIGIN}/push/v1/${code}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: user.auth,
    payload: { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.authB64 }, device: 'Test browser' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...keys, endpoint };
}

/** RFC 8291 §3.4 and RFC 8188: decrypt an aes128gcm body with the browser's private key and auth secret. */
function decrypt(browser: Browser, content: Buffer): string {
  const salt = content.subarray(0, 16);
  const rs = content.readUInt32BE(16);
  const idlen = content[20] ?? 0;
  const asPublic = content.subarray(21, 21 + idlen);
  const records = content.subarray(21 + idlen);
  expect(records.length).toBeLessThanOrEqual(rs);
  const ecdhSecret = browser.ecdh.computeSecret(asPublic);
  const uaPublic = browser.ecdh.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256 over the push service's origin. */
function checkVapid(header: string | undefined, publicKey: string, audience: string) {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  expect(m, header).not.toBeNull();
  const [, jwt = '', k = ''] = m ?? [];
  expect(k).toBe(publicKey);
  const [h = '', p = '', s = ''] = jwt.split('.');
  expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toMatchObject({ typ: 'JWT', alg: 'ES256' });
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(claims.aud).toBe(audience);
  expect(claims.sub).toBe(SUBJECT);
  const now = Date.now() / 1000;
  expect(claims.exp).toBeGreaterThan(now);
  expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  expect(verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))).toBe(true);
}

async function publicKey(user: BuiltUser): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/push/key', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return body<{ data: { publicKey: string } }>(res).data.publicKey;
}

describe('Web Push delivery (RFC 8291 / RFC 8292)', () => {
  it('a workshop reminder reaches the browser: VAPID JWT checked, payload decrypted to the title and the URL', async () => {
    const pro = await buildProfessional(t);
    const student = await buildStudent(t);
    const key = await publicKey(student);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const browser = await subscribeBrowser(student);
    const w = await insertWorkshop(db(), { daysFromNow: 3, professionalId: pro.id, registeredCount: 1, title: 'Design reviews that land' });
    await insertRegistration(db(), { workshopId: w.id, studentId: student.id });

    t.app.ctx.clock.set(new Date(w.startsAt.getTime() - 23 * 3600_000));
    await t.app.ctx.scheduler.runDue();
    await t.runJobs();

    const mine = received.filter((r) => r.path === new URL(browser.endpoint).pathname);
    expect(mine).toHaveLength(1);
    const [msg] = mine;
    if (!msg) throw new Error('no push received');
    expect(msg.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(msg.headers.ttl)).toBeGreaterThan(0);
    checkVapid(msg.headers.authorization, key, ORIGIN);
    const payload = JSON.parse(decrypt(browser, msg.body)) as PushPayload;
    expect(payload.title).toContain('Design reviews that land');
    expect(payload.url.startsWith('/')).toBe(true);
    expect(Object.keys(payload).sort()).toEqual(['body', 'tag', 'title', 'url']);
    const [row] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(row?.lastSentAt).not.toBeNull();
  });

  it('a 410 from the push service removes the subscription; other devices still get theirs', async () => {
    const student = await buildStudent(t);
    const kept = await subscribeBrowser(student);
    const expired = await subscribeBrowser(student, 'expired-device');
    goneCodes.add('expired-device');
    await notify(db(), { userId: student.id, type: 'system', title: 'Certificate issued', message: 'Your certificate is ready', actionUrl: '/certificates/abc' });
    await t.runJobs();
    expect(received.map((r) => r.path).sort()).toEqual([new URL(expired.endpoint).pathname, new URL(kept.endpoint).pathname].sort());
    const left = await db().select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, student.id));
    expect(left.map((r) => r.endpoint)).toEqual([kept.endpoint]);
    const decrypted = JSON.parse(decrypt(kept, received.find((r) => r.path === new URL(kept.endpoint).pathname)?.body ?? Buffer.alloc(0))) as PushPayload;
    expect(decrypted).toMatchObject({ title: 'Certificate issued', body: 'Your certificate is ready', url: '/certificates/abc' });
  });

  it('respects the per-category preference: reminders off means no reminder push, other pushes still go', async () => {
    const student = await buildStudent(t);
    await subscribeBrowser(student);
    await db().update(users).set({ emailPreferences: { reminders: false } }).where(eq(users.id, student.id));
    await notify(db(), { userId: student.id, type: 'session', subType: 'reminder', title: 'Session in 1 hour', message: 'x' });
    await notify(db(), { userId: student.id, type: 'session', subType: 'cancelled', title: 'Session cancelled', message: 'y' });
    await t.runJobs();
    expect(received).toHaveLength(1);
  });

  it('no device, no job: a notification for someone without push queues nothing', async () => {
    const student = await buildStudent(t);
    const before = (await db().select().from(jobs).where(eq(jobs.type, 'push.deliver'))).length;
    await notify(db(), { userId: student.id, type: 'system', title: 'Hello', message: 'x' });
    expect((await db().select().from(jobs).where(eq(jobs.type, 'push.deliver'))).length).toBe(before);
  });

  it('the VAPID key pair is generated once and kept (sealed), the same for every request', async () => {
    const student = await buildStudent(t);
    const a = await publicKey(student);
    const b = await publicKey(student);
    expect(a).toBe(b);
    const rows = await db().select().from(pushVapidKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.publicKey).toBe(a);
    expect(rows[0]?.privateKeySealed.startsWith('v1.')).toBe(true);
  });
});

describe('push subscriptions API', () => {
  const keys = () => {
    const k = browserKeys();
    return { p256dh: k.p256dh, auth: k.authB64 };
  };

  it('401 without a session on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/push/key'],
      ['GET', '/api/push/devices'],
      ['POST', '/api/push/subscriptions'],
      ['POST', '/api/push/unsubscribe'],
      ['DELETE', '/api/push/subscriptions/0123456789abcdef01234567'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode, url).toBe(401);
    }
  });

  it('refuses an endpoint that is not a known push service (server-side request forgery), changing nothing', async () => {
    const student = await buildStudent(t);
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data/',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1:6379/',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://internal.example.edu/hook',
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: student.auth, payload: { endpoint, keys: keys() } });
      expect(res.statusCode, endpoint).toBe(400);
      expect(body<{ message: string }>(res).message).toBe(PUSH_ENDPOINT_REFUSED);
    }
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, student.id))).toEqual([]);
  });

  it('bad keys are refused with a clear message', async () => {
    const student = await buildStudent(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: student.auth,
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'short', auth: '!!' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('p256dh must be 65 bytes');
  });

  it('lists only my devices (the service host, never the endpoint); someone else\'s device is not found', async () => {
    const me = await buildStudent(t);
    const other = await buildProfessional(t);
    await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: me.auth, payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/me1', keys: keys(), device: 'Chrome on Android' } });
    const theirs = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: other.auth, payload: { endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/them', keys: keys() } });
    const theirId = body<{ data: { id: string } }>(theirs).data.id;
    const list = await t.app.inject({ method: 'GET', url: '/api/push/devices', headers: me.auth });
    const devices = body<{ data: { devices: Array<Record<string, unknown>> } }>(list).data.devices;
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ device: 'Chrome on Android', service: 'fcm.googleapis.com' });
    expect(JSON.stringify(devices)).not.toContain('/fcm/send/');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/push/subscriptions/${theirId}`, headers: me.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions/not-an-id', headers: me.auth })).statusCode).toBe(404);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, theirId))).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/push/subscriptions/${theirId}`, headers: other.auth })).statusCode).toBe(200);
  });

  it('the same browser subscribed by another person moves to them; unsubscribe by endpoint removes only mine', async () => {
    const a = await buildStudent(t);
    const b = await buildStudent(t);
    const endpoint = 'https://web.push.apple.com/QGuQyavXutnMH-shared-device';
    await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: a.auth, payload: { endpoint, keys: keys() } });
    await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: b.auth, payload: { endpoint, keys: keys() } });
    const rows = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows.map((r) => r.userId)).toEqual([b.id]);
    await t.app.inject({ method: 'POST', url: '/api/push/unsubscribe', headers: a.auth, payload: { endpoint } });
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(1);
    const off = await t.app.inject({ method: 'POST', url: '/api/push/unsubscribe', headers: b.auth, payload: { endpoint } });
    expect(off.statusCode).toBe(200);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(0);
  });
});

describe('allowlist and categories', () => {
  it('knows the major browsers\' push services and nothing else by default', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ]) expect(pushEndpointAllowed(ok), ok).toBe(true);
    for (const bad of ['https://notify.windows.com.attacker.net/x', 'https://localhost/x', 'ftp://fcm.googleapis.com/x', 'not a url'])
      expect(pushEndpointAllowed(bad), bad).toBe(false);
    expect(pushEndpointAllowed('https://relay.example.edu:8443/x', ['https://relay.example.edu:8443'])).toBe(true);
  });

  it('maps notifications to the e-mail preference categories', () => {
    expect(pushCategoryOf('workshop', 'reminder')).toBe('reminders');
    expect(pushCategoryOf('session', 'rescheduled')).toBe('changes');
    expect(pushCategoryOf('connection', 'accepted')).toBe('requests');
    expect(pushCategoryOf('idea', 'comment')).toBe('ideas');
    expect(pushCategoryOf('rd-project', 'approved')).toBe('rd');
    expect(pushCategoryOf('system', 'certificate')).toBeNull();
  });
});
