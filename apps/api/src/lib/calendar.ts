import { DateTime, IANAZone } from 'luxon';

/**
 * iCalendar (RFC 5545) builder for everything a user can put in a calendar: workshops, mentoring
 * sessions, R&D interviews. Written by hand (luxon computes the zone's transitions) so the output is
 * fully under our control: CRLF line ends, lines folded at 75 octets (UTF-8 safe), escaped text and a
 * VTIMEZONE that matches the IANA zone for the years around the event.
 */
export interface IcsPerson {
  name: string;
  email: string;
}

export interface IcsEvent {
  /** Stable across updates of the same event (reschedule / cancel reuse it). */
  uid: string;
  /** Bumped on every change so calendars replace the earlier copy. */
  sequence: number;
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  start: Date;
  end: Date;
  /** IANA zone the event was scheduled in, e.g. Asia/Kolkata. */
  timezone: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  organizer?: IcsPerson;
  attendees?: IcsPerson[];
  status?: 'CONFIRMED' | 'CANCELLED';
  /** DTSTAMP; defaults to now (tests pass a fixed one). */
  stamp?: Date;
}

const CRLF = '\r\n';

/** Escape a TEXT value (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (CN=...): quoted when needed; DQUOTE and control characters are not allowed. */
function paramValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, '');
  return /[;:,]/.test(clean) ? `"${clean}"` : clean;
}

/** Fold one content line at 75 octets without splitting a UTF-8 character (§3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let currentBytes = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (currentBytes + size > limit) {
      parts.push(current);
      current = '';
      currentBytes = 0;
      limit = 74; // continuation lines start with one space
    }
    current += char;
    currentBytes += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const utcStamp = (d: Date) => DateTime.fromJSDate(d, { zone: 'utc' }).toFormat("yyyyMMdd'T'HHmmss'Z'");
const localStamp = (dt: DateTime) => dt.toFormat("yyyyMMdd'T'HHmmss");

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

function isUtc(zone: string): boolean {
  return ['utc', 'etc/utc', 'gmt', 'etc/gmt', 'z', 'zulu'].includes(zone.toLowerCase());
}

interface Transition {
  at: number; // epoch ms of the change
  from: number; // offset minutes before
  to: number; // offset minutes after
  dst: boolean;
  name: string;
}

/** Every UTC-offset change of `zone` in [fromMs, toMs), found by daily sampling and bisection. */
export function zoneTransitions(zone: string, fromMs: number, toMs: number): Transition[] {
  const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  const DAY = 86_400_000;
  const found: Transition[] = [];
  let prevMs = fromMs;
  let prevOffset = offsetAt(prevMs);
  for (let ms = fromMs + DAY; ms < toMs + DAY; ms += DAY) {
    const offset = offsetAt(ms);
    if (offset !== prevOffset) {
      let lo = prevMs;
      let hi = ms; // offset(lo) = prevOffset, offset(hi) = offset
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (offsetAt(mid) === prevOffset) lo = mid;
        else hi = mid;
      }
      const after = DateTime.fromMillis(hi, { zone });
      found.push({ at: hi, from: prevOffset, to: offset, dst: after.isInDST, name: after.offsetNameShort ?? '' });
    }
    prevMs = ms;
    prevOffset = offset;
  }
  return found;
}

/** VTIMEZONE lines for `zone`, covering the year before the event to the year after it. */
export function vtimezone(zone: string, start: Date, end: Date): string[] {
  const from = DateTime.fromJSDate(start, { zone }).startOf('year').minus({ years: 1 });
  const to = DateTime.fromJSDate(end, { zone }).endOf('year').plus({ years: 1 });
  const transitions = zoneTransitions(zone, from.toMillis(), to.toMillis());
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const initial = DateTime.fromMillis(from.toMillis(), { zone });
  const initialOffset = transitions[0]?.from ?? initial.offset;
  // The observance in force at the start of the covered range.
  const firstKind = initial.isInDST ? 'DAYLIGHT' : 'STANDARD';
  lines.push(
    `BEGIN:${firstKind}`,
    `DTSTART:${localStamp(initial.setZone('utc').plus({ minutes: initialOffset }))}`,
    `TZOFFSETFROM:${offsetText(initialOffset)}`,
    `TZOFFSETTO:${offsetText(initialOffset)}`,
    ...(initial.offsetNameShort ? [`TZNAME:${escapeText(initial.offsetNameShort)}`] : []),
    `END:${firstKind}`,
  );
  for (const t of transitions) {
    const kind = t.dst ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the local time of the onset expressed in the offset in force before it.
    const onsetLocal = DateTime.fromMillis(t.at, { zone: 'utc' }).plus({ minutes: t.from });
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localStamp(onsetLocal)}`,
      `TZOFFSETFROM:${offsetText(t.from)}`,
      `TZOFFSETTO:${offsetText(t.to)}`,
      ...(t.name ? [`TZNAME:${escapeText(t.name)}`] : []),
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** The whole VCALENDAR text (CRLF line ends, folded), ready to attach or download. */
export function buildIcs(event: IcsEvent): string {
  const zone = event.timezone || 'UTC';
  if (!isUtc(zone) && !IANAZone.isValidZone(zone)) throw new Error(`Unknown timezone: ${zone}`);
  if (!(event.end.getTime() > event.start.getTime())) throw new Error('Event end must be after its start');
  const utc = isUtc(zone);
  const when = (d: Date, name: 'DTSTART' | 'DTEND') =>
    utc ? `${name}:${utcStamp(d)}` : `${name};TZID=${zone}:${localStamp(DateTime.fromJSDate(d, { zone }))}`;
  const status = event.status ?? (event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED');

  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//MentorBridge//MentorBridge Calendar//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    ...(utc ? [] : vtimezone(zone, event.start, event.end)),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp ?? new Date())}`,
    when(event.start, 'DTSTART'),
    when(event.end, 'DTEND'),
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url.replace(/[\r\n]/g, '')}`);
  if (event.organizer) {
    lines.push(`ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`);
  }
  for (const a of event.attendees ?? []) {
    lines.push(`ATTENDEE;CN=${paramValue(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${a.email}`);
  }
  lines.push(`STATUS:${status}`, 'TRANSP:OPAQUE', 'END:VEVENT', 'END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
