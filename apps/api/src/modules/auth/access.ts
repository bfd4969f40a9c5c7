import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@app/shared/api';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, forbidden, unauthenticated } from '../../lib/errors.ts';
import type { Actor, App } from '../../lib/http.ts';
import { once, param, UNNAMED } from '../../lib/prepared.ts';
import { isOrganisationRole, membershipOf, organisationAllowsSignIn } from './membership.ts';
import { EXPERT_MESSAGES, ORG_MESSAGES } from '@app/shared/organisations';
import { SECURITY_MESSAGES } from '@app/shared/security';
import { isMfaBlocked } from './mfa.policy.ts';
import { readSecurityState, touchSession, TOUCH_INTERVAL_MS } from './sessions.service.ts';

export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token. Please sign in again.';
export const PASSWORD_CHANGE_MESSAGE = 'You must change your temporary password before continuing.';

/** Routes outside /api, and the generated API reference, carry no access declaration. */
function needsDeclaration(url: string): boolean {
  return (url === '/api' || url.startsWith('/api/')) && !url.startsWith('/api/docs');
}

/**
 * One place decides who may call what. Every /api route must declare `config.access`; a route that
 * does not is refused at start-up, so nothing is reachable by omission.
 */
export function registerAccessControl(app: App) {
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    if (needsDeclaration(route.url) && !route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) return;
    const token = bearerToken(request);
    if (access === 'public') {
      if (token) request.actor = await resolveActor(app, token);
      return;
    }
    if (!token) throw unauthenticated('Authentication required. Please sign in.');
    const actor = await resolveActor(app, token);
    if (!actor) throw unauthenticated(INVALID_TOKEN_MESSAGE);
    request.actor = actor;
    // Anyone whose account was created with a temporary password (professionals, and students an
    // admin added) must choose their own before anything else.
    if (actor.isTemporaryPassword && !config.allowTemporaryPassword) {
      throw new AppError(ErrorCode.PASSWORD_CHANGE_REQUIRED, 403, PASSWORD_CHANGE_MESSAGE);
    }
    // A role that must use a second factor, past its grace period: nothing but enrolment (issue 23).
    if (actor.mfaBlocked && !config.allowMfaEnrolment) {
      throw new AppError(ErrorCode.MFA_ENROLMENT_REQUIRED, 403, SECURITY_MESSAGES.enrolmentRequired);
    }
    if (access !== 'authenticated' && !access.includes(actor.role)) {
      throw forbidden('You do not have permission to access this resource');
    }
    // Issue 28: an expert awaiting verification reaches no student on any route (decision 730).
    if (actor.role === 'professional' && actor.isVerified === false && access !== 'authenticated' && !config.allowPendingExpert) {
      throw forbidden(EXPERT_MESSAGES.pendingNotYet);
    }
    // "Member of this organisation": the route acts on the caller's own organisation only.
    if (config.member) {
      const org = actor.organisation;
      if (!org || (config.member !== 'any' && org.type !== config.member)) {
        throw forbidden('You do not have permission to access this resource');
      }
      if (org.status !== 'approved' && !config.allowPendingOrganisation) throw forbidden(ORG_MESSAGES.notApproved);
    }
  });
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Every signed-in request looks its user up: the statement is built once (decision 640). */
const actorStatement = (db: Db) =>
  once(db, 'auth.actor', () =>
    db
      .select({
        id: users.id,
        role: users.role,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isActive: users.isActive,
        tokenVersion: users.tokenVersion,
        isTemporaryPassword: users.isTemporaryPassword,
        isVerified: users.isVerified,
      })
      .from(users)
      .where(eq(users.id, param('id')))
      .prepare(UNNAMED),
  );

/** The account row a token is checked against, and the organisation of an organisation role. */
async function readAccount(db: Db, id: string) {
  const [user] = await actorStatement(db).execute({ id });
  if (!user) return null;
  return {
    user,
    organisation: isOrganisationRole(user.role) ? ((await membershipOf(db, user.id)) ?? null) : null,
    security: await readSecurityState(db, user.id),
  };
}

/**
 * A token counts only while its user exists, is active, and has not changed password since. With the
 * catalogue cache on, the account row is the user's cached own state (decision 646): a statement touching
 * the user's `users` row (password change, deactivation, role change, deletion) announces the user id
 * through the per-user trigger, so every process reads it again; membership and organisation changes
 * invalidate through their tables' versions. The checks themselves run on every request.
 */
export async function resolveActor(app: App, token: string): Promise<Actor | null> {
  const claims = await app.ctx.tokens.verify(token);
  if (!claims) return null;
  const { cache, db } = app.ctx;
  const account = cache.enabled
    ? await cache.forUser(claims.sub, 'auth.account', ['organisation_members', 'organisations'], () => readAccount(db, claims.sub))
    : await readAccount(db, claims.sub);
  if (!account) return null;
  const { user } = account;
  if (!user.isActive || user.tokenVersion !== claims.tv || user.role !== claims.role) return null;
  let organisation: Actor['organisation'];
  if (isOrganisationRole(user.role)) {
    organisation = account.organisation ?? undefined;
    if (!organisationAllowsSignIn(organisation)) return null;
  }
  // A token of a sign-in session counts while the session is open (ended from the sessions list, or by
  // "sign out everywhere else", it stops at once on every process: decision 760).
  const now = app.ctx.clock.now();
  if (claims.sid) {
    const session = account.security.sessions.find((s) => s.id === claims.sid);
    if (!session || session.expiresAt <= now.getTime()) return null;
    if (now.getTime() - session.lastUsedAt >= TOUCH_INTERVAL_MS) await touchSession(db, session.id, now);
  }
  const mfaBlocked = isMfaBlocked(app.ctx.config, user.role, account.security, now);
  return {
    ...(claims.sid ? { sessionId: claims.sid } : {}),
    ...(mfaBlocked ? { mfaBlocked } : {}),
    ...(organisation ? { organisation } : {}),
    id: user.id,
    role: user.role,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isTemporaryPassword: user.isTemporaryPassword,
    isVerified: user.role !== 'professional' || user.isVerified,
  };
}
