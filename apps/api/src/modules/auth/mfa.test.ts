import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { auditLog, emails, mfaRecoveryCodes, userMfa } from '../../db/schema/index.ts';

const t = useTestApp({ LOGIN_MAX_PER_IP: '1000', LOGIN_MAX_PER_ACCOUNT: '50', LOGIN_MAX_PER_ACCOUNT_ALL_SOURCES: '100' });

/** The code an authenticator app would show for `secret` at the application's current time. */
function codeAt(secret: string, offsetMs = 0) {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: t.app.ctx.clock.now().getTime() + offsetMs });
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(user: { email: string; password: string }) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
}

/** Enrol TOTP for `user` (signed in with its factory token); answers the secret and the recovery codes. */
async function enrol(user: BuiltUser) {
  const setup = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/totp/setup', headers: user.auth });
  expect(setup.statusCode).toBe(200);
  const { secret, uri, qrSvg } = body<{ data: { secret: string; uri: string; qrSvg: string } }>(setup).data;
  const confirm = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/totp/confirm', headers: user.auth, payload: { code: codeAt(secret) } });
  expect(confirm.statusCode).toBe(200);
  return { secret, uri, qrSvg, recoveryCodes: body<{ data: { recoveryCodes: string[] } }>(confirm).data.recoveryCodes };
}

describe('TOTP enrolment', () => {
  it('needs a token', async () => {
    for (const url of ['/api/auth/mfa/totp/setup', '/api/auth/mfa/totp/confirm', '/api/auth/mfa/recovery-codes', '/api/auth/mfa/totp/disable']) {
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/mfa' })).statusCode).toBe(401);
  });

  it('shows a QR and the otpauth URI, confirms with a code, and hands out ten recovery codes', async () => {
    t.app.ctx.clock.set(new Date('2026-11-25T10:00:00Z'));
    const student = await buildStudent(t);
    const before = body<{ data: { totpEnabled: boolean; required: boolean } }>(await t.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: student.auth })).data;
    expect(before).toMatchObject({ totpEnabled: false, required: false });
    const { secret, uri, qrSvg, recoveryCodes } = await enrol(student);
    expect(uri).toMatch(/^otpauth:\/\/totp\/MentorBridge:.+\?.*secret=/);
    expect(uri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Hashed at rest: no code appears in the table.
    const stored = await t.app.ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, student.id));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!.replace('-', ''));
    // The secret is encrypted at rest.
    const [row] = await t.app.ctx.db.select().from(userMfa).where(eq(userMfa.userId, student.id));
    expect(row?.totpSecret).not.toContain(secret);
    const after = body<{ data: { totpEnabled: boolean; recoveryCodesLeft: number } }>(await t.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: student.auth })).data;
    expect(after).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });
    t.app.ctx.clock.set(null);
  });

  it('refuses a wrong or malformed code and a confirmation without set-up', async () => {
    const student = await buildStudent(t);
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/totp/confirm', headers: student.auth, payload: { code: '123456' } });
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toBe('Start the set-up again: no authenticator is waiting to be confirmed.');
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/totp/setup', headers: student.auth });
    const { secret } = body<{ data: { secret: string } }>(setup).data;
    const malformed = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/totp/confirm', headers: student.auth, payload: { code: '12ab' } });
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed).message).toBe('Enter the 6-digit code from your authenticator app');
    // A code from five minutes ago is outside the window.
    const stale = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/totp/confirm', headers: student.auth, payload: { code: codeAt(secret, -300_000) } });
    expect(stale.statusCode).toBe(400);
    expect(body(stale).message).toBe('That code is not valid. Check your authenticator app and try again.');
    const status = body<{ data: { totpEnabled: boolean } }>(await t.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: student.auth })).data;
    expect(status.totpEnabled).toBe(false);
  });
});

