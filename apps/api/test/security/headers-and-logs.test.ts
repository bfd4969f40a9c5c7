// Issue 8: response headers on every kind of answer, errors that reveal nothing, logs without secrets.
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { body, buildStudent } from '../factories.ts';
import { emails } from '../../src/db/schema/index.ts';
import { fillParams, useSecurityApp } from './helpers.ts';

const SECRET_DETAIL = 'internal-detail-7f3a: connection string postgres://admin:hunter2@db.internal/prod';

const t = useSecurityApp({
  capture: true,
  overrides: { LOGIN_MAX_PER_IP: '100000', BODY_LIMIT_BYTES: '65536' },
  extend(app) {
    const publicRoute = { config: { access: 'public' as const } };
    app.get('/api/__test/boom', publicRoute, async () => {
      throw new Error(SECRET_DETAIL);
    });
    app.get('/api/__test/db-error', publicRoute, async () => {
      throw Object.assign(new Error(`relation "secret_table" does not exist at ${SECRET_DETAIL}`), { code: '42P01', detail: SECRET_DETAIL });
    });
    app.get('/api/__test/statement-timeout', publicRoute, async () => {
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    });
    app.get('/api/__test/lock-timeout', publicRoute, async () => {
      throw new Error('query failed', { cause: Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }) });
    });
    app.get('/api/__test/non-error', publicRoute, async () => {
      throw { message: SECRET_DETAIL, stack: SECRET_DETAIL };
    });
  },
});

function assertSecurityHeaders(res: { statusCode: number; headers: Record<string, unknown> }, label: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp, `${label}: CSP`).toMatch(/frame-ancestors 'none'/);
  expect(csp, `${label}: CSP`).toMatch(/default-src '(self|none)'/);
  expect(csp, `${label}: CSP`).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(res.headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
  expect(res.headers['referrer-policy'], `${label}: Referrer-Policy`).toBeTruthy();
  expect(res.headers['x-powered-by'], `${label}: X-Powered-By`).toBeUndefined();
  expect(res.headers['access-control-allow-origin'], `${label}: ACAO`).toBeUndefined();
  expect(res.headers['access-control-allow-credentials'], `${label}: ACAC`).toBeUndefined();
  // helmet's other headers, set once per answer by our own hook since decision 663.
  for (const [name, value] of Object.entries(HELMET_BASELINE)) expect(res.headers[name], `${label}: ${name}`).toBe(value);
}

