import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildStudent } from '../../../test/factories.ts';
import { authSessions } from '../../db/schema/index.ts';

const t = useTestApp({ LOGIN_MAX_PER_IP: '1000', LOGIN_MAX_PER_ACCOUNT: '50', LOGIN_MAX_PER_ACCOUNT_ALL_SOURCES: '100' });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function signIn(user: { email: string; password: string }, userAgent = FIREFOX) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password }, headers: { 'user-agent': userAgent } });
  expect(res.statusCode).toBe(200);
  return body<{ data: { token: string } }>(res).data.token;
}
type Listed = { id: string; device: string; ip: string; current: boolean; lastUsedAt: string; createdAt: string };
async function list(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return body<{ data: { sessions: Listed[] } }>(res).data.sessions;
}

describe('active sessions', () => {
  it('401 without a token on every route', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions/000000000000000000000000' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sessions/end-others' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });

  it('records each sign-in with its device and place and marks the current one', async () => {
    const student = await buildStudent(t);
    const laptop = await signIn(student, FIREFOX);
    await signIn(student, PHONE);
    const sessions = await list(laptop);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.device).sort()).toEqual(['Chrome on Android', 'Firefox on Windows']);
    expect(sessions.find((s) => s.current)?.device).toBe('Firefox on Windows');
    expect(sessions[0]?.ip).toBe('127.0.0.1');
  });

  it('ends one session: its token stops at once; another person’s session is not found', async () => {
    const student = await buildStudent(t);
    const other = await buildStudent(t);
    const laptop = await signIn(student, FIREFOX);
    const phone = await signIn(student, PHONE);
    const phoneSession = (await list(laptop)).find((s) => !s.current)!;
    // Someone else cannot end it (404), nor can a malformed id be ended.
    const otherToken = await signIn(other);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneSession.id}`, headers: bearer(otherToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions/not-an-id', headers: bearer(laptop) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(phone) })).statusCode).toBe(200);
    const end = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneSession.id}`, headers: bearer(laptop) });
    expect(end.statusCode).toBe(200);
    expect(body(end).message).toBe('Session ended.');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(phone) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(laptop) })).statusCode).toBe(200);
    expect(await list(laptop)).toHaveLength(1);
    // Ending it twice: not found.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneSession.id}`, headers: bearer(laptop) })).statusCode).toBe(404);
  });

  it('signs out everywhere else, and sign-out ends the current session on the server', async () => {
    const student = await buildStudent(t);
    const a = await signIn(student);
    const b = await signIn(student, PHONE);
    const c = await signIn(student, PHONE);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/end-others', headers: bearer(a) });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: { ended: number } }>(res).data.ended).toBe(2);
    for (const token of [b, c]) expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(a) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(a) })).statusCode).toBe(401);
  });

  it('writes the last use at most once a minute', async () => {
    t.app.ctx.clock.set(new Date('2026-11-25T09:00:00Z'));
    const student = await buildStudent(t);
    const token = await signIn(student);
    const read = async () => (await t.app.ctx.db.select().from(authSessions).where(eq(authSessions.userId, student.id)))[0]!.lastUsedAt.toISOString();
    expect(await read()).toBe('2026-11-25T09:00:00.000Z');
    t.app.ctx.clock.advance(30_000);
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(await read()).toBe('2026-11-25T09:00:00.000Z');
    t.app.ctx.clock.advance(31_000);
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(await read()).toBe('2026-11-25T09:01:01.000Z');
    t.app.ctx.clock.advance(10_000);
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(await read()).toBe('2026-11-25T09:01:01.000Z');
    t.app.ctx.clock.set(null);
  });

  it('a session ends with its token’s lifetime, and a password change ends every session', async () => {
    t.app.ctx.clock.set(new Date('2026-11-25T09:00:00Z'));
    const student = await buildStudent(t);
    const short = await signIn(student);
    t.app.ctx.clock.advance(25 * 3600_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(short) })).statusCode).toBe(401);
    t.app.ctx.clock.set(null);
    const one = await signIn(student);
    const two = await signIn(student, PHONE);
    const changed = await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: bearer(one), payload: { currentPassword: student.password, newPassword: 'another-secret-1' } });
    expect(changed.statusCode).toBe(200);
    const fresh = body<{ data: { token: string } }>(changed).data.token;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(two) })).statusCode).toBe(401);
    expect(await list(fresh)).toHaveLength(1);
  });
});
