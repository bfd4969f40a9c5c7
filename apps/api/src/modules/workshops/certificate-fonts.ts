import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit, { type FontkitFont } from '@foliojs-fork/fontkit';
import { PDFHexString, PDFName, PDFOperator, PDFOperatorNames, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

/**
 * The certificate's fonts (docs/decisions/403-certificate-fonts.md): Noto faces from npm packages,
 * embedded as subsets so a PDF carries only the glyphs it prints. Text is split into runs by the first
 * face that has a glyph for each character (Latin, Devanagari, Arabic, Chinese), so a name in any of
 * those scripts prints as written; fontkit shapes each run (Arabic joining forms and right-to-left
 * order, Devanagari conjuncts and vowel signs).
 */
export type FaceName = 'latin' | 'latinBold' | 'latinItalic' | 'devanagari' | 'arabic' | 'chinese';

const require = createRequire(import.meta.url);

/** A file inside an installed package (its entry point resolved, then up to the package's folder). */
function packageFile(pkg: string, file: string): string {
  let dir = path.dirname(require.resolve(pkg));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, file);
}

const FILES: Record<FaceName, () => string> = {
  latin: () => packageFile('@embedpdf/fonts-latin', 'fonts/NotoSans-Regular.ttf'),
  latinBold: () => packageFile('@embedpdf/fonts-latin', 'fonts/NotoSans-Bold.ttf'),
  latinItalic: () => packageFile('@embedpdf/fonts-latin', 'fonts/NotoSans-Italic.ttf'),
  devanagari: () => packageFile('@expo-google-fonts/noto-sans-devanagari', '400Regular/NotoSansDevanagari_400Regular.ttf'),
  arabic: () => packageFile('@embedpdf/fonts-arabic', 'fonts/NotoNaskhArabic-Regular.ttf'),
  chinese: () => packageFile('@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf'),
};

interface LoadedFace {
  bytes: Uint8Array;
  /** fontkit's parsed face, used to ask which characters it covers. */
  font: FontkitFont;
}

const cache = new Map<FaceName, LoadedFace>();
function face(name: FaceName): LoadedFace {
  let loaded = cache.get(name);
  if (!loaded) {
    const bytes = new Uint8Array(readFileSync(FILES[name]()));
    loaded = { bytes, font: fontkit.create(Buffer.from(bytes)) };
    cache.set(name, loaded);
  }
  return loaded;
}

const VISUAL = Symbol('visual-order code points');

/**
 * fontkit as pdf-lib uses it, with one change: a right-to-left run comes back in visual order, so a
 * ligature glyph in it (lam-alef, the Allah ligature) maps back to its characters in visual order too.
 * Text extractors reorder a right-to-left line as a whole; without this a ligature's letters came out
 * reversed ("الله" as "اهلل").
 */
const visualOrderFontkit = {
  create(bytes: Uint8Array, postscriptName?: string): FontkitFont {
    // pdf-lib hands over a Uint8Array; this fontkit recognises a Buffer only.
    const font = fontkit.create(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), postscriptName);
    const layout = font.layout.bind(font);
    font.layout = (text, features, script, language, direction) => {
      const run = layout(text, features, script, language, direction);
      if (run.direction === 'rtl') {
        for (const glyph of run.glyphs) {
          const g = glyph as typeof glyph & { [VISUAL]?: boolean };
          if (g.codePoints.length > 1 && !g[VISUAL]) {
            g.codePoints = [...g.codePoints].reverse();
            g[VISUAL] = true;
          }
        }
      }
      return run;
    };
    return font;
  },
};

/** Fallback order after the line's primary (Latin) face. */
const FALLBACKS: FaceName[] = ['devanagari', 'arabic', 'chinese'];

export interface Run {
  face: FaceName;
  text: string;
}

/** Characters that join whatever run they sit in (spaces, joiners, combining marks) rather than start one. */
function isNeutral(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  return /\s/u.test(ch) || cp === 0x200c || cp === 0x200d || (cp >= 0x300 && cp <= 0x36f);
}

/** Split text into runs, each printable by one face (the primary first, then the fallbacks). */
export function splitRuns(text: string, primary: FaceName): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const last = runs[runs.length - 1];
    if (last && isNeutral(ch)) {
      last.text += ch;
      continue;
    }
    // Stay in the current face when it covers the character (keeps a word in one shaped run).
    const chosen =
      last && face(last.face).font.hasGlyphForCodePoint(cp)
        ? last.face
        : ([primary, ...FALLBACKS].find((f) => face(f).font.hasGlyphForCodePoint(cp)) ?? primary);
    if (last && last.face === chosen) last.text += ch;
    else runs.push({ face: chosen, text: ch });
  }
  return runs;
}

/** Embeds faces on demand (as subsets) into one document. */
export function fontSet(doc: PDFDocument) {
  doc.registerFontkit(visualOrderFontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const embedded = new Map<FaceName, Promise<PDFFont>>();
  return (name: FaceName): Promise<PDFFont> => {
    let font = embedded.get(name);
    if (!font) {
      font = doc.embedFont(face(name).bytes, { subset: true });
      embedded.set(name, font);
    }
    return font;
  };
}

/** Indic scripts (Devanagari to Sinhala): shaping reorders their glyphs. */
const INDIC = /[\u0900-\u0dff]/u;

/**
 * Draw one run. A shaped left-to-right run (Devanagari, in whichever face covers it) stores its glyphs in visual order (a vowel sign
 * before its consonant, a reph after): it is wrapped in an /ActualText span so copying or extracting
 * the text gives the characters as written.
 */
export function drawRun(page: PDFPage, run: { face: FaceName; text: string; font: PDFFont }, x: number, y: number, size: number, color: RGB) {
  const actual = INDIC.test(run.text);
  if (actual) {
    const props = page.doc.context.obj({ ActualText: PDFHexString.fromText(run.text) });
    // BDC takes a tag and a property list; pdf-lib's operator type lists no dictionary operand.
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), props as unknown as PDFName]));
  }
  page.drawText(run.text, { x, y, size, font: run.font, color });
  if (actual) page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
}
