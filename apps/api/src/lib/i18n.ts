import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';
import { createTranslator, messagesOf, type Translator } from '@app/shared/i18n/translator';
import { matchLanguage, parseAcceptLanguage } from '@app/shared/i18n/negotiate';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';

/**
 * The API speaks the same catalogues as the web app (packages/shared/src/i18n/catalogues): error
 * messages, and later e-mails, in the language of the person they are for
 * (docs/decisions/740-languages-lingui-icu-catalogues.md, 742-localised-api-errors.md).
 */
export const SOURCE_LANGUAGE = 'en';

/** The catalogue folder, found from this file upwards (works from src/, dist/ and the tests). */
function cataloguesDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'packages/shared/src/i18n/catalogues');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('message catalogues not found (packages/shared/src/i18n/catalogues)');
}

interface Loaded {
  languages: string[];
  raw: Map<string, Record<string, string>>;
  translators: Map<string, Translator>;
  /** English error text → its key, for messages thrown as English (the spec's verbatim texts). */
  exact: Map<string, string>;
  /** Error messages with placeholders: a pattern over the English text and the placeholder names. */
  patterns: { key: string; pattern: RegExp; names: string[] }[];
  /** A form field's English name → its `error.field.*` key. */
  fields: Map<string, string>;
}

let loaded: Loaded | undefined;

type Compiled = ReturnType<typeof compileMessage>;

/**
 * A pattern that recognises the English text a compiled message produces, and the placeholder each
 * capture group fills: `{name}` captures text, a plural's `#` captures its number (each plural case
 * is an alternative), a select's case is told by the alternative that matched.
 */
function reversePattern(compiled: Compiled): { pattern: RegExp; names: string[] } | undefined {
  const names: string[] = [];
  const build = (tokens: Compiled, pluralArg?: string): string | undefined => {
    const list = typeof tokens === 'string' ? [tokens] : tokens;
    let out = '';
    for (const token of list) {
      if (typeof token === 'string') {
        if (token === '#' && pluralArg) {
          names.push(pluralArg);
          out += '(\\d[\\d,]*)';
        } else out += escape(token);
        continue;
      }
      const [name, kind, cases] = token as [string, string?, Record<string, Compiled>?];
      if (!kind) {
        names.push(name);
        out += '(.+?)';
        continue;
      }
      if (kind === 'select' && cases) {
        // Each case is an alternative in its own group; the group that matched gives the value
        // (`select:<name>=<case>`), so "A pending organisation…" reads back as { status: 'pending' }.
        const branches: string[] = [];
        for (const [key, branch] of Object.entries(cases)) {
          if (key === 'other' || (typeof branch !== 'string' && !Array.isArray(branch))) continue; // `offset` is not a case
          names.push(`select:${name}=${key}`);
          const b = build(branch, pluralArg);
          if (b === undefined) return undefined;
          branches.push(`(${b})`);
        }
        if (cases.other !== undefined) {
          const b = build(cases.other, pluralArg);
          if (b === undefined) return undefined;
          branches.push(b);
        }
        out += `(?:${branches.join('|')})`;
        continue;
      }
      if ((kind !== 'plural' && kind !== 'selectordinal') || !cases) return undefined;
      const branches: string[] = [];
      for (const branch of Object.values(cases)) {
        if (typeof branch !== 'string' && !Array.isArray(branch)) continue; // e.g. the plural's offset
        const b = build(branch, name);
        if (b === undefined) return undefined;
        branches.push(b);
      }
      out += `(?:${branches.join('|')})`;
    }
    return out;
  };
  const body = build(compiled);
  return body === undefined ? undefined : { pattern: new RegExp(`^${body}$`, 's'), names };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function load(): Loaded {
  if (loaded) return loaded;
  const dir = cataloguesDir();
  const languages = readdirSync(dir)
    .filter((f) => /^[a-z]{2,3}(-[A-Za-z0-9]+)*\.json$/.test(f))
    .map((f) => f.slice(0, -5))
    .sort();
  const raw = new Map<string, Record<string, string>>();
  for (const code of languages) raw.set(code, messagesOf(JSON.parse(readFileSync(path.join(dir, `${code}.json`), 'utf8'))));
  const source = raw.get(SOURCE_LANGUAGE) ?? {};
  const translators = new Map<string, Translator>();
  for (const code of languages) {
    // A key a translation lacks reads in English (CI fails on a missing key; this only keeps a half-done language usable).
    const messages = { ...source, ...raw.get(code) };
    const compiled: Messages = Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, compileMessage(v)]));
    translators.set(code, createTranslator(code, compiled));
  }
  const exact = new Map<string, string>();
  const patterns: Loaded['patterns'] = [];
  const fields = new Map<string, string>();
  for (const [key, message] of Object.entries(source)) {
    if (key.startsWith('error.field.')) {
      fields.set(message, key);
      continue;
    }
    if (!key.startsWith('error.')) continue;
    if (!message.includes('{')) {
      exact.set(message, key);
      continue;
    }
    const reverse = reversePattern(compileMessage(message));
    if (reverse) patterns.push({ key, ...reverse });
  }
  loaded = { languages, raw, translators, exact, patterns, fields };
  return loaded;
}

