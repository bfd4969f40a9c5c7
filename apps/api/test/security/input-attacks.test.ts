// Issue 8: input attacks over every route that exists. Generic sweeps use the real route table, so a
// route added tomorrow is covered without editing this file.
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { body, buildAdmin, buildProfessional, buildStudent, studentRegistration, type BuiltUser } from '../factories.ts';
import { contactMessages, users } from '../../src/db/schema/index.ts';
import { verifyPassword } from '../../src/lib/password.ts';
import { fillParams, useSecurityApp } from './helpers.ts';

const t = useSecurityApp({ overrides: { LOGIN_MAX_PER_IP: '100000', LOGIN_MAX_PER_ACCOUNT: '100000', BODY_LIMIT_BYTES: '65536' } });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const writes = () => t.routes.filter((r) => r.method !== 'GET');
/** GET routes that answer and end (server-sent event streams stay open by design). */
const reads = () => t.routes.filter((r) => r.method === 'GET' && !r.url.endsWith('/stream'));

async function actors() {
  return { student: await buildStudent(t), professional: await buildProfessional(t), admin: await buildAdmin(t) };
}

describe('mass assignment', () => {
  it('registration ignores role, flags, ids, hashes and token versions', async () => {
    const email = `mass-${unique()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: studentRegistration(email, {
        role: 'admin',
        isVerified: true,
        isActive: true,
        isTemporaryPassword: true,
        tokenVersion: 99,
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$forged',
        _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        createdAt: '2000-01-01T00:00:00Z',
      }),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'student', isVerified: false, isTemporaryPassword: false, tokenVersion: 0 });
    expect(row?.id).not.toBe('aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(row?.createdAt.getUTCFullYear()).toBeGreaterThan(2000);
    expect(await verifyPassword(row?.passwordHash ?? '', 'secret1')).toBe(true);
  });

  it('profile update cannot change e-mail, role, flags, password or token version', async () => {
    const student = await buildStudent(t);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, student.id));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: student.auth,
      payload: {
        city: 'Pune',
        email: 'takeover@example.com',
        role: 'admin',
        isActive: false,
        isVerified: true,
        isTemporaryPassword: true,
        tokenVersion: 42,
        passwordHash: 'x',
        password: 'new-password',
        profileImageKey: '../../etc/passwd',
        id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      },
    });
    expect(res.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, student.id));
    expect(after?.city).toBe('Pune');
    for (const key of ['email', 'role', 'isActive', 'isVerified', 'isTemporaryPassword', 'tokenVersion', 'passwordHash', 'profileImageKey'] as const) {
      expect(after?.[key], key).toEqual(before?.[key]);
    }
  });

  it('contact messages cannot be pre-marked as handled', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.60.0.1',
      payload: { name: 'Eve', email: 'eve@example.com', subject: 'Hi', message: 'Hello', handled: true, id: 'cccccccccccccccccccccccc' },
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'eve@example.com'));
    expect(rows.map((r) => r.handled)).toEqual([false]);
  });
});

describe('nothing secret leaves the server', () => {
  it('no response of the auth flows or of any GET route carries hashes, secrets or reset tokens', async () => {
    const { student, professional, admin } = await actors();
    const seen: string[] = [];
    const keep = (res: { body: string; headers: Record<string, unknown> }) => {
      seen.push(res.body, JSON.stringify(res.headers));
      return res;
    };
    const email = `leak-${unique()}@example.com`;
    keep(await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: studentRegistration(email) }));
    keep(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret1' } }));
    keep(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-one' } }));
    keep(await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } }));
    // Every GET route, as each role (path parameters filled with our own ids where that makes sense).
    for (const route of reads()) {
      for (const user of [student, professional, admin]) {
        keep(await t.app.inject({ method: 'GET', url: fillParams(route.url, user.id), headers: user.auth }));
      }
      keep(await t.app.inject({ method: 'GET', url: fillParams(route.url) }));
    }
    const text = seen.join('\n');
    expect(seen.length).toBeGreaterThan(10);
    expect(text).not.toMatch(/password_?hash/i);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toMatch(/token_?hash/i);
    expect(text).not.toContain(t.config.jwtSecret);
    // Including the admin's outbox view (GET /api/admin/emails): it shows e-mails with secrets redacted.
    expect(seen.some((b) => b.includes('[hidden]'))).toBe(true);
    expect(text).not.toMatch(/reset-password\?token=/);
    expect(text).not.toMatch(/token_version|tokenVersion/);
  });
});

describe('oversized bodies', () => {
  const big = JSON.stringify({ email: 'a@example.com', password: 'x', filler: 'x'.repeat(70_000) });

  it.each([
    ['/api/auth/login'],
    ['/api/auth/register'],
    ['/api/auth/forgot-password'],
    ['/api/auth/reset-password'],
    ['/api/contact'],
  ])('POST %s over BODY_LIMIT → 413 with the envelope', async (url) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: big });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ success: false });
  });

  it('every write route refuses an oversized body, whoever calls (never 2xx, never 500)', async () => {
    const { student, professional, admin } = await actors();
    const failures: string[] = [];
    for (const route of writes()) {
      for (const who of [undefined, student, professional, admin] as (BuiltUser | undefined)[]) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: fillParams(route.url),
          headers: { 'content-type': 'application/json', ...(who?.auth ?? {}) },
          payload: big,
        });
        if (![401, 403, 404, 413, 415].includes(res.statusCode)) failures.push(`${route.method} ${route.url} as ${who?.role ?? 'anonymous'}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('hostile JSON', () => {
  const payloads: [string, string][] = [
    ['malformed', '{"email":'],
    ['__proto__ key', '{"email":"a@example.com","password":"secret1","__proto__":{"role":"admin"}}'],
    ['nested __proto__', '{"email":"a@example.com","password":"secret1","x":{"__proto__":{"isAdmin":true}}}'],
    ['constructor.prototype', '{"email":"a@example.com","password":"secret1","constructor":{"prototype":{"role":"admin"}}}'],
    ['not an object', '"just a string"'],
    ['trailing garbage', '{"email":"a@example.com"} x'],
  ];

  it.each(payloads)('%s → 400 on every public write route', async (_name, raw) => {
    for (const url of ['/api/auth/login', '/api/auth/register', '/api/auth/forgot-password', '/api/auth/reset-password', '/api/contact']) {
      const res = await t.app.inject({ method: 'POST', url, remoteAddress: '10.61.0.1', headers: { 'content-type': 'application/json' }, payload: raw });
      expect(res.statusCode, `${url}`).toBe(400);
      expect(body(res).success).toBe(false);
    }
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('every write route answers poisoned JSON with 400 (or 401/403/404 before it is read), never 2xx or 500', async () => {
    const { student, professional, admin } = await actors();
    const failures: string[] = [];
    for (const route of writes()) {
      for (const who of [student, professional, admin]) {
        for (const [name, raw] of payloads.slice(0, 4)) {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: fillParams(route.url),
            headers: { 'content-type': 'application/json', ...who.auth },
            payload: raw,
          });
          if (![400, 401, 403, 404, 415].includes(res.statusCode)) failures.push(`${route.method} ${route.url} as ${who.role} (${name}): ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('dangerous characters in text', () => {
  const bad: [string, string][] = [
    ['NUL byte', 'Asha\u0000'],
    ['lone high surrogate', 'Asha\ud800'],
    ['lone low surrogate', '\udc00Asha'],
    ['right-to-left override', 'Asha\u202egpj.exe'],
    ['first-strong isolate', 'Asha\u2068x'],
    ['escape control', 'Asha\u001b[31m'],
  ];

  it.each(bad)('%s → 400 in registration, profile and contact text', async (_name, value) => {
    const student = await buildStudent(t);
    const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: studentRegistration(`chars-${unique()}@example.com`, { firstName: value }) });
    expect(reg.statusCode).toBe(400);
    const pw = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: studentRegistration(`chars-${unique()}@example.com`, { password: `secret${value}` }) });
    expect(pw.statusCode).toBe(400);
    const profile = await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: student.auth, payload: { bio: value } });
    expect(profile.statusCode).toBe(400);
    const contact = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: `10.62.0.${bad.findIndex(([, v]) => v === value) + 1}`, payload: { name: 'Eve', email: 'eve@example.com', subject: 'Hi', message: value } });
    expect(contact.statusCode).toBe(400);
  });

  it('a lone surrogate written as a JSON escape is refused too (not only a literal one)', async () => {
    const raw = JSON.stringify(studentRegistration(`esc-${unique()}@example.com`)).replace('"Asha"', '"Asha\\ud800"');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: raw });
    expect(res.statusCode).toBe(400);
  });

  it('legitimate non-ASCII text is accepted (emoji, accents, Devanagari, Arabic)', async () => {
    const student = await buildStudent(t);
    const bio = 'Lucía 😀 अनुसंधान مرحبا';
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: student.auth, payload: { bio } });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: { user: { bio: string } } }>(res).data.user.bio).toBe(bio);
  });
});

describe('SQL injection', () => {
  const INJECTIONS = ["' OR '1'='1", "'; DROP TABLE users; --", '1) OR (1=1', "\\'; SELECT pg_sleep(5); --", '%', '_', "a' UNION SELECT password_hash FROM users --"];

  async function fingerprint() {
    const [row] = await t.database.db.select({ n: count() }).from(users);
    return row?.n;
  }

  it('in login fields: refused like any wrong credentials', async () => {
    const student = await buildStudent(t);
    for (const value of INJECTIONS) {
      const byEmail = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: value, password: 'x' } });
      expect([400, 401]).toContain(byEmail.statusCode);
      const byPassword = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: student.email, password: value } });
      expect(byPassword.statusCode).toBe(401);
    }
  });

  it('in path parameters of every route: a 4xx, never a 500', async () => {
    const { student, admin } = await actors();
    const before = await fingerprint();
    const failures: string[] = [];
    for (const route of t.routes.filter((r) => r.url.includes(':') && !r.url.endsWith('/stream'))) {
      for (const value of INJECTIONS) {
        for (const who of [student, admin]) {
          const res = await t.app.inject({ method: route.method as 'GET', url: fillParams(route.url, value), headers: who.auth, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });
          if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} ${JSON.stringify(value)} as ${who.role}: ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });

  // Hundreds of requests: the default 30 s is about the machine's speed, not the product's.
  it('in search, sort and filter parameters of every GET route: same answer as a harmless value, never a 500', { timeout: 180_000 }, async () => {
    const { student, professional, admin } = await actors();
    const before = await fingerprint();
    const failures: string[] = [];
    const listish = (b: string) => {
      try {
        const json = JSON.parse(b) as { data?: unknown; pagination?: { total?: number } };
        const d = json.data as Record<string, unknown> | unknown[] | undefined;
        const items = Array.isArray(d) ? d : d && typeof d === 'object' ? Object.values(d).find(Array.isArray) : undefined;
        return JSON.stringify({ n: Array.isArray(items) ? items.length : undefined, total: json.pagination?.total });
      } catch {
        return undefined; // files (xlsx, ics, csv) differ run to run; only JSON lists are compared
      }
    };
    for (const route of reads().filter((r) => !r.url.includes(':'))) {
      for (const who of [student, professional, admin]) {
        const harmless = await t.app.inject({ method: 'GET', url: `${route.url}?search=zzqqxx-no-match&q=zzqqxx-no-match`, headers: who.auth });
        for (const value of INJECTIONS) {
          const v = encodeURIComponent(value);
          const search = await t.app.inject({ method: 'GET', url: `${route.url}?search=zzqqxx-no-match${v}&q=zzqqxx-no-match${v}`, headers: who.auth });
          if (search.statusCode >= 500) failures.push(`${route.url} search=${value} as ${who.role}: ${search.statusCode}`);
          else if (search.statusCode === 200 && harmless.statusCode === 200 && listish(search.body) !== undefined && listish(search.body) !== listish(harmless.body)) {
            failures.push(`${route.url} search=${value} as ${who.role}: answer differs from a harmless search`);
          }
          const sort = await t.app.inject({ method: 'GET', url: `${route.url}?sort=${v}&sortBy=${v}&order=${v}&status=${v}&category=${v}&page=${v}&limit=${v}`, headers: who.auth });
          if (sort.statusCode >= 500) failures.push(`${route.url} sort/filter=${value} as ${who.role}: ${sort.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });
});

