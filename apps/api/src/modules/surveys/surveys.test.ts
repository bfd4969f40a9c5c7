import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIN_RESPONSES, SURVEY_MESSAGES as M, type ProgrammeSurveys, type SurveyForm, type SurveyResults } from '@app/shared/surveys';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { emails, notifications } from '../../db/schema/platform.ts';
import { surveyRecipients, surveyResponses } from '../../db/schema/surveys.ts';
import { users } from '../../db/schema/users.ts';
import { createClock } from '../../lib/clock.ts';
import { createJobRunner } from '../../lib/jobs.ts';
import { createScheduler } from '../../lib/scheduler.ts';
import { buildOrganisationMember } from '../organisations/test-helpers.ts';
import { caller, DAY, publishedProgramme, sessionBetween } from '../relationships/test-helpers.ts';
import { dispatchSurveys, SURVEY_EVERY_MS, SURVEY_TASK } from './dispatch.ts';

const t = useTestApp();
const call = caller(t);
const db = () => t.database.db;
const surveysOf = (res: { body: string }) => body<{ data: ProgrammeSurveys }>(res).data.surveys;
const resultsOf = (res: { body: string }) => body<{ data: SurveyResults }>(res).data;
const del = (who: { auth: Record<string, string> } | null, url: string) => t.app.inject({ method: 'DELETE', url, headers: who?.auth ?? {} });

// The programmes of publishedProgramme() run through 2030 (starts 2030-01-01, ends 2030-12-31).
const BEFORE_START = new Date('2029-12-20T12:00:00Z');
const mid = {
  title: 'Mid-programme check',
  kind: 'mid-programme',
  trigger: 'day',
  day: 30,
  reminderAfterDays: 5,
  questions: [
    { kind: 'rating', prompt: 'How useful were your meetings?' },
    { kind: 'nps', prompt: 'Would you recommend it?' },
    { kind: 'choice', prompt: 'How do you meet?', options: ['Video', 'In person'] },
    { kind: 'scale', prompt: 'How confident do you feel?', scaleMax: 7, lowLabel: 'Not at all', highLabel: 'Very' },
    { kind: 'text', prompt: 'What would help?', required: false },
  ],
};

async function withClock<T>(at: Date, run: () => Promise<T>): Promise<T> {
  t.app.ctx.clock.set(at);
  try {
    return await run();
  } finally {
    t.app.ctx.clock.set(null);
  }
}

/**
 * The survey task alone on the app's clock (the app's own scheduler also runs the retention tasks, which
 * would prune the test's notifications: they are stamped with the real time, years before the test's clock).
 */
function surveysOnly() {
  const jobs = createJobRunner(db(), t.app.log, { clock: t.app.ctx.clock });
  const scheduler = createScheduler(db(), jobs, t.app.ctx.clock, t.app.log);
  scheduler.every(SURVEY_TASK, SURVEY_EVERY_MS, (now) => dispatchSurveys(db(), now, 'http://app.test'));
  return scheduler;
}

async function recipientsOf(surveyId: string) {
  return db().select().from(surveyRecipients).where(eq(surveyRecipients.surveyId, surveyId));
}

