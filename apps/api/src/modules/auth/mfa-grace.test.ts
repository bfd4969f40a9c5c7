import { describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildStudent } from '../../../test/factories.ts';

// The operator's setting: admins must enrol within 7 days of being asked (the suite's default is a long grace).
const t = useTestApp({ MFA_GRACE_DAYS: '7', LOGIN_MAX_PER_IP: '1000' });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY = 86_400_000;

describe('MFA_REQUIRED_ROLES with MFA_GRACE_DAYS', () => {
  it('asks an admin to enrol at every sign-in, blocks everything but enrolment after the grace, and opens again once enrolled', async () => {
    t.app.ctx.clock.set(new Date('2026-11-01T09:00:00Z'));
    const admin = await buildAdmin(t);
    const login = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: admin.password, rememberMe: true } });
      return body<{ data: { token: string; mfaEnrolment?: { deadline: string; blocked: boolean } } }>(res).data;
    };
    const first = await login();
    expect(first.mfaEnrolment).toEqual({ deadline: '2026-11-08T09:00:00.000Z', blocked: false });
    t.app.ctx.clock.advance(3 * DAY);
    // Asked again; the deadline does not move.
    const second = await login();
    expect(second.mfaEnrolment).toEqual({ deadline: '2026-11-08T09:00:00.000Z', blocked: false });
    const token = second.token;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(token) })).statusCode).toBe(200);

    t.app.ctx.clock.advance(4 * DAY);
    const blocked = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(token) });
    expect(blocked.statusCode).toBe(403);
    expect(body(blocked)).toMatchObject({ code: 'MFA_ENROLMENT_REQUIRED', message: 'Your account must use two-step verification. Set it up to continue.' });
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: bearer(token) });
    expect(body<{ data: { blocked: boolean; required: boolean } }>(status).data).toMatchObject({ blocked: true, required: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    expect((await login()).mfaEnrolment?.blocked).toBe(true);

    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/totp/setup', headers: bearer(token) });
    expect(setup.statusCode).toBe(200);
    const secret = body<{ data: { secret: string } }>(setup).data.secret;
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: t.app.ctx.clock.now().getTime() });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/mfa/totp/confirm', headers: bearer(token), payload: { code } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(token) })).statusCode).toBe(200);
    t.app.ctx.clock.set(null);
  });

  it('leaves roles that are not required alone', async () => {
    t.app.ctx.clock.set(new Date('2026-11-01T09:00:00Z'));
    const student = await buildStudent(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: student.email, password: student.password, rememberMe: true } });
    const data = body<{ data: { token: string; mfaEnrolment?: unknown } }>(res).data;
    expect(data.mfaEnrolment).toBeUndefined();
    t.app.ctx.clock.advance(20 * DAY);
    expect((await t.app.inject({ method: 'GET', url: '/api/students/me/summary', headers: bearer(data.token) })).statusCode).not.toBe(403);
    t.app.ctx.clock.set(null);
  });
});

describe('MFA_GRACE_DAYS=0', () => {
  const now = useTestApp({ MFA_GRACE_DAYS: '0' });
  it('blocks a required role at once until it enrols', async () => {
    const admin = await buildAdmin(now);
    const res = await now.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.auth });
    expect(res.statusCode).toBe(403);
    expect((await now.app.inject({ method: 'POST', url: '/api/auth/passkeys/registration-options', headers: admin.auth })).statusCode).toBe(200);
  });
});
