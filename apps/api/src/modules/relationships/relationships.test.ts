import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RELATIONSHIP_MESSAGES as M, type RelationshipDetail, type RelationshipSummary } from '@app/shared/relationships';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { relationshipAgreements, relationshipGoals } from '../../db/schema/relationships.ts';
import { buildOrganisationMember } from '../organisations/test-helpers.ts';
import { caller, DAY, publishedProgramme, relationshipIdOf, sessionBetween } from './test-helpers.ts';

const t = useTestApp();
const call = caller(t);
const db = () => t.database.db;
const agreement = { cadenceDays: 14, format: 'video', durationMinutes: 45, aims: 'Land a first research internship', confidentiality: 'What we say stays between us' };
const detailOf = (res: { body: string }) => body<{ data: RelationshipDetail }>(res).data;

describe('relationships: which exist (decision 860)', () => {
  it('a published programme pair is a relationship for both; a student who booked the same mentor twice has one too; once is not enough', async () => {
    const { pairs } = await publishedProgramme(t);
    const [{ mentor, mentee }] = pairs as [(typeof pairs)[number]];
    const mine = body<{ data: { relationships: RelationshipSummary[] } }>(await call(mentee, 'GET', '/api/relationships')).data.relationships;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'programme', myRole: 'mentee', partner: { id: mentor.id }, agreementState: 'none' });
    const theirs = body<{ data: { relationships: RelationshipSummary[] } }>(await call(mentor, 'GET', '/api/relationships')).data.relationships;
    expect(theirs.map((r) => r.id)).toEqual([mine[0]?.id]);

    const s = await buildStudent(t);
    const p = await buildProfessional(t);
    await sessionBetween(t, p, s, -10 * DAY);
    expect(body<{ data: { relationships: unknown[] } }>(await call(s, 'GET', '/api/relationships')).data.relationships).toHaveLength(0);
    await sessionBetween(t, p, s, 3 * DAY);
    const booked = body<{ data: { relationships: RelationshipSummary[] } }>(await call(s, 'GET', '/api/relationships')).data.relationships;
    expect(booked).toMatchObject([{ kind: 'booked', partner: { id: p.id } }]);
    // Listing twice creates nothing more.
    expect(body<{ data: { relationships: unknown[] } }>(await call(p, 'GET', '/api/relationships')).data.relationships).toHaveLength(1);
  });

  it('401 without a token; 403 for admins and organisation admins; someone else\'s relationship is 404', async () => {
    const { pairs } = await publishedProgramme(t, { pairs: 2 });
    const [a, b] = pairs as [(typeof pairs)[number], (typeof pairs)[number]];
    const id = await relationshipIdOf(t, a.mentee, a.mentor.id);
    expect((await call(null, 'GET', '/api/relationships')).statusCode).toBe(401);
    expect((await call(null, 'GET', `/api/relationships/${id}`)).statusCode).toBe(401);
    const admin = await buildAdmin(t);
    const uni = await buildOrganisationMember(t);
    const company = await buildOrganisationMember(t, { type: 'company' });
    for (const who of [admin, uni, company]) expect((await call(who, 'GET', `/api/relationships/${id}`)).statusCode).toBe(403);
    const stranger = await buildStudent(t);
    const otherMentor = await buildProfessional(t);
    for (const who of [b.mentee, b.mentor, stranger, otherMentor]) {
      expect((await call(who, 'GET', `/api/relationships/${id}`)).statusCode).toBe(404);
      expect((await call(who, 'PUT', `/api/relationships/${id}/agreement`, agreement)).statusCode).toBe(404);
    }
    expect((await call(a.mentee, 'GET', '/api/relationships/not-an-id')).statusCode).toBe(404);
  });
});

