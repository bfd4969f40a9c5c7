import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildStudent, type BuiltUser, type Failure } from '../../../test/factories.ts';
import { createProject } from '../rd-projects/rd-test-helpers.ts';

/**
 * Issue 25 (decision 1140): errors of the administrator, SSO, privacy and R&D modules come back in the
 * caller's language, by Accept-Language and by the profile's choice, with the same machine `code`.
 */
const t = useTestApp();

type Send = (headers: Record<string, string>) => Promise<{ statusCode: number; body: string }>;

/** The same failing request in English, in Arabic by Accept-Language, and in Hindi by the profile (Accept-Language still ar). */
async function inThreeLanguages(user: BuiltUser, send: Send) {
  const en = await send({ ...user.auth });
  const ar = await send({ ...user.auth, 'accept-language': 'ar' });
  const chosen = await t.app.inject({ method: 'PUT', url: '/api/users/me/language', headers: user.auth, payload: { language: 'hi' } });
  expect(chosen.statusCode).toBe(200);
  const hi = await send({ ...user.auth, 'accept-language': 'ar' });
  for (const res of [ar, hi]) expect(res.statusCode).toBe(en.statusCode);
  const [e, a, h] = [en, ar, hi].map((res) => body<Failure>(res));
  expect(a?.code).toBe(e?.code);
  expect(h?.code).toBe(e?.code);
  return { en: e as Failure, ar: a as Failure, hi: h as Failure, status: en.statusCode };
}

describe('API errors in the caller\'s language, beyond the booking loop', () => {
  it('an administrator error (data retention out of range): placeholders and a select carried over', async () => {
    const admin = await buildAdmin(t);
    const send: Send = (headers) =>
      t.app.inject({ method: 'PUT', url: '/api/privacy/admin/retention', headers, payload: { category: 'outbox', days: 1 } });
    const { en, ar, hi, status } = await inThreeLanguages(admin, send);
    expect(status).toBe(400);
    expect(en).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Sent e-mails (outbox): choose between 7 and 730 days' });
    expect(ar.message).toBe('الرسائل المرسلة (صندوق الصادر): اختر عددًا من الأيام بين 7 و730');
    expect(ar.errors).toEqual([ar.message]);
    expect(hi.message).toBe('भेजे गए ईमेल (आउटबॉक्स): 7 से 730 दिनों के बीच चुनें');
  });

  it('an SSO error (a used or unknown sign-in code)', async () => {
    const student = await buildStudent(t);
    const send: Send = (headers) => t.app.inject({ method: 'POST', url: '/api/sso/exchange', headers, payload: { code: 'no-such-code' } });
    const { en, ar, hi, status } = await inThreeLanguages(student, send);
    expect(status).toBe(400);
    expect(en.message).toBe('This sign-in link is invalid or has expired. Please sign in again.');
    expect(ar.message).toBe('رابط تسجيل الدخول هذا غير صالح أو انتهت صلاحيته. يُرجى تسجيل الدخول مرة أخرى.');
    expect(hi.message).toBe('यह साइन-इन लिंक अमान्य है या इसकी अवधि समाप्त हो गई है। कृपया फिर से साइन इन करें।');
  });

  it('a privacy error (a second data export while the first is prepared)', async () => {
    const student = await buildStudent(t);
    const first = await t.app.inject({ method: 'POST', url: '/api/privacy/me/export', headers: student.auth });
    expect(first.statusCode).toBe(201);
    const send: Send = (headers) => t.app.inject({ method: 'POST', url: '/api/privacy/me/export', headers });
    const { en, ar, hi } = await inThreeLanguages(student, send);
    expect(en).toMatchObject({ code: 'CONFLICT', message: 'An export of your data is already being prepared.' });
    expect(ar.message).toBe('يجري بالفعل تجهيز نسخة من بياناتك للتصدير.');
    expect(hi.message).toBe('आपके डेटा का एक्सपोर्ट पहले से तैयार किया जा रहा है।');
  });

  it('an R&D error (a status change the project does not allow): two selects read back from the English', async () => {
    const admin = await buildAdmin(t);
    const project = await createProject(t, admin, {}, 'draft');
    const send: Send = (headers) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}/status`, headers, payload: { status: 'completed' } });
    const { en, ar, hi } = await inThreeLanguages(admin, send);
    expect(en).toMatchObject({ code: 'CONFLICT', message: 'A draft project cannot be changed to completed (allowed: active)' });
    expect(ar.message).toBe('لا يمكن تغيير مشروع في حالة مسودة إلى مكتمل (المسموح: نشط)');
    expect(hi.message).toBe('ड्राफ़्ट परियोजना को पूर्ण स्थिति में नहीं बदला जा सकता (अनुमति है: सक्रिय)');
  });

  it('an R&D application sent as JSON instead of a form, in Spanish', async () => {
    const student = await buildStudent(t);
    const admin = await buildAdmin(t);
    const project = await createProject(t, admin);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/rd-projects/${project._id}/apply`,
      headers: { ...student.auth, 'accept-language': 'es' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(body<Failure>(res)).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Envía la solicitud como formulario (multipart/form-data)' });
  });
});
