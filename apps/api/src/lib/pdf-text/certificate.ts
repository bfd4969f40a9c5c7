import { PDFDocument, rgb, type PDFPage, type RGB } from 'pdf-lib';
import type { Slant, Weight } from './fonts.ts';
import { FSI, PDI } from './layout.ts';
import { PdfText } from './pdf.ts';

/** A name or title inside a sentence: isolated (as HTML's <bdi>), so its direction does not reorder the sentence. */
export const isolate = (s: string) => `${FSI}${s}${PDI}`;

type Direction = 'ltr' | 'rtl' | 'auto';

/**
 * The sheet every MentorBridge certificate is printed on (workshops, programmes): an A4 landscape page
 * with the document's metadata, a double frame (and whatever `decorate` adds to it, as artefacts) and
 * its colours. `line` writes one centred line; `direction` is the default of its last argument.
 */
export async function certificateSheet(o: {
  title: string;
  subject: string;
  language: string;
  direction: Direction;
  decorate?: (page: PDFPage, width: number, height: number) => void;
}) {
  const doc = await PDFDocument.create();
  doc.setTitle(o.title);
  doc.setAuthor('MentorBridge');
  doc.setSubject(o.subject);
  doc.setCreator('MentorBridge');
  const text = new PdfText(doc, o.language);
  const page = doc.addPage([842, 595]);
  const { width, height } = page.getSize();
  const accent = rgb(0.15, 0.35, 0.85);
  const muted = rgb(0.35, 0.38, 0.45);
  const ink = rgb(0.1, 0.12, 0.2);
  text.artifact(page, () => {
    page.drawRectangle({ x: 20, y: 20, width: width - 40, height: height - 40, borderColor: accent, borderWidth: 3 });
    page.drawRectangle({ x: 30, y: 30, width: width - 60, height: height - 60, borderColor: rgb(0.75, 0.8, 0.95), borderWidth: 1 });
    o.decorate?.(page, width, height);
  });
  const line = (s: string, y: number, size: number, color: RGB, weight: Weight = 'regular', slant: Slant = 'normal', role = 'P', dir: Direction = o.direction) =>
    text.drawLine(page, s, { x: width / 2, y, maxWidth: width - 120, size, weight, slant, color, role, direction: dir });
  /** Closes the text engine and writes the PDF. */
  const save = () => {
    text.finish();
    return doc.save();
  };
  return { width, height, accent, muted, ink, line, save };
}
