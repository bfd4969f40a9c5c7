import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OUTCOME_MESSAGES as M, type OutcomeReport } from '@app/shared/outcomes';
import type { ProgrammePairsHealth } from '@app/shared/relationships';
import type { ProgrammeSurveys } from '@app/shared/surveys';
import { useTestApp } from '../../../test/harness.ts';
import { body, okData } from '../../../test/factories.ts';
import { programmes } from '../../db/schema/matching.ts';
import { studentAffiliations } from '../../db/schema/organisations.ts';
import { notifications } from '../../db/schema/platform.ts';
import { programmeSurveys, surveyRecipients, surveyResponses } from '../../db/schema/surveys.ts';
import { professionalProfiles, studentProfiles } from '../../db/schema/users.ts';
import { buildOrganisationMember } from '../organisations/test-helpers.ts';
import { caller, DAY, publishedProgramme, relationshipIdOf, sessionBetween } from '../relationships/test-helpers.ts';
import { dispatchSurveys } from '../surveys/dispatch.ts';

/** Issue 26: the report's filters and university boundary (decision 1010), survey charts (1011), early close (1012). */
const t = useTestApp();
const call = caller(t);
const db = () => t.database.db;
const reportOf = (res: { statusCode: number; body: string }) => okData<OutcomeReport>(res);
const agreement = { cadenceDays: 14, format: 'video', durationMinutes: 45, aims: 'Internship', confidentiality: '' };

/**
 * Three pairs at 2031-01-01: mentees in years 1, 2 and 2; mentors at "Northwind Labs", " northwind labs "
 * (the same organisation, typed differently) and "Fabrikam". Pair a meets on days 2 and 40 and confirms
 * its agreement, pair b meets on day 10; c never meets. Then 63 days pass.
 */
async function programme(opts: { organisationId?: string } = {}) {
  t.app.ctx.clock.set(new Date('2031-01-01T09:00:00Z'));
  const prog = await publishedProgramme(t, { pairs: 3, ...opts });
  const [a, b, c] = prog.pairs as [(typeof prog.pairs)[number], (typeof prog.pairs)[number], (typeof prog.pairs)[number]];
  for (const [pair, year, company] of [
    [a, 1, 'Northwind Labs'],
    [b, 2, ' northwind labs '],
    [c, 2, 'Fabrikam'],
  ] as const) {
    await db().update(studentProfiles).set({ year }).where(eq(studentProfiles.userId, pair.mentee.id));
    await db().update(professionalProfiles).set({ company }).where(eq(professionalProfiles.userId, pair.mentor.id));
  }
  const relA = await relationshipIdOf(t, a.mentee, a.mentor.id);
  expect((await call(a.mentee, 'PUT', `/api/relationships/${relA}/agreement`, agreement)).statusCode).toBe(200);
  expect((await call(a.mentor, 'POST', `/api/relationships/${relA}/agreement/confirm`, { version: 1 })).statusCode).toBe(200);
  await sessionBetween(t, a.mentor, a.mentee, 2 * DAY);
  await sessionBetween(t, a.mentor, a.mentee, 40 * DAY);
  await sessionBetween(t, b.mentor, b.mentee, 10 * DAY);
  t.app.ctx.clock.advance(63 * DAY);
  return { ...prog, a, b, c };
}

