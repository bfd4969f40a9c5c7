/**
 * Text for PDFs in any script (decision 830): bidi ordering, script runs with Noto font fallback,
 * HarfBuzz shaping, subset embedding and tagging. Certificates of workshops use it; anything else that
 * prints names into a PDF (programme certificates) should too:
 *
 *   const text = new PdfText(doc, 'en');
 *   text.drawLine(page, name, { x, y, maxWidth, size: 32, weight: 'bold', color, role: 'H2' });
 *   text.artifact(page, () => page.drawRectangle(…));
 *   text.finish(); // before doc.save()
 */
export { PdfText, type LineOptions } from './pdf.ts';
export { layoutLine, layoutToFit, FSI, PDI, BIDI_CONTROLS, type LaidOutLine, type TextStyle } from './layout.ts';
export type { Weight, Slant } from './fonts.ts';
export { certificateSheet, isolate } from './certificate.ts';
