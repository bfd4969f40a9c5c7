import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  FORGOT_PASSWORD_MESSAGE,
  LOGIN_MESSAGES,
  PROFESSIONAL_PASSWORD_MESSAGES,
  RESET_MESSAGES,
  STUDENT_PASSWORD_MESSAGES,
  passwordStrength,
  type AuthData,
  type LoginBody,
  type RegisterBody,
  type UpdateProfileBody,
} from '@app/shared/auth';
import { PERMISSIONS } from '@app/shared/roles';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema/users.ts';
import { AppError, PG, badRequest, conflict, notFound, pgCode, rateLimited } from '../../lib/errors.ts';
import { queueEmail } from '../../lib/mail.ts';
import { inert } from '../../lib/email-template.ts';
import { emailIn, letter, recipientLocale, voiceOf } from '../../lib/recipient-locale.ts';
import { dummyVerify, hashPassword, verifyPassword } from '../../lib/password.ts';
import * as limiter from '../../lib/rate-limit.ts';
import * as throttle from './login-throttle.ts';
import { randomToken, sha256, type TokenService } from '../../lib/tokens.ts';
import { ErrorCode } from '@app/shared/api';
import { insertAccount, toUserDto } from '../users/index.ts';
import { assertOrganisationSignIn } from './membership.ts';
import { assertPasswordSignInAllowed } from './sso-policy.ts';
import { findUserByEmail, findUserById, type UserRow } from '../users/index.ts';
import type { MfaChallengeData } from '@app/shared/security';
import type { Clock } from '../../lib/clock.ts';
import { createSession, endAllSessions, type ClientInfo } from './sessions.service.ts';
import { recordAcceptance } from '../consent/index.ts';
import { enrolmentReminder, secondStepChallenge } from './mfa.service.ts';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  config: Config;
  /** The device signing in (its session record, issue 23); absent for scripts. */
  client?: ClientInfo;
  clock?: Clock;
  /** The language of the page the request came from (`Accept-Language`): a new account's first e-mail. */
  language?: string;
}

/** A token for a new sign-in session (sessions.service.ts): the token carries the session's id. */
export async function issue(deps: AuthDeps, userId: string, rememberMe: boolean, method = 'password'): Promise<AuthData> {
  const full = await findUserById(deps.db, userId);
  if (!full) throw notFound('User');
  const now = deps.clock?.now() ?? new Date();
  const sid = await createSession(deps.db, { userId, client: deps.client, rememberMe, method, now });
  const token = await deps.tokens.sign({ sub: full.user.id, role: full.user.role, tv: full.user.tokenVersion, sid }, rememberMe);
  return {
    token,
    user: toUserDto(full),
    permissions: { role: full.user.role, actions: [...PERMISSIONS[full.user.role]] },
    ...(await enrolmentReminder(deps.db, deps.config, full.user, now)),
  };
}

/**
 * Sign in. Unknown e-mail and wrong password get the same answer after the same amount of work.
 * Throttled by failures only, per source, per account and source, and per account from unusual
 * sources (login-throttle.ts, docs/decisions/500-login-throttling.md).
 */
export async function login(deps: AuthDeps, input: LoginBody, ip: string, trustedDevice = false): Promise<AuthData | MfaChallengeData> {
  const { db, config } = deps;
  await throttle.assertMayTry(db, config.login, input.email, ip, trustedDevice);
  const user = await findUserByEmail(db, input.email);
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : await dummyVerify(input.password);
  if (!user || !ok) {
    await throttle.recordFailure(db, config.login, input.email, ip);
    throw new AppError(ErrorCode.UNAUTHENTICATED, 401, LOGIN_MESSAGES.invalid);
  }
  if (!user.isActive) throw new AppError(ErrorCode.FORBIDDEN, 403, LOGIN_MESSAGES.deactivated);
  await assertOrganisationSignIn(db, user);
  await assertPasswordSignInAllowed(db, user);
  await throttle.recordSuccess(db, input.email, ip);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  // A second factor set up: the password alone only earns a short-lived challenge (mfa.service.ts).
  const challenge = await secondStepChallenge(deps, user, input.rememberMe);
  if (challenge) return challenge;
  return issue(deps, user.id, input.rememberMe);
}

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';

