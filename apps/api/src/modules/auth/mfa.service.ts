import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { ErrorCode } from '@app/shared/api';
import type { AuthData } from '@app/shared/auth';
import { SECURITY_MESSAGES, type MfaChallengeData, type MfaStatus, type MfaVerifyBody } from '@app/shared/security';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { mfaRecoveryCodes, passkeys, userMfa } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { audit } from '../../lib/audit.ts';
import { inert } from '../../lib/email-template.ts';
import { emailIn, letter } from '../../lib/recipient-locale.ts';
import { AppError, badRequest, notFound, rateLimited } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import type { Actor } from '../../lib/http.ts';
import { verifyPassword } from '../../lib/password.ts';
import * as limiter from '../../lib/rate-limit.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { UserRow } from '../users/index.ts';
import { issue, type AuthDeps } from './auth.service.ts';
import { mfaDeadline, mfaRequired } from './mfa.policy.ts';
import { verifySecondFactorPasskey } from './passkeys.service.ts';
import { endAllSessions, readSecurityState } from './sessions.service.ts';

const ISSUER = 'MentorBridge';
const PERIOD = 30;
/** One step either side of now: a code typed as it rolls over still counts (RFC 6238 §5.2). */
const WINDOW = 1;
const CHALLENGE_TTL_S = 5 * 60;
const CHALLENGE_AUDIENCE = 'mentorbridge-mfa';
/** Wrong second-step answers per account before it must wait (the window is LOGIN_WINDOW_SECONDS). */
export const MFA_MAX_FAILURES = 5;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

// ---- TOTP secrets at rest: AES-256-GCM with a key derived from JWT_SECRET ----

function secretKey(config: Config): Buffer {
  return createHash('sha256').update(`mentorbridge/totp/${config.jwtSecret}`).digest();
}

export function encryptSecret(config: Config, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(config), iv);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
}

export function decryptSecret(config: Config, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(config), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

function totpFor(base32: string, label: string) {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(base32) });
}

/** The time step a code matches (within WINDOW), or null. */
function matchingStep(base32: string, code: string, now: Date): number | null {
  const delta = totpFor(base32, 'x').validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

// ---- recovery codes ----

function newRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < 10; i++) raw += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}
const recoveryHash = (code: string) => sha256(code.replace('-', '').toUpperCase());

async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryHash(c) })));
  return codes;
}

// ---- the second step of sign-in ----

const challengeKey = (config: Config) => new TextEncoder().encode(`mfa-challenge/${config.jwtSecret}`);
const nowOf = (deps: AuthDeps) => deps.clock?.now() ?? new Date();

/** After a correct password: a challenge when the account has a second factor, else null (sign in at once). */
export async function secondStepChallenge(deps: AuthDeps, user: UserRow, rememberMe: boolean): Promise<MfaChallengeData | null> {
  const methods = await methodsOf(deps.db, user.id);
  if (methods.length === 0) return null;
  const now = nowOf(deps);
  const exp = Math.floor(now.getTime() / 1000) + CHALLENGE_TTL_S;
  const challenge = await new SignJWT({ typ: 'mfa', tv: user.tokenVersion, rm: rememberMe })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setAudience(CHALLENGE_AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(exp)
    .sign(challengeKey(deps.config));
  return { mfaRequired: true, challenge, methods, expiresAt: new Date(exp * 1000).toISOString() };
}

async function methodsOf(db: Db, userId: string): Promise<MfaChallengeData['methods']> {
  const [mfa] = await db.select({ confirmed: userMfa.totpConfirmedAt }).from(userMfa).where(eq(userMfa.userId, userId));
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  const methods: MfaChallengeData['methods'] = [];
  if (mfa?.confirmed) methods.push('totp', 'recovery');
  if ((keys?.n ?? 0) > 0) methods.push('passkey');
  return methods;
}

/** The challenge's user, if it is genuine, unexpired and the password has not changed since. */
export async function readChallenge(deps: AuthDeps, challenge: string): Promise<{ userId: string; rememberMe: boolean }> {
  const expired = () => new AppError(ErrorCode.UNAUTHENTICATED, 401, SECURITY_MESSAGES.challengeExpired);
  try {
    const { payload } = await jwtVerify(challenge, challengeKey(deps.config), {
      algorithms: ['HS256'],
      audience: CHALLENGE_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
      currentDate: nowOf(deps),
    });
    if (payload.typ !== 'mfa' || typeof payload.sub !== 'string' || typeof payload.tv !== 'number') throw expired();
    const [user] = await deps.db.select({ tv: users.tokenVersion, active: users.isActive }).from(users).where(eq(users.id, payload.sub));
    if (!user || !user.active || user.tv !== payload.tv) throw expired();
    return { userId: payload.sub, rememberMe: payload.rm === true };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw expired();
  }
}

async function assertMayTry(db: Db, config: Config, userId: string) {
  const seen = await limiter.peek(db, `mfa:${userId}`);
  if (seen.count >= MFA_MAX_FAILURES) throw rateLimited(seen.retryAfterSeconds, SECURITY_MESSAGES.tooManyAttempts);
  void config;
}
async function recordFailure(db: Db, config: Config, userId: string) {
  await limiter.hit(db, `mfa:${userId}`, config.login.windowSeconds);
}

/** Accept a TOTP code once: the step is stored by a conditional update, so a replay (any process) fails. */
async function acceptTotp(db: Db, config: Config, userId: string, code: string, now: Date): Promise<boolean> {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId));
  if (!row?.totpSecret || !row.totpConfirmedAt) return false;
  const step = matchingStep(decryptSecret(config, row.totpSecret), code, now);
  if (step === null || step <= row.totpLastStep) return false;
  const taken = await db
    .update(userMfa)
    .set({ totpLastStep: step })
    .where(and(eq(userMfa.userId, userId), sqlLess(step)))
    .returning({ userId: userMfa.userId });
  return taken.length === 1;
}
const sqlLess = (step: number) => lt(userMfa.totpLastStep, step);

