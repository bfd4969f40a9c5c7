import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Translator } from '@app/shared/i18n/translator';
import { errorEntryOf, fieldEntryOf, localiseMessage, translator } from './i18n.ts';
import { fieldName, issueEntry } from '@app/shared/i18n/zod-messages';
import { catalogueMessages } from './request-validation.ts';

/** The messages a parse of `input` gives, zod's defaults replaced by the catalogue's. */
function messages(schema: z.ZodType, input: unknown, part = 'body'): string[] {
  const result = schema.safeParse(input, { error: catalogueMessages(part) });
  if (result.success) throw new Error('expected the parse to fail');
  return result.error.issues.map((i) => i.message);
}
type Key = Parameters<Translator['t']>[0];
const one = (schema: z.ZodType, input: unknown, part = 'body') => messages(schema, input, part)[0] ?? '';

const contract = z.strictObject({
  title: z.string().max(5),
  name: z.string().min(3),
  code: z.string().length(4),
  count: z.number().int().min(1).lt(10).multipleOf(2),
  tags: z.array(z.string()).max(2),
  picks: z.array(z.string()).min(2),
  status: z.enum(['draft', 'active']),
  agreed: z.literal(true),
  email: z.email(),
  website: z.url(),
  starts: z.iso.datetime(),
  day: z.iso.date(),
  id: z.uuid(),
  slug: z.string().regex(/^[a-z]+$/),
  prefixed: z.string().startsWith('mb_'),
  kind: z.discriminatedUnion('type', [z.object({ type: z.literal('a') }), z.object({ type: z.literal('b') })]),
  limit: z.coerce.number(),
  when: z.date().min(new Date('2026-01-01T00:00:00Z')),
  check: z.string().refine((s) => s === 'yes'),
});

const wrong = {
  title: 'far too long',
  name: 'ab',
  code: 'abc',
  count: 11,
  tags: ['a', 'b', 'c'],
  picks: ['a'],
  status: 'closed',
  agreed: false,
  email: 'not-an-address',
  website: 'nope',
  starts: 'yesterday',
  day: '2026-13-40',
  id: '42',
  slug: 'Not A Slug',
  prefixed: 'x',
  kind: { type: 'c' },
  limit: 'ten',
  when: new Date('2025-06-01T00:00:00Z'),
  check: 'no',
  colour: 'blue',
};