/** Students register themselves; nothing in the payload can choose another role or flag. */
export async function registerStudent(deps: AuthDeps, input: RegisterBody): Promise<AuthData> {
  const passwordHash = await hashPassword(input.password);
  let userId: string;
  try {
    userId = await deps.db.transaction(async (tx) => {
      const { user } = await insertAccount(
        tx,
        { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName, phone: input.phone, isVerified: false, passwordChangedAt: new Date() },
        {
          role: 'student',
          profile: { university: input.university, course: input.course, year: input.year, rollNumber: input.rollNumber, interests: input.interests },
        },
      );
      // The privacy notice the form showed (issue 24, decision 840).
      await recordAcceptance(tx, user.id, input.privacyNoticeVersion, 'registration', deps.clock?.now() ?? new Date());
      // Decision 1060: the welcome is in the language of the page they registered on (no choice stored yet).
      const voice = voiceOf(deps.language ? { language: deps.language, timeZone: null } : await recipientLocale(tx, user.id));
      await queueEmail(tx, {
        to: input.email,
        language: voice.language,
        subject: voice.t('email.welcome.subject'),
        text: letter(voice, inert(input.firstName), [voice.t('email.welcome.body', { url: `${deps.config.publicUrl}/signin` })]),
        action: { label: voice.t('email.action.signIn'), url: `${deps.config.publicUrl}/signin` },
      });
      return user.id;
    });
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw conflict(DUPLICATE_EMAIL_MESSAGE);
    throw error;
  }
  return issue(deps, userId, false);
}

export async function getProfile(db: Db, userId: string) {
  const full = await findUserById(db, userId);
  if (!full) throw notFound('User');
  return toUserDto(full);
}

export async function updateProfile(db: Db, userId: string, input: UpdateProfileBody) {
  // Only the listed fields can change; e-mail, role and flags are not in the schema.
  const changes = Object.fromEntries(
    Object.entries(input).map(([key, value]) => [key, key === 'firstName' || key === 'lastName' ? value : value || null]),
  );
  if (Object.keys(changes).length > 0) {
    await db.update(users).set(changes).where(eq(users.id, userId));
  }
  return getProfile(db, userId);
}

async function setPassword(db: Db, userId: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({
      passwordHash,
      isTemporaryPassword: false,
      passwordChangedAt: new Date(),
      // Every token issued before this moment stops working.
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, userId));
  await endAllSessions(db, userId, new Date());
}

/**
 * Issue 28 (decision 734): wrong current passwords on change-password are throttled per account — five in
 * fifteen minutes, then 429 until the window passes — so a stolen session cannot guess the password.
 */
const CHANGE_PASSWORD_MAX_FAILURES = 5;
const CHANGE_PASSWORD_WINDOW_SECONDS = 900;
async function checkCurrentPassword(db: Db, user: UserRow, currentPassword: string) {
  const key = `pwchange:${user.id}`;
  const seen = await limiter.peek(db, key);
  if (seen.count >= CHANGE_PASSWORD_MAX_FAILURES) throw rateLimited(seen.retryAfterSeconds, throttle.tooManyMessage(seen.retryAfterSeconds).replace('sign-in attempts', 'wrong passwords'));
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await limiter.hit(db, key, CHANGE_PASSWORD_WINDOW_SECONDS);
    throw badRequest(STUDENT_PASSWORD_MESSAGES.wrongCurrent);
  }
  await limiter.clear(db, key);
}

/** Issue 28: the owner hears of every password change or reset, with a way back if it was not them. */
async function tellPasswordChanged(db: Db, user: Pick<UserRow, 'id' | 'email' | 'firstName'>, publicUrl: string, how: 'changed' | 'reset') {
  await emailIn(db, user.id, (voice) => ({
    to: user.email,
    subject: voice.t('email.passwordChanged.subject'),
    text: letter(voice, inert(user.firstName), [
      voice.t('email.passwordChanged.body', { how }),
      voice.t('email.passwordChanged.notYou', { url: `${publicUrl}/forgot-password` }),
    ]),
    action: { label: voice.t('email.action.resetPassword'), url: `${publicUrl}/forgot-password` },
  }));
}

async function requireUser(db: Db, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User');
  return user;
}

/** Student/admin password change (spec 000 §5). Answers with a fresh token: older ones are dead. */
export async function changePassword(
  deps: AuthDeps,
  userId: string,
  input: { currentPassword: string; newPassword: string },
) {
  const user = await requireUser(deps.db, userId);
  await checkCurrentPassword(deps.db, user, input.currentPassword);
  if (user.role === 'professional') assertProfessionalStrength(input.newPassword, input.currentPassword);
  await setPassword(deps.db, userId, input.newPassword);
  await tellPasswordChanged(deps.db, user, deps.config.publicUrl, 'changed');
  return issue(deps, userId, false);
}

