import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applicationTransitionMessage, statusTransitionMessage, RD_APPLICATION_STATUSES, RD_STATUSES } from '@app/shared/rd-project-constants';
import { nonexistentTimeMessage } from '@app/shared/time-zones';
import { tooManyMessage } from '../src/modules/auth/login-throttle.ts';
import { rescheduleTooLate } from '../src/modules/mentoring/sessions.service.ts';
import { checkInThrottledMessage } from '../src/modules/workshops/workshops-lifecycle.ts';
import { errorEntryOf, fieldEntryOf } from '../src/lib/i18n.ts';

/**
 * CI gate (issue 25, docs/decisions/1140-api-errors-all-catalogued.md): every English error text the API
 * can send has an `error.*` entry in the catalogues, so the `onSend` hook can answer in the caller's
 * language. "Can send" is found in the sources, not listed by hand:
 *
 * 1. every string (and every message-building function, with the sample arguments below) of the
 *    `*_MESSAGES` / `*_MESSAGE` constants of packages/shared and apps/api that the API or the shared
 *    contracts use outside a success envelope (`{ success: true, message }` answers are not errors);
 * 2. every literal and template literal passed to the error helpers of lib/errors.ts
 *    (`badRequest('…')`, `conflict(`…`)`, `notFound('Noun')` → "Noun not found", `new AppError(…)`);
 * 3. every literal message of the shared zod contracts (`.min(1, '…')`, `{ error: '…' }`, `{ message: '…' }`,
 *    `.refine(fn, '…')`, a text helper's own message: `requiredText('Name', max, '…')`), which the error handler sends as `message`/`errors[]` on a failed validation.
 *
 * A template's `${…}` is filled with a sample ("7") unless it names a constant, so a message with a value
 * must be an ICU message with a placeholder ("… at most {days} days") that the hook reads back.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const API = path.join(ROOT, 'apps/api/src');
const SHARED = path.join(ROOT, 'packages/shared/src');

interface Source {
  file: string;
  /** The text with comments blanked out (same length). */
  code: string;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'i18n', 'test'].includes(entry.name)) walk(full, out);
    } else if (/\.ts$/.test(entry.name) && !/\.(test|spec)\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

type Token =
  | { kind: 'str'; value: string; start: number; end: number }
  | { kind: 'tpl'; parts: string[]; exprs: string[]; start: number; end: number };

/**
 * A small TypeScript lexer: string and template literals (with their `${…}` expressions) and the text
 * with comments blanked, enough to find call arguments without mistaking `//` in a URL for a comment.
 */
function lex(text: string): { code: string; tokens: Token[] } {
  const chars = text.split('');
  const tokens: Token[] = [];
  let i = 0;
  const readString = (quote: string): number => {
    let j = i + 1;
    let value = '';
    while (j < text.length && text[j] !== quote) {
      if (text[j] === '\\') {
        const next = text[j + 1] ?? '';
        value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
        j += 2;
      } else value += text[j++];
    }
    tokens.push({ kind: 'str', value, start: i, end: j + 1 });
    return j + 1;
  };
  /** From the opening backtick at `at`: the end index (after the closing backtick), parts and expressions. */
  const readTemplate = (at: number): { end: number; parts: string[]; exprs: string[] } => {
    let j = at + 1;
    const parts: string[] = [];
    const exprs: string[] = [];
    let part = '';
    while (j < text.length && text[j] !== '`') {
      if (text[j] === '\\') {
        part += text[j + 1] ?? '';
        j += 2;
      } else if (text[j] === '$' && text[j + 1] === '{') {
        parts.push(part);
        part = '';
        let depth = 1;
        let k = j + 2;
        while (k < text.length && depth > 0) {
          const c = text[k];
          if (c === "'" || c === '"') {
            k++;
            while (k < text.length && text[k] !== c) k += text[k] === '\\' ? 2 : 1;
            k++;
          } else if (c === '`') k = readTemplate(k).end;
          else {
            if (c === '{') depth++;
            if (c === '}') depth--;
            k++;
          }
        }
        exprs.push(text.slice(j + 2, k - 1));
        j = k;
      } else part += text[j++];
    }
    parts.push(part);
    return { end: j + 1, parts, exprs };
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') chars[i++] = ' ';
    } else if (c === '/' && text[i + 1] === '*') {
      while (i < text.length && !(text[i] === '*' && text[i + 1] === '/')) chars[i++] = text[i] === '\n' ? '\n' : ' ';
      chars[i] = ' ';
      chars[i + 1] = ' ';
      i += 2;
    } else if (c === "'" || c === '"') i = readString(c);
    else if (c === '`') {
      const t = readTemplate(i);
      tokens.push({ kind: 'tpl', parts: t.parts, exprs: t.exprs, start: i, end: t.end });
      i = t.end;
    } else if (c === '/' && /[=(,:;!&|?{}[\n]\s*$/.test(text.slice(Math.max(0, i - 20), i)) && text[i + 1] !== ' ') {
      // A regular expression literal: skip it (its quotes are not strings).
      let j = i + 1;
      let inClass = false;
      while (j < text.length && text[j] !== '\n') {
        if (text[j] === '\\') j += 2;
        else {
          if (text[j] === '[') inClass = true;
          else if (text[j] === ']') inClass = false;
          else if (text[j] === '/' && !inClass) break;
          j++;
        }
      }
      i = j + 1;
    } else i++;
  }
  return { code: chars.join(''), tokens };
}

const load = (file: string): Source & { tokens: Token[] } => ({ file, ...lex(readFileSync(file, 'utf8')) });
const apiSources = walk(API).map(load);
const sharedSources = walk(SHARED).map(load);

/** The index after the parenthesis that closes the one at `open`, skipping strings and templates. */
function closing(source: { code: string; tokens: Token[] }, open: number): number {
  let depth = 0;
  const starts = new Map(source.tokens.map((t) => [t.start, t]));
  for (let i = open; i < source.code.length; i++) {
    const token = starts.get(i);
    if (token) {
      i = token.end - 1;
      continue;
    }
    const c = source.code[i];
    if (c === '(') depth++;
    if (c === ')' && --depth === 0) return i + 1;
  }
  return source.code.length;
}

// --- the constants -------------------------------------------------------------------------------------

type MessageValue = string | ((...args: never[]) => string);
/** `NAME.member` (or `NAME` for a single message) → its value, from every shared module and the API's own. */
const constants = new Map<string, MessageValue>();
for (const file of walk(SHARED)) {
  const mod = (await import(file)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod)) {
    if (!/_MESSAGES?$/.test(name)) continue;
    if (typeof value === 'string') constants.set(name, value);
    else if (value && typeof value === 'object')
      for (const [member, v] of Object.entries(value)) if (typeof v === 'string' || typeof v === 'function') constants.set(`${name}.${member}`, v as MessageValue);
  }
}
for (const source of apiSources) {
  for (const m of source.code.matchAll(/\bconst\s+([A-Z][A-Z0-9_]*_MESSAGES?)\s*=\s*/g)) {
    const token = source.tokens.find((t) => t.start === (m.index ?? 0) + m[0].length);
    if (token?.kind === 'str') constants.set(m[1] as string, token.value);
  }
}

/** Sample arguments for the messages built by functions: every value the code can pass, where few. */
const RD_LABELS = ['Resume', 'Cover letter', 'Portfolio', 'Transcript', 'Recommendation letter', 'Other document'];
const FUNCTION_SAMPLES: Record<string, unknown[][]> = {
  'RD_MESSAGES.documentRequired': RD_LABELS.map((l) => [l]),
  'RD_MESSAGES.documentTooLarge': RD_LABELS.map((l) => [l]),
  'RD_MESSAGES.documentType': RD_LABELS.map((l) => [l]),
  'RD_MESSAGES.documentMismatch': RD_LABELS.map((l) => [l]),
  'PROGRAMME_MESSAGES.outsideQuota': [[1, 0], [2, 1], [25, 3], [100, 11]],
};

/** The functions that build an error message the helpers throw (`conflict(statusTransitionMessage(a, b))`), with their samples. */
const pairs = <T,>(values: readonly T[]) => values.flatMap((a) => values.map((b) => [a, b]));
const MESSAGE_FUNCTIONS: Record<string, { fn: (...args: never[]) => string; samples: unknown[][] }> = {
  applicationTransitionMessage: { fn: applicationTransitionMessage, samples: pairs(RD_APPLICATION_STATUSES) },
  statusTransitionMessage: { fn: statusTransitionMessage, samples: pairs(RD_STATUSES) },
  nonexistentTimeMessage: { fn: nonexistentTimeMessage, samples: [['2026-03-29', '02:30', 'Europe/London']] },
  tooManyMessage: { fn: tooManyMessage, samples: [[1], [45], [60], [600]] },
  rescheduleTooLate: { fn: rescheduleTooLate, samples: [[1], [24], [48]] },
  checkInThrottledMessage: { fn: checkInThrottledMessage, samples: [[30], [900]] },
};

/** The name a constant is known by in a file: itself, `import { X as M }`, or `const m = X`. */
function aliases(code: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of code.matchAll(/\b([A-Z][A-Z0-9_]*_MESSAGES)\s+as\s+(\w+)/g)) map.set(m[2] as string, m[1] as string);
  for (const m of code.matchAll(/\bconst\s+(\w+)\s*=\s*([A-Z][A-Z0-9_]*_MESSAGES)\s*;/g)) map.set(m[1] as string, m[2] as string);
  return map;
}

