import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@app/shared/api';
import { useTestApp } from './harness.ts';
import { body, buildStudent, type BuiltUser, type Failure } from './factories.ts';

/**
 * Issue 25: a request that fails a contract with no message of its own (a wrong JSON type, a missing
 * field, a string too long, an unknown enum value) is answered in the caller's language, like every
 * other error (docs/decisions/1260-zod-default-messages-catalogued.md). POST /api/push/unsubscribe's
 * `endpoint` (`z.string().trim().min(1).max(2048)`) and the ideas list's `page`/`limit` carry no
 * message of their own; the idea contract's title does, and it wins.
 */
const t = useTestApp();

/** A POST as `who`, in `language` when given (else the profile's choice or English). */
const post = (url: string, who: BuiltUser, payload: string | Record<string, unknown>, language?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...who.auth, ...headers, ...(language ? { 'accept-language': language } : {}) }, payload });
const unsubscribe = (who: BuiltUser, payload: Record<string, unknown>, language?: string) => post('/api/push/unsubscribe', who, payload, language);

async function failure(res: { statusCode: number; body: string }): Promise<Failure> {
  expect(res.statusCode, res.body).toBe(400);
  const answer = body<Failure>(res);
  expect(answer.code).toBe(ErrorCode.VALIDATION);
  expect(answer.errors?.[0]).toBe(answer.message);
  return answer;
}

describe("zod's own messages in the caller's language", () => {
  it('a wrong JSON type ({"endpoint": 5}) in English, Arabic, Hindi and Spanish', async () => {
    const student = await buildStudent(t);
    const sent = { endpoint: 5 };
    expect((await failure(await unsubscribe(student, sent))).message).toBe('endpoint must be text, not a number');
    expect((await failure(await unsubscribe(student, sent, 'en'))).message).toBe('endpoint must be text, not a number');
    expect((await failure(await unsubscribe(student, sent, 'ar'))).message).toBe('يجب أن تكون قيمة «endpoint» نصًا لا رقمًا');
    expect((await failure(await unsubscribe(student, sent, 'hi'))).message).toBe('“endpoint” टेक्स्ट होना चाहिए, संख्या नहीं');
    expect((await failure(await unsubscribe(student, sent, 'es-ES,es;q=0.9'))).message).toBe('«endpoint» debe ser texto, no un número');
  });

  it('a missing field, an empty one and one too long', async () => {
    const student = await buildStudent(t);
    expect((await failure(await unsubscribe(student, {}, 'en'))).message).toBe('endpoint is required');
    expect((await failure(await unsubscribe(student, {}, 'ar'))).message).toBe('«endpoint» مطلوب');
    expect((await failure(await unsubscribe(student, {}, 'hi'))).message).toBe('“endpoint” ज़रूरी है');
    expect((await failure(await unsubscribe(student, {}, 'es'))).message).toBe('«endpoint» es obligatorio');

    expect((await failure(await unsubscribe(student, { endpoint: '   ' }, 'en'))).message).toBe('endpoint must be at least 1 character long');
    expect((await failure(await unsubscribe(student, { endpoint: '   ' }, 'ar'))).message).toBe('يجب ألا يقل «endpoint» عن حرف واحد');

    const long = { endpoint: `https://push.example/${'x'.repeat(2100)}` };
    expect((await failure(await unsubscribe(student, long, 'en'))).message).toBe('endpoint must be at most 2,048 characters long');
    expect((await failure(await unsubscribe(student, long, 'ar'))).message).toBe('يجب ألا يزيد «endpoint» على 2,048 حرفًا'); // 2048 is "many" in Arabic (…48)
    expect((await failure(await unsubscribe(student, long, 'hi'))).message).toBe('“endpoint” ज़्यादा से ज़्यादा 2,048 अक्षरों का हो सकता है');
    expect((await failure(await unsubscribe(student, long, 'es'))).message).toBe('«endpoint» puede tener como máximo 2048 caracteres'); // Spanish groups from five digits
  });

  it('a body that is not an object names the request body, translated', async () => {
    const student = await buildStudent(t);
    const sent = (language: string) => post('/api/push/unsubscribe', student, '[1, 2]', language, { 'content-type': 'application/json' });
    expect((await failure(await sent('en'))).message).toBe('Request body must be an object, not a list');
    expect((await failure(await sent('ar'))).message).toBe('يجب أن تكون قيمة «نص الطلب» كائنًا لا قائمةً');
    expect((await failure(await sent('es'))).message).toBe('«Cuerpo de la solicitud» debe ser un objeto, no una lista');
  });

  it('query parameters out of range or not numbers, every issue in errors[]', async () => {
    const list = (language: string) => t.app.inject({ method: 'GET', url: '/api/ideas?limit=abc&page=0', headers: { 'accept-language': language } });
    expect((await failure(await list('en'))).errors).toEqual(['page must be 1 or more', 'limit must be a number, not non-numeric text']);
    expect((await failure(await list('ar'))).errors).toEqual(['يجب أن تكون قيمة «page» 1 أو أكثر', 'يجب أن تكون قيمة «limit» رقمًا لا نصًا غير رقمي']);
    expect((await failure(await list('hi'))).errors).toEqual(['“page” 1 या उससे ज़्यादा होना चाहिए', '“limit” एक संख्या होनी चाहिए, गैर-संख्यात्मक टेक्स्ट नहीं']);
  });

  it("keeps the contract's own message beside zod's, both translated; an unknown enum value lists the values", async () => {
    const student = await buildStudent(t);
    const create = (language: string) =>
      post('/api/ideas', student, { title: 5, category: 'Technology', description: 'An idea', isPublic: 'yes', status: 'published' }, language);
    const en = await failure(await create('en'));
    expect(en.message).toBe('Please fill in all required fields (title, category, description)'); // the contract's own, spec English
    expect(en.errors).toEqual(expect.arrayContaining(['isPublic must be true or false, not text', 'status must be one of these values: draft, under_review']));
    const es = await failure(await create('es'));
    expect(es.errors).toEqual(expect.arrayContaining(['«isPublic» debe ser true o false, no texto', '«status» debe ser uno de estos valores: draft, under_review']));
    expect(es.message).not.toBe(en.message);
  });

  it("follows the signed-in person's language choice without Accept-Language", async () => {
    const student = await buildStudent(t);
    const chose = await t.app.inject({ method: 'PUT', url: '/api/users/me/language', headers: student.auth, payload: { language: 'hi' } });
    expect(chose.statusCode).toBe(200);
    expect((await failure(await unsubscribe(student, { endpoint: ['a'] }))).message).toBe('“endpoint” टेक्स्ट होना चाहिए, सूची नहीं');
  });
});
