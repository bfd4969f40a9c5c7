import { and, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROGRAMME_MESSAGES, type MyProgrammesData, type ProgrammeDetail } from '@app/shared/programmes';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { connectionRequests, mentoringSessions } from '../../db/schema/mentoring.ts';
import { emails, jobs, notifications } from '../../db/schema/platform.ts';
import { studentProfiles, users } from '../../db/schema/users.ts';
import { inviteBatch } from './invite-fan-out.ts';
import { programmePairs } from '../../db/schema/matching.ts';

const t = useTestApp();
const db = () => t.database.db;

const base = { name: 'Spring cohort', startsOn: '2030-03-01', endsOn: '2030-06-30', mentorCapacityDefault: 2 };

async function create(a: BuiltUser, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/programmes', headers: a.auth, payload: { ...base, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ data: { programme: { id: string } } }>(res).data.programme.id;
}
async function detail(a: BuiltUser, id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/programmes/${id}`, headers: a.auth });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: ProgrammeDetail }>(res).data;
}
async function join(u: BuiltUser, id: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: `/api/programmes/${id}/participation`, headers: u.auth, payload: { status: 'joined', ...payload } });
}
async function invite(a: BuiltUser, id: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/admin/programmes/${id}/invitations`, headers: a.auth, payload });
}

