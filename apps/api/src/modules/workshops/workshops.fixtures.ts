import { DateTime } from 'luxon';
import type { Db } from '../../db/client.ts';
import { workshopRegistrations, workshops } from '../../db/schema/workshops.ts';

type NewWorkshop = typeof workshops.$inferInsert;

/**
 * A workshop `daysFromNow` days ahead (negative: in the past), scheduled 10:00-12:00 in its zone.
 * Used by tests and demo data; not an API path.
 */
export async function insertWorkshop(
  db: Db,
  overrides: Partial<NewWorkshop> & { daysFromNow?: number } = {},
): Promise<typeof workshops.$inferSelect> {
  const { daysFromNow = 7, ...rest } = overrides;
  const timezone = rest.timezone ?? 'Asia/Kolkata';
  const day = DateTime.now().setZone(timezone).plus({ days: daysFromNow }).toISODate() ?? '2030-01-01';
  const startTime = rest.startTime ?? '10:00';
  const endTime = rest.endTime ?? '12:00';
  const start = DateTime.fromISO(`${rest.date ?? day}T${startTime}`, { zone: timezone });
  const end = DateTime.fromISO(`${rest.date ?? day}T${endTime}`, { zone: timezone });
  const [row] = await db
    .insert(workshops)
    .values({
      title: 'Intro to TypeScript',
      description: 'Types for JavaScript developers.',
      category: 'Technology',
      difficulty: 'Beginner',
      deliveryMode: 'online',
      maxParticipants: 30,
      status: 'published',
      meetingPlatform: 'Jitsi Meet',
      meetingLink: 'https://meet.jit.si/MentorBridge-test-room',
      meetingId: 'test-room',
      ...rest,
      date: rest.date ?? day,
      startTime,
      endTime,
      timezone,
      startsAt: rest.startsAt ?? start.toJSDate(),
      endsAt: rest.endsAt ?? end.toJSDate(),
    })
    .returning();
  if (!row) throw new Error('workshop insert failed');
  return row;
}

export async function insertRegistration(
  db: Db,
  values: { workshopId: string; studentId: string; status?: 'registered' | 'attended' | 'cancelled' | 'absent'; certificateId?: string },
) {
  const [row] = await db.insert(workshopRegistrations).values(values).returning();
  if (!row) throw new Error('registration insert failed');
  return row;
}
