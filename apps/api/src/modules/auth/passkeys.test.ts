import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { softAuthenticator } from './soft-authenticator.test-helper.ts';

const t = useTestApp({ LOGIN_MAX_PER_IP: '1000', PUBLIC_URL: 'http://localhost:3000' });
const ORIGIN = 'http://localhost:3000';
type Options = { challengeId: string; options: { challenge: string; user: { id: string }; allowCredentials?: { id: string }[] } };

async function register(user: BuiltUser, name = 'Laptop') {
  const authenticator = softAuthenticator(ORIGIN, 'localhost');
  const opts = body<{ data: Options }>(await t.app.inject({ method: 'POST', url: '/api/auth/passkeys/registration-options', headers: user.auth })).data;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/passkeys',
    headers: user.auth,
    payload: { challengeId: opts.challengeId, name, response: authenticator.register(opts.options) },
  });
  expect(res.statusCode).toBe(201);
  return { authenticator, passkey: body<{ data: { passkey: { id: string; name: string } } }>(res).data.passkey };
}

describe('passkey registration and management', () => {
  it('401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/passkeys' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/passkeys/registration-options' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/passkeys', payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/auth/passkeys/000000000000000000000000', payload: { name: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/passkeys/000000000000000000000000' })).statusCode).toBe(401);
  });

  it('registers (discoverable, challenge stored server-side), lists, renames and removes', async () => {
    const student = await buildStudent(t);
    const opts = body<{ data: Options & { options: { authenticatorSelection: { residentKey: string }; rp: { id: string } } } }>(
      await t.app.inject({ method: 'POST', url: '/api/auth/passkeys/registration-options', headers: student.auth }),
    ).data;
    expect(opts.options.authenticatorSelection.residentKey).toBe('required');
    expect(opts.options.rp.id).toBe('localhost');
    const { passkey } = await register(student, 'My laptop');
    expect(passkey.name).toBe('My laptop');
    const listed = body<{ data: { passkeys: { id: string; name: string }[] } }>(await t.app.inject({ method: 'GET', url: '/api/auth/passkeys', headers: student.auth })).data.passkeys;
    expect(listed.map((p) => p.name)).toEqual(['My laptop']);
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/auth/passkeys/${passkey.id}`, headers: student.auth, payload: { name: '  Work laptop ' } });
    expect(renamed.statusCode).toBe(200);
    expect(body<{ data: { passkey: { name: string } } }>(renamed).data.passkey.name).toBe('Work laptop');
    const blank = await t.app.inject({ method: 'PATCH', url: `/api/auth/passkeys/${passkey.id}`, headers: student.auth, payload: { name: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(body(blank).message).toBe('Passkey name is required');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}`, headers: student.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}`, headers: student.auth })).statusCode).toBe(404);
  });

  it('someone else’s passkey is not found', async () => {
    const owner = await buildStudent(t);
    const other = await buildStudent(t);
    const { passkey } = await register(owner);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/auth/passkeys/${passkey.id}`, headers: other.auth, payload: { name: 'Mine now' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/passkeys/bad-id', headers: other.auth })).statusCode).toBe(404);
  });

  it('refuses a reused challenge, another person’s challenge, and a malformed response', async () => {
    const student = await buildStudent(t);
    const other = await buildStudent(t);
    const authenticator = softAuthenticator(ORIGIN, 'localhost');
    const opts = body<{ data: Options }>(await t.app.inject({ method: 'POST', url: '/api/auth/passkeys/registration-options', headers: student.auth })).data;
    const response = authenticator.register(opts.options);
    const stolen = await t.app.inject({ method: 'POST', url: '/api/auth/passkeys', headers: other.auth, payload: { challengeId: opts.challengeId, name: 'x', response } });
    expect(stolen.statusCode).toBe(400);
    // The other person's attempt consumed it: single use.
    const after = await t.app.inject({ method: 'POST', url: '/api/auth/passkeys', headers: student.auth, payload: { challengeId: opts.challengeId, name: 'x', response } });
    expect(after.statusCode).toBe(400);
    expect(body(after).message).toBe('Your sign-in took too long. Please sign in again.');
    const malformed = await t.app.inject({ method: 'POST', url: '/api/auth/passkeys', headers: student.auth, payload: { challengeId: 'x', name: 'x', response: { id: 'a b' } } });
    expect(malformed.statusCode).toBe(400);
    const wrongOrigin = softAuthenticator('https://evil.example', 'localhost');
    const opts2 = body<{ data: Options }>(await t.app.inject({ method: 'POST', url: '/api/auth/passkeys/registration-options', headers: student.auth })).data;
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/passkeys', headers: student.auth, payload: { challengeId: opts2.challengeId, name: 'x', response: wrongOrigin.register(opts2.options) } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('The passkey could not be verified. Please try again.');
  });
});

describe('passkey sign-in', () => {
  it('signs in with a passkey alone (first factor), once per challenge', async () => {
    const student = await buildStudent(t);
    const { authenticator } = await register(student);
    const opts = body<{ data: Options }>(await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options' })).data;
    expect(opts.options.allowCredentials ?? []).toEqual([]);
    const assertion = authenticator.assert(opts.options);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { challengeId: opts.challengeId, response: assertion } });
    expect(res.statusCode).toBe(200);
    const data = body<{ data: { token: string; user: { id: string } } }>(res).data;
    expect(data.user.id).toBe(student.id);
    const sessions = body<{ data: { sessions: { method: string; current: boolean }[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { authorization: `Bearer ${data.token}` } }),
    ).data.sessions;
    expect(sessions.find((s) => s.current)?.method).toBe('passkey');
    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { challengeId: opts.challengeId, response: assertion } });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a bad signature and an unknown credential', async () => {
    const student = await buildStudent(t);
    const { authenticator } = await register(student);
    const opts = body<{ data: Options }>(await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options' })).data;
    const tampered = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { challengeId: opts.challengeId, response: authenticator.assert(opts.options, true) } });
    expect(tampered.statusCode).toBe(401);
    const stranger = softAuthenticator(ORIGIN, 'localhost');
    stranger.register({ challenge: 'x', user: { id: 'eA' } });
    const opts2 = body<{ data: Options }>(await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options' })).data;
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { challengeId: opts2.challengeId, response: stranger.assert(opts2.options) } });
    expect(unknown.statusCode).toBe(401);
    expect(body(unknown).message).toBe('This passkey is not registered with MentorBridge.');
  });

  it('is offered as the second step after a password, with only the person’s own credentials', async () => {
    const student = await buildStudent(t);
    const { authenticator } = await register(student);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: student.email, password: student.password } });
    expect(login.statusCode).toBe(202);
    const { challenge, methods } = body<{ data: { challenge: string; methods: string[] } }>(login).data;
    expect(methods).toEqual(['passkey']);
    const opts = body<{ data: Options }>(await t.app.inject({ method: 'POST', url: '/api/auth/mfa/passkey-options', payload: { challenge } })).data;
    expect(opts.options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentialId]);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/mfa/passkey-options', payload: { challenge: 'forged' } })).statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/verify',
      payload: { challenge, passkey: { challengeId: opts.challengeId, response: authenticator.assert(opts.options) } },
    });
    expect(ok.statusCode).toBe(200);
    expect(body<{ data: { token: string } }>(ok).data.token).toBeTruthy();
  });
});
