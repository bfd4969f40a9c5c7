/**
 * Time zones (decision 702): any IANA zone the runtime knows, checked with Intl so that the API (Node)
 * and the browser agree without a list of our own.
 */
export const TIME_ZONE_MESSAGE = 'Please choose a valid time zone';

const knownZones = new Map<string, boolean>();

/** A zone name such as 'Europe/London' or 'UTC' (not an offset such as '+05:30'). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  // Asking Intl builds a formatter (the costly part): each name is asked once (at most ~600 zones exist).
  let known = knownZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size > 1000) knownZones.clear();
    knownZones.set(value, known);
  }
  return known;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset in minutes at an instant (Intl only, so the browser and the API agree). */
export function zoneOffsetMinutes(zone: string, epochMs: number): number {
  let f = offsetFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (offsetFormatters.size > 200) offsetFormatters.clear();
    offsetFormatters.set(zone, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(epochMs))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return Math.round((asUtc - (epochMs - (epochMs % 1000))) / 60_000);
}

export type LocalTimeResult = { ok: true; epochMs: number } | { ok: false; reason: 'invalid' | 'nonexistent' };

/**
 * Every instant at which a wall-clock date ('YYYY-MM-DD') and time ('HH:mm' or 'HH:mm:ss') occurs in an
 * IANA zone, earliest first: one as a rule, two on a fall-back night, none in a spring-forward gap;
 * null when the date, time or zone cannot be read. Assumes at most one offset change within 12 hours
 * either side (true of every IANA zone).
 */
export function localTimeOccurrences(date: string, time: string, zone: string): number[] | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d || !t || !isTimeZone(zone)) return null;
  const [y, mo, da, h, mi, s] = [d[1], d[2], d[3], t[1], t[2], t[3] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || da < 1 || h > 23 || mi > 59 || s > 59) return null;
  const wall = Date.UTC(y, mo - 1, da, h, mi, s);
  if (new Date(wall).getUTCDate() !== da) return null; // 31 February
  const HOURS_12 = 12 * 3_600_000;
  const offsets = new Set([zoneOffsetMinutes(zone, wall - HOURS_12), zoneOffsetMinutes(zone, wall + HOURS_12)]);
  return [...offsets]
    .map((o) => wall - o * 60_000)
    .filter((ms) => wall - zoneOffsetMinutes(zone, ms) * 60_000 === ms)
    .sort((a, b) => a - b);
}

/**
 * A wall-clock date and time in an IANA zone → the instant, as RFC 5545 §3.3.5 reads it: a time that
 * occurs twice (01:30 on a fall-back night) is the FIRST occurrence; a time that never occurs (in the
 * spring-forward gap) is refused as `nonexistent` rather than moved.
 */
export function resolveLocalTime(date: string, time: string, zone: string): LocalTimeResult {
  const instants = localTimeOccurrences(date, time, zone);
  if (!instants) return { ok: false, reason: 'invalid' };
  const first = instants[0];
  if (first === undefined) return { ok: false, reason: 'nonexistent' };
  return { ok: true, epochMs: first };
}

/** The message when a local time falls in a spring-forward gap (the API's answer and the forms' alike). */
export function nonexistentTimeMessage(date: string, time: string, zone: string): string {
  return `${time.slice(0, 5)} does not exist on ${date} in ${zone}: the clocks go forward at that time. Please choose another time.`;
}

/**
 * The message for the first of `times` that does not exist on `date` in `zone` (a spring-forward gap), or
 * null: the browser forms show it before sending, with the very words the API answers (decision 820).
 */
export function nonexistentTimeProblem(date: string, times: string[], zone: string): string | null {
  for (const time of times) {
    const result = resolveLocalTime(date, time, zone);
    if (!result.ok && result.reason === 'nonexistent') return nonexistentTimeMessage(date, time, zone);
  }
  return null;
}
