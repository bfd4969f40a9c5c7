/**
 * The pseudo-locale (docs/decisions/971-pseudo-locale.md): a build- and test-only language made from the
 * English catalogue, in which every message is wrapped in markers, every letter accented and every vowel
 * doubled ("Sign in" → "[!! Šîîĝñ îîñ !!]"). A screen shown in it reveals at a glance (and to the browser
 * check, e2e/pseudo-locale.spec.ts) any text that does not come from the catalogues, and whether the
 * layout survives longer translations. It is never offered in the language menu.
 */
import type { CompiledMessage, CompiledMessageToken } from '@lingui/message-utils/compileMessage';

export const PSEUDO_LANGUAGE = 'en-XA';
export const PSEUDO_START = '[!! ';
export const PSEUDO_END = ' !!]';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i] ?? c]),
);
const VOWELS = new Set([...'aeiouAEIOU']);

/** Text accented and lengthened; `<tag>` and `</tag>` names (links of rich messages) and plurals' `#` stay. */
export function pseudoText(text: string): string {
  return text
    .split(/(<\/?[A-Za-z0-9]+>)/)
    .map((part, i) => (i % 2 === 1 ? part : [...part].map((c) => (VOWELS.has(c) ? ACCENTED[c]!.repeat(2) : (ACCENTED[c] ?? c))).join('')))
    .join('');
}

function transform(compiled: CompiledMessage, inPlural: boolean): CompiledMessage {
  return compiled.map((token): CompiledMessageToken => {
    if (typeof token === 'string') return token === '#' && inPlural ? token : pseudoText(token);
    const [name, kind, cases] = token;
    if (!kind || typeof cases !== 'object' || cases === null) return token;
    const plural = kind === 'plural' || kind === 'selectordinal';
    const out = Object.fromEntries(
      Object.entries(cases).map(([k, v]) => [k, Array.isArray(v) ? transform(v as CompiledMessage, plural) : typeof v === 'string' ? pseudoText(v) : v]),
    );
    return [name, kind, out];
  });
}

/** A compiled English message as the pseudo-locale shows it: wrapped in the markers, accented, longer. */
export function pseudoCompiled(compiled: CompiledMessage): CompiledMessage {
  return [PSEUDO_START, ...transform(compiled, false), PSEUDO_END];
}
