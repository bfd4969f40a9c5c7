import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { createTranslator } from './translator.ts';
import { PSEUDO_LANGUAGE, pseudoCompiled, pseudoText } from './pseudo.ts';

describe('the pseudo-locale (decision 971)', () => {
  it('accents every Latin letter and doubles the vowels, so the text is longer and has no plain letters', () => {
    expect(pseudoText('Sign in')).toBe('Šîîĝñ îîñ');
    expect(pseudoText('Sign in').length).toBeGreaterThan('Sign in'.length);
    expect(pseudoText('The quick brown fox jumps over the lazy dog, AEIOU 123')).not.toMatch(/[A-Za-z]/);
  });

  it('wraps each message in markers and keeps placeholders, plurals, selects and tags working', () => {
    const messages = {
      a: pseudoCompiled(compileMessage('Hello {name}')),
      b: pseudoCompiled(compileMessage('{count, plural, one {# seat left} other {# seats left}}')),
      c: pseudoCompiled(compileMessage('Read the <terms>Terms</terms>')),
      d: pseudoCompiled(compileMessage('{kind, select, a {Alpha} other {Other}}')),
    };
    const { t } = createTranslator(PSEUDO_LANGUAGE, messages);
    expect(t('a' as never, { name: 'Asha' })).toBe('[!! Ĥééļļöö Asha !!]');
    expect(t('b' as never, { count: 1 })).toBe('[!! 1 šééååţ ļééƒţ !!]');
    expect(t('b' as never, { count: 3 })).toBe('[!! 3 šééååţš ļééƒţ !!]');
    expect(t('c' as never)).toBe('[!! Ŕééååđ ţĥéé <terms>Ţééŕɱš</terms> !!]');
    expect(t('d' as never, { kind: 'a' })).toBe('[!! ÅÅļþĥåå !!]');
  });
});
