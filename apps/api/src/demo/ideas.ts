import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ideaComments, ideaLikes, ideas } from '../db/schema/ideas.ts';

type NewIdea = typeof ideas.$inferInsert;

/** Demo ideas in every status, with likes and comments (counters kept equal to the rows). */
export async function seedIdeas(db: Db, ids: Record<string, string>): Promise<Record<string, string>> {
  const student = ids['student@example.com'];
  const priya = ids['priya@example.com'];
  const rohan = ids['rohan@example.com'];
  const admin = ids['admin@example.com'] ?? null;
  if (!student || !priya || !rohan) return {};
  const fans = ['student@example.com', 'priya@example.com', 'rohan@example.com', 'sara@example.com', 'li.wei@example.com', 'emma@example.com']
    .map((e) => ids[e])
    .filter((v): v is string => Boolean(v));
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
  const rows: (NewIdea & { key: string; likers: number; comments: [string, string][] })[] = [
    {
      key: 'approved',
      authorId: student,
      title: 'Campus Food Waste Tracker',
      description: 'A mobile app where canteens log unsold food and students reserve it at a discount before closing time.',
      category: 'Social Innovation',
      status: 'approved',
      isPublic: true,
      tags: ['sustainability', 'mobile', 'food'],
      feedback: 'Strong impact case. Partner with two canteens for a pilot.',
      reviewNotes: 'Pilot candidate for next semester.',
      reviewedBy: admin,
      reviewedAt: daysAgo(3),
      totalScore: 8.3,
      implementationDetails: { feasibilityScore: 8, impactScore: 9, innovationScore: 8, estimatedTimeToImplement: '3 months', resourcesRequired: ['2 developers', 'Canteen partners'], potentialPartners: ['Campus Dining Services'] },
      submittedAt: daysAgo(12),
      likers: 4,
      comments: [['priya@example.com', 'We need this at Anna University too!'], ['admin@example.com', 'Great pilot candidate.']],
    },
    {
      key: 'under_review',
      authorId: student,
      title: 'AI Lecture Summariser',
      description: 'Record lectures and get searchable summaries with timestamps and key formulas.',
      category: 'Artificial Intelligence',
      status: 'under_review',
      isPublic: true,
      tags: ['ai', 'education'],
      submittedAt: daysAgo(2),
      likers: 2,
      comments: [['rohan@example.com', 'Would it handle handwritten board notes?']],
    },
    {
      key: 'draft',
      authorId: student,
      title: 'Peer Tutoring Marketplace',
      description: 'Senior students offer paid or volunteer tutoring slots; juniors book them.',
      category: 'Educational Technology',
      status: 'draft',
      isPublic: false,
      tags: ['tutoring'],
      likers: 0,
      comments: [],
    },
    {
      key: 'revision_required',
      authorId: student,
      title: 'Smart Parking Sensors',
      description: 'Low-cost ultrasonic sensors report free parking spots on campus to a live map.',
      category: 'Electronics & Communication',
      status: 'revision_required',
      isPublic: false,
      tags: ['iot', 'hardware'],
      feedback: 'Please add a cost estimate per sensor and a maintenance plan.',
      reviewedBy: admin,
      reviewedAt: daysAgo(1),
      submittedAt: daysAgo(9),
      likers: 0,
      comments: [],
    },
    {
      key: 'shortlisted',
      authorId: priya,
      title: 'Low-cost Water Quality Kit',
      description: 'Paper-based test strips read by a phone camera to detect common contaminants.',
      category: 'Biotechnology',
      status: 'shortlisted',
      isPublic: true,
      tags: ['water', 'health', 'biotech'],
      feedback: 'Shortlisted for the innovation fair.',
      reviewedBy: admin,
      reviewedAt: daysAgo(5),
      totalScore: 7.7,
      implementationDetails: { feasibilityScore: 7, impactScore: 9, innovationScore: 7 },
      submittedAt: daysAgo(15),
      likers: 5,
      comments: [['student@example.com', 'Could this work for soil testing as well?']],
    },
    {
      key: 'implemented',
      authorId: rohan,
      title: 'Lab Equipment Booking System',
      description: 'Replace the paper register with an online booking calendar for shared lab equipment.',
      category: 'Mechanical Engineering',
      status: 'implemented',
      isPublic: true,
      tags: ['labs', 'scheduling'],
      feedback: 'Now live in the mechanical department.',
      reviewedBy: admin,
      reviewedAt: daysAgo(30),
      totalScore: 9,
      implementationDetails: { feasibilityScore: 9, impactScore: 9, innovationScore: 9, estimatedTimeToImplement: 'Done' },
      submittedAt: daysAgo(60),
      likers: 6,
      comments: [],
    },
    {
      key: 'rejected',
      authorId: rohan,
      title: 'Hoverboard Campus Shuttle',
      description: 'Replace campus buses with hoverboards.',
      category: 'Mechanical Engineering',
      status: 'rejected',
      isPublic: true,
      tags: ['transport'],
      feedback: 'Idea does not meet current requirements.',
      reviewedBy: admin,
      reviewedAt: daysAgo(7),
      submittedAt: daysAgo(10),
      likers: 0,
      comments: [],
    },
  ];
  const created: Record<string, string> = {};
  for (const { key, likers, comments, ...values } of rows) {
    const [idea] = await db
      .insert(ideas)
      .values({ ...values, createdAt: values.submittedAt ?? daysAgo(1) })
      .returning({ id: ideas.id });
    if (!idea) continue;
    created[key] = idea.id;
    const likedBy = fans.filter((f) => f !== values.authorId).slice(0, likers);
    if (likedBy.length) await db.insert(ideaLikes).values(likedBy.map((userId) => ({ ideaId: idea.id, userId })));
    const commentRows = comments
      .map(([email, body]) => ({ ideaId: idea.id, authorId: ids[email] ?? '', body }))
      .filter((c) => c.authorId);
    if (commentRows.length) await db.insert(ideaComments).values(commentRows);
    await db
      .update(ideas)
      .set({ likesCount: likedBy.length, commentsCount: commentRows.length })
      .where(sql`${ideas.id} = ${idea.id}`);
  }
  return created;
}
