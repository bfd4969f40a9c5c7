import { z } from 'zod';

/** Text limits (PRODUCT.md "Text limits"). */
export const LIMITS = {
  name: 100,
  title: 200,
  short: 2000,
  long: 5000,
  listEntry: 100,
  listSize: 20,
  email: 254,
  password: 128,
} as const;

// Control characters other than tab/newline, and bidirectional overrides, are never legitimate in
// user text: they are used to disguise content (Trojan Source) or break storage.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isCleanText(value: string): boolean {
  return !FORBIDDEN_CHARS.test(value) && !LONE_SURROGATE.test(value);
}

const CLEAN_MESSAGE = 'contains characters that are not allowed';

/** A trimmed string with a maximum length and no control or bidi-override characters. */
export function text(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isCleanText, `${label} ${CLEAN_MESSAGE}`);
}

/** Like `text` but required (non-empty after trimming), with the given message when empty. */
export function requiredText(label: string, max: number, requiredMessage = `${label} is required`) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isCleanText, `${label} ${CLEAN_MESSAGE}`);
}

/** A list of short trimmed entries: blanks dropped, duplicates removed (case-insensitive). */
export function textList(label: string, maxItems: number = LIMITS.listSize, maxLen: number = LIMITS.listEntry) {
  return z
    .array(text(label, maxLen))
    .max(maxItems * 5, `${label}: at most ${maxItems} entries`)
    .transform((items) => uniqueTrimmed(items))
    .refine((items) => items.length <= maxItems, `${label}: at most ${maxItems} entries`);
}

export function uniqueTrimmed(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

export const httpsUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine((v) => isWebUrl(v, ['https:']), `${label} must be an https:// link`);

/** An optional https link where an empty string means "none". */
export const optionalHttpsUrl = (label: string) =>
  z.union([z.literal('').transform(() => undefined), httpsUrl(label)]).optional();

/** Whether `value` is an absolute http(s) URL with a host (no javascript:, data:, protocol-relative …). */
export function isWebUrl(value: string, protocols: readonly string[] = ['http:', 'https:']): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A stored link shown to others: http:// or https:// only. */
export const webUrl = (label: string) =>
  z
    .string({ error: `${label} must be a link` })
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine((v) => isWebUrl(v), `${label} must be an http:// or https:// link`);

/** Same email rule as the spec: local part, an @, a dotted domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