/** The languages with a catalogue. */
export function availableLanguages(): string[] {
  return load().languages;
}

export function isAvailableLanguage(code: string): boolean {
  return load().languages.includes(code);
}

/** The translator of `language` (English when there is no such catalogue). */
export function translator(language: string | null | undefined): Translator {
  const { translators } = load();
  const found = (language && translators.get(language)) || translators.get(SOURCE_LANGUAGE);
  if (!found) throw new Error('no English catalogue');
  return found;
}

/** The language an `Accept-Language` header asks for, if a catalogue serves it. */
export function languageFromHeader(header: string | undefined): string | undefined {
  return matchLanguage(parseAcceptLanguage(header), load().languages);
}

/**
 * `message` (English, as thrown through lib/errors.ts) in `language`: the catalogue entry whose
 * English text it is, with its placeholders carried over; a message not in the catalogue stays as it is.
 */
export function localiseMessage(message: string, language: string): string {
  if (language === SOURCE_LANGUAGE) return message;
  const found = errorEntryOf(message);
  if (!found) return message;
  const t = translator(language);
  const values = { ...found.values };
  // The contracts name the field in English ("Bio must be at most 2000 characters"): its name is catalogued too.
  const field = typeof values.field === 'string' ? load().fields.get(values.field) : undefined;
  if (field) values.field = t.t(field as Parameters<Translator['t']>[0]);
  return t.t(found.key as Parameters<Translator['t']>[0], values);
}

/** The `error.field.*` entry of a form field's English name ("Bio"), which the validation messages embed. */
export function fieldEntryOf(label: string): string | undefined {
  return load().fields.get(label);
}

/**
 * The `error.*` entry whose English text `message` is, with the values of its placeholders, if the
 * catalogue has one (the CI check `test/error-catalogue.test.ts` asks this of every text the API can send).
 */
export function errorEntryOf(message: string): { key: string; values?: Record<string, string | number> } | undefined {
  const { exact, patterns } = load();
  const key = exact.get(message);
  if (key) return { key };
  for (const { key: k, pattern, names } of patterns) {
    const m = pattern.exec(message);
    if (!m) continue;
    const values: Record<string, string | number> = {};
    names.forEach((name, i) => {
      const captured = m[i + 1];
      if (captured === undefined) return;
      const chosen = /^select:(.+?)=(.*)$/.exec(name);
      if (chosen) {
        if (!((chosen[1] as string) in values)) values[chosen[1] as string] = chosen[2] as string;
        return;
      }
      if (name in values) return;
      values[name] = /^\d[\d,]*$/.test(captured) ? Number(captured.replace(/,/g, '')) : captured;
    });
    return { key: k, values };
  }
  return undefined;
}

/** The language of whoever made the request: their profile's choice, else `Accept-Language`, else English. */
export async function requestLanguage(
  request: { actor?: { id: string } | null; headers: Record<string, string | string[] | undefined> },
  profileLanguage: (userId: string) => Promise<string | null | undefined>,
): Promise<string> {
  if (request.actor) {
    const chosen = await profileLanguage(request.actor.id);
    if (chosen && isAvailableLanguage(chosen)) return chosen;
  }
  const header = request.headers['accept-language'];
  return languageFromHeader(Array.isArray(header) ? header[0] : header) ?? SOURCE_LANGUAGE;
}

/**
 * A failure envelope (`{ success: false, message, code, errors? }`) with its message and errors in
 * `language`; the machine `code` stays as it is. Anything else is returned unchanged.
 */
export function localiseEnvelope(payload: string, language: string): string {
  if (language === SOURCE_LANGUAGE) return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (typeof body !== 'object' || body === null || (body as { success?: unknown }).success !== false) return payload;
  const envelope = body as { message?: unknown; errors?: unknown };
  if (typeof envelope.message === 'string') envelope.message = localiseMessage(envelope.message, language);
  if (Array.isArray(envelope.errors)) envelope.errors = envelope.errors.map((e) => (typeof e === 'string' ? localiseMessage(e, language) : e));
  return JSON.stringify(envelope);
}

/** The language a person chose in their profile (null: follow the browser). */
export async function profileLanguage(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? null;
}
