import { DateTime } from 'luxon';
import { nonexistentTimeMessage, resolveLocalTime } from '@app/shared/time-zones';
import { badRequest } from './errors.ts';

/**
 * A local date and time in an IANA zone → the instant (decision 820): a time that occurs twice is the
 * first occurrence (RFC 5545 §3.3.5); a time in a spring-forward gap is refused with a message that says
 * so (400), never moved to another time; anything else unreadable is `invalidMessage` (400).
 */
export function localInstant(date: string, time: string, zone: string, invalidMessage: string): DateTime {
  const utc = ['utc', 'etc/utc', 'gmt', 'z'].includes(zone.toLowerCase());
  const resolved = resolveLocalTime(date, time, utc ? 'UTC' : zone);
  if (!resolved.ok) throw badRequest(resolved.reason === 'nonexistent' ? nonexistentTimeMessage(date, time, zone) : invalidMessage);
  return DateTime.fromMillis(resolved.epochMs, { zone: utc ? 'UTC' : zone });
}

/** The same, for stored data that is already accepted: null instead of throwing. */
export function storedLocalInstant(date: string, time: string, zone: string): DateTime | null {
  const resolved = resolveLocalTime(date, time, zone || 'UTC');
  if (resolved.ok) return DateTime.fromMillis(resolved.epochMs, { zone: zone || 'UTC' });
  // Stored before decision 820 inside a gap: read it as luxon did then, so it keeps its instant.
  const legacy = DateTime.fromISO(`${date}T${time}`, { zone: zone || 'UTC' });
  return legacy.isValid ? legacy : null;
}
