import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { programmePairs, programmeParticipants, programmes } from '../../db/schema/matching.ts';
import { mentoringSessions } from '../../db/schema/mentoring.ts';
import { meetingCheckIns, relationshipAgreements, relationshipGoals, relationships } from '../../db/schema/relationships.ts';
import { syncRelationships } from '../relationships/index.ts';
import { closeProgramme } from './close.service.ts';
import { snapshotRunningProgrammes } from './health-snapshots.ts';

const DAY = 86_400_000;

/**
 * Issue 26 demo data for programme close and reports (decision 930; one line in demo/index.ts):
 *   "Autumn Pioneers cohort", closed 30 days ago by the real close: Priya (priya@example.com) and Kenji
 *   met four times with a confirmed agreement and an achieved goal, so both hold a certificate; Rohan and
 *   Lucía met once and hold none;
 *   "Spring Writing circle", published 20 days ago and still running (Sara with Grace, Emma with Meera),
 *   for a coordinator to read its report and close it;
 * then four weeks of daily health snapshots of every running programme (the relationships demo's
 * "Research Pathways cohort" included), replaying the daily task at each past day (decision 1090).
 */
export async function seedOutcomes(db: Db, ids: Record<string, string>, now = new Date()): Promise<void> {
  const admin = ids['admin@example.com'];
  const [priya, rohan, sara, emma] = ['priya', 'rohan', 'sara', 'emma'].map((n) => ids[`${n}@example.com`]);
  const [kenji, lucia, grace, meera] = ['kenji', 'lucia', 'grace', 'meera'].map((n) => ids[`${n}@example.com`]);
  if (!admin || !priya || !rohan || !sara || !emma || !kenji || !lucia || !grace || !meera) return;
  const ago = (days: number, hour = 10) => {
    const d = new Date(now.getTime() - days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };
  const iso = (d: Date) => d.toISOString().slice(0, 10);

  async function programme(
    name: string,
    description: string,
    publishedDaysAgo: number,
    endsDaysAgo: number,
    pairs: Array<[string, string]>,
  ) {
    const [p] = await db
      .insert(programmes)
      .values({
        name,
        description,
        startsOn: iso(ago(publishedDaysAgo + 5)),
        endsOn: iso(ago(endsDaysAgo)),
        mentorCapacityDefault: 2,
        status: 'published',
        matchedAt: ago(publishedDaysAgo + 2),
        publishedAt: ago(publishedDaysAgo),
        createdBy: admin,
      })
      .returning({ id: programmes.id });
    if (!p) throw new Error('programme insert failed');
    for (const [mentorId, menteeId] of pairs) {
      await db.insert(programmeParticipants).values([
        {
          programmeId: p.id,
          userId: mentorId,
          role: 'mentor',
          status: 'joined',
          topics: ['Research'],
          respondedAt: ago(publishedDaysAgo + 3),
        },
        {
          programmeId: p.id,
          userId: menteeId,
          role: 'mentee',
          status: 'joined',
          topics: ['Research'],
          respondedAt: ago(publishedDaysAgo + 3),
        },
      ]);
      await db.insert(programmePairs).values({ programmeId: p.id, mentorId, menteeId, score: 0.8, reasons: [{ code: 'shares', topics: ['Research'] }] });
    }
    await syncRelationships(db, { programmeId: p.id });
    return p.id;
  }
  const relOf = async (programmeId: string, menteeId: string) => {
    const [r] = await db
      .select({ id: relationships.id })
      .from(relationships)
      .where(and(eq(relationships.programmeId, programmeId), eq(relationships.menteeId, menteeId)));
    if (!r) throw new Error('relationship missing');
    return r.id;
  };
  async function meet(relationshipId: string, mentorId: string, menteeId: string, daysAgo: number, ratings?: [number, number]) {
    const [s] = await db
      .insert(mentoringSessions)
      .values({
        professionalId: mentorId,
        studentId: menteeId,
        topic: 'Mentoring',
        startsAt: ago(daysAgo),
        endsAt: ago(daysAgo, 11),
        timezone: 'UTC',
        status: 'completed',
        attendance: 'attended',
      })
      .returning({ id: mentoringSessions.id });
    if (!s || !ratings) return;
    await db.insert(meetingCheckIns).values([
      { sessionId: s.id, userId: mentorId, relationshipId, minutes: 60, rating: ratings[0] },
      { sessionId: s.id, userId: menteeId, relationshipId, minutes: 60, rating: ratings[1] },
    ]);
  }

  // The closed programme: the facts first, then the real close (30 days ago).
  const autumn = await programme(
    'Autumn Pioneers cohort',
    'A term of research mentoring, closed with a report and certificates.',
    150,
    35,
    [
      [kenji, priya],
      [lucia, rohan],
    ],
  );
  const pk = await relOf(autumn, priya);
  const rl = await relOf(autumn, rohan);
  await db.insert(relationshipAgreements).values({
    relationshipId: pk,
    cadenceDays: 21,
    format: 'video',
    durationMinutes: 60,
    aims: 'Write and submit a first conference abstract.',
    mentorConfirmedVersion: 1,
    menteeConfirmedVersion: 1,
    updatedBy: priya,
  });
  for (const [d, r] of [
    [145, [4, 4]],
    [124, [5, 4]],
    [103, [4, 5]],
    [82, [5, 5]],
  ] as const)
    await meet(pk, kenji, priya, d, [r[0], r[1]]);
  await db
    .insert(relationshipGoals)
    .values({
      relationshipId: pk,
      title: 'Submit a conference abstract',
      progressMode: 'manual',
      manualProgress: 100,
      status: 'achieved',
      achievedAt: ago(70),
    });
  await meet(rl, lucia, rohan, 140, [3, 2]);
  await closeProgramme(
    db,
    autumn,
    { confirmName: 'Autumn Pioneers cohort', criteria: { requireAgreement: true, minMeetings: 3, minGoalsAchieved: 0 } },
    { actorId: admin },
    ago(30),
  );

  // The running one, for a coordinator to read and close.
  const spring = await programme('Spring Writing circle', 'Academic writing mentoring: a draft a fortnight.', 20, -40, [
    [grace, sara],
    [meera, emma],
  ]);
  const sg = await relOf(spring, sara);
  await meet(sg, grace, sara, 12, [5, 4]);
  await meet(sg, grace, sara, 2, [4, 4]);

  // Health over time: the daily task as it would have run on each of the last 28 days (and today).
  for (let d = 27; d >= 0; d--) await snapshotRunningProgrammes(db, new Date(now.getTime() - d * DAY));
}
