import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rateLimited } from '../../lib/errors.ts';
import * as limiter from '../../lib/rate-limit.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../../lib/tokens.ts';

/**
 * Sign-in throttling (docs/decisions/500-login-throttling.md). Only failures count.
 *
 *  - per source (IP): LOGIN_MAX_PER_IP failures in the window and that address waits — a campus behind
 *    one address signs in as often as it likes, a password sprayer does not;
 *  - per account *and* source: after LOGIN_MAX_PER_ACCOUNT failures from one address for one account,
 *    that address waits for that account, 30 s, then twice as long after each further failure (capped
 *    at the window);
 *  - per account from anywhere: after LOGIN_MAX_PER_ACCOUNT_ALL_SOURCES failures (a distributed
 *    attack) the account waits the same growing delays — except from a source the owner has signed in
 *    from in the last 90 days, or reset the password from. So nobody can keep the owner out from the
 *    usual place, and a reset link always gets the owner back in (it also forgets every failure).
 */

const BASE_DELAY_SECONDS = 30;
/** Issue 28: how long a browser stays trusted for an account after a successful sign-in there. */
export const DEVICE_TRUST_SECONDS = 90 * 24 * 3600;
const TRUSTED_SOURCE_SECONDS = 90 * 24 * 3600;

export interface LoginThrottleConfig {
  maxPerIp: number;
  maxPerAccount: number;
  maxPerAccountAllSources: number;
  windowSeconds: number;
}

const account = (email: string) => sha256(email.trim().toLowerCase());
const keys = (email: string, ip: string) => {
  const a = account(email);
  return {
    ipFailures: `login:ip:${ip}`,
    pairFailures: `login:pair:${a}:${ip}`,
    pairLock: `login:pairlock:${a}:${ip}`,
    accountFailures: `login:account:${a}`,
    accountLock: `login:accountlock:${a}`,
    trusted: `login:trusted:${a}:${ip}`,
  };
};

/** The growing delay after `failures` when `threshold` are free: 30 s, 60 s, 120 s … capped at the window. */
export function delaySeconds(failures: number, threshold: number, capSeconds: number): number {
  if (failures < threshold) return 0;
  return Math.min(capSeconds, BASE_DELAY_SECONDS * 2 ** Math.min(20, failures - threshold));
}

export function tooManyMessage(seconds: number): string {
  if (seconds < 60) return `Too many sign-in attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * Issue 28 (decision 734): per-device trust, as OWASP suggests. After a successful sign-in the browser gets
 * a signed cookie for that account (HttpOnly, SameSite=Strict, path /api/auth, 90 days). A browser that
 * presents a valid one for the account it signs in to goes through the per-address limit and the
 * account-wide lock — so one person behind a campus NAT failing against made-up e-mails cannot lock out the
 * campus — while the per-account-and-address delays still apply to it. An attacker's browser has no cookie
 * for someone else's account (it is signed with the server's secret and names the account).
 */
export const DEVICE_COOKIE_PREFIX = 'mb_device_';
export const deviceCookieName = (email: string) => `${DEVICE_COOKIE_PREFIX}${account(email).slice(0, 16)}`;
const deviceSignature = (secret: string, email: string, expires: number) =>
  createHmac('sha256', secret).update(`device:${account(email)}:${expires}`).digest('base64url');

export function deviceCookieValue(secret: string, email: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + DEVICE_TRUST_SECONDS;
  return `${expires}.${deviceSignature(secret, email, expires)}`;
}

export function isTrustedDevice(secret: string, email: string, cookieHeader: string | undefined, now: Date): boolean {
  if (!cookieHeader) return false;
  const name = deviceCookieName(email);
  const raw = cookieHeader
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  const match = raw ? /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(raw) : null;
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(deviceSignature(secret, email, expires));
  const given = Buffer.from(match[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Before the password is checked: refuses (429 with Retry-After) when this source must wait for this account. */
export async function assertMayTry(db: Db, config: LoginThrottleConfig, email: string, ip: string, trustedDevice = false): Promise<void> {
  const k = keys(email, ip);
  const ipFailures = await limiter.peek(db, k.ipFailures);
  if (ipFailures.count >= config.maxPerIp && !trustedDevice) throw rateLimited(ipFailures.retryAfterSeconds, tooManyMessage(ipFailures.retryAfterSeconds));
  const pairLock = await limiter.peek(db, k.pairLock);
  if (pairLock.count > 0) throw rateLimited(pairLock.retryAfterSeconds, tooManyMessage(pairLock.retryAfterSeconds));
  const accountLock = await limiter.peek(db, k.accountLock);
  if (accountLock.count > 0 && !trustedDevice && (await limiter.peek(db, k.trusted)).count === 0) {
    throw rateLimited(accountLock.retryAfterSeconds, tooManyMessage(accountLock.retryAfterSeconds));
  }
}

/** A wrong password (or an unknown e-mail): counted for the source, the pair and the account. */
export async function recordFailure(db: Db, config: LoginThrottleConfig, email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  const window = config.windowSeconds;
  await limiter.hit(db, k.ipFailures, window);
  const pair = await limiter.bump(db, k.pairFailures, window);
  const pairDelay = delaySeconds(pair, config.maxPerAccount, window);
  if (pairDelay > 0) await limiter.hold(db, k.pairLock, pairDelay);
  const all = await limiter.bump(db, k.accountFailures, window);
  const accountDelay = delaySeconds(all, config.maxPerAccountAllSources, window);
  if (accountDelay > 0) await limiter.hold(db, k.accountLock, accountDelay);
}

/** The right password: this source's failures for the account are forgotten and it becomes a usual place. */
export async function recordSuccess(db: Db, email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  await limiter.clear(db, k.pairFailures);
  await limiter.clear(db, k.pairLock);
  await limiter.hold(db, k.trusted, TRUSTED_SOURCE_SECONDS);
}

/** A password reset (or change): every failure against the account is moot; the source that did it is trusted. */
export async function recordPasswordReset(db: Db, email: string, ip: string | undefined): Promise<void> {
  const a = account(email);
  for (const prefix of ['login:pair:', 'login:pairlock:']) await limiter.clearPrefix(db, `${prefix}${a}:`);
  await limiter.clear(db, `login:account:${a}`);
  await limiter.clear(db, `login:accountlock:${a}`);
  if (ip) await limiter.hold(db, keys(email, ip).trusted, TRUSTED_SOURCE_SECONDS);
}

export const throttleConfig = (config: Config): LoginThrottleConfig => config.login;
