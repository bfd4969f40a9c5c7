import { DateTime, IANAZone } from 'luxon';
import { localTimeOccurrences } from '@app/shared/time-zones';

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

/**
 * The UID domain (decision 823): a real domain name, as RFC 5545 §3.8.4.7 recommends — MAIL_DOMAIN, else
 * PUBLIC_URL's host, else `mentorbridge.invalid`. Set once at start (`setUidDomain(config.mailDomain)`);
 * pin MAIL_DOMAIN before moving the server to another host name, so calendar entries keep their UIDs.
 */
let uidDomain = 'mentorbridge.invalid';

export function setUidDomain(domain: string): void {
  if (/^[a-z0-9.-]+\.[a-z][a-z0-9-]*$/i.test(domain)) uidDomain = domain.toLowerCase();
}

/** The UID of a scheduled thing: `workshop-<id>@<domain>`, `session-<id>@<domain>`, `interview-<id>@<domain>`. */
export function eventUid(kind: 'workshop' | 'session' | 'interview', id: string): string {
  return `${kind}-${id}@${uidDomain}`;
}

export type IcsMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export interface IcsEvent {
  /** Stable across updates of the same event (reschedule / cancel reuse it). */
  uid: string;
  /** A counter in the database, +1 on every change of time, place or mode and on cancellation. */
  sequence: number;
  method: IcsMethod;
  start: Date;
  end: Date;
  /** IANA zone the event was scheduled in, e.g. Asia/Kolkata. */
  timezone: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** Required: every invitation names who sends it (RFC 5546 §3.2.2). */
  organizer: IcsPerson;
  /** Required for REQUEST and CANCEL: the people the invitation is for. */
  attendees: IcsPerson[];
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
const encoder = new TextEncoder();

export function foldLine(line: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(line)) {
    // ASCII (nearly every line): one octet per character, so fold by length without encoding.
    if (line.length <= 75) return line;
    const parts = [line.slice(0, 75)];
    for (let i = 75; i < line.length; i += 74) parts.push(line.slice(i, i + 74));
    return parts.join(`${CRLF} `);
  }
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

/**
 * Locales whose CLDR names give a zone's abbreviation (BST, EST, CEST, IST, AEST, NZDT, SAST, GST…):
 * Intl's `timeZoneName: 'short'` gives an abbreviation only where the locale's region uses it, and
 * "GMT+1" elsewhere, so several are asked in turn (decision 820).
 */
const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-IE', 'en-IN', 'en-AU', 'en-NZ', 'en-ZA', 'en-CA'];
const abbreviationFormatters = new Map<string, Intl.DateTimeFormat[]>();

/**
 * TZNAME at an instant: the zone's abbreviation where one exists (Europe/London in summer: BST), else the
 * offset as Intl writes it ("GMT+9" for Asia/Tokyo, which has none).
 */
export function zoneAbbreviation(zone: string, epochMs: number): string {
  let formatters = abbreviationFormatters.get(zone);
  if (!formatters) {
    formatters = ABBREVIATION_LOCALES.map((locale) => new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }));
    if (abbreviationFormatters.size > 200) abbreviationFormatters.clear();
    abbreviationFormatters.set(zone, formatters);
  }
  let fallback = '';
  for (const f of formatters) {
    const name = f.formatToParts(new Date(epochMs)).find((p) => p.type === 'timeZoneName')?.value ?? '';
    if (!fallback) fallback = name;
    if (name && !/^(GMT|UTC)([+\-\u2212]|$)/.test(name)) return name;
    if (name === 'GMT' || name === 'UTC') return name;
  }
  return fallback;
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
      found.push({ at: hi, from: prevOffset, to: offset, dst: after.isInDST, name: zoneAbbreviation(zone, hi) });
    }
    prevMs = ms;
    prevOffset = offset;
  }
  return found;
}

const vtimezoneCache = new Map<string, string[]>();

/**
 * VTIMEZONE lines for `zone`, covering the year before the event to the year after it. Memoised per
 * zone and year range: a fan-out to thousands of registrants computes the transitions once.
 */
export function vtimezone(zone: string, start: Date, end: Date): string[] {
  const from = DateTime.fromJSDate(start, { zone }).startOf('year').minus({ years: 1 });
  const to = DateTime.fromJSDate(end, { zone }).endOf('year').plus({ years: 1 });
  const key = `${zone}|${from.year}|${to.year}`;
  const cached = vtimezoneCache.get(key);
  if (cached) return cached;
  const lines = computeVtimezone(zone, from, to);
  if (vtimezoneCache.size > 500) vtimezoneCache.clear();
  vtimezoneCache.set(key, lines);
  return lines;
}

