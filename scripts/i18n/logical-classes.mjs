// Physical (left/right) Tailwind classes and their logical (start/end) equivalents, so the layout
// mirrors in a right-to-left language (docs/decisions/741-right-to-left.md).
//
//   node scripts/i18n/logical-classes.mjs          rewrite every file under apps/web/src in place
//   node scripts/i18n/logical-classes.mjs --check  list what would change, exit 1 if anything would
//
// The ESLint rule `mentorbridge/no-physical-direction-classes` (eslint-rules/) uses the same table, so
// whatever the rule reports this script fixes.
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** [physical prefix, logical prefix]: the class is `<prefix>` alone or `<prefix>-<value>`. */
export const LOGICAL = [
  ['ml', 'ms'], ['mr', 'me'], ['pl', 'ps'], ['pr', 'pe'],
  ['scroll-ml', 'scroll-ms'], ['scroll-mr', 'scroll-me'], ['scroll-pl', 'scroll-ps'], ['scroll-pr', 'scroll-pe'],
  ['left', 'inset-s'], ['right', 'inset-e'],
  ['text-left', 'text-start'], ['text-right', 'text-end'],
  ['float-left', 'float-start'], ['float-right', 'float-end'],
  ['clear-left', 'clear-start'], ['clear-right', 'clear-end'],
  ['rounded-l', 'rounded-s'], ['rounded-r', 'rounded-e'],
  ['rounded-tl', 'rounded-ss'], ['rounded-tr', 'rounded-se'], ['rounded-bl', 'rounded-es'], ['rounded-br', 'rounded-ee'],
  ['border-l', 'border-s'], ['border-r', 'border-e'],
];

// Prefixes that need a value (`left-0`, `ml-2`); the others also stand alone (`text-left`, `border-l`).
const NEEDS_VALUE = new Set(['ml', 'mr', 'pl', 'pr', 'scroll-ml', 'scroll-mr', 'scroll-pl', 'scroll-pr', 'left', 'right']);

const alternatives = [...LOGICAL].sort((a, b) => b[0].length - a[0].length).map(([p]) => p.replace(/-/g, '\\-')).join('|');
/**
 * One class token: optional variants (`sm:`, `hover:`, `[&>li]:`), optional `-` (negative), the physical
 * prefix, then `-value` or nothing, ending at a class boundary. Group 1 is what precedes it.
 */
export const PHYSICAL_CLASS = new RegExp(
  `(^|[\\s"'\`{(])((?:[\\w\\-\\[\\]&>*=.:@/]+:)*!?-?)(${alternatives})((?:-[\\w./%\\[\\]()#,-]+)?)(!?)(?=$|[\\s"'\`})])`,
  'g',
);

/** The logical spelling of every physical class in `text`, and how many were changed. */
export function toLogical(text) {
  let count = 0;
  const out = text.replace(PHYSICAL_CLASS, (match, before, variants, prefix, value, important) => {
    if (NEEDS_VALUE.has(prefix) && !value) return match;
    const logical = LOGICAL.find(([p]) => p === prefix)[1];
    count++;
    return `${before}${variants}${logical}${value}${important}`;
  });
  return { text: out, count };
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(tsx?|css)$/.test(name)) yield path;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  const root = new URL('../../apps/web/src', import.meta.url).pathname;
  let total = 0;
  for (const file of files(root)) {
    if (file.endsWith('.css')) continue; // CSS uses physical properties only where direction does not matter
    const source = readFileSync(file, 'utf8');
    const { text, count } = toLogical(source);
    if (!count) continue;
    total += count;
    console.log(`${file.slice(root.length + 1)}: ${count}`);
    if (!check) writeFileSync(file, text);
  }
  console.log(`${total} physical class${total === 1 ? '' : 'es'} ${check ? 'found' : 'made logical'}`);
  if (check && total) process.exit(1);
}
