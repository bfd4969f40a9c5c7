// Decision 1390: a server-rendered public page carries, inline, the part of the web build's stylesheet that
// its own markup uses (issue 27: the HTML a phone waits for, and the style it parses before the first paint).
// The stylesheet is Tailwind's output (minified by Lightning CSS): every utility is a rule of one class in
// `@layer utilities`, and the theme's values are custom properties. For a page, the utilities whose classes
// are not in its HTML are left out, then the theme's custom properties and `@property` rules nothing left
// refers to. Everything else (the reset, the app's own rules, keyframes) is kept whole. The app loads the
// whole stylesheet before it starts (main.tsx), since what it renders next may use any class.

/** A top-level or nested piece of the stylesheet: a rule, an at-rule with a block, or a statement. */
interface Piece {
  text: string;
  /** An at-rule's prelude and its pieces (`@media …`, `@supports …`, `@layer …`). */
  block?: { prelude: string; pieces: Piece[] };
  /** A style rule's class names (unescaped); empty when its selector names none (`*`, `html`, `:root`). */
  classes?: string[];
}

/** Splits CSS into its pieces at depth 0: `selector{…}`, `@rule{…}` and `@rule …;`. Strings and escapes are skipped. */
function split(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
      i = j;
      continue;
    }
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) {
        out.push(css.slice(start, i + 1));
        start = i + 1;
      }
    } else if (c === ';' && depth === 0) {
      out.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (depth !== 0) throw new Error('unbalanced stylesheet');
  if (css.slice(start).trim()) out.push(css.slice(start));
  return out;
}

const CLASS = /\.((?:\\(?:[0-9a-fA-F]{1,6} ?|[^\n])|[\w-])+)/g;

function unescape(name: string): string {
  return name.replace(/\\(?:([0-9a-fA-F]{1,6}) ?|([^\n]))/g, (_m, hex: string | undefined, char: string | undefined) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : (char ?? '')));
}

function parse(css: string): Piece[] {
  return split(css).map((text): Piece => {
    const open = text.indexOf('{');
    const head = (open < 0 ? text : text.slice(0, open)).trim();
    // A leading comment (the licence) stays with the piece it precedes.
    const prelude = head.replace(/^\/\*[\s\S]*?\*\/\s*/, '');
    if (prelude.startsWith('@')) {
      // Only grouping rules hold rules; @property, @keyframes, @font-face hold declarations and stay whole.
      if (open >= 0 && /^@(media|supports|layer|container)\b/.test(prelude)) return { text, block: { prelude: head, pieces: parse(text.slice(open + 1, -1)) } };
      return { text };
    }
    return { text, classes: [...prelude.matchAll(CLASS)].map((m) => unescape(m[1] ?? '')) };
  });
}

/** `pieces` written again with each rule as `leaf` writes it ('' leaves it out); an at-rule left empty goes. */
function rebuild(pieces: Piece[], leaf: (piece: Piece) => string): string {
  let out = '';
  for (const piece of pieces) {
    if (!piece.block) out += leaf(piece);
    else {
      const inner = rebuild(piece.block.pieces, leaf);
      if (inner) out += `${piece.block.prelude}{${inner}}`;
    }
  }
  return out;
}

/** The classes in a page's markup (`class="…"` attributes, as the server wrote them). */
export function classesOf(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(/\bclass="([^"]*)"/g)) {
    const value = (match[1] ?? '').replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e] ?? '');
    for (const name of value.split(/\s+/)) if (name) used.add(name);
  }
  return used;
}

