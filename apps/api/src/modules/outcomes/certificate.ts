import { DateTime } from 'luxon';
import { rgb } from 'pdf-lib';
import { certificateSheet, isolate } from '../../lib/pdf-text/index.ts';

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

/**
 * A programme certificate: of participation (mentee) or of service (mentor), on the same text engine
 * (lib/pdf-text, decision 830) and with the same layout and verification line as the workshop certificate.
 */
export async function renderProgrammeCertificate(facts: ProgrammeCertificateFacts, verifyUrl: string): Promise<Uint8Array> {
  const heading = facts.kind === 'service' ? 'CERTIFICATE OF SERVICE' : 'CERTIFICATE OF PARTICIPATION';
  const { height, accent, muted, ink, line, save } = await certificateSheet({
    title: `Certificate - ${facts.programmeName}`,
    subject: `${facts.kind === 'service' ? 'Certificate of service' : 'Certificate of participation'} for ${facts.name}`,
    language: 'en',
    direction: 'ltr',
  });

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
  return save();
}
