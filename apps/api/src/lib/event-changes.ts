import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { eventChanges } from '../db/schema/calendar.ts';
import { enqueue } from './jobs.ts';
import { queryRows } from './sql.ts';

export type EventKind = 'workshop' | 'session' | 'interview';
export type EventChangeKind = 'updated' | 'cancelled';

export const EVENT_CHANGE_JOB = 'event.change';

export interface EventChangeInput {
  kind: EventKind;
  /** The workshop id, the mentoring session id, or the R&D application id (for an interview). */
  id: string;
  change: EventChangeKind;
  /** Who made the change: told by e-mail (the updated invitation) but not in-app. */
  actorId?: string | null;
  /** A reason shown to the participants. */
  note?: string | null;
}

const BUMP = {
  workshop: (id: string) => sql`UPDATE workshops SET sequence = sequence + 1 WHERE id = ${id} RETURNING sequence`,
  session: (id: string) => sql`UPDATE mentoring_sessions SET sequence = sequence + 1 WHERE id = ${id} RETURNING sequence`,
  interview: (id: string) =>
    sql`UPDATE rd_applications SET interview_sequence = interview_sequence + 1 WHERE id = ${id} RETURNING interview_sequence AS sequence`,
} satisfies Record<EventKind, (id: string) => ReturnType<typeof sql>>;

/**
 * Record a change of a scheduled thing and queue the job that tells every participant (in-app and by
 * e-mail with the updated invitation: METHOD:REQUEST, or METHOD:CANCEL for a cancellation). Call it
 * inside the transaction that makes the change, after the row holds its new values; it raises the
 * event's SEQUENCE by one (the counter every invitation carries) and returns the new value. The
 * request returns at once: the job fans out in batches (docs/decisions/421). Kick the job runner
 * after the commit (`app.ctx.jobs.kick()`), or let its poll pick the job up.
 */
export async function queueEventChange(db: Db, input: EventChangeInput): Promise<{ changeId: string; sequence: number }> {
  const [bumped] = await queryRows<{ sequence: number }>(db, BUMP[input.kind](input.id));
  if (!bumped) throw new Error(`queueEventChange: no ${input.kind} ${input.id}`);
  const [row] = await db
    .insert(eventChanges)
    .values({
      kind: input.kind,
      eventId: input.id,
      change: input.change,
      sequence: Number(bumped.sequence),
      actorId: input.actorId ?? null,
      note: input.note?.trim() || null,
    })
    .returning({ id: eventChanges.id });
  if (!row) throw new Error('event change insert returned nothing');
  await enqueue(db, EVENT_CHANGE_JOB, { changeId: row.id }, { maxAttempts: 10 });
  return { changeId: row.id, sequence: Number(bumped.sequence) };
}

/** The fields of a workshop whose change moves it in people's calendars. */
export const WORKSHOP_CALENDAR_FIELDS = [
  'date',
  'startTime',
  'endTime',
  'timezone',
  'deliveryMode',
  'meetingLink',
  'venue',
  'address',
  'city',
  'state',
] as const;

/** True when any calendar-relevant field differs between two versions of a row. */
export function calendarFieldsChanged<T extends object>(before: T, after: T, fields: readonly (keyof T)[]): boolean {
  return fields.some((f) => {
    const a = before[f];
    const b = after[f];
    if (a instanceof Date && b instanceof Date) return a.getTime() !== b.getTime();
    return (a ?? null) !== (b ?? null);
  });
}