/** The index of the `,`, `;`, `)` or `}` that ends the expression starting at `from` (strings skipped). */
function expressionEnd(source: { code: string; tokens: Token[] }, from: number): number {
  const starts = new Map(source.tokens.map((t) => [t.start, t]));
  let depth = 0;
  for (let i = from; i < source.code.length; i++) {
    const token = starts.get(i);
    if (token) {
      i = token.end - 1;
      continue;
    }
    const c = source.code[i] as string;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth-- === 0) return i;
    } else if ((c === ',' || c === ';') && depth === 0) return i;
  }
  return source.code.length;
}

/**
 * Where a message is a success answer, not an error: `{ success: true … }` objects, the arguments of the
 * routes' `ok(data, message)`, a `message: …` property of an object that is not a failure, and a
 * `const message = …` that a success envelope right after sends.
 */
function successRanges(source: { code: string; tokens: Token[] }): [number, number][] {
  const ranges: [number, number][] = [];
  const { code } = source;
  for (const m of code.matchAll(/\bsuccess:\s*true\b/g)) {
    let depth = 0;
    let start = m.index ?? 0;
    for (; start >= 0; start--) {
      const c = code[start];
      if (c === '}') depth++;
      if (c === '{' && depth-- === 0) break;
    }
    ranges.push([start, expressionEnd(source, start + 1)]);
  }
  for (const m of code.matchAll(/\bok\s*\(/g)) ranges.push([m.index ?? 0, closing(source, (m.index ?? 0) + m[0].length - 1)]);
  for (const m of code.matchAll(/\bmessage\s*:\s*/g)) {
    const at = (m.index ?? 0) + m[0].length;
    if (/success:\s*false/.test(code.slice(Math.max(0, at - 200), at))) continue;
    ranges.push([at - 1, expressionEnd(source, at)]);
  }
  for (const m of code.matchAll(/\bconst\s+message\s*=\s*/g)) {
    const at = (m.index ?? 0) + m[0].length;
    const end = expressionEnd(source, at);
    if (/success:\s*true/.test(code.slice(end, end + 300))) ranges.push([at - 1, end]);
  }
  return ranges;
}

interface Found {
  text: string;
  where: string;
}
const line = (source: Source, at: number) => `${path.relative(ROOT, source.file)}:${source.code.slice(0, at).split('\n').length}`;

/** The English texts a constant reference stands for (a function's with each of its samples). */
function expand(name: string, where: string, out: Found[], problems: string[]) {
  const value = constants.get(name);
  if (value === undefined) return;
  if (typeof value === 'string') out.push({ text: value, where: `${where} (${name})` });
  else {
    const samples = FUNCTION_SAMPLES[name];
    if (!samples) problems.push(`${where}: ${name} builds its message; give FUNCTION_SAMPLES for it`);
    for (const args of samples ?? []) out.push({ text: (value as (...a: unknown[]) => string)(...args), where: `${where} (${name})` });
  }
}

/** Rule 1: constants used outside success envelopes (in the API, or in the shared contracts). */
function constantTexts(problems: string[]): Found[] {
  const out: Found[] = [];
  const seen = new Set<string>();
  for (const source of [...apiSources, ...sharedSources]) {
    const names = aliases(source.code);
    const success = source.file.startsWith(API) ? successRanges(source) : [];
    for (const m of source.code.matchAll(/\b([A-Za-z_]\w*)(?:\.(\w+))?\b/g)) {
      const at = m.index ?? 0;
      if (source.tokens.some((t) => at >= t.start && at < t.end && t.kind === 'str')) continue;
      const base = names.get(m[1] as string) ?? (m[1] as string);
      const name = m[2] && constants.has(`${base}.${m[2]}`) ? `${base}.${m[2]}` : constants.has(base) && typeof constants.get(base) === 'string' ? base : undefined;
      if (!name) continue;
      // The definition itself, and members read only inside `{ success: true … }`, are not errors.
      if (new RegExp(`\\b(const|let)\\s+${m[1]}\\s*=`).test(source.code.slice(Math.max(0, at - 12), at + (m[1] as string).length + 3))) continue;
      if (success.some(([s, e]) => at > s && at < e)) continue;
      const key = `${name}@${source.file}`;
      if (seen.has(key)) continue;
      seen.add(key);
      expand(name, line(source, at), out, problems);
    }
  }
  return out;
}

const HELPERS = /\b(badRequest|conflict|forbidden|unauthenticated|unsupportedMedia|tooLarge|rateLimited|notFound|new AppError)\s*\(/g;

/** A template literal as the English text it produces, `${…}` filled with constants or a sample. */
function fillTemplate(token: Extract<Token, { kind: 'tpl' }>, names: Map<string, string>): string {
  let text = token.parts[0] ?? '';
  token.exprs.forEach((expr, i) => {
    const ref = /^\s*(\w+)(?:\.(\w+))?\s*$/.exec(expr);
    const base = ref ? (names.get(ref[1] as string) ?? (ref[1] as string)) : '';
    const value = ref ? constants.get(ref[2] ? `${base}.${ref[2]}` : base) : undefined;
    text += (typeof value === 'string' ? value : '7') + (token.parts[i + 1] ?? '');
  });
  return text;
}

/** Rule 2: literals and templates handed to the error helpers of the API. */
function helperTexts(): Found[] {
  const out: Found[] = [];
  for (const source of apiSources) {
    if (source.file.endsWith(path.join('lib', 'errors.ts'))) continue;
    const names = aliases(source.code);
    for (const m of source.code.matchAll(HELPERS)) {
      const open = (m.index ?? 0) + m[0].length - 1;
      const close = closing(source, open);
      const where = line(source, m.index ?? 0);
      const args = source.code.slice(open, close);
      for (const call of args.matchAll(/\b(\w+Message|rescheduleTooLate)\s*\(/g)) {
        const builder = MESSAGE_FUNCTIONS[call[1] as string];
        if (!builder) out.push({ text: `${call[1]}(…) builds its message: add it to MESSAGE_FUNCTIONS with samples`, where });
        for (const sample of builder?.samples ?? []) out.push({ text: (builder?.fn as (...a: unknown[]) => string)(...sample), where: `${where} (${call[1]})` });
      }
      for (const token of source.tokens) {
        if (token.start < open || token.end > close) continue;
        // Only the outermost literals of the call (not those inside a template's `${…}`).
        if (source.tokens.some((t) => t !== token && t.kind === 'tpl' && t.start < token.start && t.end > token.end)) continue;
        if (m[1] === 'notFound') {
          if (token.kind === 'str') out.push({ text: `${token.value} not found`, where });
          continue;
        }
        if (token.kind === 'str') {
          // Words of a message, not an identifier compared inside the call (`x === 'approved'`).
          if (/\s/.test(token.value.trim()) && /^[A-Z]/.test(token.value)) out.push({ text: token.value, where });
        } else out.push({ text: fillTemplate(token, names), where });
      }
    }
  }
  return out;
}

/** Rule 3: literal messages of the zod contracts in packages/shared. */
function zodTexts(): Found[] {
  const out: Found[] = [];
  for (const source of sharedSources) {
    for (const token of source.tokens) {
      if (token.kind !== 'str' || !/\s/.test(token.value) || !/^[A-Za-z]/.test(token.value)) continue;
      const before = source.code.slice(Math.max(0, token.start - 200), token.start);
      const asOption = /\b(error|message)\s*:\s*$/.test(before);
      // The text helpers' own messages: `requiredText('Name', max, '…')` after its label, `emailAddress('…', '…')`.
      const helperMessage =
        /\brequiredText\((?:[^()]|\([^()]*\))*,\s*$/.test(before) || /\bemailAddress\((?:[^()]|\([^()]*\))*$/.test(before);
      // `.min(1, '…')`, `.refine(fn, '…')`, `.email('…')`: the literal is the last argument of a zod method.
      const call = /\.(min|max|length|regex|refine|email|url|int|positive|nonnegative|gte|lte|gt|lt|nonempty|startsWith|endsWith|includes|uuid|datetime|date|time)\((?:[^()'"`]|\([^()]*\))*$/.exec(before);
      if (!asOption && !call && !helperMessage) continue;
      if (source.code[token.end] !== ')' && source.code[token.end] !== ',' && !/^\s*[,)}]/.test(source.code.slice(token.end, token.end + 3))) continue;
      out.push({ text: token.value, where: line(source, token.start) });
    }
    // Messages built around a field's name (`${label} must be at most ${max} characters`): a pattern must read them.
    for (const token of source.tokens) {
      if (token.kind !== 'tpl' || token.exprs.length === 0) continue;
      const before = source.code.slice(Math.max(0, token.start - 200), token.start);
      const named = token.parts[0] === '' && /^\s*(label|name)\s*$/.test(token.exprs[0] ?? '');
      const zodCall = /\.(min|max|length|regex|refine|int|string|array)\((?:[^()'"`]|\([^()]*\))*$/.test(before) || /\b(error|message)\s*:\s*$/.test(before);
      // A message-building function's body (`(label) => \`…\``) is read with its FUNCTION_SAMPLES instead.
      if ((!named && !zodCall) || /=>\s*$/.test(before)) continue;
      out.push({ text: fillTemplate(token, new Map()), where: line(source, token.start) });
    }
  }
  return out;
}

/** Rule 4: the field names the contracts put into those messages ("Bio" in "Bio is required"). */
const LABEL_HELPERS = /\b(text|requiredText|textList|httpsUrl|optionalHttpsUrl|webUrl|uniqueList|nonBlankList|dateOnly|optionalDate|requiredIdeaText)\(\s*$/;
function fieldNames(): Found[] {
  const out: Found[] = [];
  for (const source of sharedSources) {
    for (const token of source.tokens) {
      if (token.kind !== 'str' || !/^[A-Z]/.test(token.value)) continue;
      if (LABEL_HELPERS.test(source.code.slice(Math.max(0, token.start - 40), token.start))) out.push({ text: token.value, where: line(source, token.start) });
    }
  }
  return out;
}

/**
 * Texts the API can send that are deliberately not catalogued yet, with the reason (the list must stay
 * exact: a text here that gets an entry, or no longer exists, fails the test too).
 */
const NOT_YET: Record<string, string> = {
  // Found by the scan but not an error: POST /api/auth/forgot-password answers it with success (same words
  // whether or not the account exists); success messages are not localised by the hook (decision 742).
  'If an account exists for that email, we have sent a link to reset the password. It is valid for 1 hour.':
    'a success answer, not an error',
  // A fragment: the contracts send it after a field label ("Bio contains characters…"), never alone.
  'contains characters that are not allowed': 'a fragment of the field-label messages',
};

function uncovered(found: Found[]): string[] {
  const missing = new Map<string, string>();
  for (const { text, where } of found) if (!errorEntryOf(text) && !(text in NOT_YET) && !missing.has(text)) missing.set(text, where);
  return [...missing].map(([text, where]) => `${where}: ${JSON.stringify(text)}`);
}

describe('API error catalogue (CI gate)', () => {
  it('finds the texts the API can send', () => {
    const problems: string[] = [];
    const fromConstants = constantTexts(problems);
    expect(problems).toEqual([]);
    // The scan finds what it should: a constant read in a service, a literal, a notFound noun, a contract message.
    expect(fromConstants.map((f) => f.text)).toContain('Run a successful test sign-in before enabling this connection');
    expect(fromConstants.map((f) => f.text)).not.toContain('Survey scheduled'); // a success message only
    expect(helperTexts().map((f) => f.text)).toEqual(expect.arrayContaining(['Workshop not found']));
    expect(zodTexts().map((f) => f.text)).toEqual(expect.arrayContaining(['Please choose attended or absent', 'Please enter a subject']));
  });

  it('has an error.* entry for every English error text the API can send', () => {
    const problems: string[] = [];
    const found = [...constantTexts(problems), ...helperTexts(), ...zodTexts()];
    expect(uncovered(found)).toEqual([]);
  });

  it('has an error.field.* name for every field the contracts name in their messages', () => {
    const names = fieldNames();
    expect(names.map((f) => f.text)).toEqual(expect.arrayContaining(['Bio', 'Milestone due date']));
    const missing = [...new Set(names.filter((f) => !fieldEntryOf(f.text)).map((f) => `${f.where}: ${JSON.stringify(f.text)}`))];
    expect(missing).toEqual([]);
  });

  it('keeps the list of deliberately uncatalogued texts exact', () => {
    const problems: string[] = [];
    const texts = new Set([...constantTexts(problems), ...helperTexts(), ...zodTexts()].map((f) => f.text));
    const stale = Object.keys(NOT_YET).filter((text) => !texts.has(text) || errorEntryOf(text));
    expect(stale).toEqual([]);
  });
});