const HELMET_BASELINE: Record<string, string> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('on every kind of answer: 200, 201, 400, 401, 403, 404, 413, 429, 500, 503, file and non-API 404', async () => {
    const student = await buildStudent(t);
    const hostile = { origin: 'https://evil.example' };
    const cases: [string, InjectOptions, number][] = [
      ['health', { method: 'GET', url: '/api/health', headers: hostile }, 200],
      ['me', { method: 'GET', url: '/api/auth/me', headers: { ...hostile, ...student.auth } }, 200],
      ['contact', { method: 'POST', url: '/api/contact', headers: hostile, payload: { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' } }, 201],
      ['bad json', { method: 'POST', url: '/api/auth/login', headers: { ...hostile, 'content-type': 'application/json' }, payload: '{' }, 400],
      ['no token', { method: 'GET', url: '/api/auth/me', headers: hostile }, 401],
      ['wrong role', { method: 'GET', url: '/api/auth/professional/check-password-status', headers: { ...hostile, ...student.auth } }, 403],
      ['unknown api', { method: 'GET', url: '/api/does-not-exist', headers: hostile }, 404],
      ['file not found', { method: 'GET', url: '/api/uploads/avatars/nothing.webp', headers: hostile }, 404],
      ['too large', { method: 'POST', url: '/api/auth/login', headers: { ...hostile, 'content-type': 'application/json' }, payload: JSON.stringify({ x: 'x'.repeat(70_000) }) }, 413],
      ['forced 500', { method: 'GET', url: '/api/__test/boom', headers: hostile }, 500],
      ['statement timeout', { method: 'GET', url: '/api/__test/statement-timeout', headers: hostile }, 503],
      ['non-api 404', { method: 'GET', url: '/some/page.png', headers: hostile }, 404],
      ['preflight', { method: 'OPTIONS', url: '/api/auth/login', headers: { ...hostile, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' } }, 404],
    ];
    for (const [label, request, status] of cases) {
      const res = await t.app.inject(request);
      expect(res.statusCode, label).toBe(status);
      assertSecurityHeaders(res, label);
    }
    // 429 last: it spends the contact form's per-IP budget.
    let limited;
    for (let i = 0; i < 12; i++) {
      limited = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: '10.70.0.1', headers: hostile, payload: { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' } });
    }
    expect(limited?.statusCode).toBe(429);
    assertSecurityHeaders(limited!, '429');
  });

  it('every GET route (any status) carries the headers', async () => {
    const student = await buildStudent(t);
    for (const route of t.routes.filter((r) => r.method === 'GET' && !r.url.endsWith('/stream'))) {
      const res = await t.app.inject({ method: 'GET', url: fillParams(route.url), headers: { ...student.auth, origin: 'https://evil.example' } });
      assertSecurityHeaders(res, `${route.method} ${route.url} → ${res.statusCode}`);
    }
  });
});

describe('errors reveal nothing', () => {
  it.each([
    ['/api/__test/boom', 500],
    ['/api/__test/db-error', 500],
    ['/api/__test/non-error', 500],
    ['/api/__test/statement-timeout', 503],
    ['/api/__test/lock-timeout', 503],
  ])('%s → %i with a generic message', async (url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    const json = body<{ success: boolean; message: string; stack?: unknown }>(res);
    expect(json.success).toBe(false);
    expect(Object.keys(json).sort()).toEqual(['code', 'message', 'success']);
    expect(res.body).not.toMatch(/internal-detail|hunter2|secret_table|relation|statement|lock timeout|\bat \/|\.ts:\d+|node_modules/);
    if (status === 503) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the real error is logged for operators (so hiding it is a choice, not a loss)', () => {
    expect(t.logs.join('\n')).toContain('internal-detail-7f3a');
  });

  it('validation errors name the field, not the internals', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 5, password: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/zod|ZodError|node_modules|\.ts:\d+/);
  });
});

describe('logs', () => {
  it('contain requests but never passwords, tokens, reset links or the signing key', async () => {
    const password = 'Log-Secret-pw-9931';
    const newPassword = 'Log-Secret-new-5521';
    const resetPassword = 'Log-Secret-reset-7781';
    const email = `logs-${Date.now()}@example.com`;
    const from = t.logs.length;

    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Log', lastName: 'Tester', email, password, university: 'U', course: 'C', year: 1, rollNumber: 'R', phone: '+91 98765 43210' },
    });
    expect(reg.statusCode).toBe(201);
    const token1 = body<{ data: { token: string } }>(reg).data.token;
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: `${password}-wrong` } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const token2 = body<{ data: { token: string } }>(login).data.token;
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token2}`, cookie: `session=${token2}` } });
    await t.app.inject({ method: 'GET', url: `/api/auth/me?token=${token1}` });
    // The SSE route takes its token in the query string (EventSource cannot send headers).
    await t.app.inject({ method: 'GET', url: `/api/notifications/stream?token=${token1}x` });
    const change = await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: { authorization: `Bearer ${token2}` }, payload: { currentPassword: password, newPassword } });
    expect(change.statusCode).toBe(200);
    const token3 = body<{ data: { token: string } }>(change).data.token;
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await t.runJobs();
    const [mail] = (await t.database.db.select().from(emails).where(eq(emails.to, email))).filter((m) => m.text.includes('token='));
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(resetToken).not.toBe('');
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    await t.app.inject({ method: 'GET', url: `/reset-password?foo=1&token=${resetToken}&code=${resetToken}` });
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, newPassword: resetPassword } });
    expect(reset.statusCode).toBe(200);
    // A bad body echoing the password back must not end in the log either.
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: `${password}\u0000` } });

    const logs = t.logs.slice(from).join('\n');
    expect(logs).toContain('/api/auth/login'); // the log is really being captured
    expect(logs).toContain('/reset-password?token=[redacted]');
    for (const secret of [password, newPassword, resetPassword, token1, token2, token3, resetToken, t.config.jwtSecret]) {
      expect(logs.includes(secret), `log contains ${secret.slice(0, 12)}…`).toBe(false);
    }
    expect(logs).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/); // no JWT of any kind
    expect(logs).not.toMatch(/\$argon2/);
  });

  it('one line per request, at completion: method, URL (tokens redacted), status and time (decision 641)', async () => {
    const from = t.logs.length;
    const ok = await t.app.inject({ method: 'GET', url: '/api/professionals?limit=2' });
    const reset = await t.app.inject({ method: 'GET', url: '/reset-password?token=abc123secret' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/professionals?limit=0' });
    expect([ok.statusCode, refused.statusCode]).toEqual([200, 400]);
    const lines = t.logs
      .slice(from)
      .map((l) => JSON.parse(l) as { reqId?: string; msg?: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number })
      .filter((l) => l.reqId);
    const completions = lines.filter((l) => l.msg === 'request completed');
    expect(completions.map((l) => [l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
      ['GET', '/api/professionals?limit=2', 200],
      ['GET', '/reset-password?token=[redacted]', reset.statusCode],
      ['GET', '/api/professionals?limit=0', 400],
    ]);
    expect(completions.every((l) => typeof l.responseTime === 'number')).toBe(true);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
    // A successful request is one line; a refused one may add the error handler's line, never a second completion.
    expect(lines.filter((l) => l.reqId === completions[0]?.reqId)).toHaveLength(1);
    expect(new Set(completions.map((l) => l.reqId)).size).toBe(3);
  });
});