async function acceptRecoveryCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, recoveryHash(code)), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  return used.length === 1;
}

/** The second step: a TOTP code, a recovery code or a passkey, against the challenge. Issues the session. */
export async function verifySecondStep(deps: AuthDeps, body: MfaVerifyBody): Promise<AuthData> {
  const { db, config } = deps;
  const { userId, rememberMe } = await readChallenge(deps, body.challenge);
  await assertMayTry(db, config, userId);
  const now = nowOf(deps);
  let method: string;
  let ok: boolean;
  if (body.code !== undefined) {
    method = 'password+totp';
    ok = await acceptTotp(db, config, userId, body.code, now);
  } else if (body.recoveryCode !== undefined) {
    method = 'password+recovery';
    ok = await acceptRecoveryCode(db, userId, body.recoveryCode, now);
  } else {
    method = 'password+passkey';
    ok = body.passkey ? await verifySecondFactorPasskey(deps, userId, body.passkey.challengeId, body.passkey.response) : false;
  }
  if (!ok) {
    await recordFailure(db, config, userId);
    throw new AppError(ErrorCode.UNAUTHENTICATED, 401, body.passkey ? SECURITY_MESSAGES.passkeyFailed : SECURITY_MESSAGES.codeInvalid);
  }
  return issue(deps, userId, rememberMe, method);
}

// ---- the enrolment requirement (MFA_REQUIRED_ROLES, MFA_GRACE_DAYS) ----

/**
 * At a sign-in of a required role without a second factor: the grace starts (once), and the answer says
 * until when the person may wait, or that they are blocked. Empty for everyone else.
 */
export async function enrolmentReminder(db: Db, config: Config, user: UserRow, now: Date): Promise<Pick<AuthData, 'mfaEnrolment'>> {
  if (!mfaRequired(config, user.role)) return {};
  const state = await readSecurityState(db, user.id);
  if (state.mfaEnrolled) return {};
  if (state.graceStartedAt === null) {
    await db.insert(userMfa).values({ userId: user.id, graceStartedAt: now }).onConflictDoUpdate({ target: userMfa.userId, set: { graceStartedAt: now }, setWhere: isNull(userMfa.graceStartedAt) });
  }
  const deadline = mfaDeadline(config, user.role, { mfaEnrolled: false, graceStartedAt: state.graceStartedAt ?? now.getTime() });
  if (!deadline) return {};
  return { mfaEnrolment: { deadline: deadline.toISOString(), blocked: now.getTime() >= deadline.getTime() } };
}

export async function mfaStatus(db: Db, config: Config, actor: Actor, now: Date): Promise<MfaStatus> {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, actor.id));
  const [codes] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, actor.id), isNull(mfaRecoveryCodes.usedAt)));
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, actor.id));
  const totpEnabled = Boolean(row?.totpConfirmedAt);
  const state = { mfaEnrolled: totpEnabled || (keys?.n ?? 0) > 0, graceStartedAt: row?.graceStartedAt?.getTime() ?? null };
  const deadline = mfaDeadline(config, actor.role, state);
  return {
    totpEnabled,
    totpEnabledAt: row?.totpConfirmedAt?.toISOString() ?? null,
    recoveryCodesLeft: totpEnabled ? (codes?.n ?? 0) : 0,
    passkeys: keys?.n ?? 0,
    required: mfaRequired(config, actor.role),
    deadline: deadline && deadline.getTime() > 0 ? deadline.toISOString() : null,
    blocked: deadline !== null && now.getTime() >= deadline.getTime(),
  };
}

// ---- enrolment ----

