import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rateLimited } from '../../lib/errors.ts';
import * as limiter from '../../lib/rate-limit.ts';
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

/** Before the password is checked: refuses (429 with Retry-After) when this source must wait for this account. */
export async function assertMayTry(db: Db, config: LoginThrottleConfig, email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  const ipFailures = await limiter.peek(db, k.ipFailures);
  if (ipFailures.count >= config.maxPerIp) throw rateLimited(ipFailures.retryAfterSeconds, tooManyMessage(ipFailures.retryAfterSeconds));
  const pairLock = await limiter.peek(db, k.pairLock);
  if (pairLock.count > 0) throw rateLimited(pairLock.retryAfterSeconds, tooManyMessage(pairLock.retryAfterSeconds));
  const accountLock = await limiter.peek(db, k.accountLock);
  if (accountLock.count > 0 && (await limiter.peek(db, k.trusted)).count === 0) {
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
