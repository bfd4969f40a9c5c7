import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { availabilityRules, connectionRequests, conversationMessages, mentoringSessions } from '../db/schema/mentoring.ts';
import { professionalProfiles } from '../db/schema/users.ts';
import { eq, sql } from 'drizzle-orm';
import { createMeetingLink } from '../lib/meeting.ts';

const MEETING_BASE = process.env.MEETING_BASE_URL?.replace(/\/$/, '') || 'https://meet.jit.si';

/** A wall-clock time `days` from today in a zone, as an instant. */
function at(days: number, time: string, zone: string): Date {
  const [h, m] = time.split(':').map(Number);
  return DateTime.now().setZone(zone).plus({ days }).set({ hour: h, minute: m, second: 0, millisecond: 0 }).toJSDate();
}
const dateIn = (days: number, zone: string) => DateTime.now().setZone(zone).plus({ days }).toISODate() ?? '';

/**
 * Mentoring demo data (issue 4): availability in several zones, requests in every state, upcoming and
 * past (rated) sessions and a conversation between student@example.com and mentor@example.com.
 * `ids` maps demo e-mails to user ids (from seedAccounts). Missing accounts are skipped.
 */
export async function seedMentoring(db: Db, ids: Record<string, string>): Promise<void> {
  const mentor = ids['mentor@example.com'];
  const grace = ids['grace@example.com'];
  const oliver = ids['oliver@example.com'];
  const kenji = ids['kenji@example.com'];
  const meera = ids['meera@example.com'];
  const aarav = ids['student@example.com'];
  const priya = ids['priya@example.com'];
  const rohan = ids['rohan@example.com'];
  const sara = ids['sara@example.com'];
  const li = ids['li.wei@example.com'];
  const emma = ids['emma@example.com'];
  if (!mentor || !aarav || !priya) return;

  // ---- availability rules ----
  const rules: (typeof availabilityRules.$inferInsert)[] = [
    {
      professionalId: mentor,
      isRecurring: true,
      dayOfWeek: 1,
      startTime: '09:00',
      endTime: '12:00',
      timezone: 'Asia/Kolkata',
      notes: 'Career and code reviews',
    },
    {
      professionalId: mentor,
      isRecurring: true,
      dayOfWeek: 3,
      startTime: '18:00',
      endTime: '20:00',
      timezone: 'Asia/Kolkata',
      notes: 'Evening office hours',
    },
    {
      professionalId: mentor,
      isRecurring: true,
      dayOfWeek: 6,
      startTime: '10:00',
      endTime: '13:00',
      timezone: 'Asia/Kolkata',
      notes: 'Weekend deep dives',
    },
    {
      professionalId: mentor,
      isRecurring: false,
      date: dateIn(9, 'Asia/Kolkata'),
      startTime: '14:00',
      endTime: '16:00',
      timezone: 'Asia/Kolkata',
      notes: 'Extra slot before the hackathon',
    },
    {
      professionalId: mentor,
      isRecurring: true,
      dayOfWeek: 5,
      startTime: '15:00',
      endTime: '17:00',
      timezone: 'Asia/Kolkata',
      notes: 'Paused for now',
      enabled: false,
    },
  ];
  if (grace) {
    rules.push(
      {
        professionalId: grace,
        isRecurring: true,
        dayOfWeek: 2,
        startTime: '08:00',
        endTime: '10:00',
        timezone: 'America/New_York',
        notes: 'Research careers',
      },
      {
        professionalId: grace,
        isRecurring: true,
        dayOfWeek: 4,
        startTime: '19:00',
        endTime: '21:00',
        timezone: 'America/New_York',
        notes: null,
      },
    );
  }
  if (oliver) {
    rules.push(
      {
        professionalId: oliver,
        isRecurring: true,
        dayOfWeek: 1,
        startTime: '12:00',
        endTime: '14:00',
        timezone: 'Europe/London',
        notes: 'Security Q&A',
      },
      {
        professionalId: oliver,
        isRecurring: false,
        date: dateIn(5, 'Europe/London'),
        startTime: '09:30',
        endTime: '11:30',
        timezone: 'Europe/London',
        notes: 'CTF prep',
      },
    );
  }
  if (kenji)
    rules.push({
      professionalId: kenji,
      isRecurring: true,
      dayOfWeek: 5,
      startTime: '13:00',
      endTime: '15:00',
      timezone: 'Asia/Tokyo',
      notes: 'Portfolio reviews',
    });
  if (meera)
    rules.push({
      professionalId: meera,
      isRecurring: true,
      dayOfWeek: 0,
      startTime: '10:00',
      endTime: '12:00',
      timezone: 'Asia/Singapore',
      notes: null,
    });
  await db.insert(availabilityRules).values(rules);

  // ---- connection requests ----
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
  const request = async (values: typeof connectionRequests.$inferInsert) => {
    const [row] = await db.insert(connectionRequests).values(values).returning({ id: connectionRequests.id });
    return row?.id ?? null;
  };
  const aaravAccepted = await request({
    studentId: aarav,
    professionalId: mentor,
    message: 'I am building my first full-stack project and would value a code review.',
    status: 'accepted',
    responseMessage: 'Happy to help! Let us start with your architecture.',
    respondedAt: daysAgo(20),
    createdAt: daysAgo(21),
  });
  const priyaAccepted = await request({
    studentId: priya,
    professionalId: mentor,
    message: 'Could you guide me on moving from biotech to bioinformatics?',
    status: 'accepted',
    responseMessage: 'Yes, there is a good path there.',
    respondedAt: daysAgo(12),
    createdAt: daysAgo(13),
  });
  if (rohan)
    await request({
      studentId: rohan,
      professionalId: mentor,
      message: 'Looking for advice on system design interviews.',
      createdAt: daysAgo(2),
    });
  if (sara) {
    // A pending request holding a slot the student picked.
    const start = at(nextWeekday(1, 'Asia/Kolkata'), '10:00', 'Asia/Kolkata');
    await request({
      studentId: sara,
      professionalId: mentor,
      message: 'I would like feedback on my startup idea.',
      requestedStart: start,
      requestedEnd: new Date(start.getTime() + 3600_000),
      requestedTimezone: 'Asia/Kolkata',
      createdAt: daysAgo(1),
    });
  }
  if (li)
    await request({
      studentId: li,
      professionalId: mentor,
      message: 'Can you mentor me on distributed systems research?',
      status: 'rejected',
      responseMessage: 'My calendar is full this term; Grace Miller is a great fit for research questions.',
      respondedAt: daysAgo(4),
      createdAt: daysAgo(6),
    });
  if (emma && grace)
    await request({
      studentId: emma,
      professionalId: grace,
      message: 'Interested in ML for legal text.',
      createdAt: daysAgo(8),
      remindedAt: daysAgo(1),
    });
  if (grace)
    await request({
      studentId: aarav,
      professionalId: grace,
      message: 'Curious about ML research careers.',
      status: 'accepted',
      responseMessage: 'Welcome aboard.',
      respondedAt: daysAgo(30),
      createdAt: daysAgo(31),
    });

  // ---- sessions ----
  // One between `pair`, on the day `day` days from today, from `from` to `to` on the wall clock of `zone` (kept with it).
  type Pair = { professionalId: string; studentId: string; requestId?: string | null };
  type Rest = Omit<typeof mentoringSessions.$inferInsert, keyof Pair | 'topic' | 'startsAt' | 'endsAt' | 'timezone' | 'meetLink'>;
  const session = (
    pair: Pair,
    topic: string,
    day: number,
    [from, to]: [string, string],
    rest: Rest = {},
    zone = 'Asia/Kolkata',
  ) =>
    db.insert(mentoringSessions).values({
      ...pair,
      ...rest,
      topic,
      startsAt: at(day, from, zone),
      endsAt: at(day, to, zone),
      timezone: zone,
      meetLink: createMeetingLink(MEETING_BASE),
    });
  const withAarav = { professionalId: mentor, studentId: aarav, requestId: aaravAccepted };
  const withPriya = { professionalId: mentor, studentId: priya, requestId: priyaAccepted };
  await session(withAarav, 'Architecture review', -14, ['10:00', '11:00'], { rating: 5, ratedAt: daysAgo(13) });
  await session(withAarav, 'Testing strategy', -5, ['18:00', '19:00']);
  await session(withPriya, 'Bioinformatics roadmap', -10, ['11:00', '11:45'], { rating: 4, ratedAt: daysAgo(9) });
  await session(withAarav, 'Deployment and CI', nextWeekday(3, 'Asia/Kolkata'), ['18:00', '19:00'], { sequence: 1 });
  await session(withPriya, 'Python for biologists', nextWeekday(6, 'Asia/Kolkata'), ['11:00', '12:00']);
  await session(withPriya, 'Cancelled check-in', 2, ['15:00', '15:30'], { status: 'cancelled', sequence: 1 });
  const newYork = 'America/New_York';
  if (grace)
    await session(
      { professionalId: grace, studentId: aarav },
      'Reading ML papers',
      nextWeekday(2, newYork),
      ['08:00', '09:00'],
      {},
      newYork,
    );
  await db
    .update(professionalProfiles)
    .set({ ratingSum: sql`${professionalProfiles.ratingSum} + 9`, ratingCount: sql`${professionalProfiles.ratingCount} + 2` })
    .where(eq(professionalProfiles.userId, mentor));

  // ---- a conversation ----
  const thread: [string, string, number][] = [
    [aarav, 'Thanks for the review last week! I split the API into modules as you suggested.', 6],
    [mentor, 'Great progress. Next, add integration tests around the booking flow.', 6],
    [aarav, 'Will do. Should I use a real database in tests or mocks?', 5],
    [mentor, 'A real one: a fresh PostgreSQL (or PGlite) per test file. Mocks hide the bugs that matter.', 5],
  ];
  for (const [sender, text, ago] of thread) {
    await db.insert(conversationMessages).values({
      professionalId: mentor,
      studentId: aarav,
      senderId: sender,
      body: text,
      createdAt: daysAgo(ago),
      readAt: daysAgo(ago - 0.5),
    });
  }
}

/** Days from today to the next given weekday (0 Sunday … 6 Saturday), at least 2 days ahead. */
function nextWeekday(dayOfWeek: number, zone: string): number {
  const today = DateTime.now().setZone(zone);
  for (let d = 2; d < 9; d++) if (today.plus({ days: d }).weekday % 7 === dayOfWeek) return d;
  return 7;
}
