import { DateTime } from 'luxon';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { drawRun, fontSet, splitRuns, type FaceName } from './certificate-fonts.ts';
import type { CertificateFacts } from './workshops.service.ts';

type Fonts = ReturnType<typeof fontSet>;

/** Draw a line of text centred on the page, in runs of embedded faces; shrinks to fit the width. */
async function centered(page: PDFPage, fonts: Fonts, text: string, y: number, primary: FaceName, size: number, color: RGB = rgb(0.1, 0.12, 0.2)) {
  const { width } = page.getSize();
  const runs: { face: FaceName; font: PDFFont; text: string }[] = [];
  for (const run of splitRuns(text, primary)) runs.push({ ...run, font: await fonts(run.face) });
  const widthAt = (s: number) => runs.reduce((sum, r) => sum + r.font.widthOfTextAtSize(r.text, s), 0);
  let s = size;
  while (widthAt(s) > width - 120 && s > 8) s -= 1;
  let x = (width - widthAt(s)) / 2;
  for (const r of runs) {
    drawRun(page, r, x, y, s, color);
    x += r.font.widthOfTextAtSize(r.text, s);
  }
}

/** An A4 landscape certificate of attendance with the public verification id and URL. */
export async function renderCertificate(facts: CertificateFacts, verifyUrl: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate - ${facts.workshopTitle}`);
  doc.setAuthor('MentorBridge');
  doc.setSubject(`Certificate of attendance for ${facts.studentName}`);
  doc.setCreator('MentorBridge');
  doc.setLanguage('en');
  const fonts = fontSet(doc);
  const page = doc.addPage([842, 595]);
  const { width, height } = page.getSize();
  const accent = rgb(0.15, 0.35, 0.85);
  const muted = rgb(0.35, 0.38, 0.45);

  page.drawRectangle({ x: 20, y: 20, width: width - 40, height: height - 40, borderColor: accent, borderWidth: 3 });
  page.drawRectangle({ x: 30, y: 30, width: width - 60, height: height - 60, borderColor: rgb(0.75, 0.8, 0.95), borderWidth: 1 });

  await centered(page, fonts, 'MentorBridge', height - 90, 'latinBold', 20, accent);
  await centered(page, fonts, 'CERTIFICATE OF ATTENDANCE', height - 150, 'latinBold', 30);
  await centered(page, fonts, 'This certifies that', height - 200, 'latinItalic', 14, muted);
  await centered(page, fonts, facts.studentName, height - 250, 'latinBold', 32);
  await centered(page, fonts, 'attended the workshop', height - 290, 'latinItalic', 14, muted);
  await centered(page, fonts, facts.workshopTitle, height - 330, 'latinBold', 22);
  const date = DateTime.fromISO(facts.workshopDate).toFormat('d LLLL yyyy');
  await centered(page, fonts, `held on ${date}`, height - 365, 'latin', 14);
  if (facts.instructorName) await centered(page, fonts, `led by ${facts.instructorName}`, height - 388, 'latin', 14);

  page.drawLine({ start: { x: width / 2 - 120, y: 120 }, end: { x: width / 2 + 120, y: 120 }, thickness: 1, color: rgb(0.6, 0.6, 0.6) });
  await centered(page, fonts, facts.instructorName ? `${facts.instructorName}, Instructor` : 'MentorBridge', 102, 'latin', 11);
  await centered(page, fonts, `Verification ID: ${facts.verificationId}`, 70, 'latinBold', 10, rgb(0.3, 0.3, 0.3));
  await centered(page, fonts, `Verify at ${verifyUrl}`, 55, 'latin', 9, rgb(0.4, 0.4, 0.4));
  return doc.save();
}