describe('agreement: both confirm; a revision asks both again', () => {
  it('confirm and revise', async () => {
    const { pairs } = await publishedProgramme(t);
    const [{ mentor, mentee }] = pairs as [(typeof pairs)[number]];
    const id = await relationshipIdOf(t, mentee, mentor.id);
    const url = `/api/relationships/${id}/agreement`;

    // Bad input: clear message, nothing stored.
    for (const [payload, message] of [
      [{ ...agreement, cadenceDays: 0 }, M.cadence],
      [{ ...agreement, aims: '  ' }, M.aimsRequired],
      [{ ...agreement, format: 'carrier pigeon' }, M.format],
      [{ ...agreement, durationMinutes: 5 }, M.duration],
    ] as const) {
      const res = await call(mentee, 'PUT', url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    // No mass assignment: a confirmed flag in the body is refused.
    expect((await call(mentee, 'PUT', url, { ...agreement, mentorConfirmed: true })).statusCode).toBe(400);
    expect(await db().select().from(relationshipAgreements).where(eq(relationshipAgreements.relationshipId, id))).toHaveLength(0);
    expect((await call(mentor, 'POST', `${url}/confirm`, { version: 1 })).statusCode).toBe(409);

    const saved = await call(mentee, 'PUT', url, agreement);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(detailOf(saved).agreement).toMatchObject({ version: 1, menteeConfirmed: true, mentorConfirmed: false, aims: agreement.aims });
    expect(detailOf(saved).relationship.agreementState).toBe('waiting');
    const confirmed = await call(mentor, 'POST', `${url}/confirm`, { version: 1 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(detailOf(confirmed).relationship.agreementState).toBe('confirmed');

    // The mentor revises: version 2, only the mentor has confirmed it; the mentee's stale confirm is refused.
    const revised = await call(mentor, 'PUT', url, { ...agreement, cadenceDays: 7 });
    expect(detailOf(revised).agreement).toMatchObject({ version: 2, mentorConfirmed: true, menteeConfirmed: false, cadenceDays: 7 });
    const stale = await call(mentee, 'POST', `${url}/confirm`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain(M.agreementStale);
    const again = await call(mentee, 'POST', `${url}/confirm`, { version: 2 });
    expect(detailOf(again).relationship.agreementState).toBe('confirmed');
  });
});

describe('goals and milestones: the student owns them, the mentor comments', () => {
  it('at most three open goals; progress from milestones or manual; the mentor cannot edit', async () => {
    const { pairs } = await publishedProgramme(t);
    const [{ mentor, mentee }] = pairs as [(typeof pairs)[number]];
    const id = await relationshipIdOf(t, mentee, mentor.id);
    const goals = `/api/relationships/${id}/goals`;

    const forbidden = await call(mentor, 'POST', goals, { title: 'Mentor goal' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).toContain(M.onlyStudentGoals);
    // In the caller's language (the catalogues' error.rel.* keys).
    const inSpanish = await t.app.inject({ method: 'POST', url: goals, headers: { ...mentor.auth, 'accept-language': 'es' }, payload: { title: 'x' } });
    expect(inSpanish.body).toContain('Solo el estudiante fija y cambia las metas');
    const bad = await call(mentee, 'POST', goals, { title: '', dueOn: '2030-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(await db().select().from(relationshipGoals).where(eq(relationshipGoals.relationshipId, id))).toHaveLength(0);

    let d = detailOf(await call(mentee, 'POST', goals, { title: 'Publish a poster', dueOn: '2030-05-01' }));
    const goalId = d.goals[0]?.id as string;
    await call(mentee, 'POST', goals, { title: 'Second', progressMode: 'manual' });
    await call(mentee, 'POST', goals, { title: 'Third' });
    const fourth = await call(mentee, 'POST', goals, { title: 'Fourth' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.body).toContain(M.tooManyGoals);

    for (const title of ['Draft', 'Review', 'Print', 'Present']) d = detailOf(await call(mentee, 'POST', `${goals}/${goalId}/milestones`, { title }));
    const ms = d.goals.find((g) => g.id === goalId)?.milestones ?? [];
    expect(ms).toHaveLength(4);
    expect((await call(mentor, 'PATCH', `${goals}/${goalId}/milestones/${ms[0]?.id}`, { done: true })).statusCode).toBe(403);
    d = detailOf(await call(mentee, 'PATCH', `${goals}/${goalId}/milestones/${ms[0]?.id}`, { done: true }));
    expect(d.goals.find((g) => g.id === goalId)?.progress).toBe(25);
    // A number is only set on a manual goal.
    expect((await call(mentee, 'PATCH', `${goals}/${goalId}`, { progress: 60 })).body).toContain(M.manualProgressOnly);
    const second = d.goals.find((g) => g.title === 'Second')?.id;
    d = detailOf(await call(mentee, 'PATCH', `${goals}/${second}`, { progress: 60 }));
    expect(d.goals.find((g) => g.id === second)?.progress).toBe(60);
    expect((await call(mentee, 'PATCH', `${goals}/${second}`, { progress: 101 })).statusCode).toBe(400);

    // The mentor comments; an empty comment is refused.
    expect((await call(mentor, 'POST', `${goals}/${goalId}/comments`, { body: ' ' })).statusCode).toBe(400);
    d = detailOf(await call(mentor, 'POST', `${goals}/${goalId}/comments`, { body: 'Aim for the June fair' }));
    expect(d.goals.find((g) => g.id === goalId)?.comments).toMatchObject([{ authorId: mentor.id, body: 'Aim for the June fair' }]);

    // Achieving a goal frees a place; totals count it.
    d = detailOf(await call(mentee, 'PATCH', `${goals}/${second}`, { status: 'achieved' }));
    expect(d.totals).toMatchObject({ goals: 3, goalsAchieved: 1 });
    expect((await call(mentee, 'POST', goals, { title: 'Fourth' })).statusCode).toBe(200);

    // Someone else's goal id in this relationship: 404.
    const other = await publishedProgramme(t);
    const o = other.pairs[0] as (typeof pairs)[number];
    const otherId = await relationshipIdOf(t, o.mentee, o.mentor.id);
    const otherGoal = detailOf(await call(o.mentee, 'POST', `/api/relationships/${otherId}/goals`, { title: 'Theirs' })).goals[0]?.id;
    expect((await call(mentee, 'PATCH', `${goals}/${otherGoal}`, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await call(mentee, 'GET', `/api/relationships/${otherId}`)).statusCode).toBe(404);
  });
});

describe('meetings: agenda before, shared notes after, private notes stay private', () => {
  it('agenda, notes with action items, an action item becomes a milestone, private notes per person, check-ins and totals', async () => {
    t.app.ctx.clock.set(new Date('2030-03-01T09:00:00Z'));
    try {
      const { pairs } = await publishedProgramme(t);
      const [{ mentor, mentee }] = pairs as [(typeof pairs)[number]];
      const id = await relationshipIdOf(t, mentee, mentor.id);
      const sessionId = await sessionBetween(t, mentor, mentee, 2 * DAY);
      const m = `/api/relationships/${id}/meetings/${sessionId}`;

      // Before: either side writes the agenda; notes, check-ins wait for the start.
      expect((await call(mentor, 'PUT', `${m}/agenda`, { agenda: 'CV review' })).statusCode).toBe(200);
      let d = detailOf(await call(mentee, 'PUT', `${m}/agenda`, { agenda: 'CV review; internship list' }));
      expect(d.meetings[0]?.agenda).toBe('CV review; internship list');
      const early = await call(mentee, 'PUT', `${m}/notes`, { notes: 'x', actionItems: [] });
      expect(early.statusCode).toBe(409);
      expect(early.body).toContain(M.notesTooEarly);
      expect((await call(mentee, 'PUT', `${m}/check-in`, { minutes: 60, rating: 5 })).statusCode).toBe(409);

      // Private notes: each side's own; the other never receives it.
      await call(mentee, 'PUT', `${m}/private-note`, { body: 'MENTEE-SECRET worried about funding' });
      await call(mentor, 'PUT', `${m}/private-note`, { body: 'MENTOR-SECRET suggest the lab' });
      const asMentee = await call(mentee, 'GET', `/api/relationships/${id}`);
      const asMentor = await call(mentor, 'GET', `/api/relationships/${id}`);
      expect(detailOf(asMentee).meetings[0]?.myPrivateNote).toContain('MENTEE-SECRET');
      expect(asMentee.body).not.toContain('MENTOR-SECRET');
      expect(detailOf(asMentor).meetings[0]?.myPrivateNote).toContain('MENTOR-SECRET');
      expect(asMentor.body).not.toContain('MENTEE-SECRET');

      // After the start: shared notes and action items; the agenda closes at the end.
      t.app.ctx.clock.advance(2 * DAY + 2 * 3_600_000);
      expect((await call(mentor, 'PUT', `${m}/agenda`, { agenda: 'late' })).body).toContain(M.agendaClosed);
      const tooMany = await call(mentor, 'PUT', `${m}/notes`, { notes: 'n', actionItems: Array.from({ length: 21 }, (_, i) => ({ text: `i${i}` })) });
      expect(tooMany.statusCode).toBe(400);
      d = detailOf(await call(mentor, 'PUT', `${m}/notes`, { notes: 'Talked about CVs', actionItems: [{ text: 'Send CV to two labs' }, { text: 'Read the paper' }] }));
      expect(d.meetings[0]?.notes).toBe('Talked about CVs');
      const items = d.meetings[0]?.actionItems ?? [];
      expect(items.map((i) => i.text)).toEqual(['Send CV to two labs', 'Read the paper']);
      // Editing keeps ids of kept items and removes the dropped one.
      d = detailOf(await call(mentee, 'PUT', `${m}/notes`, { notes: 'Talked about CVs', actionItems: [{ id: items[0]?.id, text: 'Send CV to two labs', done: true }] }));
      expect(d.meetings[0]?.actionItems).toMatchObject([{ id: items[0]?.id, done: true }]);

      // The action item becomes a milestone of a goal (the student's).
      const goalId = detailOf(await call(mentee, 'POST', `/api/relationships/${id}/goals`, { title: 'Internship' })).goals[0]?.id as string;
      const promote = `${m}/action-items/${items[0]?.id}/milestone`;
      expect((await call(mentor, 'POST', promote, { goalId })).statusCode).toBe(403);
      d = detailOf(await call(mentee, 'POST', promote, { goalId }));
      expect(d.goals[0]?.milestones.map((x) => x.title)).toEqual(['Send CV to two labs']);
      expect(d.meetings[0]?.actionItems[0]?.milestoneId).toBe(d.goals[0]?.milestones[0]?.id);
      expect((await call(mentee, 'POST', promote, { goalId })).statusCode).toBe(409);

      // Check-ins: hours and a one-tap rating each; the other side sees only that one checked in.
      expect((await call(mentee, 'PUT', `${m}/check-in`, { minutes: 60, rating: 6 })).body).toContain(M.rating);
      await call(mentee, 'PUT', `${m}/check-in`, { minutes: 60, rating: 5 });
      d = detailOf(await call(mentor, 'PUT', `${m}/check-in`, { minutes: 90, rating: 4 }));
      expect(d.meetings[0]).toMatchObject({ myCheckIn: { minutes: 90, rating: 4 }, otherCheckedIn: true });
      expect(d.totals).toMatchObject({ meetings: 1, mentorHours: 1.5, menteeHours: 1, averageRating: 4.5 });

      // Another pair's meeting id through this relationship: 404; someone else cannot reach this one.
      const stranger = await buildStudent(t);
      expect((await call(stranger, 'PUT', `${m}/private-note`, { body: 'x' })).statusCode).toBe(404);
      const otherSession = await sessionBetween(t, await buildProfessional(t), mentee, -DAY);
      expect((await call(mentee, 'PUT', `/api/relationships/${id}/meetings/${otherSession}/agenda`, { agenda: 'x' })).statusCode).toBe(404);
    } finally {
      t.app.ctx.clock.set(null);
    }
  });
});
