// Issue 8: authentication attacks. Each case fails if the guarantee in docs/security.md breaks.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp } from '../harness.ts';
import { body, buildProfessional, buildStudent } from '../factories.ts';
import { emails, passwordResetTokens, users } from '../../src/db/schema/index.ts';
import { b64, bearer, craftToken, deactivate } from './helpers.ts';

const t = useTestApp({ LOGIN_MAX_PER_ACCOUNT: '3', LOGIN_MAX_PER_ACCOUNT_ALL_SOURCES: '6', LOGIN_MAX_PER_IP: '100000' });

const login = (payload: unknown, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as Record<string, unknown>, ...extra });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('account enumeration', () => {
  it('unknown e-mail and wrong password get byte-identical answers', async () => {
    const student = await buildStudent(t);
    const wrong = await login({ email: student.email, password: 'not-the-password' }, { remoteAddress: '10.20.0.1' });
    const unknown = await login({ email: `ghost-${Date.now()}@example.com`, password: 'not-the-password' }, { remoteAddress: '10.20.0.2' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
  });

  it('forgot-password answers the same for known, unknown and deactivated accounts', async () => {
    const student = await buildStudent(t);
    const inactive = await buildStudent(t, { isActive: false });
    const answers = await Promise.all(
      [student.email, 'nobody-at-all@example.com', inactive.email].map((email) =>
        t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('registration conflict does not leak anything beyond the documented 409', async () => {
    const student = await buildStudent(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'A', lastName: 'B', email: student.email, password: 'secret1', university: 'U', course: 'C', year: 1, rollNumber: 'R1', phone: '+91 98765 43210' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).not.toContain(student.id);
  });
});

/** The injectable clock of the throttle: its locks live in rate_limits, so "time passes" = they expire now. */
async function expireLocks(kind: 'pairlock' | 'accountlock') {
  await t.database.db.execute(sql`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key LIKE ${`login:${kind}:%`}`);
}

describe('sign-in throttling (decision 500)', () => {
  it('nobody can lock the owner out of their usual place: a distributed attack slows only unusual sources', async () => {
    const student = await buildStudent(t);
    const home = '10.30.1.1';
    expect((await login({ email: student.email, password: student.password }, { remoteAddress: home })).statusCode).toBe(200);
    // Ten wrong passwords from ten addresses (over LOGIN_MAX_PER_ACCOUNT_ALL_SOURCES = 6).
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: student.email, password: `wrong-${i}` }, { remoteAddress: `10.30.2.${i + 1}` });
      expect([401, 429]).toContain(res.statusCode);
    }
    // A new address, even with the right password and forged proxy headers, waits (no token in the 429) ...
    const stranger = await login(
      { email: student.email.toUpperCase(), password: student.password },
      { remoteAddress: '10.31.0.1', headers: { 'x-forwarded-for': '203.0.113.7', 'x-real-ip': '203.0.113.8' } },
    );
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(stranger.headers['retry-after'])).toBeLessThanOrEqual(t.config.login.windowSeconds);
    expect(stranger.body).not.toMatch(/eyJ/);
    // ... the owner, from where they signed in before, is not kept out.
    const owner = await login({ email: student.email, password: student.password }, { remoteAddress: home });
    expect(owner.statusCode).toBe(200);
  });

  it('one source guessing one account waits, with delays that grow: 30 s, 60 s, 120 s; other sources are unaffected', async () => {
    const student = await buildStudent(t);
    const attacker = '10.32.0.1';
    for (let i = 0; i < 3; i++) expect((await login({ email: student.email, password: `wrong-${i}` }, { remoteAddress: attacker })).statusCode).toBe(401);
    const first = await login({ email: student.email, password: student.password }, { remoteAddress: attacker });
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(30);
    // The owner elsewhere (never signed in from there before) is not held by this source's failures.
    expect((await login({ email: student.email, password: student.password }, { remoteAddress: '10.32.9.9' })).statusCode).toBe(200);

    await expireLocks('pairlock');
    expect((await login({ email: student.email, password: 'wrong-again' }, { remoteAddress: attacker })).statusCode).toBe(401);
    const second = await login({ email: student.email, password: 'wrong-again' }, { remoteAddress: attacker });
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(30);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(60);

    await expireLocks('pairlock');
    expect((await login({ email: student.email, password: 'wrong-third' }, { remoteAddress: attacker })).statusCode).toBe(401);
    const third = await login({ email: student.email, password: student.password }, { remoteAddress: attacker });
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(120);
  });

  it('a reset link gets the owner back in from anywhere, even during a distributed attack', async () => {
    const student = await buildStudent(t);
    for (let i = 0; i < 8; i++) await login({ email: student.email, password: `wrong-${i}` }, { remoteAddress: `10.33.0.${i + 1}` });
    const hotel = '10.34.0.1';
    expect((await login({ email: student.email, password: student.password }, { remoteAddress: hotel })).statusCode).toBe(429);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: student.email } });
    await t.runJobs();
    const [mail] = (await t.database.db.select().from(emails).where(eq(emails.to, student.email))).filter((m) => m.text.includes('token='));
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: hotel, payload: { token, newPassword: 'Brand-new-pass-1' } });
    expect(reset.statusCode).toBe(200);
    expect((await login({ email: student.email, password: 'Brand-new-pass-1' }, { remoteAddress: hotel })).statusCode).toBe(200);
  });

  it('a success before the limit clears that source\'s failure count (only failures count)', async () => {
    const student = await buildStudent(t);
    const ip = '10.35.0.1';
    for (let i = 0; i < 2; i++) expect((await login({ email: student.email, password: 'wrong-pass' }, { remoteAddress: ip })).statusCode).toBe(401);
    expect((await login({ email: student.email, password: student.password }, { remoteAddress: ip })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login({ email: student.email, password: 'wrong-pass' }, { remoteAddress: ip })).statusCode).toBe(401);
    expect((await login({ email: student.email, password: student.password }, { remoteAddress: ip })).statusCode).toBe(200);
  });
});

