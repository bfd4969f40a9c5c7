import bidiModule from 'bidi-js';
import * as hb from 'harfbuzzjs';
import { covers, FALLBACK_ORDER, loadFace, type FaceStyle, type Family, type LoadedFace } from './fonts.ts';

/**
 * Lays out one line of text the way a browser does (decision 830):
 * 1. the Unicode Bidirectional Algorithm (bidi-js) gives each character its embedding level;
 * 2. the line is split into runs of one level, one script and one face: each character goes to the
 *    Noto family of its script, or the first family that has a glyph for it (font fallback); spaces,
 *    punctuation and marks stay in the run they sit in;
 * 3. HarfBuzz shapes each run (with the whole line as context), in its script, direction and language;
 * 4. runs are put in visual order (rule L2 of the bidi algorithm).
 * The result is glyph ids and positions in points, ready for any PDF writer (see pdf.ts).
 */

// bidi-js is CommonJS whose module.exports is the factory; its types declare it as an ES default export.
const bidiFactory = bidiModule as unknown as typeof bidiModule.default;
const bidi = bidiFactory();

export interface TextStyle extends FaceStyle {
  /** Font size in points. */
  size: number;
}

export interface PositionedGlyph {
  id: number;
  /** Advance and offsets in points. */
  advance: number;
  dx: number;
  dy: number;
  /** The characters this glyph stands for (its cluster's text, on the cluster's first glyph only). */
  text: string;
}

export interface GlyphRun {
  face: LoadedFace;
  rtl: boolean;
  script: string;
  /** The run's text in logical order. */
  text: string;
  /** Glyphs left to right. */
  glyphs: PositionedGlyph[];
  width: number;
}

export interface LaidOutLine {
  /** The text as written (logical order, without bidi control characters). */
  text: string;
  /** Runs left to right. */
  runs: GlyphRun[];
  width: number;
  size: number;
  rtl: boolean;
  /** BCP 47 language of the line when one non-Latin script makes up its letters (for the PDF's /Lang). */
  lang: string | null;
}

/** Scripts with a family of their own: ISO 15924 code, matching regex, family, a language for it. */
const SCRIPTS: { code: string; re: RegExp; family: Family; lang: string }[] = [
  { code: 'Latn', re: /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u, family: 'latin', lang: 'en' },
  { code: 'Deva', re: /\p{Script=Devanagari}/u, family: 'devanagari', lang: 'hi' },
  { code: 'Beng', re: /\p{Script=Bengali}/u, family: 'bengali', lang: 'bn' },
  { code: 'Taml', re: /\p{Script=Tamil}/u, family: 'tamil', lang: 'ta' },
  { code: 'Arab', re: /\p{Script=Arabic}/u, family: 'arabic', lang: 'ar' },
  { code: 'Hebr', re: /\p{Script=Hebrew}/u, family: 'hebrew', lang: 'he' },
  { code: 'Hira', re: /[\p{Script=Hiragana}\p{Script=Katakana}]/u, family: 'japanese', lang: 'ja' },
  { code: 'Hang', re: /\p{Script=Hangul}/u, family: 'hangul', lang: 'ko' },
  { code: 'Hani', re: /[\p{Script=Han}\p{Script=Bopomofo}]/u, family: 'han', lang: 'zh' },
];

/** Bidi formatting characters: they steer the algorithm, print nothing and are not part of the text. */
export const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Start and end of an isolate whose direction comes from its own first strong letter (HTML's <bdi>). */
export const FSI = '\u2068';
export const PDI = '\u2069';

function scriptOf(ch: string): (typeof SCRIPTS)[number] | null {
  for (const s of SCRIPTS) if (s.re.test(ch)) return s;
  return null;
}

/** Zero-width formatting characters and variation selectors: they belong to the run they sit in. */
function isFormatting(cp: number): boolean {
  return (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f) || (cp >= 0xfe00 && cp <= 0xfe0f);
}

interface Item {
  start: number;
  end: number;
  level: number;
  script: (typeof SCRIPTS)[number] | null;
  face: LoadedFace;
}

/** Split into runs of one bidi level, one script and one face. */
function itemize(text: string, levels: Uint8Array, style: FaceStyle, japanese: boolean): Item[] {
  const chars: { start: number; end: number; script: (typeof SCRIPTS)[number] | null; cp: number }[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) ?? 0;
    const len = cp > 0xffff ? 2 : 1;
    chars.push({ start: i, end: i + len, script: scriptOf(String.fromCodePoint(cp)), cp });
    i += len;
  }
  // Characters of no script of their own (spaces, digits, punctuation, marks) take the script before them, or after.
  let prev: (typeof SCRIPTS)[number] | null = null;
  for (const c of chars) {
    if (c.script) prev = c.script;
    else c.script = prev;
  }
  let next: (typeof SCRIPTS)[number] | null = null;
  for (let i = chars.length - 1; i >= 0; i--) {
    const c = chars[i]!;
    if (c.script) next = c.script;
    else c.script = next;
  }
  // Japanese: Han in a line with kana prints in the Japanese face (Japanese forms of the characters).
  const items: Item[] = [];
  for (const c of chars) {
    const script = c.script ?? SCRIPTS[0]!;
    const isControl = isFormatting(c.cp);
    const last = items[items.length - 1];
    let face: LoadedFace;
    if (isControl && last) face = last.face;
    else {
      const preferred = loadFace(japanese && script.code === 'Hani' ? 'japanese' : script.family, style);
      if (covers(preferred, c.cp) || isControl) face = preferred;
      else if (last && covers(last.face, c.cp)) face = last.face;
      else {
        const fallback = FALLBACK_ORDER.map((f) => loadFace(f, style)).find((f) => covers(f, c.cp));
        face = fallback ?? preferred;
      }
    }
    const level = levels[c.start] ?? 0;
    if (last && last.level === level && last.face === face && last.script === script) last.end = c.end;
    else items.push({ start: c.start, end: c.end, level, script, face });
  }
  return items;
}

