import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { OUTCOME_MESSAGES as M, type ClosureDto, type OutcomeReport, type ProgrammeCertificateDto } from '@app/shared/outcomes';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildStudent } from '../../../test/factories.ts';
import { notifications } from '../../db/schema/platform.ts';
import { programmeCertificates, programmeClosures } from '../../db/schema/outcomes.ts';
import { relationships } from '../../db/schema/relationships.ts';
import { users } from '../../db/schema/users.ts';
import { buildOrganisationMember } from '../organisations/test-helpers.ts';
import { caller, DAY, publishedProgramme, relationshipIdOf, sessionBetween } from '../relationships/test-helpers.ts';
import { closeProgramme } from './close.service.ts';

const t = useTestApp();
const call = caller(t);
const db = () => t.database.db;
const agreement = { cadenceDays: 14, format: 'video', durationMinutes: 45, aims: 'Internship', confidentiality: '' };
const reportOf = (res: { body: string }) => body<{ data: OutcomeReport }>(res).data;
const criteria = { requireAgreement: true, minMeetings: 2, minGoalsAchieved: 0 };

/**
 * A programme with three pairs at 2031-01-01: pair 0 signs the agreement, meets three times, checks in
 * (rating 5 and 4) and achieves a goal; pair 1 signs and meets once; pair 2 does nothing.
 */
async function programmeWithHistory(opts: { organisationId?: string } = {}) {
  t.app.ctx.clock.set(new Date('2031-01-01T09:00:00Z'));
  const prog = await publishedProgramme(t, { pairs: 3, ...opts });
  const [a, b, c] = prog.pairs as [(typeof prog.pairs)[number], (typeof prog.pairs)[number], (typeof prog.pairs)[number]];
  const relA = await relationshipIdOf(t, a.mentee, a.mentor.id);
  const relB = await relationshipIdOf(t, b.mentee, b.mentor.id);
  const relC = await relationshipIdOf(t, c.mentee, c.mentor.id);
  for (const [rel, pair] of [
    [relA, a],
    [relB, b],
  ] as const) {
    expect((await call(pair.mentee, 'PUT', `/api/relationships/${rel}/agreement`, agreement)).statusCode).toBe(200);
    expect((await call(pair.mentor, 'POST', `/api/relationships/${rel}/agreement/confirm`, { version: 1 })).statusCode).toBe(200);
  }
  const s1 = await sessionBetween(t, a.mentor, a.mentee, 2 * DAY);
  await sessionBetween(t, a.mentor, a.mentee, 20 * DAY);
  await sessionBetween(t, a.mentor, a.mentee, 40 * DAY);
  await sessionBetween(t, b.mentor, b.mentee, 10 * DAY);
  const goal = await call(a.mentee, 'POST', `/api/relationships/${relA}/goals`, {
    title: 'Land an internship',
    progressMode: 'manual',
  });
  expect(goal.statusCode, goal.body).toBe(200);
  const goalId = body<{ data: { goals: Array<{ id: string }> } }>(goal).data.goals[0]?.id;
  t.app.ctx.clock.advance(3 * DAY);
  expect(
    (await call(a.mentee, 'PUT', `/api/relationships/${relA}/meetings/${s1}/check-in`, { minutes: 60, rating: 5 })).statusCode,
  ).toBe(200);
  expect(
    (await call(a.mentor, 'PUT', `/api/relationships/${relA}/meetings/${s1}/check-in`, { minutes: 90, rating: 4 })).statusCode,
  ).toBe(200);
  expect((await call(a.mentee, 'PATCH', `/api/relationships/${relA}/goals/${goalId}`, { status: 'achieved' })).statusCode).toBe(
    200,
  );
  t.app.ctx.clock.advance(60 * DAY); // 2031-03-06: every meeting has happened
  return { ...prog, a, b, c, relA, relB, relC };
}