const VAR = /var\((--[\w-]+)/g;
const referenced = (text: string, into: Set<string>) => {
  for (const m of text.matchAll(VAR)) into.add(m[1] ?? '');
};

export interface PageStyles {
  /** The stylesheet for a page whose markup is `html`. */
  forPage(html: string): string;
}

/**
 * Prepares `css` (read once per web build). Throws on a stylesheet it cannot read as Tailwind's (unbalanced
 * braces): the caller then inlines the whole of it.
 */
export function pageStyles(css: string): PageStyles {
  const pieces = parse(css);
  const isLayer = (piece: Piece, name: string) => piece.block?.prelude.replace(/^\/\*[\s\S]*?\*\/\s*/, '') === `@layer ${name}`;
  const utilities = pieces.find((p) => isLayer(p, 'utilities'));
  const theme = pieces.find((p) => isLayer(p, 'theme'));
  // The theme's rules (`:root,:host{--x:…;…}`, and again inside `@supports (color:lab(…))`), as declarations.
  const themeRules = new Map<Piece, { selector: string; declarations: Declaration[] }>();
  const collect = (list: Piece[]) => {
    for (const piece of list) {
      if (piece.block) collect(piece.block.pieces);
      else {
        const rule = /^([^{]+)\{([\s\S]*)\}$/.exec(piece.text);
        if (rule) themeRules.set(piece, { selector: rule[1] ?? '', declarations: splitDeclarations(rule[2] ?? '') });
      }
    }
  };
  if (theme?.block) collect(theme.block.pieces);
  const allDeclarations = [...themeRules.values()].flatMap((r) => r.declarations);
  // Per top-level piece, once: the property an `@property` registers, and whether its text's var() references
  // count (not the theme's, worked out below, nor the old browsers' fallback layer, which lists them all).
  const registers = pieces.map((piece) => /^@property\s+(--[\w-]+)/.exec(piece.text.trimStart())?.[1]);
  const refers = pieces.map((piece, i) => piece !== theme && !isLayer(piece, 'properties') && !registers[i]);
  return {
    forPage(html) {
      const used = classesOf(html);
      // The utilities a page uses: a rule is kept when any class its selector names is on the page.
      const usedRule = (piece: Piece) => (!piece.classes || piece.classes.length === 0 || piece.classes.some((c) => used.has(c)) ? piece.text : '');
      const parts = pieces.map((piece) => (piece === utilities && piece.block ? `${piece.block.prelude}{${rebuild(piece.block.pieces, usedRule)}}` : piece.text));
      const names = new Set<string>();
      parts.forEach((part, i) => {
        if (refers[i]) referenced(part, names);
      });
      if (theme?.block) {
        // A theme value may refer to another (--default-font-family: var(--font-sans)): kept until nothing new is.
        for (let grew = true; grew; ) {
          grew = false;
          for (const d of allDeclarations) {
            if (names.has(d.name) && d.text.includes('var(--')) {
              const before = names.size;
              referenced(d.text, names);
              if (names.size > before) grew = true;
            }
          }
        }
        const themeRule = (piece: Piece) => {
          const rule = themeRules.get(piece);
          if (!rule) return piece.text;
          const kept = rule.declarations.filter((d) => names.has(d.name));
          return kept.length > 0 ? `${rule.selector}{${kept.map((d) => d.text).join(';')}}` : '';
        };
        parts[pieces.indexOf(theme)] = `${theme.block.prelude}{${rebuild(theme.block.pieces, themeRule)}}`;
      }
      return parts.map((part, i) => (registers[i] && !names.has(registers[i]) ? '' : part)).join('');
    },
  };
}

interface Declaration {
  name: string;
  text: string;
}

/** `--a:1;--b:var(--a)` as its declarations (a value's parentheses and strings may hold `;`). */
function splitDeclarations(body: string): Declaration[] {
  const out: Declaration[] = [];
  let depth = 0;
  let start = 0;
  const push = (end: number) => {
    const text = body.slice(start, end).trim();
    if (text) out.push({ name: text.slice(0, text.indexOf(':')).trim(), text });
    start = end + 1;
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < body.length && body[j] !== c) j += body[j] === '\\' ? 2 : 1;
      i = j;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ';' && depth === 0) push(i);
  }
  push(body.length);
  return out;
}