describe('sign-in with a second factor', () => {
  it('asks for the code after the password (202 with a challenge, no token) and signs in with it', async () => {
    t.app.ctx.clock.set(new Date('2026-11-25T11:00:00Z'));
    const student = await buildStudent(t);
    const { secret } = await enrol(student);
    const first = await signIn(student);
    expect(first.statusCode).toBe(202);
    const challenge = body<{ data: { mfaRequired: boolean; challenge: string; methods: string[]; token?: string } }>(first).data;
    expect(challenge).toMatchObject({ mfaRequired: true, methods: ['totp', 'recovery'] });
    expect(challenge.token).toBeUndefined();
    // The challenge is not a session.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(challenge.challenge) })).statusCode).toBe(401);
    // The enrolment code's step was used: the same code is a replay. The next step's code works once.
    const replayed = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge: challenge.challenge, code: codeAt(secret) } });
    expect(replayed.statusCode).toBe(401);
    t.app.ctx.clock.advance(30_000);
    const code = codeAt(secret);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge: challenge.challenge, code } });
    expect(ok.statusCode).toBe(200);
    const token = body<{ data: { token: string } }>(ok).data.token;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge: challenge.challenge, code } });
    expect(again.statusCode).toBe(401);
    expect(body(again).message).toBe('That code is not valid. Check your authenticator app and try again.');
    t.app.ctx.clock.set(null);
  });

  it('accepts each recovery code once', async () => {
    const student = await buildStudent(t);
    const { recoveryCodes } = await enrol(student);
    const challenge = body<{ data: { challenge: string } }>(await signIn(student)).data.challenge;
    const used = recoveryCodes[3]!;
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge, recoveryCode: used.toLowerCase() } });
    expect(ok.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge, recoveryCode: used } });
    expect(again.statusCode).toBe(401);
    const status = body<{ data: { recoveryCodesLeft: number } }>(await t.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: student.auth })).data;
    expect(status.recoveryCodesLeft).toBe(9);
  });

  it('refuses a forged, expired or missing challenge and bad input', async () => {
    const student = await buildStudent(t);
    const { secret } = await enrol(student);
    const forged = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge: 'eyJhbGciOiJIUzI1NiJ9.e30.x', code: codeAt(secret) } });
    expect(forged.statusCode).toBe(401);
    expect(body(forged).message).toBe('Your sign-in took too long. Please sign in again.');
    const challenge = body<{ data: { challenge: string } }>(await signIn(student)).data.challenge;
    const neither = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge } });
    expect(neither.statusCode).toBe(400);
    const both = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge, code: '123456', recoveryCode: 'ABCDE-12345' } });
    expect(both.statusCode).toBe(400);
    t.app.ctx.clock.advance(6 * 60_000);
    const late = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge, code: codeAt(secret) } });
    expect(late.statusCode).toBe(401);
    expect(body(late).message).toBe('Your sign-in took too long. Please sign in again.');
    t.app.ctx.clock.set(null);
  });

  it('throttles wrong codes per account', async () => {
    const student = await buildStudent(t);
    const { secret } = await enrol(student);
    const challenge = body<{ data: { challenge: string } }>(await signIn(student)).data.challenge;
    const wrong = codeAt(secret) === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge, code: wrong } })).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    t.app.ctx.clock.advance(30_000);
    // Even the right code waits now.
    const right = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge, code: codeAt(secret) } });
    expect(right.statusCode).toBe(429);
    t.app.ctx.clock.set(null);
  });
});

describe('recovery codes and turning TOTP off', () => {
  it('regenerates codes with the password (old ones stop) and turns off with the password', async () => {
    const student = await buildStudent(t);
    const { recoveryCodes } = await enrol(student);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/recovery-codes', headers: student.auth, payload: { password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe('Current password is incorrect');
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/recovery-codes', headers: student.auth, payload: {} });
    expect(missing.statusCode).toBe(400);
    const fresh = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/recovery-codes', headers: student.auth, payload: { password: student.password } });
    expect(fresh.statusCode).toBe(200);
    const newCodes = body<{ data: { recoveryCodes: string[] } }>(fresh).data.recoveryCodes;
    expect(newCodes).toHaveLength(10);
    const challenge = body<{ data: { challenge: string } }>(await signIn(student)).data.challenge;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge, recoveryCode: recoveryCodes[0] } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge, recoveryCode: newCodes[0] } })).statusCode).toBe(200);

    const off = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/totp/disable', headers: student.auth, payload: { password: student.password } });
    expect(off.statusCode).toBe(200);
    expect((await signIn(student)).statusCode).toBe(200);
    const offAgain = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/totp/disable', headers: student.auth, payload: { password: student.password } });
    expect(offAgain.statusCode).toBe(400);
  });

  it('keeps a required role from turning off its only second factor', async () => {
    const admin = await buildAdmin(t);
    await enrol(admin);
    const off = await t.app.inject({ method: 'POST', url: '/api/auth/mfa/totp/disable', headers: admin.auth, payload: { password: admin.password } });
    expect(off.statusCode).toBe(400);
    expect(body(off).message).toBe('Your role requires a second factor: add a passkey or keep the authenticator app.');
  });
});

describe('POST /api/admin/users/:id/mfa/reset', () => {
  it('401 without a token, 403 for another role, 404 for an unknown or malformed id', async () => {
    const student = await buildStudent(t);
    const admin = await buildAdmin(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${student.id}/mfa/reset` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${student.id}/mfa/reset`, headers: student.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/users/000000000000000000000000/mfa/reset', headers: admin.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/users/nope/mfa/reset', headers: admin.auth })).statusCode).toBe(404);
    // Not one's own (that is the Security section's job).
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${admin.id}/mfa/reset`, headers: admin.auth })).statusCode).toBe(404);
  });

  it('removes the second factor, ends the sessions and is audited', async () => {
    const student = await buildStudent(t);
    const admin = await buildAdmin(t);
    const { secret } = await enrol(student);
    const challenge = body<{ data: { challenge: string } }>(await signIn(student)).data.challenge;
    t.app.ctx.clock.advance(30_000);
    const token = body<{ data: { token: string } }>(await t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload: { challenge, code: codeAt(secret) } })).data.token;
    const reset = await t.app.inject({ method: 'POST', url: `/api/admin/users/${student.id}/mfa/reset`, headers: admin.auth });
    expect(reset.statusCode).toBe(200);
    expect(body<{ data: { userId: string } }>(reset).data.userId).toBe(student.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    const [entry] = await t.app.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'mfa_reset'), eq(auditLog.entityId, student.id)));
    expect(entry?.actorId).toBe(admin.id);
    expect(entry?.before).toMatchObject({ totpEnabled: true });
    // The person is told by e-mail.
    const told = await t.app.ctx.db.select().from(emails).where(eq(emails.to, student.email));
    expect(told.map((e) => e.subject)).toContain('The second factor of your MentorBridge account was reset');
    // The password alone signs in again.
    expect((await signIn(student)).statusCode).toBe(200);
    t.app.ctx.clock.set(null);
  });
});