describe('programme outcome report', () => {
  it('is computed from the real data: pairs, meetings, hours, goals, ratings, health, retention, first meeting', async () => {
    const { programmeId, admin } = await programmeWithHistory();
    const res = await call(admin, 'GET', `/api/admin/programmes/${programmeId}/report`);
    expect(res.statusCode, res.body).toBe(200);
    const r = reportOf(res);
    expect(r.closure).toBeNull();
    expect(r.participation).toMatchObject({ mentorsJoined: 3, menteesJoined: 3, menteesMatched: 3, matchRate: 1 });
    expect(r.pairs).toEqual({ total: 3, active: 3, ended: 0, rematched: 0 });
    expect(r.meetings).toMatchObject({ held: 4, mentorHours: 1.5, menteeHours: 1 });
    // January: a's first two and b's; February: a's third. A meeting's hours are the longer check-in.
    expect(r.meetings.byMonth).toEqual([
      { month: '2031-01', meetings: 3, hours: 1.5 },
      { month: '2031-02', meetings: 1, hours: 0 },
    ]);
    expect(r.firstMeeting).toEqual({ pairsWithMeeting: 2, withinWeek: 1, medianDays: 6 });
    expect(r.goals).toMatchObject({ set: 1, achieved: 1, completionRate: 1 });
    expect(r.ratings.find((x) => x.key === '5')?.count).toBe(1);
    expect(r.ratings.find((x) => x.key === '4')?.count).toBe(1);
    expect(r.health.reduce((n, h) => n + h.count, 0)).toBe(3);
    expect(r.health.find((h) => h.key === 'ended')?.count).toBe(0);
    // 63 days in: day 30 and 60 have come for every pair, day 90 not yet.
    expect(r.retention).toEqual([
      { day: 30, eligible: 3, retained: 3, rate: 1 },
      { day: 60, eligible: 3, retained: 3, rate: 1 },
      { day: 90, eligible: 0, retained: 0, rate: null },
    ]);
    expect(r.surveys).toEqual([]);
  });

  it('exports CSV (formula-safe) and XLSX, summary and pairs; bad format or table is a 400', async () => {
    const { programmeId, admin, a } = await programmeWithHistory();
    await db().update(users).set({ firstName: '=HYPERLINK("http://x")', lastName: 'Evil' }).where(eq(users.id, a.mentor.id));
    const base = `/api/admin/programmes/${programmeId}/report/export`;
    const csv = await call(admin, 'GET', `${base}?format=csv&table=pairs`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="programme-pairs-outcomes-cohort-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"") Evil"`);
    expect(csv.body.split('\r\n')[0]).toContain('Mentor,Mentee,Status');
    const summary = await call(admin, 'GET', base);
    expect(summary.body).toContain('Meetings,Held,4');
    const xlsx = await call(admin, 'GET', `${base}?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Section', 'Item', 'Value']);
    expect(rows).toContainEqual(['Meetings', 'Held', 4]);
    for (const q of ['format=pdf', 'table=people']) {
      const bad = await call(admin, 'GET', `${base}?${q}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(q.startsWith('format') ? M.format : M.table);
    }
  });
});

describe('programme close', () => {
  it('ends every pair, issues a certificate to those whose pair met the criteria, tells everyone, and is read-only and idempotent', async () => {
    const { programmeId, admin, a, b, c, relA } = await programmeWithHistory();
    const url = `/api/admin/programmes/${programmeId}/close`;
    // The confirm dialog's typed name must match; bad criteria are refused; nothing changes.
    const wrong = await call(admin, 'POST', url, { confirmName: 'Other', criteria });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(M.confirm);
    const bad = await call(admin, 'POST', url, { confirmName: 'Outcomes cohort', criteria: { ...criteria, minMeetings: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(M.minMeetings);
    expect(await db().select().from(programmeClosures).where(eq(programmeClosures.programmeId, programmeId))).toHaveLength(0);

    const res = await call(admin, 'POST', url, { confirmName: 'Outcomes cohort', criteria });
    expect(res.statusCode, res.body).toBe(200);
    const closure = body<{ data: { closure: ClosureDto } }>(res).data.closure;
    expect(closure).toMatchObject({ pairsEnded: 3, certificates: 2, criteria });
    const rels = await db().select().from(relationships).where(eq(relationships.programmeId, programmeId));
    expect(rels.every((r) => r.status === 'ended' && r.endedReason === 'The programme closed')).toBe(true);
    // Pair a met the criteria (agreement, 3 meetings); b met once, c never: only a's two people.
    const issued = await db().select().from(programmeCertificates).where(eq(programmeCertificates.programmeId, programmeId));
    expect(issued.map((x) => [x.userId, x.kind]).sort()).toEqual(
      [
        [a.mentor.id, 'service'],
        [a.mentee.id, 'participation'],
      ].sort(),
    );
    expect(issued.find((x) => x.userId === a.mentee.id)).toMatchObject({ meetings: 3, hours: 1, goalsAchieved: 1 });
    for (const who of [a.mentor, a.mentee, b.mentor, b.mentee, c.mentor, c.mentee]) {
      const told = await db().select().from(notifications).where(eq(notifications.userId, who.id));
      expect(told.some((n) => n.subType === 'programme-closed')).toBe(true);
    }

    // Again: the same closure, no new certificates, no new notifications.
    const before = (await db().select().from(notifications)).length;
    const again = await call(admin, 'POST', url, {
      confirmName: 'Outcomes cohort',
      criteria: { ...criteria, minMeetings: 0, requireAgreement: false },
    });
    expect(again.statusCode).toBe(200);
    expect(body<{ data: { closure: ClosureDto } }>(again).data.closure).toEqual(closure);
    expect(
      await db().select().from(programmeCertificates).where(eq(programmeCertificates.programmeId, programmeId)),
    ).toHaveLength(2);
    expect((await db().select().from(notifications)).length).toBe(before);

    // Read-only: the pair's record and the programme's settings refuse changes; the report says closed.
    const write = await call(a.mentee, 'POST', `/api/relationships/${relA}/goals`, { title: 'More' });
    expect(write.statusCode).toBe(409);
    const settings = await call(admin, 'PUT', `/api/admin/programmes/${programmeId}/outcome-settings`, {
      agreementVisibleToCoordinator: true,
      autoNudge: false,
      defaultCadenceDays: 7,
    });
    expect(settings.statusCode).toBe(409);
    expect(settings.body).toContain(M.alreadyClosed);
    const r = reportOf(await call(admin, 'GET', `/api/admin/programmes/${programmeId}/report`));
    expect(r.programme.status).toBe('closed');
    expect(r.pairs).toMatchObject({ active: 0, ended: 3 });
    expect(r.health.find((h) => h.key === 'ended')?.count).toBe(3);
    const pairsCsv = await call(admin, 'GET', `/api/admin/programmes/${programmeId}/report/export?table=pairs`);
    expect(pairsCsv.body).toContain('The programme closed');
  });

  it('two closes at once issue each certificate once', async () => {
    const { programmeId, admin } = await programmeWithHistory();
    const body_ = { confirmName: 'Outcomes cohort', criteria };
    const results = await Promise.all(
      [0, 1, 2].map(() => closeProgramme(db(), programmeId, body_, { actorId: admin.id }, t.app.ctx.clock.now())),
    );
    expect(results.filter((x) => x.created)).toHaveLength(1);
    expect(new Set(results.map((x) => JSON.stringify(x.closure))).size).toBe(1);
    expect(
      await db().select().from(programmeCertificates).where(eq(programmeCertificates.programmeId, programmeId)),
    ).toHaveLength(2);
    expect(await db().select().from(programmeClosures).where(eq(programmeClosures.programmeId, programmeId))).toHaveLength(1);
  });

  it('a programme that is not published cannot be closed', async () => {
    const { programmeId, admin } = await publishedProgramme(t);
    const { programmes } = await import('../../db/schema/matching.ts');
    await db().update(programmes).set({ status: 'matched' }).where(eq(programmes.id, programmeId));
    const res = await call(admin, 'POST', `/api/admin/programmes/${programmeId}/close`, { confirmName: 'Outcomes cohort' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(M.notPublished);
  });
});

describe('certificates', () => {
  it('the participant lists and downloads their own certificate; anyone can verify it; nobody else downloads it', async () => {
    const { programmeId, admin, a, b } = await programmeWithHistory();
    await call(admin, 'POST', `/api/admin/programmes/${programmeId}/close`, { confirmName: 'Outcomes cohort', criteria });
    const list = await call(a.mentee, 'GET', '/api/me/programme-certificates');
    expect(list.statusCode).toBe(200);
    const [cert] = body<{ data: { certificates: ProgrammeCertificateDto[] } }>(list).data.certificates;
    expect(cert).toMatchObject({ programmeId, programmeName: 'Outcomes cohort', kind: 'participation', meetings: 3 });
    if (!cert) throw new Error('no certificate');
    const pdf = await call(a.mentee, 'GET', `/api/me/programme-certificates/${cert.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="certificate-outcomes-cohort.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another person (even the pair's mentor), and b who earned none: not found; signed out: 401; admin: 403.
    expect((await call(a.mentor, 'GET', `/api/me/programme-certificates/${cert.id}/pdf`)).statusCode).toBe(404);
    expect((await call(b.mentee, 'GET', `/api/me/programme-certificates/${cert.id}/pdf`)).statusCode).toBe(404);
    expect(
      body<{ data: { certificates: unknown[] } }>(await call(b.mentee, 'GET', '/api/me/programme-certificates')).data
        .certificates,
    ).toEqual([]);
    expect((await call(null, 'GET', `/api/me/programme-certificates/${cert.id}/pdf`)).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/me/programme-certificates')).statusCode).toBe(403);
    expect((await call(a.mentee, 'GET', '/api/me/programme-certificates/not-an-id/pdf')).statusCode).toBe(404);
    const verify = await call(null, 'GET', `/api/programme-certificates/${cert.verificationId}`);
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toContain('Outcomes cohort');
    expect((await call(null, 'GET', '/api/programme-certificates/MB-0000-0000-0000-0000')).statusCode).toBe(404);
  });
});

describe('who may close and read the report', () => {
  it('401 signed out, 403 for other roles, 404 for another university or an unknown programme, 200 for the own university', async () => {
    const uni = await buildOrganisationMember(t);
    const other = await buildOrganisationMember(t);
    const company = await buildOrganisationMember(t, { type: 'company' });
    const { programmeId, a } = await programmeWithHistory({ organisationId: uni.organisationId });
    const base = `/api/organisations/me/programmes/${programmeId}`;
    expect((await call(null, 'GET', `${base}/report`)).statusCode).toBe(401);
    for (const who of [company, a.mentor, a.mentee, await buildStudent(t)]) {
      expect((await call(who, 'GET', `${base}/report`)).statusCode).toBe(403);
      expect((await call(who, 'POST', `${base}/close`, { confirmName: 'Outcomes cohort' })).statusCode).toBe(403);
      expect((await call(who, 'GET', `/api/admin/programmes/${programmeId}/report`)).statusCode).toBe(403);
    }
    expect((await call(other, 'GET', `${base}/report`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `${base}/report/export`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `${base}/close`, { confirmName: 'Outcomes cohort' })).statusCode).toBe(404);
    expect((await call(uni, 'GET', '/api/organisations/me/programmes/abc/report')).statusCode).toBe(404);
    expect((await call(uni, 'POST', `${base}/close`, { confirmName: 5 })).statusCode).toBe(400);
    expect((await call(uni, 'GET', `${base}/report`)).statusCode).toBe(200);
    expect((await call(uni, 'GET', `${base}/report/export?format=xlsx&table=pairs`)).statusCode).toBe(200);
    expect(await db().select().from(programmeClosures).where(eq(programmeClosures.programmeId, programmeId))).toHaveLength(0);
    const closed = await call(uni, 'POST', `${base}/close`, { confirmName: 'Outcomes cohort', criteria });
    expect(closed.statusCode, closed.body).toBe(200);
  });
});
