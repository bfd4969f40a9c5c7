import { rgb } from 'pdf-lib';
import { certificateSheet, isolate } from '../../lib/pdf-text/index.ts';
import type { CertificateFacts } from './workshops.service.ts';
import { translator } from '../../lib/i18n.ts';
import { formatLocale } from '../../lib/recipient-locale.ts';

/**
 * An A4 landscape certificate of attendance with the public verification id and URL. Text goes through
 * the shared PDF text engine (lib/pdf-text, decision 830): any script, shaped, bidi-ordered, tagged.
 * Its own words come from the catalogue in the holder's language (`facts.language`, decision 970), right to
 * left for Arabic; the name and title keep the direction of their own first letter.
 */
export async function renderCertificate(facts: CertificateFacts, verifyUrl: string): Promise<Uint8Array> {
  const { t, language, direction } = translator(facts.language);
  const { height, accent, muted, ink, line, save } = await certificateSheet({
    title: t('certificate.documentTitle', { title: facts.workshopTitle }),
    subject: t('certificate.documentSubject', { name: facts.studentName }),
    language,
    // The certificate's own words run in the language's direction; the name and title in their own (dir="auto").
    direction,
    decorate: (page, w) =>
      page.drawLine({ start: { x: w / 2 - 120, y: 120 }, end: { x: w / 2 + 120, y: 120 }, thickness: 1, color: rgb(0.6, 0.6, 0.6) }),
  });

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
  return save();
}