describe('report filters: cohort and mentor organisation (decision 1010)', () => {
  it('narrow every figure, list the values to choose from, and reach the exports', async () => {
    const { programmeId, admin } = await programme();
    const url = `/api/admin/programmes/${programmeId}/report`;
    const all = reportOf(await call(admin, 'GET', url));
    expect(all.pairs.total).toBe(3);
    expect(all.filters).toEqual({
      cohort: null,
      mentorOrganisation: null,
      cohorts: [
        { key: 1, count: 1 },
        { key: 2, count: 2 },
      ],
      mentorOrganisations: [
        { key: 'Northwind Labs', count: 2 },
        { key: 'Fabrikam', count: 1 },
      ],
    });

    const year2 = reportOf(await call(admin, 'GET', `${url}?cohort=2`));
    expect(year2.filters).toMatchObject({ cohort: 2, mentorOrganisation: null });
    expect(year2.pairs).toMatchObject({ total: 2, active: 2 });
    expect(year2.participation).toMatchObject({ menteesJoined: 2, mentorsJoined: 2, menteesMatched: 2, matchRate: 1 });
    expect(year2.meetings.held).toBe(1);
    expect(year2.firstMeeting).toMatchObject({ pairsWithMeeting: 1, medianDays: 10 });
    // The options stay the programme's, so the coordinator can switch.
    expect(year2.filters.cohorts).toEqual(all.filters.cohorts);

    const northwind = reportOf(await call(admin, 'GET', `${url}?mentorOrganisation=${encodeURIComponent('  NORTHWIND labs ')}`));
    expect(northwind.pairs.total).toBe(2);
    expect(northwind.meetings.held).toBe(3);
    expect(northwind.participation).toMatchObject({ mentorsJoined: 2, menteesJoined: 2 });

    const both = reportOf(await call(admin, 'GET', `${url}?cohort=2&mentorOrganisation=Northwind%20Labs`));
    expect(both.pairs.total).toBe(1);
    expect(both.meetings.held).toBe(1);
    const none = reportOf(await call(admin, 'GET', `${url}?cohort=4`));
    expect(none.pairs.total).toBe(0);
    expect(none.participation.matchRate).toBeNull();

    for (const [q, message] of [
      ['cohort=abc', M.cohort],
      ['cohort=0', M.cohort],
      ['cohort=2.5', M.cohort],
      ['mentorOrganisation=', M.mentorOrganisation],
      [`mentorOrganisation=${'x'.repeat(201)}`, M.mentorOrganisation],
    ] as const) {
      const bad = await call(admin, 'GET', `${url}?${q}`);
      expect(bad.statusCode, q).toBe(400);
      expect(bad.body).toContain(message);
      expect((await call(admin, 'GET', `${url}/export?${q}`)).statusCode).toBe(400);
    }

    const summary = await call(admin, 'GET', `${url}/export?cohort=2`);
    expect(summary.statusCode).toBe(200);
    expect(summary.body).toContain('Filters,Cohort (year of study),2');
    expect(summary.body).toContain('Pairs,Total,2');
    const pairs = await call(admin, 'GET', `${url}/export?table=pairs&mentorOrganisation=Fabrikam`);
    expect(pairs.statusCode).toBe(200);
    const lines = pairs.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Mentor2');
  });

  it('counts health with the same rule as the coordinator’s pair list', async () => {
    const { programmeId, admin, a } = await programme();
    // A low rating on a's last meeting makes it at risk; b (53 days quiet) and c (never met) are at risk too.
    const relA = await relationshipIdOf(t, a.mentee, a.mentor.id);
    const detail = await call(a.mentee, 'GET', `/api/relationships/${relA}`);
    const last = body<{ data: { meetings: Array<{ sessionId: string; startsAt: string }> } }>(detail).data.meetings[0];
    expect(
      (await call(a.mentee, 'PUT', `/api/relationships/${relA}/meetings/${last?.sessionId}/check-in`, { minutes: 30, rating: 3 }))
        .statusCode,
    ).toBe(200);
    const list = body<{ data: ProgrammePairsHealth }>(
      await call(admin, 'GET', `/api/admin/programmes/${programmeId}/relationships`),
    ).data;
    const expected = new Map<string, number>();
    for (const p of list.pairs) expected.set(p.health.state, (expected.get(p.health.state) ?? 0) + 1);
    const r = reportOf(await call(admin, 'GET', `/api/admin/programmes/${programmeId}/report`));
    for (const h of r.health) expect(h.count, h.key).toBe(expected.get(h.key) ?? 0);
    // a: 23 days since its last meeting on a 14-day cadence, rating 3: attention; b and c: at risk.
    expect(Object.fromEntries(r.health.map((h) => [h.key, h.count]))).toEqual({
      healthy: 0,
      attention: 1,
      'at-risk': 2,
      ended: 0,
    });
  });
});

