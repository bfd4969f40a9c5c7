import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as hb from 'harfbuzzjs';

/**
 * The Noto faces text is set in (docs/decisions/830-certificate-text-engine.md), all from npm packages
 * with their OFL licences. A face is read and handed to HarfBuzz the first time a line needs it, so
 * the Korean, Chinese and Japanese faces (about 6, 10 and 5 MB) cost nothing until a name in those scripts prints.
 */
export type Weight = 'regular' | 'bold';
export type Slant = 'normal' | 'italic';
export type Family = 'latin' | 'devanagari' | 'bengali' | 'tamil' | 'arabic' | 'hebrew' | 'han' | 'japanese' | 'hangul';

const require = createRequire(import.meta.url);

/** A file inside an installed package (its entry point resolved, then up to the package's folder). */
function packageFile(pkg: string, file: string): string {
  let dir = path.dirname(require.resolve(pkg));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, file);
}

const expo = (pkg: string, name: string) => ({
  regular: () => packageFile(`@expo-google-fonts/${pkg}`, `400Regular/${name}_400Regular.ttf`),
  bold: () => packageFile(`@expo-google-fonts/${pkg}`, `700Bold/${name}_700Bold.ttf`),
});

/** Where each family's regular and bold faces are; only Latin has a true italic (others print upright). */
const FILES: Record<Family, { regular: () => string; bold: () => string; italic?: () => string; boldItalic?: () => string }> = {
  latin: {
    regular: () => packageFile('@embedpdf/fonts-latin', 'fonts/NotoSans-Regular.ttf'),
    bold: () => packageFile('@embedpdf/fonts-latin', 'fonts/NotoSans-Bold.ttf'),
    italic: () => packageFile('@embedpdf/fonts-latin', 'fonts/NotoSans-Italic.ttf'),
    boldItalic: () => packageFile('@embedpdf/fonts-latin', 'fonts/NotoSans-BoldItalic.ttf'),
  },
  devanagari: expo('noto-sans-devanagari', 'NotoSansDevanagari'),
  bengali: expo('noto-sans-bengali', 'NotoSansBengali'),
  tamil: expo('noto-sans-tamil', 'NotoSansTamil'),
  arabic: {
    regular: () => packageFile('@embedpdf/fonts-arabic', 'fonts/NotoNaskhArabic-Regular.ttf'),
    bold: () => packageFile('@embedpdf/fonts-arabic', 'fonts/NotoNaskhArabic-Bold.ttf'),
  },
  hebrew: expo('noto-sans-hebrew', 'NotoSansHebrew'),
  han: expo('noto-sans-sc', 'NotoSansSC'),
  // Japanese (decision 940): kana, and Han in a line with kana, in the Japanese forms of the characters.
  japanese: expo('noto-sans-jp', 'NotoSansJP'),
  hangul: expo('noto-sans-kr', 'NotoSansKR'),
};

/** The order in which families are tried for a character no preferred family covers. */
export const FALLBACK_ORDER: Family[] = ['latin', 'devanagari', 'bengali', 'tamil', 'arabic', 'hebrew', 'han', 'japanese', 'hangul'];

export interface FaceStyle {
  weight: Weight;
  slant: Slant;
}

/** One loaded font file: its bytes, HarfBuzz's face and font (scale = units per em), and metrics for PDF. */
export interface LoadedFace {
  key: string;
  family: Family;
  bytes: Uint8Array;
  hbFace: hb.Face;
  hbFont: hb.Font;
  upem: number;
  postscriptName: string;
  bbox: [number, number, number, number];
  ascent: number;
  descent: number;
  italicAngle: number;
}

function fileFor(family: Family, style: FaceStyle): string {
  const f = FILES[family];
  if (style.slant === 'italic') {
    const italic = style.weight === 'bold' ? f.boldItalic : f.italic;
    if (italic) return italic();
  }
  return style.weight === 'bold' ? f.bold() : f.regular();
}

const cache = new Map<string, LoadedFace>();

/** The face of a family in a style (loaded once per process). */
export function loadFace(family: Family, style: FaceStyle): LoadedFace {
  const file = fileFor(family, style);
  let face = cache.get(file);
  if (!face) {
    const bytes = new Uint8Array(readFileSync(file));
    const hbFace = new hb.Face(new hb.Blob(bytes));
    const hbFont = new hb.Font(hbFace);
    // A table comes back as a view into HarfBuzz's WebAssembly memory, which the next call into HarfBuzz may
    // grow: growing detaches every view made before. So each table is copied out at once, before the next
    // call (a long-running server's memory grows at any time; "detached ArrayBuffer" otherwise, decision 1410).
    const view = (table: string) => {
      const t = hbFace.referenceTable(table);
      if (!t) throw new Error(`${path.basename(file)} has no ${table} table`);
      return new DataView(t.slice().buffer);
    };
    const head = view('head');
    const hhea = view('hhea');
    const post = view('post');
    const name = (hbFace.getName(6, 'en') || path.basename(file, '.ttf')).replace(/[^A-Za-z0-9-]/g, '');
    face = {
      key: file,
      family,
      bytes,
      hbFace,
      hbFont,
      upem: hbFace.upem,
      postscriptName: name,
      bbox: [head.getInt16(36), head.getInt16(38), head.getInt16(40), head.getInt16(42)],
      ascent: hhea.getInt16(4),
      descent: hhea.getInt16(6),
      italicAngle: post.getInt32(4) / 65536,
    };
    cache.set(file, face);
  }
  return face;
}

/** Whether a face maps a code point to a glyph of its own. */
export function covers(face: LoadedFace, codePoint: number): boolean {
  return (face.hbFont.nominalGlyph(codePoint) ?? 0) !== 0;
}
