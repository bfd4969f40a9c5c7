import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, studentRegistration } from '../../../test/factories.ts';
import { emails, passwordResetTokens } from '../../db/schema/index.ts';

const t = useTestApp({ LOGIN_MAX_PER_ACCOUNT: '3', LOGIN_MAX_PER_ACCOUNT_ALL_SOURCES: '10', LOGIN_MAX_PER_IP: '1000' });

const validRegistration = studentRegistration('  Asha.Verma@Example.COM ', { interests: ['Technology'] });

describe('POST /api/auth/register', () => {
  it('creates a student, lower-cases the e-mail and answers with a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: validRegistration });
    expect(res.statusCode).toBe(201);
    const json = body<{ success: boolean; data: { token: string; user: Record<string, unknown> } }>(res);
    expect(json.success).toBe(true);
    expect(json.data.user.role).toBe('student');
    expect(json.data.user.email).toBe('asha.verma@example.com');
    expect(res.body).not.toMatch(/passwordHash|argon2/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${json.data.token}` } });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a duplicate e-mail with 409', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...validRegistration, email: 'asha.verma@example.com' } });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('An account with this email already exists');
  });

  it('ignores role and flags in the payload (no mass assignment)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...validRegistration, email: 'mass@example.com', role: 'admin', isVerified: true, isActive: false },
    });
    expect(res.statusCode).toBe(201);
    const user = body<{ data: { user: { role: string; isVerified: boolean; isActive: boolean } } }>(res).data.user;
    expect(user).toMatchObject({ role: 'student', isVerified: false, isActive: true });
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ password: '12345' }, 'Password must be at least 6 characters long'],
    [{ year: 7 }, 'Year of study is required'],
    [{ phone: 'abc' }, 'Please enter a valid phone number'],
    [{ firstName: 'A\u202eB' }, 'First name contains characters that are not allowed'],
  ])('answers 400 with the spec message for %o', async (patch, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...validRegistration, email: 'x@example.com', ...patch } });
    expect(res.statusCode).toBe(400);
    const json = body<{ success: boolean; errors: string[] }>(res);
    expect(json.success).toBe(false);
    expect(json.errors).toContain(message);
  });

  it.each(['+1 (212) 555-0100', '+86 138 0013 8000'])('registers with the phone number %s as typed', async (phone) => {
    const email = `phone-${phone.replace(/\D/g, '')}@example.com`;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...validRegistration, email, phone } });
    expect(res.statusCode).toBe(201);
    expect(body<{ data: { user: { phone: string } } }>(res).data.user.phone).toBe(phone);
  });

  it('answers 400 for malformed JSON and prototype-pollution keys', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"firstName":' });
    expect(bad.statusCode).toBe(400);
    const proto = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"role":"admin"}}' });
    expect(proto.statusCode).toBe(400);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in and returns token, user and permissions', async () => {
    const student = await buildStudent(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: student.email.toUpperCase(), password: student.password } });
    expect(res.statusCode).toBe(200);
    const json = body<{ data: { token: string; user: { role: string }; permissions: { role: string; actions: string[] } } }>(res);
    expect(json.data.user.role).toBe('student');
    expect(json.data.permissions.actions).toContain('workshops:register');
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const student = await buildStudent(t);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: student.email, password: 'nope-nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ghost@example.com', password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(body(wrong).message).toBe('Invalid email or password');
    expect(body(unknown).message).toBe(body(wrong).message);
  });

  it('requires both fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Please enter both email and password');
  });

  it('holds the account for new sources after repeated failures from many, with Retry-After', async () => {
    const student = await buildStudent(t);
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: student.email, password: 'wrong-password' }, remoteAddress: `10.0.0.${i + 1}` });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: student.email, password: student.password },
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': '1.2.3.4' },
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a deactivated account', async () => {
    const student = await buildStudent(t, { isActive: false });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: student.email, password: student.password } });
    expect(res.statusCode).toBe(403);
  });
});

describe('tokens', () => {
  it('401 without a token, with a forged token, and with alg none', async () => {
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const [h, p] = student.token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    for (const token of [`${h}.${p}.`, none, `${student.token}x`, 'x'.repeat(5000)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
      expect(body(res).message).toMatch(/token|Invalid/);
    }
  });

  it('dies when the password changes', async () => {
    const student = await buildStudent(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: student.auth, payload: { currentPassword: student.password, newPassword: 'another-secret' } });
    expect(res.statusCode).toBe(200);
    const fresh = body<{ data: { token: string } }>(res).data.token;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: student.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('updates only the listed fields', async () => {
    const student = await buildStudent(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: student.auth,
      payload: { firstName: 'Neha', city: 'Pune', email: 'hijack@example.com', role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    const user = body<{ data: { user: { firstName: string; city: string; email: string; role: string } } }>(res).data.user;
    expect(user).toMatchObject({ firstName: 'Neha', city: 'Pune', email: student.email, role: 'student' });
  });

  it('401 without a token; 400 on bad input', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', payload: {} })).statusCode).toBe(401);
    const student = await buildStudent(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: student.auth, payload: { bio: 'x'.repeat(6000) } });
    expect(res.statusCode).toBe(400);
  });

  it('student password change needs the current password and 6 characters', async () => {
    const student = await buildStudent(t);
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: student.auth, payload: { currentPassword: 'nope', newPassword: 'abcdefg' } });
    expect(wrong.statusCode).toBe(400);
    const short = await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: student.auth, payload: { currentPassword: student.password, newPassword: 'abc' } });
    expect(short.statusCode).toBe(400);
    expect(body(short).message).toBe('New password must be at least 6 characters long!');
  });
});

describe('professional temporary password', () => {
  it('blocks other calls until the password is changed', async () => {
    const pro = await buildProfessional(t, { isTemporaryPassword: true });
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/professional/check-password-status', headers: pro.auth });
    expect(status.statusCode).toBe(200);
    expect(body<{ data: { requiresPasswordChange: boolean } }>(status).data.requiresPasswordChange).toBe(true);
    const blocked = await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: pro.auth, payload: { city: 'X' } });
    expect(blocked.statusCode).toBe(403);
    expect(body(blocked).code).toBe('PASSWORD_CHANGE_REQUIRED');

    const weak = await t.app.inject({ method: 'POST', url: '/api/auth/professional/change-password', headers: pro.auth, payload: { currentPassword: pro.password, newPassword: 'abcdefgh' } });
    expect(weak.statusCode).toBe(400);
    expect(body(weak).message).toBe('Password is too weak. Please create a stronger password');
    const same = await t.app.inject({ method: 'POST', url: '/api/auth/professional/change-password', headers: pro.auth, payload: { currentPassword: pro.password, newPassword: pro.password } });
    expect(body(same).message).toBe('New password must be different from current password');

    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/professional/change-password', headers: pro.auth, payload: { currentPassword: pro.password, newPassword: 'Stronger#Pass1' } });
    expect(ok.statusCode).toBe(200);
    const token = body<{ data: { token: string } }>(ok).data.token;
    const after = await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: { authorization: `Bearer ${token}` }, payload: { city: 'Pune' } });
    expect(after.statusCode).toBe(200);
  });

  it('a student created with a temporary password must change it first, through the student route', async () => {
    const student = await buildStudent(t, { isTemporaryPassword: true });
    const blocked = await t.app.inject({ method: 'GET', url: '/api/students/me/summary', headers: student.auth });
    expect(blocked.statusCode).toBe(403);
    expect(body(blocked).code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: student.auth })).statusCode).toBe(200);
    const ok = await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: student.auth, payload: { currentPassword: student.password, newPassword: 'my-own-pass' } });
    expect(ok.statusCode).toBe(200);
    const fresh = body<{ data: { token: string; user: { isTemporaryPassword: boolean } } }>(ok).data;
    expect(fresh.user.isTemporaryPassword).toBe(false);
    const after = await t.app.inject({ method: 'GET', url: '/api/students/me/summary', headers: { authorization: `Bearer ${fresh.token}` } });
    expect(after.statusCode).toBe(200);
  });

  it('check-password-status is for professionals only', async () => {
    const student = await buildStudent(t);
    const admin = await buildAdmin(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/professional/check-password-status', headers: student.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/professional/check-password-status', headers: admin.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/professional/check-password-status' })).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('e-mails a single-use link and answers the same for unknown e-mails', async () => {
    const student = await buildStudent(t);
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: student.email } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(body(known).message).toBe(body(unknown).message);

    const [mail] = await t.database.db.select().from(emails).where(eq(emails.to, student.email));
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'brand-new-pass' } });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'brand-new-pass2' } });
    expect(again.statusCode).toBe(400);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: student.email, password: 'brand-new-pass' } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const student = await buildStudent(t);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: student.email } });
    await t.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const [mail] = await t.database.db.select().from(emails).where(eq(emails.to, student.email));
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'whatever1' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('platform', () => {
  it('health checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: { database: string } }>(res).data.database).toBe('up');
  });

  it('unknown /api routes are JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(body(res).success).toBe(false);
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeTruthy();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('outbox: queued e-mails are delivered by the job worker', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...validRegistration, email: 'outbox@example.com' } });
    await t.runJobs();
    const [mail] = await t.database.db.select().from(emails).where(eq(emails.to, 'outbox@example.com'));
    expect(mail?.status).toBe('outbox');
  });
});