describe('a university sees its own affiliated students only', () => {
  it('leaves out pairs whose mentee is not affiliated with it; the admin sees them all', async () => {
    const uni = await buildOrganisationMember(t);
    const { programmeId, admin, a, b } = await programme({ organisationId: uni.organisationId });
    const now = t.app.ctx.clock.now();
    for (const who of [a.mentee, b.mentee]) {
      await db()
        .insert(studentAffiliations)
        .values({ studentId: who.id, organisationId: uni.organisationId, email: `${who.id}@uni.test`, confirmedAt: now });
    }
    const base = `/api/organisations/me/programmes/${programmeId}/report`;
    const own = reportOf(await call(uni, 'GET', base));
    expect(own.pairs.total).toBe(2);
    expect(own.participation.menteesJoined).toBe(2);
    expect(own.filters.cohorts).toEqual([
      { key: 1, count: 1 },
      { key: 2, count: 1 },
    ]);
    expect(own.filters.mentorOrganisations).toEqual([{ key: 'Northwind Labs', count: 2 }]);
    expect(reportOf(await call(uni, 'GET', `${base}?mentorOrganisation=Fabrikam`)).pairs.total).toBe(0);
    const csv = await call(uni, 'GET', `${base}/export?table=pairs`);
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);
    expect(csv.body).not.toContain('Mentee2');
    expect(reportOf(await call(admin, 'GET', `/api/admin/programmes/${programmeId}/report`)).pairs.total).toBe(3);
    const other = await buildOrganisationMember(t);
    expect((await call(other, 'GET', `${base}?cohort=1`)).statusCode).toBe(404);
  });
});

const question = (id: string, kind: 'rating' | 'nps' | 'text', prompt: string) => ({
  id,
  kind,
  prompt,
  required: true,
  options: [],
  scaleMax: null,
  lowLabel: '',
  highLabel: '',
});

describe('survey results in the report (decision 1011)', () => {
  it('gives pairing-fit and NPS distributions from five answers on, only the count below', async () => {
    const { programmeId, admin } = await programme();
    const now = t.app.ctx.clock.now();
    const [fit, closing] = await db()
      .insert(programmeSurveys)
      .values([
        {
          programmeId,
          title: 'Pairing fit',
          kind: 'pairing-fit',
          audience: 'everyone',
          trigger: 'first-meeting',
          sendAt: now,
          sentAt: now,
          questions: [question('q1', 'rating', 'How good a fit?'), question('q2', 'text', 'Anything else?')],
        },
        {
          programmeId,
          title: 'Closing survey',
          kind: 'closing',
          audience: 'everyone',
          trigger: 'end',
          sendAt: now,
          sentAt: now,
          questions: [question('q1', 'nps', 'Would you recommend it?')],
        },
      ])
      .returning();
    const answer = (surveyId: string, answers: Record<string, number | string>) =>
      db().insert(surveyResponses).values({ surveyId, answers, submittedOn: '2031-03-05' });
    for (const [v, text] of [
      [5, 'Great'],
      [4, 'Good'],
      [4, 'Fine'],
      [2, 'Meh'],
      [5, 'Lovely'],
    ] as const)
      await answer(fit!.id, { q1: v, q2: text });
    for (const v of [10, 9, 3, 7]) await answer(closing!.id, { q1: v });

    const url = `/api/admin/programmes/${programmeId}/report`;
    let r = reportOf(await call(admin, 'GET', url));
    // Free text never reaches the report; four NPS answers are below the threshold.
    expect(r.surveys.map((s) => [s.surveyKind, s.questionKind, s.responses, s.suppressed])).toEqual([
      ['pairing-fit', 'rating', 5, false],
      ['closing', 'nps', 4, true],
    ]);
    expect(r.surveys[0]).toMatchObject({
      title: 'Pairing fit',
      prompt: 'How good a fit?',
      score: 4,
      distribution: [
        { key: '1', count: 0 },
        { key: '2', count: 1 },
        { key: '3', count: 0 },
        { key: '4', count: 2 },
        { key: '5', count: 2 },
      ],
    });
    expect(r.surveys[1]).toMatchObject({ distribution: [], score: null });
    const hidden = await call(admin, 'GET', `${url}/export`);
    expect(hidden.body).toContain('fewer answers than the anonymity threshold');
    expect(hidden.body).not.toContain('Great');

    await answer(closing!.id, { q1: 10 });
    r = reportOf(await call(admin, 'GET', url));
    const nps = r.surveys[1];
    expect(nps).toMatchObject({ suppressed: false, responses: 5 });
    expect(nps?.distribution).toHaveLength(11);
    expect(nps?.distribution.find((d) => d.key === '10')?.count).toBe(2);
    // Promoters 3 (10, 9, 10), detractors 1 (3), of 5: NPS 40.
    expect(nps?.score).toBe(40);
    // Anonymous answers cannot be split by cohort: the sections stay the programme's under a filter.
    expect(reportOf(await call(admin, 'GET', `${url}?cohort=1`)).surveys).toEqual(r.surveys);
    const shown = await call(admin, 'GET', `${url}/export?format=csv`);
    expect(shown.body).toContain('Net Promoter Score,40');
  });
});