/** Reorder runs for display: from the highest level down to the lowest odd one, reverse each stretch at or above it. */
function visualOrder<T extends { level: number }>(runs: T[]): T[] {
  const out = [...runs];
  if (!out.length) return out;
  const max = Math.max(...out.map((r) => r.level));
  const minOdd = Math.min(...out.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = max; level >= minOdd; level--) {
    for (let i = 0; i < out.length; ) {
      if (out[i]!.level >= level) {
        let j = i;
        while (j < out.length && out[j]!.level >= level) j++;
        const reversed = out.slice(i, j).reverse();
        out.splice(i, j - i, ...reversed);
        i = j;
      } else i++;
    }
  }
  return out;
}

/** Shape one run; glyph positions in points, left to right. */
function shapeRun(text: string, item: Item, size: number, lang: string | null): GlyphRun {
  const rtl = item.level % 2 === 1;
  const buffer = new hb.Buffer();
  buffer.addText(text, item.start, item.end - item.start);
  buffer.setDirection(rtl ? hb.Direction.RTL : hb.Direction.LTR);
  buffer.setScript(item.script!.code);
  buffer.setLanguage(item.script!.code === 'Hani' && lang === 'ja' ? 'ja' : item.script!.lang);
  buffer.setFlags(hb.BufferFlag.REMOVE_DEFAULT_IGNORABLES);
  // Marks keep clusters of their own where the font draws them apart (each glyph maps to its own characters).
  buffer.setClusterLevel(hb.ClusterLevel.MONOTONE_CHARACTERS);
  hb.shape(item.face.hbFont, buffer);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  const scale = size / item.face.upem;
  // A cluster's text runs from its start to the next larger cluster start in the run.
  const starts = [...new Set(infos.map((g) => g.cluster))].sort((a, b) => a - b);
  const clusterEnd = (c: number) => starts.find((s) => s > c) ?? item.end;
  const seen = new Set<number>();
  const glyphs: PositionedGlyph[] = infos.map((g, i) => {
    const p = positions[i]!;
    const first = !seen.has(g.cluster);
    seen.add(g.cluster);
    return {
      id: g.codepoint,
      advance: p.xAdvance * scale,
      dx: p.xOffset * scale,
      dy: p.yOffset * scale,
      text: first ? text.slice(g.cluster, clusterEnd(g.cluster)).replace(BIDI_CONTROLS, '') : '',
    };
  });
  return {
    face: item.face,
    rtl,
    script: item.script!.code,
    text: text.slice(item.start, item.end),
    glyphs,
    width: glyphs.reduce((w, g) => w + g.advance, 0),
  };
}

/**
 * Lay out a line. `direction` is the paragraph direction: 'auto' takes it from the first strong letter
 * (as `dir="auto"` does); wrap an inserted name in FSI … PDI to keep it from reordering the words around it.
 */
export function layoutLine(text: string, style: TextStyle, direction: 'ltr' | 'rtl' | 'auto' = 'auto'): LaidOutLine {
  const { levels, paragraphs } = bidi.getEmbeddingLevels(text, direction);
  const items = itemize(text, levels, style, /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text));
  const letters = items.filter((i) => /\p{L}/u.test(text.slice(i.start, i.end)));
  const scripts = new Set(letters.map((i) => i.script!.code === 'Hani' || i.script!.code === 'Hira' ? 'CJK' : i.script!.code));
  const hasKana = items.some((i) => i.script!.code === 'Hira');
  let lang: string | null = null;
  if (scripts.size === 1 && !scripts.has('Latn')) {
    const code = letters[0]!.script!.code;
    lang = hasKana ? 'ja' : code === 'Hira' ? 'ja' : (SCRIPTS.find((s) => s.code === code)?.lang ?? null);
  }
  const runs = visualOrder(items).map((item) => shapeRun(text, item, style.size, hasKana ? 'ja' : lang));
  return {
    text: text.replace(BIDI_CONTROLS, ''),
    runs,
    width: runs.reduce((w, r) => w + r.width, 0),
    size: style.size,
    rtl: (paragraphs[0]?.level ?? 0) % 2 === 1,
    lang,
  };
}

/** Lay out a line at the largest size up to `size` (whole points, not below `minSize`) that fits `maxWidth`. */
export function layoutToFit(text: string, style: TextStyle, maxWidth: number, direction: 'ltr' | 'rtl' | 'auto' = 'auto', minSize = 8): LaidOutLine {
  const line = layoutLine(text, style, direction);
  if (line.width <= maxWidth) return line;
  // Widths scale with the size: one shaping pass, then the size that fits.
  const size = Math.max(minSize, Math.floor((style.size * maxWidth) / line.width));
  return layoutLine(text, { ...style, size }, direction);
}
