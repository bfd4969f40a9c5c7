import { PDFDocument, rgb, type RGB } from 'pdf-lib';
import { FSI, PdfText, PDI, type Slant, type Weight } from '../../lib/pdf-text/index.ts';
import type { CertificateFacts } from './workshops.service.ts';
import { translator } from '../../lib/i18n.ts';
import { formatLocale } from '../../lib/recipient-locale.ts';

/** A name or title inside a sentence: isolated (as HTML's <bdi>), so its direction does not reorder the sentence. */
const isolate = (s: string) => `${FSI}${s}${PDI}`;

/**
 * An A4 landscape certificate of attendance with the public verification id and URL. Text goes through
 * the shared PDF text engine (lib/pdf-text, decision 830): any script, shaped, bidi-ordered, tagged.
 * Its own words come from the catalogue in the holder's language (`facts.language`, decision 970), right to
 * left for Arabic; the name and title keep the direction of their own first letter.
 */
export async function renderCertificate(facts: CertificateFacts, verifyUrl: string): Promise<Uint8Array> {
  const { t, language, direction } = translator(facts.language);
  const doc = await PDFDocument.create();
  doc.setTitle(t('certificate.documentTitle', { title: facts.workshopTitle }));
  doc.setAuthor('MentorBridge');
  doc.setSubject(t('certificate.documentSubject', { name: facts.studentName }));
  doc.setCreator('MentorBridge');
  const text = new PdfText(doc, language);
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

  // The certificate's own words run in the language's direction; the name and title in their own (dir="auto").
  const line = (s: string, y: number, size: number, color: RGB, weight: Weight = 'regular', slant: Slant = 'normal', role = 'P', dir: 'ltr' | 'rtl' | 'auto' = direction) =>
    text.drawLine(page, s, { x: width / 2, y, maxWidth: width - 120, size, weight, slant, color, role, direction: dir });

  line('MentorBridge', height - 90, 20, accent, 'bold', 'normal', 'P', 'ltr');
  line(t('certificate.heading'), height - 150, 30, ink, 'bold', 'normal', 'H1');
  line(t('certificate.certifies'), height - 200, 14, muted, 'regular', 'italic');
  // The name and the title are lines of their own: their direction comes from their first letter (dir="auto").
  line(facts.studentName, height - 250, 32, ink, 'bold', 'normal', 'P', 'auto');
  line(t('certificate.attended'), height - 290, 14, muted, 'regular', 'italic');
  line(facts.workshopTitle, height - 330, 22, ink, 'bold', 'normal', 'P', 'auto');
  const date = new Intl.DateTimeFormat(formatLocale(language), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${facts.workshopDate.slice(0, 10)}T00:00:00Z`),
  );
  line(t('certificate.heldOn', { date }), height - 365, 14, ink);
  if (facts.instructorName) line(t('certificate.ledBy', { name: isolate(facts.instructorName) }), height - 388, 14, ink);

  line(facts.instructorName ? t('certificate.instructor', { name: isolate(facts.instructorName) }) : 'MentorBridge', 102, 11, ink);
  line(t('certificate.verificationId', { id: facts.verificationId }), 70, 10, rgb(0.3, 0.3, 0.3), 'bold');
  line(t('certificate.verifyAt', { url: verifyUrl }), 55, 9, rgb(0.4, 0.4, 0.4));
  text.finish();
  return doc.save();
}
