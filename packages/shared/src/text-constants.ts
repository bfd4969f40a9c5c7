// Plain-text rules of the contracts, without zod: first-paint web code imports these (decision 950).
// `text.ts` builds its zod fields on them and re-exports everything here.

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

export const CLEAN_MESSAGE = 'contains characters that are not allowed';

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

/** Whether `value` is an absolute http(s) URL with a host (no javascript:, data:, protocol-relative …). */
export function isWebUrl(value: string, protocols: readonly string[] = ['http:', 'https:']): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Same email rule as the spec: local part, an @, a dotted domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