describe('programme surveys: templates, schedule, reminders, answers and the anonymity threshold', () => {
  it('coordinator routes: 401, 403, another organisation’s programme 404, bad input 400 changing nothing, success', async () => {
    await withClock(BEFORE_START, async () => {
      const { programmeId, admin, pairs } = await publishedProgramme(t);
      const url = `/api/admin/programmes/${programmeId}/surveys`;
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
      expect((await call(pairs[0]!.mentee, 'POST', url, mid)).statusCode).toBe(403);
      expect((await call(pairs[0]!.mentor, 'GET', url)).statusCode).toBe(403);

      for (const bad of [
        { ...mid, questions: [] },
        { ...mid, title: '  ' },
        { ...mid, trigger: 'day', day: undefined },
        { ...mid, trigger: 'date', date: '2029-02-30' },
        { ...mid, questions: [{ kind: 'choice', prompt: 'Pick', options: ['Only one'] }] },
        { ...mid, questions: [{ kind: 'scale', prompt: 'Scale without an end' }] },
        { ...mid, reminderAfterDays: 31 },
      ]) {
        const res = await call(admin, 'POST', url, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      }
      const past = await call(admin, 'POST', url, { ...mid, trigger: 'date', date: '2029-12-01' });
      expect(past.statusCode).toBe(400);
      expect(past.body).toContain(M.datePast);
      expect(surveysOf(await call(admin, 'GET', url))).toEqual([]);

      const created = await call(admin, 'POST', url, mid);
      expect(created.statusCode, created.body).toBe(200);
      const [s] = surveysOf(created);
      expect(s).toMatchObject({ title: mid.title, status: 'scheduled', sendAt: '2030-01-31T09:00:00.000Z', recipients: 0, responses: 0 });
      expect(s?.questions.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
      expect(s?.questions[3]).toMatchObject({ kind: 'scale', scaleMax: 7, lowLabel: 'Not at all' });

      // A university admin reaches its own programmes only; another's is 404, as is an unknown survey.
      const uni = await buildOrganisationMember(t);
      const other = await buildOrganisationMember(t);
      const own = await publishedProgramme(t, { organisationId: uni.organisationId });
      const ownUrl = `/api/organisations/me/programmes/${own.programmeId}/surveys`;
      expect((await call(uni, 'POST', ownUrl, mid)).statusCode).toBe(200);
      expect((await call(other, 'GET', ownUrl)).statusCode).toBe(404);
      expect((await call(other, 'POST', ownUrl, mid)).statusCode).toBe(404);
      expect((await call(uni, 'GET', `/api/organisations/me/programmes/${programmeId}/surveys`)).statusCode).toBe(404);
      expect((await call(admin, 'GET', `${url}/${'f'.repeat(24)}/results`)).statusCode).toBe(404);
      expect((await call(other, 'GET', `${ownUrl}/${surveysOf(await call(uni, 'GET', ownUrl))[0]?.id}/results`)).statusCode).toBe(404);

      // Cancelling: a scheduled survey goes; another organisation cannot.
      const ownSurvey = surveysOf(await call(uni, 'GET', ownUrl))[0]?.id as string;
      expect((await del(other, `${ownUrl}/${ownSurvey}`)).statusCode).toBe(404);
      const cancelled = await del(uni, `${ownUrl}/${ownSurvey}`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(surveysOf(cancelled)).toEqual([]);
    });
  });

  it('goes out on its day once (runs at once, scheduler twice), in each person’s language, then one reminder to those who have not answered', async () => {
    const { programmeId, admin, pairs } = await withClock(BEFORE_START, async () => {
      const built = await publishedProgramme(t, { pairs: 2 });
      const res = await call(built.admin, 'POST', `/api/admin/programmes/${built.programmeId}/surveys`, mid);
      expect(res.statusCode).toBe(200);
      return built;
    });
    const surveyId = surveysOf(await call(admin, 'GET', `/api/admin/programmes/${programmeId}/surveys`))[0]?.id as string;
    const [a, b] = pairs as [(typeof pairs)[number], (typeof pairs)[number]];
    await db().update(users).set({ language: 'es' }).where(eq(users.id, a.mentee.id));

    // The day before: nothing.
    await withClock(new Date('2030-01-30T12:00:00Z'), async () => {
      await surveysOnly().runDue();
      expect(await recipientsOf(surveyId)).toHaveLength(0);
    });
    // Its day: two runs at once and the scheduler twice in the slot; each of the four is invited once.
    await withClock(new Date('2030-01-31T09:05:00Z'), async () => {
      const now = t.app.ctx.clock.now();
      await Promise.all([dispatchSurveys(db(), now, 'http://app.test'), dispatchSurveys(db(), now, 'http://app.test')]);
      await surveysOnly().runDue();
      await surveysOnly().runDue();
    });
    expect((await recipientsOf(surveyId)).map((r) => r.userId).sort()).toEqual([a.mentor.id, a.mentee.id, b.mentor.id, b.mentee.id].sort());
    for (const who of [a.mentor, a.mentee, b.mentor, b.mentee]) {
      const told = await db().select().from(notifications).where(and(eq(notifications.userId, who.id), eq(notifications.subType, 'survey')));
      expect(told).toHaveLength(1);
      expect(told[0]?.actionUrl).toBe(`/surveys/${surveyId}`);
    }
    const [es] = await db().select().from(emails).where(eq(emails.to, a.mentee.email));
    expect(es?.subject).toBe(`Nueva encuesta: ${mid.title} (Outcomes cohort)`);
    expect(es?.text).toContain(`/surveys/${surveyId}`);
    const [en] = await db().select().from(emails).where(eq(emails.to, b.mentee.email));
    expect(en?.subject).toBe(`New survey: ${mid.title} (Outcomes cohort)`);
    expect(surveysOf(await call(admin, 'GET', `/api/admin/programmes/${programmeId}/surveys`))[0]).toMatchObject({ status: 'sent', recipients: 4 });
    // Once sent, it cannot be cancelled.
    const cancel = await del(admin, `/api/admin/programmes/${programmeId}/surveys/${surveyId}`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.body).toContain(M.alreadySent);

    // One person answers; five days on, the other three get one reminder each, whatever the number of runs.
    await withClock(new Date('2030-02-01T10:00:00Z'), async () => {
      const ok = await call(a.mentor, 'POST', `/api/surveys/${surveyId}/responses`, { answers: { q1: 4, q2: 9, q3: 'Video', q4: 6 } });
      expect(ok.statusCode, ok.body).toBe(200);
    });
    await withClock(new Date('2030-02-05T09:00:00Z'), async () => {
      await surveysOnly().runDue();
      expect((await recipientsOf(surveyId)).filter((r) => r.remindedAt)).toHaveLength(0);
    });
    await withClock(new Date('2030-02-06T09:30:00Z'), async () => {
      const now = t.app.ctx.clock.now();
      await Promise.all([dispatchSurveys(db(), now, 'http://app.test'), dispatchSurveys(db(), now, 'http://app.test'), surveysOnly().runDue()]);
      await surveysOnly().runDue();
    });
    await withClock(new Date('2030-02-20T09:30:00Z'), () => surveysOnly().runDue());
    const rows = await recipientsOf(surveyId);
    expect(rows.filter((r) => r.remindedAt).map((r) => r.userId).sort()).toEqual([a.mentee.id, b.mentor.id, b.mentee.id].sort());
    for (const who of [a.mentor, a.mentee, b.mentor, b.mentee]) {
      const reminded = await db().select().from(notifications).where(and(eq(notifications.userId, who.id), eq(notifications.subType, 'reminder')));
      expect(reminded).toHaveLength(who.id === a.mentor.id ? 0 : 1);
    }
    const esMails = await db().select().from(emails).where(eq(emails.to, a.mentee.email));
    expect(esMails.map((m) => m.subject)).toContain(`Recordatorio: ${mid.title} (Outcomes cohort) espera tus respuestas`);
  });

  it('runs exactly once with several processes (two schedulers on one database)', async () => {
    const clock = createClock();
    clock.set(BEFORE_START);
    t.app.ctx.clock.set(clock.now());
    try {
      const { programmeId, admin, pairs } = await publishedProgramme(t);
      const res = await call(admin, 'POST', `/api/admin/programmes/${programmeId}/surveys`, { ...mid, audience: 'mentees', trigger: 'start' });
      expect(res.statusCode).toBe(200);
      const surveyId = surveysOf(res)[0]?.id as string;
      clock.set(new Date('2030-01-01T09:10:00Z'));
      const processes = [0, 1].map(() => {
        const jobs = createJobRunner(db(), t.app.log, { clock });
        const scheduler = createScheduler(db(), jobs, clock, t.app.log);
        scheduler.every(SURVEY_TASK, SURVEY_EVERY_MS, (now) => dispatchSurveys(db(), now, 'http://app.test'));
        return scheduler;
      });
      await Promise.all(processes.map((p) => p.runDue()));
      await Promise.all(processes.map((p) => p.runDue()));
      // Mentees only: the mentor is not asked.
      expect((await recipientsOf(surveyId)).map((r) => r.userId)).toEqual([pairs[0]!.mentee.id]);
      const told = await db().select().from(notifications).where(and(eq(notifications.userId, pairs[0]!.mentee.id), eq(notifications.subType, 'survey')));
      expect(told).toHaveLength(1);
      expect(t.app.ctx.scheduler.tasks().some((x) => x.name === SURVEY_TASK)).toBe(true);
    } finally {
      t.app.ctx.clock.set(null);
    }
  });

  it('pairing fit: each person gets it a day after their pair’s first meeting, not before', async () => {
    const at = new Date('2030-03-01T09:00:00Z');
    await withClock(at, async () => {
      const { programmeId, admin, pairs } = await publishedProgramme(t, { pairs: 2, publishedAt: new Date('2030-01-02T00:00:00Z') });
      const [met, notYet] = pairs as [(typeof pairs)[number], (typeof pairs)[number]];
      await sessionBetween(t, met.mentor, met.mentee, -3 * DAY);
      await sessionBetween(t, notYet.mentor, notYet.mentee, -3_600_000 * 3); // ended two hours ago: tomorrow
      const res = await call(admin, 'POST', `/api/admin/programmes/${programmeId}/surveys`, {
        title: 'Pairing fit',
        kind: 'pairing-fit',
        trigger: 'first-meeting',
        questions: [{ kind: 'rating', prompt: 'How good a fit is your partner?' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      // Created when already due: the met pair is asked at once, the other pair not yet.
      const surveyId = surveysOf(res)[0]?.id as string;
      expect((await recipientsOf(surveyId)).map((r) => r.userId).sort()).toEqual([met.mentor.id, met.mentee.id].sort());
      t.app.ctx.clock.advance(DAY);
      await t.app.ctx.scheduler.runDue();
      expect(await recipientsOf(surveyId)).toHaveLength(4);
    });
  });

  it('participants answer: only their own survey, bad answers change nothing, once per person', async () => {
    const { surveyId, pairs } = await withClock(new Date('2030-05-01T10:00:00Z'), async () => {
      const built = await publishedProgramme(t);
      const res = await call(built.admin, 'POST', `/api/admin/programmes/${built.programmeId}/surveys`, { ...mid, trigger: 'start' });
      return { surveyId: surveysOf(res)[0]?.id as string, pairs: built.pairs };
    });
    const { mentee, mentor } = pairs[0]!;
    const stranger = await buildStudent(t);
    const url = `/api/surveys/${surveyId}`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(null, 'POST', `${url}/responses`, { answers: {} })).statusCode).toBe(401);
    expect((await call(stranger, 'GET', url)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `${url}/responses`, { answers: { q1: 5, q2: 9, q3: 'Video', q4: 3 } })).statusCode).toBe(404);
    const list = await call(mentee, 'GET', '/api/surveys');
    expect(list.statusCode).toBe(200);
    expect(body<{ data: { surveys: Array<{ id: string; answered: boolean; programmeName: string }> } }>(list).data.surveys).toEqual([
      expect.objectContaining({ id: surveyId, answered: false, programmeName: 'Outcomes cohort' }),
    ]);
    const form = body<{ data: SurveyForm }>(await call(mentee, 'GET', url)).data;
    expect(form.questions).toHaveLength(5);

    for (const answers of [
      { q1: 5, q2: 9, q3: 'Video' }, // required scale missing
      { q1: 6, q2: 9, q3: 'Video', q4: 3 }, // rating out of range
      { q1: 5, q2: 11, q3: 'Video', q4: 3 }, // NPS out of range
      { q1: 5, q2: 9, q3: 'Carrier pigeon', q4: 3 }, // not an option
      { q1: 5, q2: 9, q3: 'Video', q4: 8 }, // scale of 7
      { q1: 4.5, q2: 9, q3: 'Video', q4: 3 },
      { q1: '5', q2: 9, q3: 'Video', q4: 3 },
    ]) {
      const res = await call(mentee, 'POST', `${url}/responses`, { answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
    }
    expect((await call(mentee, 'POST', `${url}/responses`, { answers: 'all good' })).statusCode).toBe(400);
    expect(await db().select().from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId))).toHaveLength(0);

    // Two submits at once: one is saved, the other is told it was answered already.
    const both = await Promise.all([0, 1].map(() => call(mentee, 'POST', `${url}/responses`, { answers: { q1: 5, q2: 9, q3: 'Video', q4: 3, q5: ' More time ' } })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const again = await call(mentee, 'POST', `${url}/responses`, { answers: { q1: 5, q2: 9, q3: 'Video', q4: 3 } });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(M.alreadyAnswered);
    // The stored answer carries no person.
    const stored = await db().select().from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.answers).toEqual({ q1: 5, q2: 9, q3: 'Video', q4: 3, q5: 'More time' });
    expect(JSON.stringify(stored[0])).not.toContain(mentee.id);
    expect(body<{ data: SurveyForm }>(await call(mentee, 'GET', url)).data.answered).toBe(true);
    // The mentor's own copy is still open.
    expect(body<{ data: SurveyForm }>(await call(mentor, 'GET', url)).data.answered).toBe(false);
  });

  it(`results: below ${MIN_RESPONSES} answers only the count, never an answer; from ${MIN_RESPONSES} on, aggregates per question`, async () => {
    const { programmeId, admin, surveyId, people } = await withClock(new Date('2030-06-01T10:00:00Z'), async () => {
      const built = await publishedProgramme(t, { pairs: 3 });
      const res = await call(built.admin, 'POST', `/api/admin/programmes/${built.programmeId}/surveys`, { ...mid, trigger: 'start' });
      const everyone: BuiltUser[] = built.pairs.flatMap((p) => [p.mentor, p.mentee]);
      return { programmeId: built.programmeId, admin: built.admin, surveyId: surveysOf(res)[0]?.id as string, people: everyone };
    });
    const url = `/api/admin/programmes/${programmeId}/surveys/${surveyId}/results`;
    const answers = [
      { q1: 5, q2: 10, q3: 'Video', q4: 7, q5: 'SECRET-ONE' },
      { q1: 4, q2: 9, q3: 'Video', q4: 6 },
      { q1: 4, q2: 8, q3: 'In person', q4: 5, q5: 'SECRET-TWO' },
      { q1: 3, q2: 6, q3: 'Video', q4: 4, q5: 'SECRET-THREE' },
      { q1: 2, q2: 3, q3: 'In person', q4: 2, q5: 'SECRET-FOUR' },
    ];
    for (const [i, a] of answers.slice(0, 4).entries()) {
      expect((await call(people[i]!, 'POST', `/api/surveys/${surveyId}/responses`, { answers: a })).statusCode).toBe(200);
    }
    expect((await call(people[0]!, 'GET', url)).statusCode).toBe(403);
    let r = resultsOf(await call(admin, 'GET', url));
    expect(r).toMatchObject({ enough: false, threshold: MIN_RESPONSES, survey: { responses: 4, recipients: 6 } });
    for (const q of r.questions) expect(q).toMatchObject({ shown: false, mean: null, distribution: [], nps: null, texts: [] });
    expect(JSON.stringify(r)).not.toContain('SECRET');

    expect((await call(people[4]!, 'POST', `/api/surveys/${surveyId}/responses`, { answers: answers[4] })).statusCode).toBe(200);
    r = resultsOf(await call(admin, 'GET', url));
    expect(r.enough).toBe(true);
    const [rating, nps, choice, scale, text] = r.questions;
    expect(rating).toMatchObject({ shown: true, answered: 5, mean: 3.6 });
    expect(rating?.distribution).toEqual(['1', '2', '3', '4', '5'].map((value) => ({ value, count: { 1: 0, 2: 1, 3: 1, 4: 2, 5: 1 }[value] })));
    // Promoters 2 (10, 9), passives 1 (8), detractors 2 (6, 3): (2 - 2) / 5 = 0.
    expect(nps).toMatchObject({ shown: true, nps: 0, mean: 7.2 });
    expect(nps?.distribution).toHaveLength(11);
    expect(choice?.distribution).toEqual([
      { value: 'Video', count: 3 },
      { value: 'In person', count: 2 },
    ]);
    expect(scale?.distribution).toHaveLength(7);
    expect(scale?.mean).toBe(4.8);
    // Four people wrote text: still below the threshold for that question, so none is shown.
    expect(text).toMatchObject({ answered: 4, shown: false, texts: [] });
    expect(JSON.stringify(r)).not.toContain('SECRET');
  });
});
