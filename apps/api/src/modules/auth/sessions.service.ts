import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { SessionDto } from '@app/shared/security';
import type { Db } from '../../db/client.ts';
import { authSessions } from '../../db/schema/security.ts';
import { notFound } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import { queryRows } from '../../lib/sql.ts';

/** Who is signing in, as the request shows it. */
export interface ClientInfo {
  userAgent: string;
  ip: string;
}

/** A session's last use is written at most this often (not on every request). */
export const TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;

/** "Firefox on Windows": enough to recognise a device in a list, from the User-Agent alone. */
export function deviceName(userAgent: string): string {
  const ua = userAgent.slice(0, 512);
  const browser =
    /Edg\//.test(ua) ? 'Edge'
    : /OPR\/|Opera/.test(ua) ? 'Opera'
    : /Firefox\//.test(ua) ? 'Firefox'
    : /HeadlessChrome\//.test(ua) ? 'Headless Chrome'
    : /Chrome\/|CriOS\//.test(ua) ? 'Chrome'
    : /Safari\//.test(ua) && /Version\//.test(ua) ? 'Safari'
    : /curl\//i.test(ua) ? 'curl'
    : /node|undici|axios|python|lightmyrequest/i.test(ua) ? 'Script'
    : '';
  const os =
    /Android/.test(ua) ? 'Android'
    : /iPhone|iPad|iPod/.test(ua) ? 'iOS'
    : /Windows/.test(ua) ? 'Windows'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
    : /CrOS/.test(ua) ? 'ChromeOS'
    : /Linux/.test(ua) ? 'Linux'
    : '';
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Unknown device';
}

export async function createSession(
  db: Db,
  input: { userId: string; client?: ClientInfo; rememberMe: boolean; method: string; now: Date },
): Promise<string> {
  const { userId, client, rememberMe, method, now } = input;
  // A person's ended and expired sessions are forgotten when they sign in again (the list stays short).
  await db.delete(authSessions).where(and(eq(authSessions.userId, userId), sql`(${authSessions.revokedAt} IS NOT NULL OR ${authSessions.expiresAt} < ${now})`));
  const [row] = await db
    .insert(authSessions)
    .values({
      userId,
      userAgent: (client?.userAgent ?? '').slice(0, 512),
      device: deviceName(client?.userAgent ?? ''),
      ip: (client?.ip ?? '').slice(0, 64),
      method,
      createdAt: now,
      lastUsedAt: now,
      // The token's own lifetime (1 day, or 30 with "remember me"): the session ends with it.
      expiresAt: new Date(now.getTime() + (rememberMe ? 30 : 1) * DAY_MS),
    })
    .returning({ id: authSessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/** The user's sessions that can still be used, as the access hook keeps them (decision 760). */
export interface ActiveSession {
  id: string;
  lastUsedAt: number;
  expiresAt: number;
}

/**
 * What the access hook needs besides the account row: the open sessions, and the second-factor state.
 * One statement; read per user and cached with the account (the tables announce their user ids).
 */
export async function readSecurityState(db: Db, userId: string) {
  const [row] = await queryRows<{ sessions: unknown; totp_at: string | Date | null; grace: string | Date | null; has_passkey: boolean }>(
    db,
    sql`SELECT
      (SELECT coalesce(json_agg(json_build_object('id', s.id, 'lastUsedAt', s.last_used_at, 'expiresAt', s.expires_at)), '[]'::json)
         FROM auth_sessions s WHERE s.user_id = ${userId} AND s.revoked_at IS NULL) AS sessions,
      (SELECT m.totp_confirmed_at FROM user_mfa m WHERE m.user_id = ${userId}) AS totp_at,
      (SELECT m.grace_started_at FROM user_mfa m WHERE m.user_id = ${userId}) AS grace,
      EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = ${userId}) AS has_passkey`,
  );
  const raw = typeof row?.sessions === 'string' ? (JSON.parse(row.sessions) as unknown) : row?.sessions;
  const sessions: ActiveSession[] = (Array.isArray(raw) ? raw : []).map((s: { id: string; lastUsedAt: string; expiresAt: string }) => ({
    id: s.id,
    lastUsedAt: Date.parse(s.lastUsedAt),
    expiresAt: Date.parse(s.expiresAt),
  }));
  return {
    sessions,
    mfaEnrolled: Boolean(row?.totp_at) || Boolean(row?.has_passkey),
    graceStartedAt: row?.grace ? new Date(row.grace).getTime() : null,
  };
}
export type SecurityState = Awaited<ReturnType<typeof readSecurityState>>;

/** Record a use: one conditional write per session per minute, whichever process sees the request. */
export async function touchSession(db: Db, sessionId: string, now: Date) {
  await db
    .update(authSessions)
    .set({ lastUsedAt: now })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt), lt(authSessions.lastUsedAt, new Date(now.getTime() - TOUCH_INTERVAL_MS))));
}

export async function listSessions(db: Db, userId: string, currentId: string | undefined, now: Date): Promise<SessionDto[]> {
  const rows = await db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), sql`${authSessions.expiresAt} > ${now}`))
    .orderBy(desc(authSessions.lastUsedAt), desc(authSessions.id));
  return rows.map((s) => ({
    id: s.id,
    device: s.device,
    ip: s.ip,
    method: s.method,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    current: s.id === currentId,
  }));
}

/** End one of the caller's own sessions; someone else's (or an unknown id) is not found. */
export async function endSession(db: Db, userId: string, sessionId: string, now: Date) {
  if (!isId(sessionId)) throw notFound('Session');
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  if (ended.length === 0) throw notFound('Session');
}

/** End every session but the caller's current one. */
export async function endOtherSessions(db: Db, userId: string, currentId: string | undefined, now: Date): Promise<number> {
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), ...(currentId ? [ne(authSessions.id, currentId)] : [])))
    .returning({ id: authSessions.id });
  return ended.length;
}

/** A password change or reset, a deactivation: every session of the account ends. */
export async function endAllSessions(db: Db, userId: string, now: Date) {
  await db.update(authSessions).set({ revokedAt: now }).where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}
