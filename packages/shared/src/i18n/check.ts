import { parse, type Token } from '@messageformat/parser';

/**
 * The checks CI runs over the catalogues (catalogues.test.ts): every language has exactly the source's
 * keys, every message parses as ICU MessageFormat, placeholders and markup tags are the same as in
 * English, and plurals give every category the language uses for whole numbers.
 */
export interface Problem {
  language: string;
  key: string;
  problem: string;
}

/** Argument names, `<tag>` names and the plural/selectordinal blocks (their case keys) of a message. */
export function shapeOf(message: string): { args: Set<string>; tags: Set<string>; plurals: { arg: string; keys: string[]; ordinal: boolean }[] } {
  const args = new Set<string>();
  const tags = new Set<string>();
  const plurals: { arg: string; keys: string[]; ordinal: boolean }[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') for (const m of token.value.matchAll(/<([a-zA-Z][\w-]*)>/g)) tags.add(m[1] ?? '');
      if (token.type === 'argument' || token.type === 'function') args.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        args.add(token.arg);
        if (token.type !== 'select') plurals.push({ arg: token.arg, keys: token.cases.map((c) => c.key), ordinal: token.type === 'selectordinal' });
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message, { strict: false }));
  return { args, tags, plurals };
}

/** The plural categories `language` gives to whole numbers from 0 to 1000 (the counts people see). */
export function wholeNumberCategories(language: string, ordinal = false): Set<string> {
  const rules = new Intl.PluralRules(language, { type: ordinal ? 'ordinal' : 'cardinal' });
  const seen = new Set<string>();
  for (let n = 0; n <= 1000; n++) seen.add(rules.select(n));
  return seen;
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

export function checkCatalogues(source: Record<string, string>, translations: Record<string, Record<string, string>>): Problem[] {
  const problems: Problem[] = [];
  const all = { en: source, ...translations };
  const shapes = new Map<string, ReturnType<typeof shapeOf>>();
  for (const [language, catalogue] of Object.entries(all)) {
    for (const key of Object.keys(source)) if (!(key in catalogue)) problems.push({ language, key, problem: 'missing' });
    for (const key of Object.keys(catalogue)) if (!(key in source)) problems.push({ language, key, problem: 'not in the English source catalogue' });
    const direction = catalogue['language.direction'];
    if (direction !== 'ltr' && direction !== 'rtl') problems.push({ language, key: 'language.direction', problem: 'must be ltr or rtl' });
    for (const [key, message] of Object.entries(catalogue)) {
      if (typeof message !== 'string' || !message.trim()) {
        problems.push({ language, key, problem: 'empty' });
        continue;
      }
      let shape: ReturnType<typeof shapeOf>;
      try {
        shape = shapeOf(message);
      } catch (error) {
        problems.push({ language, key, problem: `does not parse: ${(error as Error).message.split('\n')[0]}` });
        continue;
      }
      if (language === 'en') shapes.set(key, shape);
      const english = shapes.get(key) ?? (language === 'en' ? shape : undefined);
      if (language !== 'en' && english) {
        if (!sameSet(shape.args, english.args))
          problems.push({ language, key, problem: `placeholders {${[...shape.args].join('}, {')}} differ from English {${[...english.args].join('}, {')}}` });
        if (!sameSet(shape.tags, english.tags))
          problems.push({ language, key, problem: `tags <${[...shape.tags].join('>, <')}> differ from English <${[...english.tags].join('>, <')}>` });
      }
      const opening = [...message.matchAll(/<([a-zA-Z][\w-]*)>/g)].map((m) => m[1]);
      const closing = [...message.matchAll(/<\/([a-zA-Z][\w-]*)>/g)].map((m) => m[1]);
      if (opening.join() !== closing.join()) problems.push({ language, key, problem: 'unbalanced <tag>…</tag>' });
      for (const plural of shape.plurals) {
        const needed = wholeNumberCategories(language, plural.ordinal);
        const keys = new Set(plural.keys.filter((k) => !k.startsWith('=')));
        for (const category of needed) if (!keys.has(category)) problems.push({ language, key, problem: `plural {${plural.arg}} lacks the "${category}" form ${language} needs` });
        const known = new Set(new Intl.PluralRules(language, { type: plural.ordinal ? 'ordinal' : 'cardinal' }).resolvedOptions().pluralCategories);
        for (const k of keys) if (!known.has(k as Intl.LDMLPluralRule)) problems.push({ language, key, problem: `plural {${plural.arg}} has "${k}", which ${language} does not use` });
      }
    }
  }
  return problems;
}
