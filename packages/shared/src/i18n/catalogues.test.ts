/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { checkCatalogues, wholeNumberCategories } from './check.ts';
import { createTranslator, messagesOf, type SourceCatalogue } from './translator.ts';
import { matchLanguage, negotiateLanguage, parseAcceptLanguage } from './negotiate.ts';
import { formatters } from './format.ts';

const DIR = path.join(import.meta.dirname, 'catalogues');
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const codes = readdirSync(DIR).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
const read = (code: string) => JSON.parse(readFileSync(path.join(DIR, `${code}.json`), 'utf8')) as SourceCatalogue | Record<string, string>;
const source = read('en') as SourceCatalogue;
const messages = Object.fromEntries(codes.map((c) => [c, messagesOf(read(c))]));

function translator(code: string) {
  const compiled = Object.fromEntries(Object.entries(messages[code] ?? {}).map(([k, v]) => [k, compileMessage(v)]));
  return createTranslator(code, compiled);
}

describe('message catalogues', () => {
  it('has English, Hindi, Spanish and Arabic', () => {
    expect(codes.sort()).toEqual(expect.arrayContaining(['ar', 'en', 'es', 'hi']));
  });

  it('gives every source key a description for translators', () => {
    const bare = Object.entries(source).filter(([, e]) => typeof e !== 'object' || !e.description?.trim() || !e.message?.trim());
    expect(bare.map(([k]) => k)).toEqual([]);
  });

  it('has no missing or extra keys, parses, and keeps placeholders, tags and plural forms (CI gate)', () => {
    const { en, ...rest } = messages;
    const problems = checkCatalogues(en ?? {}, rest).map((p) => `${p.language} ${p.key}: ${p.problem}`);
    expect(problems).toEqual([]);
  });

  it('reports what it should (the check itself can fail)', () => {
    const problems = checkCatalogues(
      { 'language.direction': 'ltr', a: 'Hello {name}', b: '{n, plural, one {# seat} other {# seats}}', c: 'x <t>y</t>' },
      {
        ar: { 'language.direction': 'rtl', a: 'مرحبا {nom}', b: '{n, plural, one {مقعد} other {# مقعد}}', c: 'س <t>ص', d: 'extra' },
        hi: { 'language.direction': 'ltr', a: '{name', b: '{n, plural, one {# सीट} other {# सीटें}}' },
      },
    ).map((p) => `${p.language} ${p.key}: ${p.problem.split(':')[0]}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        'ar a: placeholders {nom} differ from English {name}',
        'ar b: plural {n} lacks the "zero" form ar needs',
        'ar b: plural {n} lacks the "two" form ar needs',
        'ar c: unbalanced <tag>…</tag>',
        'ar d: not in the English source catalogue',
        'hi c: missing',
        'hi a: does not parse',
      ]),
    );
  });

  it('uses every key somewhere in the code (no unused keys)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (!['node_modules', 'dist', 'catalogues', 'glossary'].includes(entry.name)) walk(full);
        } else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) files.push(full);
      }
    };
    for (const dir of ['apps/web/src', 'apps/api/src', 'packages/shared/src']) walk(path.join(ROOT, dir));
    const code = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    const used = (key: string, english: string) => {
      if (key === 'language.name' || key === 'language.direction') return true; // read by the build and the translator
      if (code.includes(`'${key}'`) || code.includes(`"${key}"`) || code.includes(`\`${key}\``)) return true;
      if (!key.startsWith('error.')) return false;
      // A field's name, put into the contracts' messages: the code passes it as a literal (`text('Bio', …)`).
      if (key.startsWith('error.field.')) return code.includes(`'${english}'`);
      // API errors are thrown in English and found by their text (apps/api/src/lib/i18n.ts).
      const noun = /^(.+) not found$/.exec(english)?.[1];
      if (noun) return noun === 'Resource' || code.includes(`notFound('${noun}')`);
      // The words outside its placeholders and selects (a select's cases are the code's own values).
      let outside = english.replace(/'\{'/g, '\u0001').replace(/'\}'/g, '\u0002').replace(/''/g, "'");
      for (let previous = ''; previous !== outside; ) [previous, outside] = [outside, outside.replace(/\{[^{}]*\}/g, '\u0000')];
      const pieces = outside
        .replaceAll('\u0001', '{')
        .replaceAll('\u0002', '}')
        .split('\u0000').map((p) => p.trim()).filter((p) => p.length >= 8);
      if (pieces.some((p) => code.includes(p))) return true;
      // A template literal of the same shape (`${name} must be ${bytes} bytes`).
      if (/^[^{}]*(\{\w+\}[^{}]*)+$/.test(english)) {
        const shape = english.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\$\\{[^}]+\\}');
        if (new RegExp(shape).test(code)) return true;
      }
      // Texts the code builds around a number or another constant: three words of it in a row.
      return pieces.some((p) => {
        const words = p.split(/\s+/);
        return words.some((_, i) => i + 3 <= words.length && words.slice(i, i + 3).join(' ').length >= 12 && code.includes(words.slice(i, i + 3).join(' ')));
      });
    };
    const unused = Object.entries(source).filter(([k, e]) => !used(k, e.message)).map(([k]) => k);
    expect(unused).toEqual([]);
  }, 30_000); // reads every source file of the three workspaces: slow on a shared machine
});

