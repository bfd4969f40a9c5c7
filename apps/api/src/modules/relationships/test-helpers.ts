import { buildAdmin, buildProfessional, buildStudent, body, type BuiltUser } from '../../../test/factories.ts';
import type { TestContext } from '../../../test/harness.ts';
import { programmePairs, programmeParticipants, programmes } from '../../db/schema/matching.ts';
import { mentoringSessions } from '../../db/schema/mentoring.ts';

export const DAY = 86_400_000;

type Caller = { auth: Record<string, string> } | null;
export const caller =
  (t: TestContext) =>
  (who: Caller, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });

/**
 * A published programme with `pairs` mentor–mentee pairs and `spareMentors` joined mentors without a
 * mentee, written straight to the tables (the programmes module's own tests cover how it gets there).
 */
export async function publishedProgramme(t: TestContext, opts: { pairs?: number; spareMentors?: number; organisationId?: string; publishedAt?: Date } = {}) {
  const db = t.database.db;
  const admin = await buildAdmin(t);
  const publishedAt = opts.publishedAt ?? t.app.ctx.clock.now();
  const [p] = await db
    .insert(programmes)
    .values({
      name: 'Outcomes cohort',
      startsOn: '2030-01-01',
      endsOn: '2030-12-31',
      mentorCapacityDefault: 2,
      status: 'published',
      matchedAt: publishedAt,
      publishedAt,
      organisationId: opts.organisationId ?? null,
      createdBy: admin.id,
    })
    .returning();
  if (!p) throw new Error('programme insert failed');
  const pairs: Array<{ mentor: BuiltUser; mentee: BuiltUser; pairId: string }> = [];
  for (let i = 0; i < (opts.pairs ?? 1); i++) {
    const mentor = await buildProfessional(t, { firstName: `Mentor${i}` });
    const mentee = await buildStudent(t, { firstName: `Mentee${i}` });
    await db.insert(programmeParticipants).values([
      { programmeId: p.id, userId: mentor.id, role: 'mentor', status: 'joined', topics: ['Optics'] },
      { programmeId: p.id, userId: mentee.id, role: 'mentee', status: 'joined', topics: ['Optics'] },
    ]);
    const [pair] = await db.insert(programmePairs).values({ programmeId: p.id, mentorId: mentor.id, menteeId: mentee.id, score: 1 }).returning();
    if (!pair) throw new Error('pair insert failed');
    pairs.push({ mentor, mentee, pairId: pair.id });
  }
  const spare: BuiltUser[] = [];
  for (let i = 0; i < (opts.spareMentors ?? 0); i++) {
    const mentor = await buildProfessional(t, { firstName: `Spare${i}` });
    await db.insert(programmeParticipants).values({ programmeId: p.id, userId: mentor.id, role: 'mentor', status: 'joined', topics: ['Optics'] });
    spare.push(mentor);
  }
  return { programmeId: p.id, admin, pairs, spare };
}

/** A session between the two, starting `startsInMs` from the app's clock (negative: in the past), one hour long. */
export async function sessionBetween(t: TestContext, mentor: BuiltUser, mentee: BuiltUser, startsInMs: number) {
  const start = new Date(t.app.ctx.clock.now().getTime() + startsInMs);
  const [s] = await t.database.db
    .insert(mentoringSessions)
    .values({ professionalId: mentor.id, studentId: mentee.id, topic: 'Career', startsAt: start, endsAt: new Date(start.getTime() + 3_600_000), timezone: 'UTC' })
    .returning();
  if (!s) throw new Error('session insert failed');
  return s.id;
}

/** The relationship id the mentee sees for this mentor. */
export async function relationshipIdOf(t: TestContext, mentee: BuiltUser, mentorId: string) {
  const res = await caller(t)(mentee, 'GET', '/api/relationships');
  if (res.statusCode !== 200) throw new Error(res.body);
  const found = body<{ data: { relationships: Array<{ id: string; partner: { id: string }; status: string }> } }>(res).data.relationships.find(
    (r) => r.partner.id === mentorId && r.status === 'active',
  );
  if (!found) throw new Error('no relationship');
  return found.id;
}
