import {
  type PDFArray,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames as Ops,
  type PDFRef,
  PDFString,
  type PDFDict,
  type PDFDocument,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import type { LoadedFace } from './fonts.ts';
import { BIDI_CONTROLS, layoutToFit, type LaidOutLine, type TextStyle } from './layout.ts';

const INDIC = /^(Deva|Beng|Taml)$/;
import { subsetFont } from './subset.ts';

/**
 * Writes laid-out lines into a pdf-lib document as a tagged PDF (decision 830):
 * - each face becomes a Type 0 / CIDFontType2 font with Identity encoding (CID = glyph id), embedded
 *   as a HarfBuzz subset with a ToUnicode map, when `finish()` is called;
 * - each line is a structure element (P, H1, …) of a Document element, its content a marked-content
 *   sequence with an MCID and /ActualText (the text as written, so extraction and screen readers get
 *   logical order even where glyphs are reordered: Indic vowel signs, right-to-left runs), and /Lang
 *   where the line is in another language than the document;
 * - decoration (borders, rules) is drawn as /Artifact.
 */
export interface LineOptions extends Partial<TextStyle> {
  /** Centre of the line (x) and its baseline (y), in points. */
  x: number;
  y: number;
  /** Shrink to fit this width. */
  maxWidth: number;
  color: RGB;
  /** Structure type: P (default), H1, H2, Span … */
  role?: string;
  direction?: 'ltr' | 'rtl' | 'auto';
}

interface EmbeddedFace {
  face: LoadedFace;
  ref: PDFRef;
  resourceName: string;
  /** Glyph id → the characters it stands for (the first text seen for it). */
  glyphs: Map<number, string>;
}

const op = (name: string, ...args: unknown[]) => PDFOperator.of(name as Ops, args as never[]);
const num = (n: number) => PDFNumber.of(Math.round(n * 1000) / 1000);

export class PdfText {
  private readonly faces = new Map<string, EmbeddedFace>();
  private readonly elements: PDFRef[] = [];
  private readonly parentTree = new Map<PDFPage, PDFRef[]>();
  private readonly documentRef: PDFRef;
  private readonly rootRef: PDFRef;

  constructor(
    private readonly doc: PDFDocument,
    lang: string,
  ) {
    this.documentRef = doc.context.nextRef();
    this.rootRef = doc.context.nextRef();
    doc.setLanguage(lang);
  }

  /** Lay out a line centred on `x` and draw it, tagged; returns the layout (width, size). */
  drawLine(page: PDFPage, text: string, o: LineOptions): LaidOutLine {
    const style: TextStyle = { size: o.size ?? 12, weight: o.weight ?? 'regular', slant: o.slant ?? 'normal' };
    const line = layoutToFit(text, style, o.maxWidth, o.direction ?? 'auto');
    const mcids = this.mcidsOf(page);
    const mcid = mcids.length;
    const elementRef = this.doc.context.nextRef();
    const element = this.doc.context.obj({
      Type: 'StructElem',
      S: o.role ?? 'P',
      P: this.documentRef,
      Pg: page.ref,
      K: mcid,
    }) as PDFDict;
    if (line.lang) element.set(PDFName.of('Lang'), PDFString.of(line.lang));
    this.doc.context.assign(elementRef, element);
    mcids.push(elementRef);
    this.elements.push(elementRef);

    const props = this.doc.context.obj({ MCID: mcid }) as PDFDict;
    if (line.lang) props.set(PDFName.of('Lang'), PDFString.of(line.lang));
    // Assistive technology reads the structure element: it gets the line as written when glyph order differs.
    if (line.runs.some((r) => r.rtl || INDIC.test(r.script))) element.set(PDFName.of('ActualText'), PDFHexString.fromText(line.text));
    const ops: PDFOperator[] = [op(Ops.BeginMarkedContentSequence, PDFName.of(o.role ?? 'P'), props)];
    ops.push(op(Ops.BeginText), op(Ops.NonStrokingColorRgb, num(o.color.red), num(o.color.green), num(o.color.blue)));
    let x = o.x - line.width / 2;
    for (const run of line.runs) {
      const f = this.embedded(page, run.face);
      // An Indic run's glyphs are reordered (a vowel sign before its consonant, a reph after): an inner Span
      // carries its characters as written, for extractors (poppler honours ActualText on a Span) and copying.
      // A right-to-left run is stored in visual order, as PDF text always is; extractors reorder it.
      const actual = INDIC.test(run.script);
      if (actual) ops.push(op(Ops.BeginMarkedContentSequence, PDFName.of('Span'), this.doc.context.obj({ ActualText: PDFHexString.fromText(run.text.replace(BIDI_CONTROLS, '')) })));
      ops.push(op(Ops.SetFontAndSize, PDFName.of(f.resourceName), num(line.size)));
      for (const g of run.glyphs) {
        // A ligature of a right-to-left run maps to its characters in visual order too (extractors reverse the run).
        const text = run.rtl ? [...g.text].reverse().join('') : g.text;
        if (!f.glyphs.has(g.id) || (!f.glyphs.get(g.id) && text)) f.glyphs.set(g.id, text);
        ops.push(
          op(Ops.SetTextMatrix, num(1), num(0), num(0), num(1), num(x + g.dx), num(o.y + g.dy)),
          op(Ops.ShowText, PDFHexString.of(g.id.toString(16).padStart(4, '0'))),
        );
        x += g.advance;
      }
      if (actual) ops.push(op(Ops.EndMarkedContent));
    }
    ops.push(op(Ops.EndText), op(Ops.EndMarkedContent));
    page.pushOperators(...ops);
    return line;
  }

  /** Draw decoration (not content): marked as an artifact, skipped by screen readers and extraction. */
  artifact(page: PDFPage, draw: () => void): void {
    page.pushOperators(op(Ops.BeginMarkedContent, PDFName.of('Artifact')));
    draw();
    page.pushOperators(op(Ops.EndMarkedContent));
  }

  /** Embed the fonts (subsets of the glyphs used) and write the structure tree. Call once, before save. */
  finish(): void {
    const ctx = this.doc.context;
    for (const f of this.faces.values()) this.writeFont(f);
    ctx.assign(this.documentRef, ctx.obj({ Type: 'StructElem', S: 'Document', P: this.rootRef, K: this.elements }));
    const nums: (number | PDFArray)[] = [];
    let key = 0;
    for (const [page, refs] of this.parentTree) {
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(key));
      page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
      nums.push(key, ctx.obj(refs) as PDFArray);
      key++;
    }
    ctx.assign(
      this.rootRef,
      ctx.obj({ Type: 'StructTreeRoot', K: [this.documentRef], ParentTree: ctx.obj({ Nums: nums }), ParentTreeNextKey: key }),
    );
    const catalog = this.doc.catalog;
    catalog.set(PDFName.of('StructTreeRoot'), this.rootRef);
    catalog.set(PDFName.of('MarkInfo'), ctx.obj({ Marked: true }));
    catalog.set(PDFName.of('ViewerPreferences'), ctx.obj({ DisplayDocTitle: true }));
  }

  private mcidsOf(page: PDFPage): PDFRef[] {
    let list = this.parentTree.get(page);
    if (!list) {
      list = [];
      this.parentTree.set(page, list);
    }
    return list;
  }

  private embedded(page: PDFPage, face: LoadedFace): EmbeddedFace {
    let f = this.faces.get(face.key);
    if (!f) {
      f = { face, ref: this.doc.context.nextRef(), resourceName: `F${this.faces.size + 1}`, glyphs: new Map() };
      this.faces.set(face.key, f);
    }
    page.node.setFontDictionary(PDFName.of(f.resourceName), f.ref);
    return f;
  }

  private writeFont(f: EmbeddedFace): void {
    const ctx = this.doc.context;
    const { face } = f;
    const ids = [...f.glyphs.keys()].sort((a, b) => a - b);
    const fontFile = ctx.flateStream(subsetFont(face.key, face.bytes, ids));
    const k = 1000 / face.upem;
    // A subset's name starts with six capital letters of its own (PDF 32000 9.6.4).
    let hash = 0;
    for (const id of ids) hash = (hash * 31 + id) >>> 0;
    const tag = Array.from({ length: 6 }, (_, i) => String.fromCharCode(65 + ((hash >>> (i * 4)) % 26))).join('');
    const baseFont = `${tag}+${face.postscriptName}`;
    const descriptor = ctx.register(
      ctx.obj({
        Type: 'FontDescriptor',
        FontName: baseFont,
        Flags: 4,
        FontBBox: face.bbox.map((v) => Math.round(v * k)),
        ItalicAngle: face.italicAngle,
        Ascent: Math.round(face.ascent * k),
        Descent: Math.round(face.descent * k),
        CapHeight: Math.round(face.ascent * k),
        StemV: 80,
        FontFile2: ctx.register(fontFile),
      }),
    );
    const widths: (number | number[])[] = [];
    for (const id of ids) widths.push(id, [Math.round(face.hbFont.glyphHAdvance(id) * k)]);
    const cidFont = ctx.register(
      ctx.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: baseFont,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        DW: 1000,
        W: widths,
        CIDToGIDMap: 'Identity',
      }),
    );
    const toUnicode = ctx.register(ctx.flateStream(toUnicodeCMap(f.glyphs)));
    ctx.assign(
      f.ref,
      ctx.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: baseFont, Encoding: 'Identity-H', DescendantFonts: [cidFont], ToUnicode: toUnicode }),
    );
  }
}

function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(4, '0');
  return out;
}

/** A ToUnicode CMap: each glyph to the characters it was first drawn for (ActualText carries the rest). */
function toUnicodeCMap(glyphs: Map<number, string>): string {
  const entries = [...glyphs].filter(([, text]) => text.length > 0).sort(([a], [b]) => a - b);
  const lines = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
  ];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    lines.push(`${chunk.length} beginbfchar`);
    for (const [id, text] of chunk) lines.push(`<${id.toString(16).padStart(4, '0')}> <${utf16Hex(text)}>`);
    lines.push('endbfchar');
  }
  lines.push('endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end');
  return lines.join('\n');
}
