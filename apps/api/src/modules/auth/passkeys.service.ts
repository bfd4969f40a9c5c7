import { and, asc, eq, gt, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { ErrorCode } from '@app/shared/api';
import type { AuthData } from '@app/shared/auth';
import { LOGIN_MESSAGES } from '@app/shared/auth';
import { SECURITY_MESSAGES, type PasskeyDto, type WebauthnResponse } from '@app/shared/security';
import type { Db } from '../../db/client.ts';
import { passkeys, webauthnChallenges } from '../../db/schema/security.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, PG, badRequest, conflict, notFound, pgCode } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import type { Actor } from '../../lib/http.ts';
import { assertOrganisationSignIn } from './membership.ts';
import { issue, type AuthDeps } from './auth.service.ts';

const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = 'MentorBridge';
type Purpose = 'registration' | 'authentication' | 'second-factor';

const nowOf = (deps: Pick<AuthDeps, 'clock'>) => deps.clock?.now() ?? new Date();

async function storeChallenge(db: Db, purpose: Purpose, userId: string | null, challenge: string, now: Date): Promise<string> {
  // Old challenges are swept by whoever stores a new one (a few rows at most).
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({ purpose, userId, challenge, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS), createdAt: now })
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new Error('challenge insert returned nothing');
  return row.id;
}

/** Take a challenge once (deleted as it is read): any process may verify what another issued. */
async function takeChallenge(db: Db, id: string, purpose: Purpose, userId: string | null, now: Date): Promise<string | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, now)))
    .returning();
  if (!row) return null;
  if (userId !== null && row.userId !== userId) return null;
  return row.challenge;
}

const toDto = (p: typeof passkeys.$inferSelect): PasskeyDto => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  backedUp: p.backedUp === 1,
});

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyDto[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toDto);
}

export async function registrationOptions(deps: AuthDeps, actor: Actor) {
  const { db, config } = deps;
  const existing = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, actor.id));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: config.mfa.rpId,
    userName: actor.email,
    userDisplayName: `${actor.firstName} ${actor.lastName}`.trim(),
    userID: new TextEncoder().encode(actor.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    // Discoverable, so the passkey can sign in without an e-mail first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const challengeId = await storeChallenge(db, 'registration', actor.id, options.challenge, nowOf(deps));
  return { challengeId, options };
}

export async function registerPasskey(deps: AuthDeps, actor: Actor, input: { challengeId: string; name: string; response: WebauthnResponse }) {
  const { db, config } = deps;
  const now = nowOf(deps);
  const expected = await takeChallenge(db, input.challengeId, 'registration', actor.id, now);
  if (!expected) throw badRequest(SECURITY_MESSAGES.challengeExpired);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: expected,
      expectedOrigin: config.mfa.origins,
      expectedRPID: config.mfa.rpId,
      requireUserVerification: false,
    });
  } catch {
    throw badRequest(SECURITY_MESSAGES.passkeyFailed);
  }
  if (!verification.verified) throw badRequest(SECURITY_MESSAGES.passkeyFailed);
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  try {
    const [row] = await db
      .insert(passkeys)
      .values({
        userId: actor.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp ? 1 : 0,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('passkey insert returned nothing');
    return toDto(row);
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw conflict(SECURITY_MESSAGES.passkeyDuplicate);
    throw error;
  }
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string) {
  if (!isId(id)) throw notFound('Passkey');
  const [row] = await db.update(passkeys).set({ name }).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning();
  if (!row) throw notFound('Passkey');
  return toDto(row);
}

export async function removePasskey(db: Db, userId: string, id: string) {
  if (!isId(id)) throw notFound('Passkey');
  const gone = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ id: passkeys.id });
  if (gone.length === 0) throw notFound('Passkey');
}

/** Options for a passkey sign-in: no e-mail asked, the browser offers the discoverable credentials. */
export async function loginOptions(deps: AuthDeps) {
  const options = await generateAuthenticationOptions({ rpID: deps.config.mfa.rpId, userVerification: 'preferred' });
  const challengeId = await storeChallenge(deps.db, 'authentication', null, options.challenge, nowOf(deps));
  return { challengeId, options };
}

/** Options for a passkey as the second step: only the person's own credentials are allowed. */
export async function secondFactorOptions(deps: AuthDeps, userId: string) {
  const own = await deps.db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  const options = await generateAuthenticationOptions({
    rpID: deps.config.mfa.rpId,
    allowCredentials: own.map((c) => ({ id: c.id, transports: c.transports })),
    userVerification: 'discouraged',
  });
  const challengeId = await storeChallenge(deps.db, 'second-factor', userId, options.challenge, nowOf(deps));
  return { challengeId, options };
}

/** Check an assertion against a stored credential; the counter moves forward (a cloned key shows as a step back). */
async function verifyAssertion(deps: AuthDeps, expected: string, response: WebauthnResponse, userId: string | null) {
  const { db, config } = deps;
  const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!key || (userId !== null && key.userId !== userId)) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: expected,
      expectedOrigin: config.mfa.origins,
      expectedRPID: config.mfa.rpId,
      credential: { id: key.credentialId, publicKey: Buffer.from(key.publicKey, 'base64url'), counter: key.counter, transports: key.transports as never },
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    await db
      .update(passkeys)
      .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: nowOf(deps) })
      .where(eq(passkeys.id, key.id));
    return key;
  } catch {
    return null;
  }
}

export async function verifySecondFactorPasskey(deps: AuthDeps, userId: string, challengeId: string, response: WebauthnResponse): Promise<boolean> {
  const expected = await takeChallenge(deps.db, challengeId, 'second-factor', userId, nowOf(deps));
  if (!expected) return false;
  return (await verifyAssertion(deps, expected, response, userId)) !== null;
}

/** A passkey as the first factor: the credential names the account; it counts as both factors. */
export async function loginWithPasskey(deps: AuthDeps, input: { challengeId: string; response: WebauthnResponse; rememberMe: boolean }): Promise<AuthData> {
  const { db } = deps;
  const expected = await takeChallenge(db, input.challengeId, 'authentication', null, nowOf(deps));
  if (!expected) throw new AppError(ErrorCode.UNAUTHENTICATED, 401, SECURITY_MESSAGES.challengeExpired);
  const key = await verifyAssertion(deps, expected, input.response, null);
  if (!key) throw new AppError(ErrorCode.UNAUTHENTICATED, 401, SECURITY_MESSAGES.passkeyUnknown);
  const [user] = await db.select().from(users).where(eq(users.id, key.userId));
  if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, 401, SECURITY_MESSAGES.passkeyUnknown);
  if (!user.isActive) throw new AppError(ErrorCode.FORBIDDEN, 403, LOGIN_MESSAGES.deactivated);
  await assertOrganisationSignIn(db, user);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return issue(deps, user.id, input.rememberMe, 'passkey');
}
