import type { z } from 'zod';
import type { MessageKey, MessageValues } from '@app/shared/i18n/translator';
import { zodMessages } from '@app/shared/i18n/zod-messages';

type T = (key: MessageKey, values?: MessageValues) => string;

export interface CheckOptions {
  /** A contract's own (English, the spec's) message in the page's language: `say`, `useSpecText()`… */
  own?: (english: string) => string;
  /** A field as the form labels it (`noticeHours` → "Minimum notice (hours)"); a list's entry (`tags[2]`) is named by its list. */
  label?: (field: string) => string | undefined;
}

/**
 * The messages the shared text helpers build around a field's English name (packages/shared/src/text.ts,
 * rd-projects.ts): the same `error.fieldRule.*` entries the API reads them back into. Longer patterns first.
 */
const FIELD_RULES: readonly (readonly [RegExp, MessageKey])[] = [
  [/^(.+): each entry must be at most (\d+) characters$/, 'error.fieldRule.entryMax'],
  [/^(.+): at most (\d+) entries$/, 'error.fieldRule.entries'],
  [/^(.+) must be at most (\d+) characters$/, 'error.fieldRule.max'],
  [/^(.+) contains characters that are not allowed$/, 'error.fieldRule.notAllowed'],
  [/^(.+) contain characters that are not allowed$/, 'error.fieldRule.notAllowedList'],
  [/^(.+) must be an https:\/\/ link$/, 'error.fieldRule.https'],
  [/^(.+) must be an http:\/\/ or https:\/\/ link$/, 'error.fieldRule.webLink'],
  [/^(.+) must be a link$/, 'error.fieldRule.link'],
  [/^(.+) must be a date \(YYYY-MM-DD\)$/, 'error.fieldRule.dateFormat'],
  [/^(.+) must be a valid date$/, 'error.fieldRule.date'],
  [/^(.+) cannot be blank$/, 'error.fieldRule.blank'],
  [/^(.+) must be unique$/, 'error.fieldRule.unique'],
  [/^(.+) must be text$/, 'error.fieldRule.text'],
  [/^(.+) is required$/, 'error.fieldRule.required'],
];

/** "Available start date" → its `error.field.availableStartDate` name in the page's language (English if none). */
function fieldLabel(english: string, t: T): string {
  const words = english.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = words.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join('');
  const key = ('error.field.' + camel) as MessageKey;
  const shown = t(key);
  return shown === key ? english : shown;
}

/** A text helper's English message in the page's language, or undefined when it is not one. */
export function fieldRuleMessage(english: string, t: T): string | undefined {
  for (const [pattern, key] of FIELD_RULES) {
    const m = pattern.exec(english);
    if (m?.[1]) return t(key, { field: fieldLabel(m[1], t), ...(m[2] ? { max: Number(m[2]) } : {}) });
  }
  return undefined;
}

/**
 * A form's check before it sends, with the contract the API checks against: every message in the
 * page's language. A contract's own message goes through `own`, then through the text helpers'
 * patterns; a check the contract left without a message (a type, a length, a format) is written from
 * the catalogue's `error.zod.*` entries, as the API writes it
 * (docs/decisions/1301-form-checks-in-the-page-language.md).
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  value: unknown,
  t: T,
  options: CheckOptions = {},
): { success: true; data: z.output<S> } | { success: false; messages: string[] } {
  // Messages this map writes are already in the page's language: they are kept apart from the contract's.
  const written = new Set<string>();
  const named = options.label;
  const label = named && ((field: string) => named(field) ?? named(field.replace(/\[\d+\]$/, '')));
  const map = zodMessages(t, { label });
  const parsed = schema.safeParse(value, {
    error: (issue) => {
      const message = map(issue);
      if (typeof message === 'string') written.add(message);
      return message;
    },
  });
  if (parsed.success) return { success: true, data: parsed.data };
  const own = (text: string) => {
    if (written.has(text)) return text;
    const mine = options.own?.(text);
    if (mine !== undefined && mine !== text) return mine;
    return fieldRuleMessage(text, t) ?? text;
  };
  return { success: false, messages: [...new Set(parsed.error.issues.map((issue) => own(issue.message)))] };
}
