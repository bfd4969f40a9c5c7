import { and, eq } from 'drizzle-orm';
import type { Question } from '@app/shared/surveys';
import type { Db } from '../../db/client.ts';
import { programmeParticipants, programmes } from '../../db/schema/matching.ts';
import { programmeSurveys, surveyRecipients, surveyResponses } from '../../db/schema/surveys.ts';
import { newId } from '../../lib/ids.ts';
import { sendAtOf } from './surveys.service.ts';

const DAY = 86_400_000;

const q = (id: string, kind: Question['kind'], prompt: string, extra: Partial<Question> = {}): Question => ({
  id,
  kind,
  prompt,
  required: kind !== 'text',
  options: [],
  scaleMax: null,
  lowLabel: '',
  highLabel: '',
  ...extra,
});

/**
 * Issue 26 demo data, after the relationships step: on the running "Research Pathways cohort" —
 *   a mid-programme check sent 15 days ago to all nine participants, seven answered (results shown);
 *   a pairing-fit survey three people answered (below the threshold: "not enough answers yet"), which
 *   Priya (priya@example.com) has still to answer;
 *   a closing survey with a Net Promoter question, scheduled for the programme's end.
 */
export async function seedSurveys(db: Db, ids: Record<string, string>, now = new Date()): Promise<void> {
  const admin = ids['admin@example.com'];
  const priya = ids['priya@example.com'];
  if (!admin || !priya) return;
  const [p] = await db.select().from(programmes).where(eq(programmes.name, 'Research Pathways cohort')).limit(1);
  if (!p) return;
  const people = await db
    .select({ userId: programmeParticipants.userId })
    .from(programmeParticipants)
    .where(and(eq(programmeParticipants.programmeId, p.id), eq(programmeParticipants.status, 'joined')));
  const others = people.map((x) => x.userId).filter((x) => x !== priya);
  const sent = new Date(now.getTime() - 15 * DAY);
  const day = (d: Date) => d.toISOString().slice(0, 10);

  const mid = newId();
  const fit = newId();
  await db.insert(programmeSurveys).values([
    {
      id: mid,
      programmeId: p.id,
      title: 'Mid-programme check',
      kind: 'mid-programme',
      audience: 'everyone',
      trigger: 'day',
      day: 30,
      sendAt: sendAtOf(p, { trigger: 'day', day: 30 }),
      sentAt: sent,
      reminderAfterDays: 5,
      createdBy: admin,
      questions: [
        q('q1', 'scale', 'How well is the mentoring going?', { scaleMax: 5, lowLabel: 'Poorly', highLabel: 'Very well' }),
        q('q2', 'rating', 'How useful were your meetings so far?'),
        q('q3', 'choice', 'How do you mostly meet?', { options: ['Video', 'In person', 'Phone'] }),
        q('q4', 'text', 'What would make the second half better?'),
      ],
    },
    {
      id: fit,
      programmeId: p.id,
      title: 'Pairing fit',
      kind: 'pairing-fit',
      audience: 'everyone',
      trigger: 'first-meeting',
      sendAt: sendAtOf(p, { trigger: 'first-meeting' }),
      sentAt: new Date(now.getTime() - 30 * DAY),
      reminderAfterDays: 5,
      createdBy: admin,
      questions: [q('q1', 'rating', 'How good a fit is your mentoring partner?'), q('q2', 'text', 'Anything the coordinator should know?')],
    },
    {
      id: newId(),
      programmeId: p.id,
      title: 'Closing survey',
      kind: 'closing',
      audience: 'everyone',
      trigger: 'end',
      sendAt: sendAtOf(p, { trigger: 'end' }),
      reminderAfterDays: 5,
      createdBy: admin,
      questions: [q('q1', 'nps', 'How likely are you to recommend this programme to a friend?'), q('q2', 'text', 'What should we change next time?')],
    },
  ]);

  // Mid-programme: everyone invited (reminded after five days), seven answered — Priya among them.
  const midAnswered = new Set([priya, ...others.slice(0, 6)]);
  await db.insert(surveyRecipients).values(
    [priya, ...others].map((userId) => ({ surveyId: mid, userId, invitedAt: sent, remindedAt: midAnswered.has(userId) ? null : new Date(sent.getTime() + 5 * DAY), answered: midAnswered.has(userId) })),
  );
  const midAnswers: Array<Record<string, number | string>> = [
    { q1: 5, q2: 5, q3: 'Video', q4: 'More structure for goal setting in the first weeks.' },
    { q1: 4, q2: 4, q3: 'Video', q4: 'A shared calendar reminder would help us keep the cadence.' },
    { q1: 4, q2: 5, q3: 'In person', q4: 'Nothing, it works well.' },
    { q1: 3, q2: 3, q3: 'Video', q4: 'Hard to find time during exams.' },
    { q1: 5, q2: 4, q3: 'Phone' },
    { q1: 2, q2: 3, q3: 'Video', q4: 'An introduction event for all pairs.' },
    { q1: 4, q2: 4, q3: 'In person' },
  ];
  await db.insert(surveyResponses).values(midAnswers.map((answers, i) => ({ id: newId(), surveyId: mid, answers, submittedOn: day(new Date(sent.getTime() + (1 + (i % 5)) * DAY)) })));

  // Pairing fit: three of the people who met answered so far; Priya has it waiting.
  const fitSent = new Date(now.getTime() - 30 * DAY);
  const fitPeople = [priya, ...others.slice(0, 5)];
  await db.insert(surveyRecipients).values(fitPeople.map((userId, i) => ({ surveyId: fit, userId, invitedAt: fitSent, remindedAt: i >= 1 && i <= 3 ? null : new Date(fitSent.getTime() + 5 * DAY), answered: i >= 1 && i <= 3 })));
  const fitAnswers: Array<Record<string, number | string>> = [{ q1: 5, q2: 'Great match.' }, { q1: 4 }, { q1: 3, q2: 'We are still finding a rhythm.' }];
  await db.insert(surveyResponses).values(
    fitAnswers.map((answers) => ({ id: newId(), surveyId: fit, answers, submittedOn: day(new Date(fitSent.getTime() + 2 * DAY)) })),
  );
}
