import { DateTime } from 'luxon';
import { PDFDocument, rgb, type RGB } from 'pdf-lib';
import { FSI, PdfText, PDI, type Slant, type Weight } from '../../lib/pdf-text/index.ts';

export interface ProgrammeCertificateFacts {
  verificationId: string;
  name: string;
  programmeName: string;
  kind: 'participation' | 'service';
  meetings: number;
  hours: number;
  goalsAchieved: number;
  issuedAt: Date;
}

const isolate = (s: string) => `${FSI}${s}${PDI}`;

/**
 * A programme certificate: of participation (mentee) or of service (mentor), on the same text engine
 * (lib/pdf-text, decision 830) and with the same layout and verification line as the workshop certificate.
 */
export async function renderProgrammeCertificate(facts: ProgrammeCertificateFacts, verifyUrl: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const heading = facts.kind === 'service' ? 'CERTIFICATE OF SERVICE' : 'CERTIFICATE OF PARTICIPATION';
  doc.setTitle(`Certificate - ${facts.programmeName}`);
  doc.setAuthor('MentorBridge');
  doc.setSubject(`${facts.kind === 'service' ? 'Certificate of service' : 'Certificate of participation'} for ${facts.name}`);
  doc.setCreator('MentorBridge');
  const text = new PdfText(doc, 'en');
  const page = doc.addPage([842, 595]);
  const { width, height } = page.getSize();
  const accent = rgb(0.15, 0.35, 0.85);
  const muted = rgb(0.35, 0.38, 0.45);
  const ink = rgb(0.1, 0.12, 0.2);
  text.artifact(page, () => {
    page.drawRectangle({ x: 20, y: 20, width: width - 40, height: height - 40, borderColor: accent, borderWidth: 3 });
    page.drawRectangle({
      x: 30,
      y: 30,
      width: width - 60,
      height: height - 60,
      borderColor: rgb(0.75, 0.8, 0.95),
      borderWidth: 1,
    });
  });
  const line = (
    s: string,
    y: number,
    size: number,
    color: RGB,
    weight: Weight = 'regular',
    slant: Slant = 'normal',
    role = 'P',
    direction: 'ltr' | 'auto' = 'ltr',
  ) => text.drawLine(page, s, { x: width / 2, y, maxWidth: width - 120, size, weight, slant, color, role, direction });

  line('MentorBridge', height - 90, 20, accent, 'bold');
  line(heading, height - 150, 30, ink, 'bold', 'normal', 'H1');
  line('This certifies that', height - 200, 14, muted, 'regular', 'italic');
  line(facts.name, height - 250, 32, ink, 'bold', 'normal', 'P', 'auto');
  line(
    facts.kind === 'service' ? 'served as a mentor in the programme' : 'took part as a mentee in the programme',
    height - 290,
    14,
    muted,
    'regular',
    'italic',
  );
  line(facts.programmeName, height - 330, 22, ink, 'bold', 'normal', 'P', 'auto');
  const hours = facts.hours === 1 ? '1 hour' : `${facts.hours} hours`;
  const meetings = facts.meetings === 1 ? '1 meeting' : `${facts.meetings} meetings`;
  const goals = facts.goalsAchieved === 1 ? '1 goal achieved' : `${facts.goalsAchieved} goals achieved`;
  line(`${meetings}, ${hours} of mentoring logged, ${goals}`, height - 365, 14, ink);
  line(
    `Issued on ${DateTime.fromJSDate(facts.issuedAt, { zone: 'utc' }).setLocale('en').toFormat('d LLLL yyyy')}`,
    height - 388,
    14,
    ink,
  );
  line(`${isolate(facts.programmeName)} · MentorBridge`, 102, 11, ink);
  line(`Verification ID: ${facts.verificationId}`, 70, 10, rgb(0.3, 0.3, 0.3), 'bold');
  line(`Verify at ${verifyUrl}`, 55, 9, rgb(0.4, 0.4, 0.4));
  text.finish();
  return doc.save();
}