describe('zod issues without a message of the contract, written from the catalogue', () => {
  it('writes each issue in plain English that names the field', () => {
    expect(messages(contract, wrong)).toEqual([
      'title must be at most 5 characters long',
      'name must be at least 3 characters long',
      'code must be exactly 4 characters long',
      'count must be less than 10',
      'count must be a multiple of 2',
      'tags can have at most 2 items',
      'picks must have at least 2 items',
      'status must be one of these values: draft, active',
      'agreed must equal true',
      'email is not a valid e-mail address',
      'website is not a valid link (URL)',
      'starts is not a valid date and time (ISO 8601, for example 2026-05-01T09:30:00Z)',
      'day is not a valid date (YYYY-MM-DD)',
      'id is not a valid identifier (UUID)',
      'slug does not have the expected format',
      'prefixed must start with “mb_”',
      'kind.type must be one of these values: a, b',
      'limit must be a number, not non-numeric text',
      'when must be on or after 2026-01-01T00:00:00.000Z',
      'check is not valid',
      'Request body contains 1 unknown field: colour',
    ]);
  });

  it('tells a missing field from a wrong type, and names the request part for a whole-part issue', () => {
    expect(one(z.object({ title: z.string() }), {})).toBe('title is required');
    expect(one(z.object({ title: z.string() }), { title: 5 })).toBe('title must be text, not a number');
    expect(one(z.object({ n: z.int() }), { n: 1.5 })).toBe('n must be a whole number, not a number with decimals');
    expect(one(z.object({ on: z.boolean() }), { on: 'yes' })).toBe('on must be true or false, not text');
    expect(one(z.object({ tags: z.array(z.string()) }), { tags: 'a' })).toBe('tags must be a list, not text');
    expect(one(z.object({ a: z.object({ b: z.array(z.object({ c: z.string() })) }) }), { a: { b: [{ c: null }] } })).toBe(
      'a.b[0].c must be text, not null',
    );
    expect(one(z.object({ title: z.string() }), 'text')).toBe('Request body must be an object, not text');
    expect(one(z.object({ title: z.string() }), undefined)).toBe('Request body is required');
    expect(one(z.strictObject({}), { a: 1, b: 2 }, 'querystring')).toBe('Query string contains 2 unknown fields: a, b');
    expect(one(z.object({ n: z.number().positive() }), { n: 0 })).toBe('n must be greater than 0');
    expect(one(z.object({ n: z.number().max(100) }), { n: 101 })).toBe('n must be 100 or less');
    expect(one(z.object({ n: z.number().min(1.5) }), { n: -2 })).toBe('n must be 1.5 or more');
    expect(one(z.object({ u: z.union([z.string(), z.number()]) }), { u: true })).toBe('u does not match any of the forms the API accepts');
    expect(fieldName(['milestones', 0, 'dueDate'])).toBe('milestones[0].dueDate');
  });

  it("keeps the contract's own messages", () => {
    const own = z.object({ bio: z.string().max(3, 'Bio must be at most 3 characters'), title: z.string({ error: 'Title is required' }) });
    expect(messages(own, { bio: 'long' })).toEqual(['Bio must be at most 3 characters', 'Title is required']);
  });

  it('is read back by the catalogue as the entry it was written from, in every language', () => {
    const all = [
      ...messages(contract, wrong),
      'title is required',
      'Request body is required',
      'Request body must be an object, not text',
      'Query string contains 2 unknown fields: a, b',
      'n must be a whole number, not a number with decimals',
    ];
    for (const m of all) {
      const entry = errorEntryOf(m);
      expect(entry?.key, m).toMatch(/^error\.(zod|fieldRule)\./);
      for (const language of ['ar', 'es', 'hi']) {
        const localised = localiseMessage(m, language);
        expect(localised, `${language}: ${m}`).not.toBe(m);
        const t = translator(language).t;
        const part = fieldEntryOf(String(entry?.values?.field));
        const values = { ...entry?.values, ...(part ? { field: t(part as Key) } : {}) };
        expect(localised).toBe(t(entry?.key as Key, values));
      }
    }
  });

  it('writes Arabic, Hindi and Spanish fluently, type names and part names translated', () => {
    const cases: Array<[english: string, language: string, expected: string]> = [
      ['title must be text, not a number', 'ar', 'يجب أن تكون قيمة «title» نصًا لا رقمًا'],
      ['title must be text, not a number', 'hi', '“title” टेक्स्ट होना चाहिए, संख्या नहीं'],
      ['title must be text, not a number', 'es', '«title» debe ser texto, no un número'],
      ['count must be a whole number, not text', 'hi', '“count” एक पूर्ण संख्या होनी चाहिए, टेक्स्ट नहीं'],
      ['Request body contains 1 unknown field: colour', 'es', '«Cuerpo de la solicitud» contiene 1 campo desconocido: colour'],
      ['Request body must be an object, not text', 'ar', 'يجب أن تكون قيمة «نص الطلب» كائنًا لا نصًا'],
      ['email is not a valid e-mail address', 'hi', '“email” मान्य ईमेल पता नहीं है'],
      ['n must be greater than 0', 'es', '«n» debe ser mayor que 0'],
    ];
    for (const [english, language, expected] of cases) expect(localiseMessage(english, language), `${language}: ${english}`).toBe(expected);
  });

  it('counts in the plural forms of each language (Arabic zero, one, two, few, many, other)', () => {
    const max = (n: number) => one(z.object({ title: z.string().max(n) }), { title: 'x'.repeat(n + 1) });
    expect(max(1)).toBe('title must be at most 1 character long');
    expect(localiseMessage(max(0), 'ar')).toBe('يجب ألا يزيد «title» على 0 حرف');
    expect(localiseMessage(max(1), 'ar')).toBe('يجب ألا يزيد «title» على حرف واحد');
    expect(localiseMessage(max(2), 'ar')).toBe('يجب ألا يزيد «title» على حرفين');
    expect(localiseMessage(max(3), 'ar')).toBe('يجب ألا يزيد «title» على 3 أحرف');
    expect(localiseMessage(max(11), 'ar')).toBe('يجب ألا يزيد «title» على 11 حرفًا');
    expect(localiseMessage(max(2000), 'ar')).toBe('يجب ألا يزيد «title» على 2,000 حرف');
    expect(localiseMessage(max(1), 'hi')).toBe('“title” ज़्यादा से ज़्यादा 1 अक्षर का हो सकता है');
    expect(localiseMessage(max(5), 'hi')).toBe('“title” ज़्यादा से ज़्यादा 5 अक्षरों का हो सकता है');
    expect(localiseMessage(max(1), 'es')).toBe('«title» puede tener como máximo 1 carácter');
    const items = (n: number) => one(z.object({ tags: z.array(z.string()).min(n) }), { tags: [] });
    expect(localiseMessage(items(2), 'ar')).toBe('يجب ألا يقل عدد عناصر «tags» عن عنصرين');
    expect(localiseMessage(items(1), 'hi')).toBe('“tags” में कम से कम 1 आइटम होना चाहिए');
    expect(localiseMessage(items(4), 'hi')).toBe('“tags” में कम से कम 4 आइटम होने चाहिए');
  });

  it('maps every issue code to an entry', () => {
    const at = { path: ['x'], input: 1 };
    expect(issueEntry({ ...at, code: 'invalid_key', origin: 'record', issues: [] }).key).toBe('error.zod.invalidKey');
    expect(issueEntry({ ...at, code: 'invalid_element', origin: 'map', key: 'k', issues: [] }).key).toBe('error.zod.invalidEntry');
    expect(issueEntry({ ...at, code: 'too_big', origin: 'file', maximum: 10, inclusive: true }).key).toBe('error.zod.tooBig');
    expect(issueEntry({ path: ['x'], input: 'cv.doc', code: 'invalid_format', format: 'ends_with', suffix: '.pdf' }).key).toBe('error.zod.endsWith');
    expect(issueEntry({ path: ['x'], input: 'me', code: 'invalid_format', format: 'includes', includes: '@' }).key).toBe('error.zod.includes');
    expect(issueEntry({ ...at, code: 'too_small', origin: 'string', minimum: 2, inclusive: false }).values.minimum).toBe(3);
  });
});
