import { createRemoteJWKSet, customFetch, jwtVerify, decodeProtectedHeader, type JWTPayload } from 'jose';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { authSessions } from '../../db/schema/security.ts';
import { ssoLogoutTokens, ssoOidcSessions } from '../../db/schema/sso-logout.ts';
import { ssoIdentities, type ssoConnections } from '../../db/schema/sso.ts';
import { PG, pgCode } from '../../lib/errors.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { SecretBox } from './crypto.ts';
import { oidcConfiguration } from './oidc.ts';
import { fetchPolicyOf, safeFetch } from './safe-fetch.ts';

/**
 * OpenID Connect logout started by the IdP (decision 912): the Back-Channel Logout 1.0 endpoint (the
 * IdP POSTs a signed logout_token, server to server) and the Front-Channel Logout 1.0 endpoint (the
 * IdP's logout page loads it in an iframe with `iss` and `sid`). Either ends the MentorBridge sessions of
 * the IdP session named, on every process (sessions are rows; tokens stop at the next request).
 */

interface Deps {
  db: Db;
  config: Config;
  box: SecretBox;
  now: () => Date;
}
type Connection = typeof ssoConnections.$inferSelect;

export const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** How old a logout token may be (its `iat`), and the clock skew allowed, as for ID tokens. */
const MAX_AGE_S = 10 * 60;
const SKEW_S = 2 * 60;
const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** A refused logout request: the IdP gets 400 with this reason (and the admin a log entry). */
export class LogoutRefused extends Error {}

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => (out[name] = value));
  return out;
}

const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The IdP's key set (from its discovery document), fetched through the address check and cached per process. */
function keySet(config: Config, jwksUri: string) {
  let set = jwksCache.get(jwksUri);
  if (!set) {
    const policy = fetchPolicyOf(config);
    set = createRemoteJWKSet(new URL(jwksUri), {
      [customFetch]: (url: string, options: RequestInit) =>
        safeFetch(url, { method: options.method ?? 'GET', headers: headerRecord(options.headers), redirect: 'manual', signal: options.signal ?? undefined }, policy),
      timeoutDuration: 10_000,
      cooldownDuration: 30_000,
    });
    jwksCache.set(jwksUri, set);
  }
  return set;
}

async function connectionMetadata(deps: Deps, connection: Connection) {
  const configuration = await oidcConfiguration(deps, {
    id: connection.id,
    issuer: connection.issuer ?? '',
    clientId: connection.clientId ?? '',
    clientSecret: connection.clientSecretEnc ? deps.box.open(connection.clientSecretEnc) : '',
  });
  return configuration.serverMetadata();
}

export interface LogoutClaims {
  iss: string;
  sub: string | null;
  sid: string | null;
}

/**
 * Validation by Back-Channel Logout 1.0 §2.6: signature with the IdP's JWKS (asymmetric algorithms
 * only), `iss` = the connection's issuer, `aud` contains our client id, `iat` present and recent
 * (10 minutes, 2 minutes of skew), `exp` if present, `jti` present and never seen before (on any
 * process), the `events` claim holds the back-channel-logout member as a JSON object, `sub` or `sid`
 * present, and no `nonce` (so an ID token can never be passed off as a logout token).
 */
