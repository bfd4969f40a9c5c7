import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildProfessional, buildStudent, type Failure } from '../../../test/factories.ts';
import { localiseMessage } from '../../lib/i18n.ts';

const t = useTestApp();

const missing = '/api/workshops/000000000000000000000000';

describe('GET/PUT /api/users/me/language', () => {
  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/language' })).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: '/api/users/me/language', payload: { language: 'hi' } });
    expect(put.statusCode).toBe(401);
  });

  it('starts with no choice (follow the browser) and lists the languages with a catalogue', async () => {
    const student = await buildStudent(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/language', headers: student.auth });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: { language: null; available: string[] } }>(res).data).toEqual({ language: null, available: ['ar', 'en', 'es', 'hi'] });
  });

  it('refuses a language without a catalogue or a malformed one (400, nothing saved)', async () => {
    const student = await buildStudent(t);
    for (const language of ['xx', 'ar-<script>', 42, '']) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/users/me/language', headers: student.auth, payload: { language } });
      expect(res.statusCode).toBe(400);
      expect(body<Failure>(res).message).toBe('Choose one of the available languages');
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/users/me/language', headers: student.auth });
    expect(body<{ data: { language: string | null } }>(after).data.language).toBeNull();
  });

  it('saves the choice for this person only, shows it on the profile, and clears it with null', async () => {
    const student = await buildStudent(t);
    const other = await buildStudent(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/me/language', headers: student.auth, payload: { language: 'hi' } });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: { language: string } }>(res).data.language).toBe('hi');
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: student.auth });
    expect(body<{ data: { user: { language: string } } }>(profile).data.user.language).toBe('hi');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: student.email, password: student.password } });
    expect(body<{ data: { user: { language: string } } }>(login).data.user.language).toBe('hi');
    const others = await t.app.inject({ method: 'GET', url: '/api/users/me/language', headers: other.auth });
    expect(body<{ data: { language: string | null } }>(others).data.language).toBeNull();
    const cleared = await t.app.inject({ method: 'PUT', url: '/api/users/me/language', headers: student.auth, payload: { language: null } });
    expect(body<{ data: { language: string | null } }>(cleared).data.language).toBeNull();
  });

  it('is open to every role, temporary password or not', async () => {
    const professional = await buildProfessional(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/me/language', headers: professional.auth, payload: { language: 'ar' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('localised API errors', () => {
  const login = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload });

  it('keeps the spec English without Accept-Language, and the machine code in every language', async () => {
    const student = await buildStudent(t);
    const en = await login({}, { email: student.email, password: 'wrong-password' });
    const ar = await login({ 'accept-language': 'ar' }, { email: student.email, password: 'wrong-password' });
    expect(en.statusCode).toBe(401);
    expect(body<Failure>(en).message).toBe('Invalid email or password');
    expect(ar.statusCode).toBe(401);
    expect(body<Failure>(ar).message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
    expect(body<Failure>(ar).code).toBe(body<Failure>(en).code);
    expect(ar.headers.vary).toMatch(/accept-language/i);
  });

  it('follows Accept-Language: quality order, regional variants, unknown languages fall back to English', async () => {
    const res = (header: string) => t.app.inject({ method: 'GET', url: missing, headers: { 'accept-language': header } });
    expect(body<Failure>(await res('es-MX,es;q=0.9,en;q=0.5')).message).toBe('No se encontró el taller');
    expect(body<Failure>(await res('fr;q=1, hi;q=0.8')).message).toBe('कार्यशाला नहीं मिली');
    expect(body<Failure>(await res('de-DE')).message).toBe('Workshop not found');
    expect(body<Failure>(await res('ar;q=0, es;q=0.1')).message).toBe('No se encontró el taller');
  });

  it("prefers the profile's choice to Accept-Language", async () => {
    const student = await buildStudent(t);
    await t.app.inject({ method: 'PUT', url: '/api/users/me/language', headers: student.auth, payload: { language: 'hi' } });
    const res = await t.app.inject({ method: 'GET', url: missing, headers: { ...student.auth, 'accept-language': 'es' } });
    expect(res.statusCode).toBe(404);
    expect(body<Failure>(res).message).toBe('कार्यशाला नहीं मिली');
    expect(body<Failure>(res).code).toBe('NOT_FOUND');
  });

  it('localises validation messages and their list (registration, Spanish)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'es' },
      payload: { firstName: '', lastName: 'Verma', email: 'asha@example.com', password: 'secret1', university: 'IIT', course: 'CS', year: 2, rollNumber: 'R1', phone: '+91 98765 43210' },
    });
    expect(res.statusCode).toBe(400);
    const json = body<Failure>(res);
    expect(json.message).toBe('El nombre es obligatorio');
    expect(json.errors).toContain('El nombre es obligatorio');
    expect(json.code).toBe('VALIDATION_ERROR');
  });

  it('localises the framework\'s own answers (malformed JSON) and leaves success answers alone', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json', 'accept-language': 'ar' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(body<Failure>(bad).message).toBe('نص JSON في الطلب غير صالح');
    const student = await buildStudent(t);
    const ok = await login({ 'accept-language': 'ar' }, { email: student.email, password: student.password });
    expect(body<{ message: string }>(ok).message).toBe('Login successful');
  });

  it('carries numbers over into the plural forms of the language', () => {
    expect(localiseMessage('Too many sign-in attempts. Please try again in 2 minutes.', 'ar')).toBe(
      'محاولات تسجيل دخول كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد دقيقتين.',
    );
    expect(localiseMessage('Too many sign-in attempts. Please try again in 1 second.', 'es')).toBe(
      'Demasiados intentos de inicio de sesión. Vuelve a intentarlo en 1 segundo.',
    );
    expect(localiseMessage('A message nobody catalogued', 'hi')).toBe('A message nobody catalogued');
  });
});
