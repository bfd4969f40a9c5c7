import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { auditLog, emails, users } from '../../db/schema/index.ts';

const t = useTestApp();

const valid = {
  name: '  Meera   Iyer ',
  email: 'Meera.Iyer@Example.com',
  phone: '+91 98765 43210',
  title: 'Staff Engineer',
  company: 'Fictional Labs',
  expertise: 'Software Development',
  experience: '7',
  bio: 'Builds distributed systems.',
  specializations: [' Distributed systems ', 'distributed systems', '', 'APIs'],
  skills: ['Go', 'go', ' Rust '],
  pricing: { hourlyRate: 50 },
  socialLinks: { linkedin: 'https://linkedin.com/in/meera', website: '' },
};

/** Every admin route: anonymous 401, student and professional 403. */
const ADMIN_ROUTES: [string, string][] = [
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/admin/analytics'],
  ['GET', '/api/admin/professionals'],
  ['POST', '/api/admin/professionals'],
  ['PUT', '/api/admin/professionals/000000000000000000000000'],
  ['DELETE', '/api/admin/professionals/000000000000000000000000'],
  ['GET', '/api/admin/professionals/bulk-upload/template?format=csv'],
  ['POST', '/api/admin/professionals/bulk-upload'],
  ['GET', '/api/admin/users?role=student'],
  ['POST', '/api/admin/users'],
  ['PUT', '/api/admin/users/000000000000000000000000/status'],
  ['GET', '/api/admin/export/students'],
  ['GET', '/api/admin/export/ideas'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/content'],
  ['PUT', '/api/admin/content'],
  ['GET', '/api/admin/contact-messages'],
  ['PUT', '/api/admin/contact-messages/000000000000000000000000'],
  ['GET', '/api/admin/emails'],
  ['GET', '/api/admin/workshops'],
  ['POST', '/api/admin/workshops'],
  ['PUT', '/api/admin/workshops/000000000000000000000000'],
  ['DELETE', '/api/admin/workshops/000000000000000000000000'],
  ['GET', '/api/admin/workshops/000000000000000000000000/registrations'],
  ['PUT', '/api/admin/workshops/000000000000000000000000/registrations/000000000000000000000000'],
  ['POST', '/api/admin/workshops/000000000000000000000000/banner'],
  ['GET', '/api/admin/instructors'],
  ['GET', '/api/ideas/admin/all'],
  ['PUT', '/api/ideas/admin/000000000000000000000000/review'],
];

describe('admin access', () => {
  it.each(ADMIN_ROUTES)('%s %s: 401 anonymous, 403 student and professional', async (method, url) => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const anon = await t.app.inject({
      method: method as 'GET',
      url,
      payload: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(anon.statusCode).toBe(401);
    for (const user of [student, pro]) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: user.auth,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('professionals', () => {
  let admin: BuiltUser;
  let createdId = '';

  it('creates a professional with a temporary password, a welcome e-mail and an audit entry', async () => {
    admin = await buildAdmin(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/professionals', headers: admin.auth, payload: valid });
    expect(res.statusCode).toBe(201);
    const json = body<{ message: string; data: { professional: Record<string, unknown> } }>(res);
    expect(json.message).toBe('Professional created successfully!');
    const p = json.data.professional;
    expect(p).toMatchObject({
      name: 'Meera Iyer',
      firstName: 'Meera',
      lastName: 'Iyer',
      email: 'meera.iyer@example.com',
      experience: 7,
      specializations: ['Distributed systems', 'APIs'],
      skills: ['Go', 'Rust'],
      pricing: { hourlyRate: 50, currency: 'USD' },
      socialLinks: { linkedin: 'https://linkedin.com/in/meera' },
      isTemporaryPassword: true,
      status: 'active',
    });
    expect(res.body).not.toMatch(/passwordHash|argon2/i);
    createdId = String(p._id);
    const [mail] = await t.database.db.select().from(emails).where(eq(emails.to, 'meera.iyer@example.com'));
    // Never a password by e-mail (decision 825): a single-use link to choose one.
    expect(mail?.text).not.toMatch(/temporary password/i);
    const setToken = decodeURIComponent(/reset-password\?token=(\S+)/.exec(mail?.text ?? '')?.[1] ?? '');
    expect(setToken.length).toBeGreaterThan(20);
    const chosen = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: setToken, newPassword: 'Meera@Chosen123' } });
    expect(chosen.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'meera.iyer@example.com', password: 'Meera@Chosen123' },
    });
    expect(login.statusCode).toBe(200);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, createdId));
    expect(entries.map((e) => e.action)).toContain('create');
    expect(JSON.stringify(entries)).not.toMatch(/passwordHash|argon2/);
  });

  it('refuses a duplicate e-mail with 409', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/professionals',
      headers: admin.auth,
      payload: { ...valid, email: 'MEERA.IYER@example.com' },
    });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('An account with this email already exists');
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ phone: '' }, 'Phone is required'],
    [{ title: ' ' }, 'Title is required'],
    [{ company: '' }, 'Company is required'],
    [{ expertise: 'Astrology' }, 'Please select an expertise'],
    [{ experience: -1 }, 'Years of experience must be a whole number of 0 or more'],
    [{ experience: 2.5 }, 'Years of experience must be a whole number of 0 or more'],
    [{ bio: '' }, 'Bio is required'],
    [{ pricing: { hourlyRate: -5 } }, 'Hourly rate must be 0 or more'],
    [{ socialLinks: { linkedin: 'http://linkedin.com/in/x' } }, 'LinkedIn link must be an https:// link'],
    [{ socialLinks: { website: 'javascript:alert(1)' } }, 'Website link must be an https:// link'],
  ])('answers 400 for %o', async (patch, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/professionals',
      headers: admin.auth,
      payload: { ...valid, email: 'other@example.com', ...patch },
    });
    expect(res.statusCode).toBe(400);
    expect(body<{ errors: string[] }>(res).errors).toContain(message);
  });

  it('treats blank experience as 0', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/professionals',
      headers: admin.auth,
      payload: { ...valid, email: 'blank@example.com', experience: '' },
    });
    expect(res.statusCode).toBe(201);
    expect(body<{ data: { professional: { experience: number } } }>(res).data.professional.experience).toBe(0);
  });

  it('lists with search, expertise filter and pagination', async () => {
    await buildProfessional(t, { firstName: 'Zed', expertise: 'Finance' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/professionals?search=meera.iyer&limit=5',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const data = body<{ data: { professionals: { email: string }[]; pagination: { total: number; limit: number } } }>(res).data;
    expect(data.professionals.map((p) => p.email)).toEqual(['meera.iyer@example.com']);
    expect(data.pagination).toMatchObject({ total: 1, limit: 5 });
    const fin = body<{ data: { professionals: { expertise: string }[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/admin/professionals?expertise=Finance', headers: admin.auth }),
    ).data.professionals;
    expect(fin.length).toBeGreaterThan(0);
    expect(fin.every((p) => p.expertise === 'Finance')).toBe(true);
    const wild = await t.app.inject({ method: 'GET', url: '/api/admin/professionals?search=%25', headers: admin.auth });
    expect(body<{ data: { professionals: unknown[] } }>(wild).data.professionals).toHaveLength(0);
  });

  it('PUT with only isVerified toggles verification', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/professionals/${createdId}`,
      headers: admin.auth,
      payload: { isVerified: false },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Professional unverified successfully!');
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/professionals/${createdId}`,
      headers: admin.auth,
      payload: { isVerified: true },
    });
    expect(body(again).message).toBe('Professional verified successfully!');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, createdId));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['verify', 'unverify']));
  });

  it('updates fields, validates them and refuses a taken e-mail', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/professionals/${createdId}`,
      headers: admin.auth,
      payload: { title: 'Principal Engineer', skills: ['A', 'a', 'B'] },
    });
    expect(res.statusCode).toBe(200);
    expect(body<{ message: string; data: { professional: { title: string; skills: string[] } } }>(res)).toMatchObject({
      message: 'Professional updated successfully!',
      data: { professional: { title: 'Principal Engineer', skills: ['A', 'B'] } },
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/professionals/${createdId}`,
      headers: admin.auth,
      payload: { experience: -3 },
    });
    expect(bad.statusCode).toBe(400);
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/professionals/${createdId}`,
      headers: admin.auth,
      payload: { email: 'blank@example.com' },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('answers 404 for unknown, malformed and non-professional ids', async () => {
    const student = await buildStudent(t);
    for (const id of ['000000000000000000000000', 'nope', student.id]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/professionals/${id}`,
        headers: admin.auth,
        payload: { isVerified: true },
      });
      expect(res.statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/professionals/${id}`, headers: admin.auth });
      expect(del.statusCode).toBe(404);
    }
  });

  it('DELETE deactivates: the account cannot sign in and its tokens die', async () => {
    const pro = await buildProfessional(t);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/professionals/${pro.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Professional deleted successfully!');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: pro.auth });
    expect(me.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: pro.email, password: pro.password },
    });
    expect(login.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, pro.id));
    expect(row?.isActive).toBe(false);
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/professionals/${pro.id}`,
      headers: admin.auth,
      payload: { isActive: true },
    });
    expect(body<{ data: { professional: { status: string } } }>(back).data.professional.status).toBe('active');
  });
});