function computeVtimezone(zone: string, from: DateTime, to: DateTime): string[] {
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
    ...(zoneAbbreviation(zone, from.toMillis()) ? [`TZNAME:${escapeText(zoneAbbreviation(zone, from.toMillis()))}`] : []),
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

/** A CAL-ADDRESS: `mailto:` and the address with anything that could break the line removed. */
function calAddress(email: string): string {
  // eslint-disable-next-line no-control-regex
  return `mailto:${email.replace(/[\u0000-\u001f\u007f";:,\s]/g, '')}`;
}

/**
 * True when the instant's local time occurs twice in the zone (a fall-back night). RFC 5545 §3.3.5 reads
 * such a local time as its first occurrence, but clients differ (ical.js takes the second), so such a
 * DTSTART/DTEND is written in UTC instead, which every client reads the same (decision 820).
 */
function ambiguousLocally(d: Date, zone: string): boolean {
  const local = DateTime.fromJSDate(d, { zone });
  return (localTimeOccurrences(local.toISODate() ?? '', local.toFormat('HH:mm:ss'), zone)?.length ?? 0) > 1;
}

/** The VEVENT lines of one event (no VCALENDAR around it). */
function veventLines(event: IcsEvent, zone: string, utc: boolean): string[] {
  if (!(event.end.getTime() > event.start.getTime())) throw new Error('Event end must be after its start');
  const when = (d: Date, name: 'DTSTART' | 'DTEND') =>
    utc || ambiguousLocally(d, zone) ? `${name}:${utcStamp(d)}` : `${name};TZID=${zone}:${localStamp(DateTime.fromJSDate(d, { zone }))}`;
  const status = event.status ?? (event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED');
  const lines = [
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
  lines.push(`ORGANIZER;CN=${paramValue(event.organizer.name)}:${calAddress(event.organizer.email)}`);
  // Booking is the acceptance and MentorBridge does not read iMIP replies, so no RSVP is asked for.
  for (const a of event.attendees) {
    lines.push(`ATTENDEE;CN=${paramValue(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:${calAddress(a.email)}`);
  }
  lines.push(`STATUS:${status}`, 'TRANSP:OPAQUE', 'END:VEVENT');
  return lines;
}

const knownZones = new Set<string>();

function zoneOf(event: IcsEvent): { zone: string; utc: boolean } {
  const zone = event.timezone || 'UTC';
  if (!isUtc(zone) && !knownZones.has(zone)) {
    // IANAZone.isValidZone builds an Intl formatter: check each zone once per process.
    if (!IANAZone.isValidZone(zone)) throw new Error(`Unknown timezone: ${zone}`);
    knownZones.add(zone);
  }
  return { zone, utc: isUtc(zone) };
}

/**
 * A VCALENDAR with any number of events (a subscription feed): one VTIMEZONE per zone used, covering
 * every event in that zone. `extra` lines (X-WR-CALNAME...) go in the calendar's header.
 */
export function buildCalendar(method: IcsMethod, events: IcsEvent[], extra: string[] = []): string {
  const zones = new Map<string, { start: Date; end: Date }>();
  const bodies: string[] = [];
  for (const event of events) {
    const { zone, utc } = zoneOf(event);
    bodies.push(...veventLines(event, zone, utc));
    if (utc) continue;
    const range = zones.get(zone);
    if (!range) zones.set(zone, { start: event.start, end: event.end });
    else {
      if (event.start < range.start) range.start = event.start;
      if (event.end > range.end) range.end = event.end;
    }
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//MentorBridge//MentorBridge Calendar//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...extra,
    ...[...zones].flatMap(([zone, range]) => vtimezone(zone, range.start, range.end)),
    ...bodies,
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The whole VCALENDAR text of one event (CRLF line ends, folded), ready to attach or download. */
export function buildIcs(event: IcsEvent): string {
  if (event.method !== 'PUBLISH' && event.attendees.length === 0) throw new Error('An invitation needs at least one attendee');
  return buildCalendar(event.method, [event]);
}

/**
 * The ORGANIZER of every invitation: MentorBridge itself, at the MAIL_FROM address the invitation is
 * sent from (calendar apps trust an invitation whose organizer is its sender). `Name <addr>` or `addr`.
 */
export function organizerOf(mailFrom: string): IcsPerson {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>\s]+)>\s*$/.exec(mailFrom);
  if (match?.[2]) return { name: match[1]?.trim() || 'MentorBridge', email: match[2] };
  return { name: 'MentorBridge', email: mailFrom.trim() };
}