/** A new secret, waiting for a code to confirm it (the one in use, if any, stays until then). */
export async function setupTotp(db: Db, config: Config, actor: Actor) {
  const [row] = await db.select({ confirmed: userMfa.totpConfirmedAt }).from(userMfa).where(eq(userMfa.userId, actor.id));
  if (row?.confirmed) throw badRequest(SECURITY_MESSAGES.alreadyEnabled);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const pending = encryptSecret(config, secret);
  await db
    .insert(userMfa)
    .values({ userId: actor.id, totpPending: pending })
    .onConflictDoUpdate({ target: userMfa.userId, set: { totpPending: pending, updatedAt: new Date() } });
  const uri = totpFor(secret, actor.email).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

export async function confirmTotp(db: Db, config: Config, actor: Actor, code: string, now: Date) {
  await assertMayTry(db, config, actor.id);
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, actor.id));
  if (row?.totpConfirmedAt) throw badRequest(SECURITY_MESSAGES.alreadyEnabled);
  if (!row?.totpPending) throw badRequest(SECURITY_MESSAGES.noSetup);
  const step = matchingStep(decryptSecret(config, row.totpPending), code, now);
  if (step === null) {
    await recordFailure(db, config, actor.id);
    throw badRequest(SECURITY_MESSAGES.codeInvalid);
  }
  return db.transaction(async (tx) => {
    const done = await tx
      .update(userMfa)
      .set({ totpSecret: row.totpPending, totpPending: null, totpConfirmedAt: now, totpLastStep: step, updatedAt: now })
      .where(and(eq(userMfa.userId, actor.id), isNull(userMfa.totpConfirmedAt)))
      .returning({ userId: userMfa.userId });
    if (done.length === 0) throw badRequest(SECURITY_MESSAGES.alreadyEnabled);
    return replaceRecoveryCodes(tx, actor.id);
  });
}

async function assertPassword(db: Db, userId: string, password: string) {
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.hash, password))) throw badRequest(SECURITY_MESSAGES.passwordWrong);
}

export async function regenerateRecoveryCodes(db: Db, actor: Actor, password: string) {
  await assertPassword(db, actor.id, password);
  const [row] = await db.select({ confirmed: userMfa.totpConfirmedAt }).from(userMfa).where(eq(userMfa.userId, actor.id));
  if (!row?.confirmed) throw badRequest(SECURITY_MESSAGES.notEnabled);
  return db.transaction((tx) => replaceRecoveryCodes(tx, actor.id));
}

/** Turn TOTP off (password confirmed). A required role keeps a second factor: only with a passkey left. */
export async function disableTotp(db: Db, config: Config, actor: Actor, password: string) {
  await assertPassword(db, actor.id, password);
  const [row] = await db.select({ confirmed: userMfa.totpConfirmedAt }).from(userMfa).where(eq(userMfa.userId, actor.id));
  if (!row?.confirmed) throw badRequest(SECURITY_MESSAGES.notEnabled);
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, actor.id));
  if (mfaRequired(config, actor.role) && (keys?.n ?? 0) === 0) throw badRequest(SECURITY_MESSAGES.requiredForRole);
  await db.transaction(async (tx) => {
    await tx.update(userMfa).set({ totpSecret: null, totpPending: null, totpConfirmedAt: null, updatedAt: new Date() }).where(eq(userMfa.userId, actor.id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, actor.id));
  });
}

/**
 * An administrator resets another person's second factor (a lost phone): TOTP, recovery codes and
 * passkeys go, every session ends, and the grace starts again at their next sign-in. Audited.
 */
export async function adminResetMfa(db: Db, actor: Actor, targetId: string, now: Date, publicUrl: string) {
  if (!isId(targetId) || targetId === actor.id) throw notFound('User');
  const [target] = await db
    .select({ id: users.id, role: users.role, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, targetId));
  if (!target) throw notFound('User');
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ confirmed: userMfa.totpConfirmedAt }).from(userMfa).where(eq(userMfa.userId, targetId));
    const [keys] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, targetId));
    await tx.delete(userMfa).where(eq(userMfa.userId, targetId));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, targetId));
    await tx.delete(passkeys).where(eq(passkeys.userId, targetId));
    await endAllSessions(tx, targetId, now);
    // Tokens without a session (scripts) stop too.
    await tx.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, targetId));
    await audit(
      tx,
      actor.id,
      'mfa_reset',
      'user',
      targetId,
      { email: target.email, totpEnabled: Boolean(before?.confirmed), passkeys: keys?.n ?? 0 },
      { totpEnabled: false, passkeys: 0 },
    );
    // The person is told (decision 852): a reset they did not ask for is how an account takeover looks.
    await emailIn(tx, target.id, (voice) => ({
      to: target.email,
      subject: voice.t('email.mfaReset.subject'),
      text: letter(voice, inert(target.firstName), [voice.t('email.mfaReset.body'), voice.t('email.passwordChanged.notYou', { url: `${publicUrl}/forgot-password` })]),
      action: { label: voice.t('email.action.signIn'), url: `${publicUrl}/signin` },
    }));
  });
  return { userId: target.id, role: target.role };
}
