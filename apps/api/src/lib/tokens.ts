import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { isRole, type Role } from '@app/shared/roles';

const ISSUER = 'mentorbridge';
const AUDIENCE = 'mentorbridge-api';
const ALG = 'HS256';
const MAX_TOKEN_LENGTH = 2048;
/** remember-me lifetime (30 days) plus clock skew. */
const MAX_TOKEN_AGE = '31d';

export interface TokenClaims {
  sub: string;
  role: Role;
  /** The user's token version when the token was issued. */
  tv: number;
  /** The sign-in session (auth_sessions) the token belongs to; absent on tokens minted by scripts and tests. */
  sid?: string;
}

/** Verified tokens remembered (decision 661); past this the oldest are forgotten. */
export const VERIFIED_TOKENS_MAX = 10_000;
const MAX_TOKEN_AGE_MS = 31 * 24 * 3600_000;

/**
 * `now` (ms since the epoch) is the clock expiry is checked against: the real one, or a test's.
 */
export function createTokenService(secret: string, now: () => number = Date.now) {
  const key = new TextEncoder().encode(secret);
  /**
   * Tokens whose signature, issuer, audience, type and claims were verified, with the moment they stop
   * counting (their expiry, or their age limit if sooner): a signed-in client sends the same token with
   * every request, and verifying its HMAC through WebCrypto each time cost ~0.15 ms of the event loop
   * (docs/performance/2026-11-22_to_11-24-sittings-1-to-7.md, sixth sitting). Only a token that verified is remembered, by its exact text;
   * whether its user still exists, is active and has not changed password is checked on every request
   * (resolveActor), so revocation is unchanged.
   */
  const verified = new Map<string, { claims: TokenClaims; until: number }>();
  const remember = (token: string, claims: TokenClaims, exp: number, iat: number) => {
    if (verified.size >= VERIFIED_TOKENS_MAX) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, { claims, until: Math.min(exp * 1000, iat * 1000 + MAX_TOKEN_AGE_MS) });
  };
  return {
    /** How many verified tokens are remembered (bounded by VERIFIED_TOKENS_MAX). */
    rememberedCount: () => verified.size,
    async sign(claims: TokenClaims, rememberMe: boolean): Promise<string> {
      return new SignJWT({ role: claims.role, tv: claims.tv, typ: 'access', ...(claims.sid ? { sid: claims.sid } : {}) })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(rememberMe ? '30d' : '1d')
        .sign(key);
    },
    /** Verify signature (algorithm pinned), issuer, audience, expiry and type; null when anything is off. */
    async verify(token: string): Promise<TokenClaims | null> {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const known = verified.get(token);
      if (known) {
        if (now() < known.until) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        // exp and iat are required and a token older than the longest lifetime we issue is refused,
        // so a token minted without expiry (or with a far-future one) never counts.
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: MAX_TOKEN_AGE,
          currentDate: new Date(now()),
        });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        const role = payload.role;
        if (!isRole(role)) return null;
        const claims: TokenClaims = { sub: payload.sub, role, tv: payload.tv, ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}) };
        if (typeof payload.exp === 'number' && typeof payload.iat === 'number') remember(token, claims, payload.exp, payload.iat);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

/** A random single-use secret (reset links) and the hash we store instead of it. */
export function randomToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
