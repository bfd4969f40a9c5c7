import type { Db } from '../../db/client.ts';
import { programmePairs, programmeParticipants, programmes } from '../../db/schema/matching.ts';
import { conversationMessages, mentoringSessions } from '../../db/schema/mentoring.ts';
import {
  goalComments,
  goalMilestones,
  meetingActionItems,
  meetingCheckIns,
  meetingRecords,
  programmeOutcomeSettings,
  relationshipAgreements,
  relationshipGoals,
  relationships,
} from '../../db/schema/relationships.ts';
import { newId } from '../../lib/ids.ts';

const DAY = 86_400_000;

/**
 * Issue 26 demo data (self-contained; registered by one line in db/seed/index.ts): a running platform
 * programme whose pairs are in each health state —
 *   Priya ↔ Grace healthy (agreement, goal with milestones, a recent meeting with notes and check-ins),
 *   Rohan ↔ Meera needs attention (last meeting 20 days ago, cadence 14),
 *   Sara ↔ Oliver at risk (no meeting in 40 days; Kenji and Lucía have free places for a rematch),
 *   Emma ↔ Kenji ended by a rematch (history), Emma ↔ Lucía active since.
 * Aarav (student@example.com) and Ananya (mentor@example.com) have several booked sessions in the
 * mentoring demo, so they form a "booked" relationship of their own when either opens the page.
 * `ids` maps demo e-mails to user ids; missing accounts skip the step.
 */
