// The fontkit fork pdfkit uses (API of fontkit 1.x, which pdf-lib's registerFontkit expects); it ships no types.
declare module '@foliojs-fork/fontkit' {
  export interface FontkitGlyph {
    id: number;
    codePoints: number[];
  }
  export interface FontkitGlyphRun {
    glyphs: FontkitGlyph[];
    direction?: 'ltr' | 'rtl';
  }
  export interface FontkitFont {
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: unknown, script?: unknown, language?: unknown, direction?: unknown): FontkitGlyphRun;
  }
  const fontkit: { create(buffer: Buffer, postscriptName?: string): FontkitFont };
  export default fontkit;
}
