import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, VERIFIED_TOKENS_MAX } from './tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('token verification with verified tokens remembered (decision 661)', () => {
  it('a remembered token stops counting at its expiry, as a fresh verification would', async () => {
    let clock = Date.now();
    const tokens = createTokenService(SECRET, () => clock);
    const token = await tokens.sign({ sub: 'u1', role: 'student', tv: 3 }, false);
    expect(await tokens.verify(token)).toEqual({ sub: 'u1', role: 'student', tv: 3 });
    // Remembered: the same answer again.
    expect(tokens.rememberedCount()).toBe(1);
    expect(await tokens.verify(token)).toEqual({ sub: 'u1', role: 'student', tv: 3 });
    clock += 24 * 3600_000 + 1_000; // past the 1-day expiry
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
    // A service that never saw the token refuses it at that moment too.
    expect(await createTokenService(SECRET, () => clock).verify(token)).toBeNull();
  });

  it('remembers only what verified: a token signed with another secret, a tampered one, or another type stays refused', async () => {
    const tokens = createTokenService(SECRET);
    const good = await tokens.sign({ sub: 'u2', role: 'admin', tv: 0 }, true);
    const foreign = await createTokenService(`${SECRET}-other`).sign({ sub: 'u2', role: 'admin', tv: 0 }, true);
    const [h, p, sig] = good.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p ?? '', 'base64url').toString()), role: 'admin', sub: 'u3' })).toString('base64url')}.${sig}`;
    const refresh = await new SignJWT({ role: 'student', tv: 0, typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u2')
      .setIssuer('mentorbridge')
      .setAudience('mentorbridge-api')
      .setIssuedAt()
      .setExpirationTime('1d')
      .sign(new TextEncoder().encode(SECRET));
    for (const bad of [foreign, tampered, refresh]) {
      expect(await tokens.verify(bad)).toBeNull();
      expect(await tokens.verify(bad)).toBeNull();
    }
    expect(await tokens.verify(good)).toEqual({ sub: 'u2', role: 'admin', tv: 0 });
  });

  it('holds at most VERIFIED_TOKENS_MAX tokens; a forgotten one is verified again and still counts', async () => {
    const tokens = createTokenService(SECRET);
    const first = await tokens.sign({ sub: 'first', role: 'student', tv: 0 }, false);
    expect(await tokens.verify(first)).not.toBeNull();
    for (let i = 0; i < VERIFIED_TOKENS_MAX; i++) await tokens.verify(await tokens.sign({ sub: `u${i}`, role: 'student', tv: 0 }, false));
    expect(tokens.rememberedCount()).toBe(VERIFIED_TOKENS_MAX);
    expect(await tokens.verify(first)).toEqual({ sub: 'first', role: 'student', tv: 0 });
  }, 60_000);
});
