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
}

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: TokenClaims, rememberMe: boolean): Promise<string> {
      return new SignJWT({ role: claims.role, tv: claims.tv, typ: 'access' })
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
      try {
        // exp and iat are required and a token older than the longest lifetime we issue is refused,
        // so a token minted without expiry (or with a far-future one) never counts.
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: MAX_TOKEN_AGE,
        });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        const role = payload.role;
        if (!isRole(role)) return null;
        return { sub: payload.sub, role, tv: payload.tv };
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
