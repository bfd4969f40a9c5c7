import { DateTime } from 'luxon';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { CertificateFacts } from './workshops.service.ts';

/**
 * The standard PDF fonts encode WinAnsi only: keep Latin-1 characters, fold accents where possible,
 * and replace anything else (so a name in another script never breaks the download).
 */
export function pdfSafe(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x20 && code <= 0x7e) out += ch;
    else if (code >= 0xa0 && code <= 0xff) out += ch;
    else if (ch === '–' || ch === '—') out += '-';
    else {
      const folded = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(folded) ? folded : '?';
    }
  }
  return out;
}

function centered(page: ReturnType<PDFDocument['addPage']>, text: string, y: number, font: PDFFont, size: number, color = rgb(0.1, 0.12, 0.2)) {
  const { width } = page.getSize();
  let s = size;
  const safe = pdfSafe(text);
  while (font.widthOfTextAtSize(safe, s) > width - 120 && s > 8) s -= 1;
  page.drawText(safe, { x: (width - font.widthOfTextAtSize(safe, s)) / 2, y, size: s, font, color });
}

/** An A4 landscape certificate of attendance with the public verification id and URL. */
export async function renderCertificate(facts: CertificateFacts, verifyUrl: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(`Certificate - ${facts.workshopTitle}`));
  doc.setAuthor('MentorBridge');
  doc.setSubject(pdfSafe(`Certificate of attendance for ${facts.studentName}`));
  doc.setCreator('MentorBridge');
  const page = doc.addPage([842, 595]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const { width, height } = page.getSize();
  const accent = rgb(0.15, 0.35, 0.85);

  page.drawRectangle({ x: 20, y: 20, width: width - 40, height: height - 40, borderColor: accent, borderWidth: 3 });
  page.drawRectangle({ x: 30, y: 30, width: width - 60, height: height - 60, borderColor: rgb(0.75, 0.8, 0.95), borderWidth: 1 });

  centered(page, 'MentorBridge', height - 90, bold, 20, accent);
  centered(page, 'CERTIFICATE OF ATTENDANCE', height - 150, bold, 30);
  centered(page, 'This certifies that', height - 200, italic, 14, rgb(0.35, 0.38, 0.45));
  centered(page, facts.studentName, height - 250, bold, 32);
  centered(page, 'attended the workshop', height - 290, italic, 14, rgb(0.35, 0.38, 0.45));
  centered(page, facts.workshopTitle, height - 330, bold, 22);
  const date = DateTime.fromISO(facts.workshopDate).toFormat('d LLLL yyyy');
  centered(page, `held on ${date}${facts.instructorName ? `, led by ${facts.instructorName}` : ''}`, height - 365, regular, 14);

  page.drawLine({ start: { x: width / 2 - 120, y: 120 }, end: { x: width / 2 + 120, y: 120 }, thickness: 1, color: rgb(0.6, 0.6, 0.6) });
  centered(page, facts.instructorName ? `${facts.instructorName}, Instructor` : 'MentorBridge', 102, regular, 11);
  centered(page, `Verification ID: ${facts.verificationId}`, 70, bold, 10, rgb(0.3, 0.3, 0.3));
  centered(page, `Verify at ${verifyUrl}`, 55, regular, 9, rgb(0.4, 0.4, 0.4));
  return doc.save();
}