describe('plurals per language', () => {
  it('knows the plural categories of each language', () => {
    expect([...wholeNumberCategories('ar')].sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    expect([...wholeNumberCategories('hi')].sort()).toEqual(['one', 'other']);
    expect([...wholeNumberCategories('es')].sort()).toEqual(['one', 'other']);
  });

  it('writes Arabic counts in all six forms', () => {
    const t = translator('ar').t;
    const wait = (seconds: number) => t('error.login.tooManySeconds', { seconds });
    expect(wait(0)).toContain('0 ثانية'); // zero
    expect(wait(1)).toContain('ثانية واحدة'); // one
    expect(wait(2)).toContain('ثانيتين'); // two
    expect(wait(3)).toContain('3 ثوانٍ'); // few (3–10)
    expect(wait(11)).toContain('11 ثانية'); // many (11–99)
    expect(wait(100)).toContain('100 ثانية'); // other
    expect(t('error.login.tooManyMinutes', { minutes: 5 })).toContain('5 دقائق');
    expect(t('error.login.tooManyMinutes', { minutes: 2 })).toContain('دقيقتين');
  });

  it('writes Hindi and Spanish counts in one and other', () => {
    const es = translator('es').t;
    expect(es('error.login.tooManyMinutes', { minutes: 1 })).toContain('1 minuto.');
    expect(es('error.login.tooManyMinutes', { minutes: 3 })).toContain('3 minutos.');
    const hi = translator('hi').t;
    // Hindi groups digits the Indian way inside plurals too.
    expect(hi('error.login.tooManySeconds', { seconds: 1 })).toContain('1 सेकंड');
    expect(hi('error.login.tooManyMinutes', { minutes: 100000 })).toContain('1,00,000 मिनट');
  });

  it('keeps the English text of the spec exactly', () => {
    const en = translator('en').t;
    expect(en('error.login.invalid')).toBe('Invalid email or password');
    expect(en('error.login.tooManySeconds', { seconds: 1 })).toBe('Too many sign-in attempts. Please try again in 1 second.');
    expect(en('error.login.tooManyMinutes', { minutes: 3 })).toBe('Too many sign-in attempts. Please try again in 3 minutes.');
    expect(en('error.password.mismatch')).toBe("New passwords don't match!");
  });

  it('fills selects (the year of study) in every language', () => {
    expect(translator('hi').t('auth.signUp.yearOption', { year: 2 })).toBe('दूसरा वर्ष');
    expect(translator('ar').t('auth.signUp.yearOption', { year: 3 })).toBe('السنة الثالثة');
    expect(translator('es').t('auth.signUp.yearOption', { year: 1 })).toBe('Primer año');
    expect(translator('en').t('auth.signUp.yearOption', { year: 4 })).toBe('Year 4');
  });

  it('reads its direction from the catalogue', () => {
    expect(translator('ar').direction).toBe('rtl');
    expect(translator('hi').direction).toBe('ltr');
  });
});

describe('language negotiation', () => {
  it('orders Accept-Language by quality and drops q=0 and junk', () => {
    expect(parseAcceptLanguage('fr;q=0.5, ar-EG, hi;q=0.9, *;q=0.1, es;q=0, <x>')).toEqual(['ar-EG', 'hi', 'fr']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
  it('matches the primary language and falls back to English', () => {
    expect(matchLanguage(['es-MX'], ['en', 'es'])).toBe('es');
    expect(matchLanguage(['fr'], ['en', 'es'])).toBeUndefined();
    expect(negotiateLanguage([null, 'de', 'hi-IN'], ['ar', 'en', 'es', 'hi'])).toBe('hi');
    expect(negotiateLanguage(['de'], ['ar', 'en'])).toBe('en');
  });
});

describe('formatting with the person\'s locale', () => {
  it('groups Indian digits in Hindi and uses Arabic conventions in Arabic', () => {
    expect(formatters('hi').number(1234567)).toBe('12,34,567');
    expect(formatters('en').number(1234567)).toBe('1,234,567');
    expect(formatters('ar').number(1234567)).toMatch(/^(1,234,567|١٬٢٣٤٬٥٦٧)$/);
  });
  it('formats dates in the time zone given', () => {
    const instant = new Date('2026-03-01T20:30:00Z');
    expect(formatters('en', 'Asia/Kolkata').dateTime(instant, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' })).toBe('Mar 2, 2026, 02:00');
    expect(formatters('es', 'UTC').date(instant, { dateStyle: 'long' })).toBe('1 de marzo de 2026');
  });
  it('joins lists in the language', () => {
    expect(formatters('es').list(['a', 'b', 'c'])).toBe('a, b y c');
    expect(formatters('hi').list(['a', 'b'])).toBe('a और b');
  });
});
