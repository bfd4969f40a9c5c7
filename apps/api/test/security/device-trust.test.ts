// Issue 28, "Throttling that cannot be turned against people": one test per finding, named after it.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../harness.ts';
import { buildStudent } from '../factories.ts';
import { emails } from '../../src/db/schema/index.ts';

const t = useTestApp({ LOGIN_MAX_PER_IP: '5', LOGIN_MAX_PER_ACCOUNT: '100', LOGIN_MAX_PER_ACCOUNT_ALL_SOURCES: '100' });

const login = (payload: Record<string, unknown>, remoteAddress: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress, headers: cookie ? { cookie } : {} });
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';

describe('after failed sign-ins against made-up e-mails from one address, correct passwords from that address are refused', () => {
  it("the owner's known browser signs in through the address-wide limit; an attacker's browser does not", async () => {
    const campus = '10.77.0.1';
    const owner = await buildStudent(t);
    const other = await buildStudent(t);
    // The owner signed in from this browser before: it holds a signed device cookie for their account.
    const first = await login({ email: owner.email, password: owner.password }, campus);
    expect(first.statusCode).toBe(200);
    const device = cookieOf(first);
    expect(device).toMatch(/^mb_device_[0-9a-f]{16}=\d+\.[A-Za-z0-9_-]{43}$/);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);

    // Someone behind the same address fails against made-up e-mails until the address is limited.
    for (let i = 0; i < 5; i++) expect((await login({ email: `ghost-${i}-${Date.now()}@example.com`, password: 'x' }, campus)).statusCode).toBe(401);
    expect((await login({ email: other.email, password: other.password }, campus)).statusCode).toBe(429);

    // The owner's known browser still signs in; the same correct password from a browser without the
    // cookie (an attacker's, or one with a cookie for another account or a forged one) does not.
    expect((await login({ email: owner.email, password: owner.password }, campus, device)).statusCode).toBe(200);
    expect((await login({ email: owner.email, password: owner.password }, campus)).statusCode).toBe(429);
    expect((await login({ email: other.email, password: other.password }, campus, device.replace(/^mb_device_[0-9a-f]{16}/, `mb_device_${'0'.repeat(16)}`))).statusCode).toBe(429);
    const forged = device.replace(/\.([A-Za-z0-9_-])/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    expect((await login({ email: owner.email, password: owner.password }, campus, forged)).statusCode).toBe(429);
    // A cookie for the owner's account does not help another account.
    const trickOther = `mb_device_${device.slice('mb_device_'.length, 'mb_device_'.length + 16)}=${device.split('=')[1]}`;
    expect((await login({ email: other.email, password: other.password }, campus, trickOther)).statusCode).toBe(429);
    // A trusted browser with a wrong password is still a failure (401), never a way in.
    expect((await login({ email: owner.email, password: 'wrong' }, campus, device)).statusCode).toBe(401);
  });
});

describe('wrong current passwords on change-password are throttled', () => {
  it('five wrong current passwords, then 429 even with the right one; a password-changed e-mail after a change', async () => {
    const student = await buildStudent(t);
    const change = (currentPassword: string) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: student.auth, payload: { currentPassword, newPassword: 'N3w!password-long', confirmPassword: 'N3w!password-long' } });
    for (let i = 0; i < 5; i++) expect((await change(`wrong-${i}`)).statusCode).toBe(400);
    const blocked = await change(student.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();

    const fresh = await buildStudent(t);
    const ok = await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: fresh.auth, payload: { currentPassword: fresh.password, newPassword: 'N3w!password-long', confirmPassword: 'N3w!password-long' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const mail = (await t.database.db.select().from(emails).where(eq(emails.to, fresh.email))).find((m) => m.subject === 'Your MentorBridge password was changed');
    expect(mail?.text).toContain('/forgot-password');
  });
});

describe('registration still tells whether an e-mail exists (409)', () => {
  it('keeps the spec message but each 409 costs five of the address\'s hourly registration attempts', async () => {
    const taken = await buildStudent(t);
    const ip = '10.88.0.1';
    const register = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: ip,
        payload: { firstName: 'Enu', lastName: 'Merate', email, password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass', phone: '+91 98100 00000', university: 'IIT', course: 'CS', year: 2, rollNumber: 'R1' },
      });
    // REGISTER_MAX_PER_IP defaults to 30: six probes of existing addresses use it all.
    for (let i = 0; i < 6; i++) {
      const res = await register(taken.email);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.body).toContain('An account with this email already exists');
    }
    expect((await register(`new-${Date.now()}@example.com`)).statusCode).toBe(429);
  });
});