describe('programmes: access and input', () => {
  it('401, 403 for students and professionals, 400 with clear messages, 404 for unknown ids', async () => {
    const a = await buildAdmin(t);
    const s = await buildStudent(t);
    const p = await buildProfessional(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/programmes' })).statusCode).toBe(401);
    for (const u of [s, p]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/programmes', headers: u.auth, payload: base })).statusCode).toBe(403);
    }
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, name: ' ' }, PROGRAMME_MESSAGES.nameRequired],
      [{ ...base, startsOn: '2030-02-30' }, PROGRAMME_MESSAGES.date],
      [{ ...base, endsOn: '2030-01-01' }, PROGRAMME_MESSAGES.endBeforeStart],
      [{ ...base, mentorCapacityDefault: 0 }, PROGRAMME_MESSAGES.capacity],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/programmes', headers: a.auth, payload });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    for (const id of ['nope', 'ffffffffffffffffffffffff']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/programmes/${id}`, headers: a.auth })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/programmes/${id}/match`, headers: a.auth })).statusCode).toBe(404);
    }
    const id = await create(a);
    const none = await invite(a, id, { role: 'mentee' });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(PROGRAMME_MESSAGES.inviteWho);
    // A professional cannot be invited as a mentee; an unknown id is not eligible.
    const wrong = await invite(a, id, { role: 'mentee', userIds: [p.id] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(PROGRAMME_MESSAGES.notEligible);
    // Someone not invited cannot answer: the programme does not exist for them.
    expect((await join(s, id, { topics: ['AI'] })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/programmes/${id}/publish`, headers: a.auth })).statusCode).toBe(400);
  });
});

describe('a programme from creation to published pairs', () => {
  it('invites, collects preferences, matches within capacity, explains, pins, swaps, publishes and tracks meetings', async () => {
    const a = await buildAdmin(t);
    const uni = `Uni ${Math.random()}`;
    const mentees = await Promise.all([1, 2, 3, 4].map((i) => buildStudent(t, { university: uni, course: 'Physics', firstName: `Mentee${i}` })));
    const outsider = await buildStudent(t, { university: 'Elsewhere', course: 'Physics' });
    const m1 = await buildProfessional(t, { firstName: 'Ada' });
    const m2 = await buildProfessional(t, { firstName: 'Grace' });
    const id = await create(a, { eligibleUniversities: [uni] });

    const inv = await invite(a, id, { role: 'mentee', allEligible: true });
    expect(inv.statusCode, inv.body).toBe(200);
    expect(body<{ data: { invited: number } }>(inv).data.invited).toBe(4);
    expect((await invite(a, id, { role: 'mentee', userIds: [outsider.id] })).statusCode).toBe(400);
    const invM = await invite(a, id, { role: 'mentor', userIds: [m1.id, m2.id] });
    expect(body<{ data: { invited: number } }>(invM).data.invited).toBe(2);
    // Again: nobody invited twice.
    expect(body<{ data: { invited: number; alreadyInvited: number } }>(await invite(a, id, { role: 'mentor', userIds: [m1.id] })).data).toEqual({ invited: 0, alreadyInvited: 1 });
    await t.runJobs(); // the invitation fan-out job (docs/decisions/621)
    const note = await db().select().from(notifications).where(and(eq(notifications.userId, mentees[0]?.id ?? ''), eq(notifications.subType, 'programme-invite')));
    expect(note).toHaveLength(1);

    // The invitation and the people who may be ranked.
    const mine = body<{ data: MyProgrammesData }>(await t.app.inject({ method: 'GET', url: '/api/programmes/mine', headers: mentees[0]?.auth ?? {} })).data;
    expect(mine.programmes[0]?.participation.status).toBe('invited');
    expect(mine.programmes[0]?.options.map((o) => o.userId).sort()).toEqual([m1.id, m2.id].sort());

    const [s1, s2, s3, s4] = mentees as [BuiltUser, BuiltUser, BuiltUser, BuiltUser];
    expect((await join(m1, id, { topics: ['Optics', 'Lasers'], capacity: 1 })).statusCode).toBe(200);
    expect((await join(m2, id, { topics: ['Optics'], capacity: 2 })).statusCode).toBe(200);
    expect((await join(s1, id, { topics: ['Lasers'], preferences: [m1.id] })).statusCode).toBe(200);
    expect((await join(s2, id, { topics: ['Optics'], preferences: [m1.id, m2.id] })).statusCode).toBe(200);
    expect((await join(s3, id, { topics: ['Optics'] })).statusCode).toBe(200);
    expect((await join(s4, id, { topics: ['Botany'] })).statusCode).toBe(200);
    // Ranking someone outside the programme, or too many, is refused.
    const badRank = await join(s3, id, { topics: ['Optics'], preferences: [outsider.id] });
    expect(badRank.statusCode).toBe(400);
    expect(badRank.body).toContain(PROGRAMME_MESSAGES.rankedUnknown);
    expect((await join(s3, id, { preferences: ['a', 'b', 'c', 'd', 'e', 'f'] })).statusCode).toBe(400);

    const run = await t.app.inject({ method: 'POST', url: `/api/admin/programmes/${id}/match`, headers: a.auth });
    expect(run.statusCode, run.body).toBe(200);
    let d = body<{ data: ProgrammeDetail }>(run).data;
    const mentorOf = (s: BuiltUser) => d.pairs.find((p) => p.menteeId === s.id)?.mentorId;
    // m1 (capacity 1) takes s1 (who ranked m1 first and shares Lasers); m2 takes s2 and s3.
    expect(mentorOf(s1)).toBe(m1.id);
    expect(mentorOf(s2)).toBe(m2.id);
    expect(mentorOf(s3)).toBe(m2.id);
    expect(d.pairs.find((p) => p.menteeId === s1.id)?.reasons).toEqual(expect.arrayContaining(['The mentee ranked Ada Mentor #1', 'Shares Lasers']));
    expect(d.unmatched).toEqual([expect.objectContaining({ userId: s4.id, reason: 'no-topic-mentor', detail: 'No mentor covers Botany' })]);

    // Capacity: m1 is full, so assigning s3 to m1 is refused.
    const full = await t.app.inject({ method: 'PUT', url: `/api/admin/programmes/${id}/pairs`, headers: a.auth, payload: { menteeId: s3.id, mentorId: m1.id } });
    expect(full.statusCode).toBe(409);
    expect(full.body).toContain(PROGRAMME_MESSAGES.mentorFull);
    const notMentee = await t.app.inject({ method: 'PUT', url: `/api/admin/programmes/${id}/pairs`, headers: a.auth, payload: { menteeId: outsider.id, mentorId: m1.id } });
    expect(notMentee.statusCode).toBe(400);

    // Swap s1 and s2 between the mentors; both pinned; a re-run keeps the pins.
    const pairA = d.pairs.find((p) => p.menteeId === s1.id)?.id;
    const pairB = d.pairs.find((p) => p.menteeId === s2.id)?.id;
    const swap = await t.app.inject({ method: 'POST', url: `/api/admin/programmes/${id}/swap`, headers: a.auth, payload: { pairA, pairB } });
    expect(swap.statusCode, swap.body).toBe(200);
    d = body<{ data: ProgrammeDetail }>(swap).data;
    expect(mentorOf(s1)).toBe(m2.id);
    expect(mentorOf(s2)).toBe(m1.id);
    const rerun = await t.app.inject({ method: 'POST', url: `/api/admin/programmes/${id}/match`, headers: a.auth });
    d = body<{ data: ProgrammeDetail }>(rerun).data;
    expect(mentorOf(s1)).toBe(m2.id);
    expect(mentorOf(s2)).toBe(m1.id);
    expect(d.pairs.filter((p) => p.pinned)).toHaveLength(2);
    const load = (m: BuiltUser) => d.pairs.filter((p) => p.mentorId === m.id).length;
    expect(load(m1)).toBeLessThanOrEqual(1);
    expect(load(m2)).toBeLessThanOrEqual(2);

    // Publish: every pair is an accepted connection, both notified; nothing can change afterwards.
    const pub = await t.app.inject({ method: 'POST', url: `/api/admin/programmes/${id}/publish`, headers: a.auth });
    expect(pub.statusCode, pub.body).toBe(200);
    d = body<{ data: ProgrammeDetail }>(pub).data;
    expect(d.programme.status).toBe('published');
    for (const p of d.pairs) {
      const rows = await db()
        .select()
        .from(connectionRequests)
        .where(and(eq(connectionRequests.studentId, p.menteeId), eq(connectionRequests.professionalId, p.mentorId), eq(connectionRequests.status, 'accepted')));
      expect(rows).toHaveLength(1);
      const n = await db().select().from(notifications).where(and(eq(notifications.userId, p.menteeId), eq(notifications.type, 'connection')));
      expect(n.length).toBeGreaterThan(0);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/programmes/${id}/publish`, headers: a.auth })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/programmes/${id}/match`, headers: a.auth })).statusCode).toBe(409);
    expect((await join(s3, id, { topics: ['Optics'] })).statusCode).toBe(409);

    // The mentee sees their mentor.
    const after = body<{ data: MyProgrammesData }>(await t.app.inject({ method: 'GET', url: '/api/programmes/mine', headers: s1.auth })).data;
    expect(after.programmes[0]?.partners.map((p) => p.userId)).toEqual([m2.id]);

    // Dashboard: one pair met (a past session), the others not yet.
    expect(d.dashboard).toMatchObject({ met: 0, notMet: d.pairs.length });
    await db().insert(mentoringSessions).values({
      professionalId: m2.id,
      studentId: s1.id,
      topic: 'Kick-off',
      startsAt: new Date(Date.now() + 1000),
      endsAt: new Date(Date.now() + 3_600_000),
      status: 'completed',
    });
    d = await detail(a, id);
    expect(d.dashboard).toMatchObject({ met: 1, notMet: d.pairs.length - 1, sessions: 1 });
    expect(d.pairs.find((p) => p.menteeId === s1.id)).toMatchObject({ sessions: 1, completedSessions: 1 });
  });
});

describe('programmes: capacity under concurrency', () => {
  it('competing "change this mentee’s mentor" requests never put a mentor over capacity', async () => {
    const a = await buildAdmin(t);
    const uni = `Race ${Math.random()}`;
    const mentees = await Promise.all(Array.from({ length: 10 }, (_, i) => buildStudent(t, { university: uni, firstName: `Racer${i}` })));
    const mentor = await buildProfessional(t, { firstName: 'Solo' });
    const id = await create(a, { eligibleUniversities: [uni], mentorCapacityDefault: 2 });
    expect((await invite(a, id, { role: 'mentee', allEligible: true })).statusCode).toBe(200);
    expect((await invite(a, id, { role: 'mentor', userIds: [mentor.id] })).statusCode).toBe(200);
    expect((await join(mentor, id, { topics: ['Optics'], capacity: 2 })).statusCode).toBe(200);
    for (const s of mentees) expect((await join(s, id, { topics: ['Optics'] })).statusCode).toBe(200);
    // Rounds of ten changes at once, each assigning a different mentee to the one mentor with two places.
    for (let round = 0; round < 3; round++) {
      await db().delete(programmePairs).where(eq(programmePairs.programmeId, id));
      const results = await Promise.all(
        mentees.map((s) => t.app.inject({ method: 'PUT', url: `/api/admin/programmes/${id}/pairs`, headers: a.auth, payload: { menteeId: s.id, mentorId: mentor.id } })),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200), results.map((r) => r.body.slice(0, 120)).join('\n')).toHaveLength(2);
      expect(codes.filter((c) => c === 409)).toHaveLength(8);
      const d = await detail(a, id);
      expect(d.pairs.filter((p) => p.mentorId === mentor.id)).toHaveLength(2);
    }
  });
});

describe('programmes: large invitations', () => {
  it('invites 2,000 students in one request; the fan-out job tells each exactly once, in batches, even when run twice', async () => {
    const a = await buildAdmin(t);
    const uni = `Big ${Math.random()}`;
    const n = 2000;
    const stamp = Date.now();
    const made = await db()
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          role: 'student' as const,
          email: `bulk-${stamp}-${i}@example.com`,
          passwordHash: 'not-used',
          firstName: `Bulk${i}`,
          lastName: 'Student',
          phone: '+91 98765 43210',
        })),
      )
      .returning({ id: users.id });
    await db()
      .insert(studentProfiles)
      .values(made.map((u, i) => ({ userId: u.id, university: uni, course: 'Physics', year: 2, rollNumber: `B-${stamp}-${i}`, interests: ['Optics'] })));
    const id = await create(a, { eligibleUniversities: [uni] });
    const res = await invite(a, id, { role: 'mentee', allEligible: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: { invited: number } }>(res).data.invited).toBe(n);
    const ids = made.map((u) => u.id);
    const tell = async () => db().select({ userId: notifications.userId }).from(notifications).where(and(eq(notifications.subType, 'programme-invite'), inArray(notifications.userId, ids)));
    // The request wrote rows and one job, not 2,000 notifications: nobody has been told yet.
    expect(await tell()).toHaveLength(0);
    // Two runners at once (a retried job and the first one): everyone told once, nobody twice.
    const config = { publicUrl: 'http://localhost' };
    await Promise.all([inviteBatch(db(), id, config, 300), inviteBatch(db(), id, config, 300)]);
    expect((await tell()).length).toBe(600);
    await t.runJobs();
    const told = await tell();
    expect(told).toHaveLength(n);
    expect(new Set(told.map((r) => r.userId)).size).toBe(n);
    const mail = await db().select({ id: emails.id }).from(emails).where(like(emails.to, `bulk-${stamp}-%`));
    expect(mail).toHaveLength(n);
    // Running the job again tells no one.
    await inviteBatch(db(), id, config);
    expect(await tell()).toHaveLength(n);
    const queued = await db().select().from(jobs).where(eq(jobs.type, 'programme.invite'));
    expect(queued.every((j) => j.status === 'done')).toBe(true);
  }, 120_000);
});