describe('closing survey on an early close (decision 1012)', () => {
  it('goes out once at the next scheduler slot, from several processes; surveys due later are withdrawn', async () => {
    const { programmeId, admin, pairs } = await programme();
    // The programme runs through 2031; it is 2031-03-06.
    await db().update(programmes).set({ startsOn: '2031-01-01', endsOn: '2031-12-31' }).where(eq(programmes.id, programmeId));
    const base = `/api/admin/programmes/${programmeId}`;
    const make = async (b: Record<string, unknown>) => {
      const res = await call(admin, 'POST', `${base}/surveys`, b);
      expect(res.statusCode, res.body).toBe(200);
      return body<{ data: ProgrammeSurveys }>(res).data.surveys;
    };
    await make({
      title: 'Closing survey',
      kind: 'closing',
      trigger: 'end',
      questions: [{ kind: 'nps', prompt: 'Would you recommend it?' }],
    });
    const surveys = await make({
      title: 'Autumn check',
      kind: 'mid-programme',
      trigger: 'day',
      day: 300,
      questions: [{ kind: 'rating', prompt: 'How is it going?' }],
    });
    const closingId = surveys.find((s) => s.kind === 'closing')?.id as string;
    expect(surveys.find((s) => s.kind === 'closing')?.sendAt).toBe('2031-12-31T09:00:00.000Z');
    const url = 'http://app.test';
    expect(await dispatchSurveys(db(), t.app.ctx.clock.now(), url)).toEqual({ invited: 0, reminded: 0 });

    const closed = await call(admin, 'POST', `${base}/close`, {
      confirmName: 'Outcomes cohort',
      criteria: { requireAgreement: false, minMeetings: 0, minGoalsAchieved: 0 },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // The close itself sends nothing; the scheduler's next slot does, once, whichever process runs it.
    expect(await db().select().from(surveyRecipients).where(eq(surveyRecipients.surveyId, closingId))).toHaveLength(0);
    t.app.ctx.clock.advance(15 * 60_000);
    const now = t.app.ctx.clock.now();
    const runs = await Promise.all([0, 1, 2].map(() => dispatchSurveys(db(), now, url)));
    expect(runs.reduce((n, x) => n + x.invited, 0)).toBe(6);
    expect(await dispatchSurveys(db(), new Date(now.getTime() + DAY), url)).toMatchObject({ invited: 0 });
    const recipients = await db().select().from(surveyRecipients).where(eq(surveyRecipients.surveyId, closingId));
    expect(recipients.map((r) => r.userId).sort()).toEqual(pairs.flatMap((p) => [p.mentor.id, p.mentee.id]).sort());
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, pairs[0]!.mentee.id), eq(notifications.subType, 'survey')));
    expect(told.map((n) => n.metadata)).toEqual([{ surveyId: closingId }]);
    const left = await db().select().from(programmeSurveys).where(eq(programmeSurveys.programmeId, programmeId));
    expect(left.map((s) => s.kind)).toEqual(['closing']);
    expect(left[0]?.sentAt?.toISOString()).toBe(now.toISOString());
  });
});