export async function verifyLogoutToken(deps: Deps, connection: Connection, token: string): Promise<LogoutClaims> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw new LogoutRefused('the logout_token is not a signed JWT');
  }
  // Explicit typing (RFC 8725 §3.11): `logout+jwt` as the spec recommends, or a plain JWT from older IdPs.
  if (header.typ !== undefined && !['logout+jwt', 'application/logout+jwt', 'JWT'].includes(header.typ)) {
    throw new LogoutRefused(`the logout_token has typ ${header.typ}`);
  }
  const metadata = await connectionMetadata(deps, connection);
  if (!metadata.jwks_uri) throw new LogoutRefused('the IdP publishes no jwks_uri');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(deps.config, metadata.jwks_uri), {
      issuer: metadata.issuer,
      audience: connection.clientId ?? '',
      algorithms: ASYMMETRIC,
      currentDate: deps.now(),
      clockTolerance: SKEW_S,
      maxTokenAge: MAX_AGE_S,
      requiredClaims: ['iss', 'aud', 'iat', 'jti', 'events'],
    }));
  } catch (error) {
    const message = error instanceof Error ? error.message : 'invalid';
    throw new LogoutRefused(`the logout_token does not verify: ${message}`);
  }
  const events = payload.events;
  const event = events && typeof events === 'object' ? (events as Record<string, unknown>)[BACKCHANNEL_EVENT] : undefined;
  if (!event || typeof event !== 'object' || Array.isArray(event)) throw new LogoutRefused(`the events claim has no ${BACKCHANNEL_EVENT} object`);
  if ('nonce' in payload) throw new LogoutRefused('a logout_token must not carry a nonce');
  const sub = typeof payload.sub === 'string' && payload.sub ? payload.sub : null;
  const sid = typeof payload.sid === 'string' && payload.sid ? payload.sid : null;
  if (!sub && !sid) throw new LogoutRefused('the logout_token names neither sub nor sid');
  if (typeof payload.jti !== 'string' || !payload.jti) throw new LogoutRefused('the logout_token has no jti');

  // Replay: a jti is accepted once, by any process, while its token could still verify.
  const now = deps.now();
  const iat = typeof payload.iat === 'number' ? payload.iat : Math.floor(now.getTime() / 1000);
  await deps.db.delete(ssoLogoutTokens).where(lt(ssoLogoutTokens.expiresAt, now));
  try {
    await deps.db.insert(ssoLogoutTokens).values({ issuer: metadata.issuer, jti: payload.jti, expiresAt: new Date((iat + MAX_AGE_S + SKEW_S) * 1000) });
  } catch (error) {
    if (pgCode(error) === PG.uniqueViolation) throw new LogoutRefused(`the logout_token ${payload.jti} was already used`);
    throw error;
  }
  return { iss: metadata.issuer, sub, sid };
}

/**
 * End the MentorBridge sessions of an IdP session: by `sid` (exactly the sign-ins that IdP session
 * made), by `sub` (every OIDC sign-in of that person through this connection), or by both (they must
 * agree). Returns how many sessions ended.
 */
export async function endOidcSessions(db: Db, connection: Connection, claims: LogoutClaims, now: Date): Promise<number> {
  let userId: string | null = null;
  if (claims.sub) {
    const [identity] = await db
      .select({ userId: ssoIdentities.userId })
      .from(ssoIdentities)
      .where(and(eq(ssoIdentities.issuer, claims.iss), eq(ssoIdentities.subject, claims.sub)));
    if (!identity) return 0;
    userId = identity.userId;
  }
  const rows = await db
    .select({ id: ssoOidcSessions.authSessionId })
    .from(ssoOidcSessions)
    .where(
      and(
        eq(ssoOidcSessions.connectionId, connection.id),
        ...(claims.sid ? [eq(ssoOidcSessions.sid, claims.sid)] : []),
        ...(userId ? [eq(ssoOidcSessions.userId, userId)] : []),
      ),
    );
  if (rows.length === 0) return 0;
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(inArray(authSessions.id, rows.map((r) => r.id)), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return ended.length;
}

/** The front channel: only `iss` and `sid` arrive (no signature), so both must match this connection. */
export async function frontChannelClaims(deps: Deps, connection: Connection, query: { iss?: string | undefined; sid?: string | undefined }): Promise<LogoutClaims> {
  if (!query.sid) throw new LogoutRefused('front-channel logout without sid: MentorBridge has no cookie to find the session by');
  const metadata = await connectionMetadata(deps, connection);
  if (query.iss !== metadata.issuer) throw new LogoutRefused(`iss ${query.iss ?? '(none)'} is not the connection's issuer`);
  return { iss: metadata.issuer, sub: null, sid: query.sid };
}

/**
 * After an OIDC sign-in becomes a MentorBridge session: remember which IdP session (`sid`) it came from.
 * Called by the code exchange with the session token it just made.
 */
export async function rememberOidcSession(
  db: Db,
  tokens: TokenService,
  result: { userId: string; payload: Record<string, unknown> },
  sessionToken: string,
) {
  const connectionId = typeof result.payload.oidcConnectionId === 'string' ? result.payload.oidcConnectionId : null;
  if (!connectionId) return;
  const claims = await tokens.verify(sessionToken);
  if (!claims?.sid) return;
  const sid = typeof result.payload.oidcSid === 'string' ? result.payload.oidcSid : null;
  await db.insert(ssoOidcSessions).values({ authSessionId: claims.sid, connectionId, userId: result.userId, sid }).onConflictDoNothing();
}