describe('per-IP limit and proxies', () => {
  const small = useTestApp({ LOGIN_MAX_PER_IP: '4', LOGIN_MAX_PER_ACCOUNT: '100' });

  it('a forged X-Forwarded-For does not buy new attempts (trustProxy is off by default)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await small.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { email: `spray-${i}@example.com`, password: 'guess-guess' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    // Another client is not affected.
    const other = await small.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '198.51.100.10', payload: { email: 'x@example.com', password: 'guess-guess' } });
    expect(other.statusCode).toBe(401);
  });

  it('counts failures, not sign-ins: a campus behind one address signs in as often as it needs', async () => {
    const campus = '198.51.100.20';
    const students = await Promise.all(Array.from({ length: 6 }, () => buildStudent(small)));
    for (const s of [...students, ...students]) {
      const res = await small.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: campus, payload: { email: s.email, password: s.password } });
      expect(res.statusCode).toBe(200);
    }
    // Failures still count: four wrong passwords and the address waits.
    for (let i = 0; i < 4; i++) {
      const res = await small.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: campus, payload: { email: students[0]!.email, password: `typo-${i}` } });
      expect(res.statusCode).toBe(401);
    }
    const limited = await small.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: campus, payload: { email: students[1]!.email, password: students[1]!.password } });
    expect(limited.statusCode).toBe(429);
  });
});

