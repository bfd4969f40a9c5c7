import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { buildCalendar, buildIcs, escapeText, eventUid, foldLine, organizerOf, zoneTransitions } from './calendar.ts';
import { createMeetingLink } from './meeting.ts';

const unfold = (ics: string) => ics.replace(/\r\n /g, '');
const stamp = new Date('2025-01-01T00:00:00Z');
const org = { name: 'MentorBridge', email: 'no-reply@mentorbridge.test' };

describe('buildIcs', () => {
  it('writes a REQUEST with a VTIMEZONE for a DST zone (America/New_York)', () => {
    // 10 March 2025 09:00 New York is the first Monday after the switch to EDT (UTC-4).
    const start = DateTime.fromISO('2025-03-10T09:00', { zone: 'America/New_York' }).toJSDate();
    const end = DateTime.fromISO('2025-03-10T10:00', { zone: 'America/New_York' }).toJSDate();
    const ics = buildIcs({
      uid: 'abc@mentorbridge',
      sequence: 2,
      method: 'REQUEST',
      start,
      end,
      timezone: 'America/New_York',
      summary: 'Mentoring session: Career, growth; next steps',
      description: 'Line one\nLine two',
      url: 'https://meet.jit.si/MentorBridge-x',
      organizer: { name: 'Asha Rao', email: 'mentor@example.com' },
      attendees: [{ name: 'Doe, Jane', email: 'student@example.com' }],
      stamp,
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const text = unfold(ics);
    expect(text).toContain('METHOD:REQUEST\r\n');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    // Spring forward 9 March 2025 02:00 EST -> 03:00 EDT; fall back 2 November 2025 02:00 EDT -> 01:00 EST.
    expect(text).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20250309T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nTZNAME:EDT');
    expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20251102T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nTZNAME:EST');
    expect(text).toContain('DTSTART;TZID=America/New_York:20250310T090000\r\n');
    expect(text).toContain('DTEND;TZID=America/New_York:20250310T100000\r\n');
    expect(text).toContain('SEQUENCE:2\r\n');
    expect(text).toContain('DTSTAMP:20250101T000000Z\r\n');
    expect(text).toContain('SUMMARY:Mentoring session: Career\\, growth\\; next steps\r\n');
    expect(text).toContain('DESCRIPTION:Line one\\nLine two\r\n');
    expect(text).toContain('ORGANIZER;CN=Asha Rao:mailto:mentor@example.com');
    expect(text).toContain('ATTENDEE;CN="Doe, Jane";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:student@example.com');
    expect(text).toContain('STATUS:CONFIRMED');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  it('uses a single STANDARD observance for a zone without DST (Asia/Kolkata)', () => {
    const start = new Date('2025-06-01T04:30:00Z');
    const ics = unfold(
      buildIcs({
        uid: 'u',
        sequence: 0,
        method: 'PUBLISH',
        start,
        end: new Date('2025-06-01T05:30:00Z'),
        timezone: 'Asia/Kolkata',
        summary: 'x',
        stamp,
        organizer: org,
        attendees: [],
      }),
    );
    expect(ics).toContain('TZID:Asia/Kolkata');
    expect(ics.match(/BEGIN:STANDARD/g)).toHaveLength(1);
    expect(ics).not.toContain('BEGIN:DAYLIGHT');
    expect(ics).toContain('TZOFFSETTO:+0530');
    expect(ics).toContain('DTSTART;TZID=Asia/Kolkata:20250601T100000');
  });

  it('writes CANCEL with STATUS:CANCELLED and UTC times without a VTIMEZONE for UTC', () => {
    const ics = buildIcs({
      uid: 'u1',
      sequence: 3,
      method: 'CANCEL',
      start: new Date('2025-10-26T00:30:00Z'),
      end: new Date('2025-10-26T01:30:00Z'),
      timezone: 'UTC',
      summary: 's',
      stamp,
      organizer: org,
      attendees: [{ name: 'A', email: 'a@example.com' }],
    });
    expect(ics).toContain('METHOD:CANCEL\r\n');
    expect(ics).toContain('STATUS:CANCELLED\r\n');
    expect(ics).toContain('DTSTART:20251026T003000Z\r\n');
    expect(ics).not.toContain('VTIMEZONE');
  });

  it('handles Europe/London transitions and refuses an unknown zone or an empty interval', () => {
    const t = zoneTransitions('Europe/London', Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1));
    expect(t.map((x) => [new Date(x.at).toISOString(), x.from, x.to, x.dst])).toEqual([
      ['2025-03-30T01:00:00.000Z', 0, 60, true],
      ['2025-10-26T01:00:00.000Z', 60, 0, false],
    ]);
    const base = { uid: 'u', sequence: 0, method: 'REQUEST' as const, summary: 's', organizer: org, attendees: [org] };
    expect(() => buildIcs({ ...base, start: stamp, end: new Date(stamp.getTime() + 1), timezone: 'Mars/Base' })).toThrow();
    expect(() => buildIcs({ ...base, start: stamp, end: stamp, timezone: 'UTC' })).toThrow();
  });
});

describe('identity and feeds', () => {
  it('builds UIDs on a domain name and the organizer from MAIL_FROM', () => {
    expect(eventUid('workshop', 'abc')).toBe('workshop-abc@mentorbridge.invalid');
    expect(organizerOf('MentorBridge <no-reply@mentorbridge.local>')).toEqual({ name: 'MentorBridge', email: 'no-reply@mentorbridge.local' });
    expect(organizerOf('"Team, MB" <team@example.org>')).toEqual({ name: 'Team, MB', email: 'team@example.org' });
    expect(organizerOf('plain@example.org')).toEqual({ name: 'MentorBridge', email: 'plain@example.org' });
  });

  it('refuses an invitation without attendees, and strips line breaks from addresses', () => {
    const base = { uid: 'u', sequence: 0, summary: 's', start: stamp, end: new Date(stamp.getTime() + 3_600_000), timezone: 'UTC', organizer: org };
    expect(() => buildIcs({ ...base, method: 'REQUEST', attendees: [] })).toThrow(/attendee/);
    const ics = buildIcs({ ...base, method: 'REQUEST', attendees: [{ name: 'X', email: 'x@example.com\r\nATTENDEE:mailto:evil@example.com' }] });
    expect(ics.match(/^ATTENDEE/gm)).toHaveLength(1);
  });

  it('writes one VTIMEZONE per zone for a calendar of several events', () => {
    const ev = (zone: string, iso: string) => {
      const start = DateTime.fromISO(iso, { zone }).toJSDate();
      return { uid: iso, sequence: 1, method: 'PUBLISH' as const, summary: iso, start, end: new Date(start.getTime() + 3_600_000), timezone: zone, organizer: org, attendees: [] };
    };
    const ics = unfold(buildCalendar('PUBLISH', [ev('Europe/London', '2025-03-01T10:00'), ev('Europe/London', '2025-11-01T10:00'), ev('Asia/Kolkata', '2025-05-01T10:00')], ['X-WR-CALNAME:Mine']));
    expect(ics.match(/BEGIN:VTIMEZONE/g)).toHaveLength(2);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(ics).toContain('X-WR-CALNAME:Mine\r\n');
  });
});

describe('text helpers', () => {
  it('escapes and folds without splitting UTF-8 characters', () => {
    expect(escapeText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const long = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });
});

describe('createMeetingLink', () => {
  it('builds an unguessable Jitsi room under the base URL', () => {
    const a = createMeetingLink('https://meet.jit.si/');
    const b = createMeetingLink('https://meet.jit.si');
    expect(a).toMatch(/^https:\/\/meet\.jit\.si\/MentorBridge-[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });
});
