import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { createTranslator, messagesOf, type SourceCatalogue } from './translator.ts';
import { zodMessages } from './zod-messages.ts';

const read = (code: string) =>
  messagesOf(JSON.parse(readFileSync(path.join(import.meta.dirname, 'catalogues', `${code}.json`), 'utf8')) as SourceCatalogue);
const english = read('en');
function translator(code: string) {
  const messages = { ...english, ...read(code) };
  return createTranslator(code, Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, compileMessage(v)])));
}

const contract = z.object({
  noticeHours: z.number().int().min(0),
  title: z.string().max(5),
  link: z.url(),
  own: z.string().min(1, 'Please enter a subject'),
});

describe('zodMessages: what a contract leaves to zod, in the reader’s language', () => {
  it('writes type, length and format problems from the catalogue, with the form’s label for the field', () => {
    const hi = translator('hi');
    const parsed = contract.safeParse(
      { noticeHours: 'x', title: 'much too long', link: 'not a link', own: '' },
      { error: zodMessages(hi.t, { label: (field) => ({ noticeHours: 'न्यूनतम सूचना (घंटे)' })[field] }) },
    );
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((i) => i.message) ?? [];
    expect(messages[0]).toBe(hi.t('error.zod.type', { field: 'न्यूनतम सूचना (घंटे)', expected: 'number', received: 'string' }));
    expect(messages[0]).toContain('न्यूनतम सूचना (घंटे)');
    expect(messages[1]).toBe(hi.t('error.zod.maxLength', { field: 'title', maximum: 5 }));
    expect(messages[2]).toBe(hi.t('error.zod.format', { field: 'link', format: 'url' }));
    // The contract's own message wins: the map is asked only for the rest.
    expect(messages[3]).toBe('Please enter a subject');
    for (const m of messages.slice(0, 3)) expect(m).not.toMatch(/Invalid input|expected/);
  });

  it('writes the same problem in every language, and English as the API sends it', () => {
    const value = { noticeHours: -1, title: 'ok', link: 'https://example.com', own: 'x' };
    const texts = ['en', 'hi', 'es', 'ar'].map((code) => {
      const parsed = contract.safeParse(value, { error: zodMessages(translator(code).t) });
      return parsed.error?.issues[0]?.message;
    });
    expect(texts[0]).toBe('noticeHours must be 0 or more');
    expect(new Set(texts).size).toBe(4);
  });
});