function assertProfessionalStrength(newPassword: string, currentPassword: string) {
  const m = PROFESSIONAL_PASSWORD_MESSAGES;
  if (newPassword.length < 8) throw badRequest(m.short);
  if (passwordStrength(newPassword) < 2) throw badRequest(m.weak);
  if (newPassword === currentPassword) throw badRequest(m.same);
}

/** Professional change (spec 002 §5), also the way out of a temporary password. */
export async function changeProfessionalPassword(
  deps: AuthDeps,
  userId: string,
  input: { currentPassword: string; newPassword: string },
) {
  const user = await requireUser(deps.db, userId);
  await checkCurrentPassword(deps.db, user, input.currentPassword);
  assertProfessionalStrength(input.newPassword, input.currentPassword);
  await setPassword(deps.db, userId, input.newPassword);
  await tellPasswordChanged(deps.db, user, deps.config.publicUrl, 'changed');
  return issue(deps, userId, false);
}

export async function passwordStatus(db: Db, userId: string) {
  const user = await requireUser(db, userId);
  return {
    requiresPasswordChange: user.isTemporaryPassword,
    isTemporaryPassword: user.isTemporaryPassword,
    passwordChangedAt: user.passwordChangedAt?.toISOString() ?? null,
  };
}

const RESET_TTL_MS = 60 * 60 * 1000;

/** Same answer whether or not the e-mail exists; at most 3 links per address per hour. */
export async function forgotPassword(deps: AuthDeps, email: string) {
  const { db, config } = deps;
  const attempt = await limiter.hit(db, `forgot:${sha256(email)}`, 3600);
  const user = await findUserByEmail(db, email);
  if (!user || !user.isActive || attempt.count > 3) return FORGOT_PASSWORD_MESSAGE;
  const { token, hash } = randomToken();
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() + RESET_TTL_MS) });
    const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await emailIn(tx, user.id, (voice) => ({
      to: user.email,
      subject: voice.t('email.passwordReset.subject'),
      text: letter(voice, inert(user.firstName), [voice.t('email.passwordReset.body'), link, voice.t('email.passwordReset.notYou')]),
      action: { label: voice.t('email.action.resetPassword'), url: link },
      secrets: [link, token, encodeURIComponent(token)],
    }));
  });
  return FORGOT_PASSWORD_MESSAGE;
}

/** Single use and one hour: the token row is consumed by a conditional update. */
export async function resetPassword(deps: AuthDeps, token: string, newPassword: string, ip?: string) {
  const hash = sha256(token);
  const { email, message } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!row) throw badRequest(RESET_MESSAGES.invalid);
    const user = await requireUser(tx, row.userId);
    if (!user.isActive) throw badRequest(RESET_MESSAGES.invalid);
    if (user.role === 'professional') {
      if (newPassword.length < 8) throw badRequest(PROFESSIONAL_PASSWORD_MESSAGES.short);
      if (passwordStrength(newPassword) < 2) throw badRequest(PROFESSIONAL_PASSWORD_MESSAGES.weak);
    }
    await setPassword(tx, user.id, newPassword);
    await tellPasswordChanged(tx, user, deps.config.publicUrl, 'reset');
    return { email: user.email, message: RESET_MESSAGES.done };
  });
  // The owner is back: failed sign-ins against the account are forgotten and this source is trusted.
  await throttle.recordPasswordReset(deps.db, email, ip);
  return message;
}

/** Create or promote the first administrator (start-up with ADMIN_EMAIL/ADMIN_PASSWORD, or the CLI). */
export async function ensureAdmin(db: Db, email: string, password: string, names = { firstName: 'Platform', lastName: 'Admin' }) {
  const normalized = email.trim().toLowerCase();
  const existing = await findUserByEmail(db, normalized);
  if (existing) {
    if (existing.role !== 'admin') throw new Error(`${normalized} already belongs to a ${existing.role} account`);
    return { id: existing.id, created: false };
  }
  const [row] = await db
    .insert(users)
    .values({
      role: 'admin',
      email: normalized,
      passwordHash: await hashPassword(password),
      firstName: names.firstName,
      lastName: names.lastName,
      isVerified: true,
      passwordChangedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('admin insert returned nothing');
  return { id: row.id, created: true };
}

export async function adminExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return Boolean(row);
}
