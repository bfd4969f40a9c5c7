import { DateTime } from 'luxon';
import { PDFDocument, rgb, type RGB } from 'pdf-lib';
import { FSI, PdfText, PDI, type Slant, type Weight } from '../../lib/pdf-text/index.ts';
import type { CertificateFacts } from './workshops.service.ts';

/** A name or title inside an English sentence: isolated (as HTML's <bdi>), so its direction does not reorder the sentence. */
const isolate = (s: string) => `${FSI}${s}${PDI}`;

/**
 * An A4 landscape certificate of attendance with the public verification id and URL. Text goes through
 * the shared PDF text engine (lib/pdf-text, decision 830): any script, shaped, bidi-ordered, tagged.
 */
export async function renderCertificate(facts: CertificateFacts, verifyUrl: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate - ${facts.workshopTitle}`);
  doc.setAuthor('MentorBridge');
  doc.setSubject(`Certificate of attendance for ${facts.studentName}`);
  doc.setCreator('MentorBridge');
  const text = new PdfText(doc, 'en');
  const page = doc.addPage([842, 595]);
  const { width, height } = page.getSize();
  const accent = rgb(0.15, 0.35, 0.85);
  const muted = rgb(0.35, 0.38, 0.45);
  const ink = rgb(0.1, 0.12, 0.2);

  text.artifact(page, () => {
    page.drawRectangle({ x: 20, y: 20, width: width - 40, height: height - 40, borderColor: accent, borderWidth: 3 });
    page.drawRectangle({ x: 30, y: 30, width: width - 60, height: height - 60, borderColor: rgb(0.75, 0.8, 0.95), borderWidth: 1 });
    page.drawLine({ start: { x: width / 2 - 120, y: 120 }, end: { x: width / 2 + 120, y: 120 }, thickness: 1, color: rgb(0.6, 0.6, 0.6) });
  });

  const line = (s: string, y: number, size: number, color: RGB, weight: Weight = 'regular', slant: Slant = 'normal', role = 'P', direction: 'ltr' | 'auto' = 'ltr') =>
    text.drawLine(page, s, { x: width / 2, y, maxWidth: width - 120, size, weight, slant, color, role, direction });

  line('MentorBridge', height - 90, 20, accent, 'bold');
  line('CERTIFICATE OF ATTENDANCE', height - 150, 30, ink, 'bold', 'normal', 'H1');
  line('This certifies that', height - 200, 14, muted, 'regular', 'italic');
  // The name and the title are lines of their own: their direction comes from their first letter (dir="auto").
  line(facts.studentName, height - 250, 32, ink, 'bold', 'normal', 'P', 'auto');
  line('attended the workshop', height - 290, 14, muted, 'regular', 'italic');
  line(facts.workshopTitle, height - 330, 22, ink, 'bold', 'normal', 'P', 'auto');
  const date = DateTime.fromISO(facts.workshopDate).setLocale('en').toFormat('d LLLL yyyy');
  line(`held on ${date}`, height - 365, 14, ink);
  if (facts.instructorName) line(`led by ${isolate(facts.instructorName)}`, height - 388, 14, ink);

  line(facts.instructorName ? `${isolate(facts.instructorName)}, Instructor` : 'MentorBridge', 102, 11, ink);
  line(`Verification ID: ${facts.verificationId}`, 70, 10, rgb(0.3, 0.3, 0.3), 'bold');
  line(`Verify at ${verifyUrl}`, 55, 9, rgb(0.4, 0.4, 0.4));
  text.finish();
  return doc.save();
}