describe('forged and damaged tokens', () => {
  it.each([
    ['alg none', async (s: { token: string; id: string }) => `${b64({ alg: 'none', typ: 'JWT' })}.${s.token.split('.')[1]}.`],
    ['signature stripped', async (s: { token: string }) => s.token.split('.').slice(0, 2).join('.') + '.'],
    ['two segments only', async (s: { token: string }) => s.token.split('.').slice(0, 2).join('.')],
    ['signature of another token', async (s: { token: string }) => {
      const other = await craftToken(t.config.jwtSecret, { role: 'admin', tv: 0, typ: 'access', sub: 'ffffffffffffffffffffffff' }, { expiresIn: '1h' });
      const [h, p] = s.token.split('.');
      return `${h}.${p}.${other.split('.')[2]}`;
    }],
    ['payload swapped to admin, signature kept', async (s: { token: string; id: string }) => {
      const [h, , sig] = s.token.split('.');
      const payload = { sub: s.id, role: 'admin', tv: 0, typ: 'access', iss: 'mentorbridge', aud: 'mentorbridge-api', exp: Math.floor(Date.now() / 1000) + 3600 };
      return `${h}.${b64(payload)}.${sig}`;
    }],
    ['signed with another key', async (s: { id: string }) =>
      craftToken('another-secret-that-is-long-enough-for-hs256-xx', { sub: s.id, role: 'student', tv: 0, typ: 'access' }, { expiresIn: '1h' })],
    ['HS512 with the right key (algorithm is pinned)', async (s: { id: string }) =>
      craftToken(t.config.jwtSecret, { sub: s.id, role: 'student', tv: 0, typ: 'access' }, { alg: 'HS512', expiresIn: '1h' })],
    ['expired', async (s: { id: string }) =>
      craftToken(t.config.jwtSecret, { sub: s.id, role: 'student', tv: 0, typ: 'access' }, { issuedAt: Math.floor(Date.now() / 1000) - 7200, expiresIn: Math.floor(Date.now() / 1000) - 3600 })],
    ['no expiry at all', async (s: { id: string }) => craftToken(t.config.jwtSecret, { sub: s.id, role: 'student', tv: 0, typ: 'access' })],
    ['issued 60 days ago with a far-future expiry', async (s: { id: string }) =>
      craftToken(t.config.jwtSecret, { sub: s.id, role: 'student', tv: 0, typ: 'access' }, { issuedAt: Math.floor(Date.now() / 1000) - 60 * 86400, expiresIn: Math.floor(Date.now() / 1000) + 365 * 86400 })],
    ['wrong audience', async (s: { id: string }) =>
      craftToken(t.config.jwtSecret, { sub: s.id, role: 'student', tv: 0, typ: 'access' }, { audience: 'another-api', expiresIn: '1h' })],
    ['wrong issuer', async (s: { id: string }) =>
      craftToken(t.config.jwtSecret, { sub: s.id, role: 'student', tv: 0, typ: 'access' }, { issuer: 'evil', expiresIn: '1h' })],
    ['wrong typ claim (a refresh/reset token is not an access token)', async (s: { id: string }) =>
      craftToken(t.config.jwtSecret, { sub: s.id, role: 'student', tv: 0, typ: 'reset' }, { expiresIn: '1h' })],
    ['role claim raised to admin', async (s: { id: string }) =>
      craftToken(t.config.jwtSecret, { sub: s.id, role: 'admin', tv: 0, typ: 'access' }, { expiresIn: '1h' })],
    ['future token version', async (s: { id: string }) =>
      craftToken(t.config.jwtSecret, { sub: s.id, role: 'student', tv: 7, typ: 'access' }, { expiresIn: '1h' })],
    ['token version as a string', async (s: { id: string }) =>
      craftToken(t.config.jwtSecret, { sub: s.id, role: 'student', tv: '0', typ: 'access' }, { expiresIn: '1h' })],
    ['unknown subject', async () =>
      craftToken(t.config.jwtSecret, { sub: 'aaaaaaaaaaaaaaaaaaaaaaaa', role: 'student', tv: 0, typ: 'access' }, { expiresIn: '1h' })],
    ['subject with SQL', async () =>
      craftToken(t.config.jwtSecret, { sub: "' OR '1'='1", role: 'student', tv: 0, typ: 'access' }, { expiresIn: '1h' })],
    ['oversized (valid signature, 3 kB of padding)', async (s: { id: string }) =>
      craftToken(t.config.jwtSecret, { sub: s.id, role: 'student', tv: 0, typ: 'access', pad: 'x'.repeat(3000) }, { expiresIn: '1h' })],
    ['garbage', async () => 'not.a.jwt'],
  ])('%s → 401', async (_name, make) => {
    const student = await buildStudent(t);
    const token = await make(student);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(body(res).success).toBe(false);
  });

  it('a correctly crafted token with the server key works (the cases above fail for their own reason)', async () => {
    const student = await buildStudent(t);
    const token = await craftToken(t.config.jwtSecret, { sub: student.id, role: 'student', tv: 0, typ: 'access' }, { expiresIn: '1h' });
    expect((await me(token)).statusCode).toBe(200);
  });

  it.each([['Basic dXNlcjpwYXNz'], ['Bearer'], ['Bearer  a b'], ['bearer']])('authorization %j → 401', async (value) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: value } });
    expect(res.statusCode).toBe(401);
  });

  it('a token in the query string is not accepted by ordinary routes', async () => {
    const student = await buildStudent(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/me?token=${student.token}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('tokens die', () => {
  it('on password change (every older token, remember-me included)', async () => {
    const student = await buildStudent(t);
    const remember = body<{ data: { token: string } }>(await login({ email: student.email, password: student.password, rememberMe: true })).data.token;
    expect((await me(remember)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: student.auth, payload: { currentPassword: student.password, newPassword: 'changed-pass-1' } });
    expect(res.statusCode).toBe(200);
    expect((await me(student.token)).statusCode).toBe(401);
    expect((await me(remember)).statusCode).toBe(401);
    expect((await me(body<{ data: { token: string } }>(res).data.token)).statusCode).toBe(200);
  });

  it('on professional temporary-password change', async () => {
    const pro = await buildProfessional(t, { isTemporaryPassword: true });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/professional/change-password', headers: pro.auth, payload: { currentPassword: pro.password, newPassword: 'Brand#New1pass' } });
    expect(res.statusCode).toBe(200);
    expect((await me(pro.token)).statusCode).toBe(401);
  });

  it('on deactivation, and stay dead after reactivation', async () => {
    const student = await buildStudent(t);
    expect((await me(student.token)).statusCode).toBe(200);
    await deactivate(t, student.id);
    expect((await me(student.token)).statusCode).toBe(401);
    const relogin = await login({ email: student.email, password: student.password });
    expect(relogin.statusCode).toBe(403);
    expect(relogin.body).not.toMatch(/eyJ/);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, student.id));
    expect((await me(student.token)).statusCode).toBe(401);
  });

  it('when the account is deleted', async () => {
    const student = await buildStudent(t);
    await t.database.db.delete(users).where(eq(users.id, student.id));
    expect((await me(student.token)).statusCode).toBe(401);
  });
});

describe('reset links', () => {
  async function requestLink(email: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/token=/);
    const rows = await t.database.db.select().from(emails).where(eq(emails.to, email));
    const last = rows.at(-1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(last?.text ?? '')?.[1];
    if (!token) throw new Error('no reset link in the e-mail');
    return token;
  }

  it('are stored hashed, single-use, and kill older sessions', async () => {
    const student = await buildStudent(t);
    const token = await requestLink(student.email);
    const stored = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, student.id));
    expect(stored.length).toBe(1);
    expect(stored[0]?.tokenHash).not.toContain(token);

    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'reset-pass-1' } }),
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'reset-pass-2' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'reset-pass-3' } });
    expect(again.statusCode).toBe(400);
    expect((await me(student.token)).statusCode).toBe(401);
  });

  it('expire after their hour', async () => {
    const student = await buildStudent(t);
    const token = await requestLink(student.email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, student.id));
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'too-late-1' } });
    expect(res.statusCode).toBe(400);
    expect((await login({ email: student.email, password: student.password })).statusCode).toBe(200);
  });

  it('are refused for a deactivated account, and a tampered token does nothing', async () => {
    const student = await buildStudent(t);
    const token = await requestLink(student.email);
    const tampered = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: `${token.slice(0, -2)}AA`, newPassword: 'tampered-1' } });
    expect(tampered.statusCode).toBe(400);
    await deactivate(t, student.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'inactive-1' } });
    expect(res.statusCode).toBe(400);
  });
});