export async function seedRelationships(db: Db, ids: Record<string, string>, now = new Date()): Promise<void> {
  const admin = ids['admin@example.com'];
  const priya = ids['priya@example.com'];
  const rohan = ids['rohan@example.com'];
  const sara = ids['sara@example.com'];
  const emma = ids['emma@example.com'];
  const grace = ids['grace@example.com'];
  const meera = ids['meera@example.com'];
  const oliver = ids['oliver@example.com'];
  const kenji = ids['kenji@example.com'];
  const lucia = ids['lucia@example.com'];
  if (!admin || !priya || !rohan || !sara || !emma || !grace || !meera || !oliver || !kenji || !lucia) return;
  const ago = (days: number, hour = 10) => {
    const d = new Date(now.getTime() - days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const publishedAt = ago(40);

  const [p] = await db
    .insert(programmes)
    .values({
      name: 'Research Pathways cohort',
      description: 'Pairs students with researchers and practitioners for a term: an agreement, up to three goals, a meeting every two weeks.',
      startsOn: iso(ago(45)),
      endsOn: iso(new Date(now.getTime() + 60 * DAY)),
      mentorCapacityDefault: 2,
      status: 'published',
      matchedAt: ago(42),
      publishedAt,
      createdBy: admin,
    })
    .returning({ id: programmes.id });
  if (!p) return;
  await db.insert(programmeOutcomeSettings).values({ programmeId: p.id, agreementVisibleToCoordinator: false, autoNudge: true, defaultCadenceDays: 14 });
  const topics = ['Research', 'Careers'];
  await db.insert(programmeParticipants).values([
    ...[priya, rohan, sara, emma].map((userId) => ({ programmeId: p.id, userId, role: 'mentee' as const, status: 'joined' as const, topics, respondedAt: ago(44) })),
    ...[grace, meera, oliver, kenji, lucia].map((userId) => ({ programmeId: p.id, userId, role: 'mentor' as const, status: 'joined' as const, topics, respondedAt: ago(44) })),
  ]);

  async function pair(mentorId: string, menteeId: string, reasons: string[]) {
    const [row] = await db.insert(programmePairs).values({ programmeId: p!.id, mentorId, menteeId, score: 0.8, reasons }).returning({ id: programmePairs.id });
    return row!.id;
  }
  async function relationship(values: { pairId: string; mentorId: string; menteeId: string; startedAt: Date; ended?: { at: Date; reason: string } }) {
    const id = newId();
    await db.insert(relationships).values({
      id,
      kind: 'programme',
      programmeId: p!.id,
      pairId: values.pairId,
      mentorId: values.mentorId,
      menteeId: values.menteeId,
      startedAt: values.startedAt,
      status: values.ended ? 'ended' : 'active',
      endedAt: values.ended?.at ?? null,
      endedReason: values.ended?.reason ?? null,
      endedBy: values.ended ? admin : null,
    });
    return id;
  }
  async function agreement(relationshipId: string, aims: string) {
    await db.insert(relationshipAgreements).values({
      relationshipId,
      cadenceDays: 14,
      format: 'video',
      durationMinutes: 45,
      aims,
      confidentiality: 'What we discuss stays between us unless someone is at risk.',
      version: 1,
      mentorConfirmedVersion: 1,
      menteeConfirmedVersion: 1,
    });
  }
  async function meeting(relationshipId: string, mentorId: string, menteeId: string, daysAgo: number, checkIns?: [number, number]) {
    const startsAt = ago(daysAgo);
    const [s] = await db
      .insert(mentoringSessions)
      .values({
        professionalId: mentorId,
        studentId: menteeId,
        topic: 'Research Pathways meeting',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 45 * 60_000),
        timezone: 'Asia/Kolkata',
        status: 'completed',
        attendance: 'attended',
        attendanceMarkedAt: new Date(startsAt.getTime() + 60 * 60_000),
      })
      .returning({ id: mentoringSessions.id });
    if (!s) throw new Error('session insert failed');
    if (checkIns) {
      await db.insert(meetingCheckIns).values([
        { sessionId: s.id, userId: mentorId, relationshipId, minutes: 45, rating: checkIns[0], createdAt: new Date(startsAt.getTime() + 3_600_000) },
        { sessionId: s.id, userId: menteeId, relationshipId, minutes: 45, rating: checkIns[1], createdAt: new Date(startsAt.getTime() + 3_600_000) },
      ]);
    }
    return s.id;
  }

  // Healthy: Priya ↔ Grace.
  const pg = await relationship({ pairId: await pair(grace, priya, ['Both chose Research']), mentorId: grace, menteeId: priya, startedAt: publishedAt });
  await agreement(pg, 'Find a summer research internship and write a first poster.');
  await meeting(pg, grace, priya, 33, [4, 4]);
  await meeting(pg, grace, priya, 19, [5, 4]);
  const recent = await meeting(pg, grace, priya, 5, [5, 5]);
  await db.insert(meetingRecords).values({ sessionId: recent, relationshipId: pg, agenda: 'Internship shortlist; poster outline', notes: 'Shortlisted three labs. Poster outline agreed.', updatedBy: grace });
  const [goal] = await db
    .insert(relationshipGoals)
    .values({ relationshipId: pg, title: 'Secure a summer research internship', dueOn: iso(new Date(now.getTime() + 45 * DAY)), progressMode: 'milestones' })
    .returning({ id: relationshipGoals.id });
  if (goal) {
    const [first] = await db
      .insert(goalMilestones)
      .values([
        { goalId: goal.id, title: 'Shortlist three labs', doneAt: ago(5) },
        { goalId: goal.id, title: 'Send tailored CVs' },
        { goalId: goal.id, title: 'Prepare for interviews' },
      ])
      .returning({ id: goalMilestones.id });
    await db.insert(meetingActionItems).values({ sessionId: recent, relationshipId: pg, text: 'Shortlist three labs', done: true, milestoneId: first?.id ?? null });
    await db.insert(goalComments).values({ goalId: goal.id, authorId: grace, body: 'Start with the labs whose recent papers you enjoyed.' });
  }

  // Needs attention: Rohan ↔ Meera (last meeting 20 days ago, fortnightly).
  const rm = await relationship({ pairId: await pair(meera, rohan, ['Both chose Careers']), mentorId: meera, menteeId: rohan, startedAt: publishedAt });
  await agreement(rm, 'Move from mechanical design into data roles.');
  await meeting(rm, meera, rohan, 34, [4, 3]);
  await meeting(rm, meera, rohan, 20, [3, 3]);

  // At risk: Sara ↔ Oliver (no meeting since the start; a message left unanswered).
  await relationship({ pairId: await pair(oliver, sara, ['Both chose Careers']), mentorId: oliver, menteeId: sara, startedAt: publishedAt });
  await db.insert(conversationMessages).values({ professionalId: oliver, studentId: sara, senderId: sara, body: 'Hello! When would suit you for a first meeting?', createdAt: ago(30) });

  // Rematched: Emma ↔ Kenji ended (history), Emma ↔ Lucía since.
  const emmaPair = await pair(lucia, emma, ['Both chose Careers']);
  const ek = await relationship({ pairId: emmaPair, mentorId: kenji, menteeId: emma, startedAt: publishedAt, ended: { at: ago(12), reason: 'Your time zones made regular meetings hard; a mentor closer to you will help you keep going.' } });
  await meeting(ek, kenji, emma, 30, [2, 2]);
  const el = await relationship({ pairId: emmaPair, mentorId: lucia, menteeId: emma, startedAt: ago(12) });
  await agreement(el, 'Shape a start-up idea into a pitch.');
  await meeting(el, lucia, emma, 6, [5, 4]);
}
