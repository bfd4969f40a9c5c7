/**
 * Which of the available languages a person gets, from what they ask for (their profile, a choice
 * stored on this device, `navigator.languages` or `Accept-Language`), best first. Framework-free:
 * the web app's entry uses it before anything else has loaded.
 */

/** The language tags of an `Accept-Language` header, most wanted first (q=0 means "not this one"). */
export function parseAcceptLanguage(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag && l.tag !== '*' && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(l.tag) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/**
 * The first wanted tag that an available language serves: an exact match (`es`), else the same
 * primary language (`es-MX` → `es`, `hi-Latn-IN` → `hi`). Undefined when none does.
 */
export function matchLanguage(wanted: readonly (string | null | undefined)[], available: readonly string[]): string | undefined {
  const lower = available.map((a) => a.toLowerCase());
  for (const tag of wanted) {
    if (!tag) continue;
    const t = tag.toLowerCase();
    const exact = lower.indexOf(t);
    if (exact >= 0) return available[exact];
    const primary = lower.indexOf(t.split('-')[0] ?? '');
    if (primary >= 0) return available[primary];
  }
  return undefined;
}

/** The language to use: the first wanted one that is available, else `fallback`. */
export function negotiateLanguage(wanted: readonly (string | null | undefined)[], available: readonly string[], fallback = 'en'): string {
  return matchLanguage(wanted, available) ?? fallback;
}
