import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { nonexistentTimeMessage, resolveLocalTime } from '@app/shared/time-zones';
import { buildIcs, eventUid, setUidDomain, zoneAbbreviation } from './calendar.ts';
import { localInstant } from './local-time.ts';
import { messageIdDomain } from '../config.ts';

const org = { name: 'MentorBridge', email: 'no-reply@mentorbridge.test' };

/** Parse with ical.js (a real client library) and read the event's start as the client does. */
function clientStart(ics: string): { start: Date; tzname: string[] } {
  const cal = new ICAL.Component(ICAL.parse(ics));
  for (const vtz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(vtz));
  const event = new ICAL.Event(cal.getFirstSubcomponent('vevent') ?? undefined);
  const tzname = cal
    .getAllSubcomponents('vtimezone')
    .flatMap((z) => [...z.getAllSubcomponents('standard'), ...z.getAllSubcomponents('daylight')])
    .map((o) => String(o.getFirstPropertyValue('tzname')));
  return { start: event.startDate.toJSDate(), tzname };
}

function event(start: Date, zone: string) {
  return buildIcs({
    uid: eventUid('session', 'x'),
    sequence: 0,
    method: 'REQUEST',
    start,
    end: new Date(start.getTime() + 30 * 60_000),
    timezone: zone,
    summary: 'Session',
    organizer: org,
    attendees: [{ name: 'A', email: 'a@example.org' }],
    stamp: new Date('2026-01-01T00:00:00Z'),
  });
}

describe('calendar: an ambiguous local time is its first occurrence (RFC 5545 §3.3.5)', () => {
  it('01:30 on the fall-back night is the first 01:30 (summer time), in the API and read back by ical.js', () => {
    const ny = localInstant('2026-11-01', '01:30', 'America/New_York', 'bad');
    expect(ny.toUTC().toISO()).toBe('2026-11-01T05:30:00.000Z'); // EDT (-04:00), not EST's 06:30Z
    const london = localInstant('2026-10-25', '01:30', 'Europe/London', 'bad');
    expect(london.toUTC().toISO()).toBe('2026-10-25T00:30:00.000Z'); // BST, not GMT's 01:30Z
    const parsed = clientStart(event(london.toJSDate(), 'Europe/London'));
    expect(parsed.start.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    const parsedNy = clientStart(event(ny.toJSDate(), 'America/New_York'));
    expect(parsedNy.start.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('an unambiguous time is unchanged, and an impossible date is invalid', () => {
    expect(localInstant('2026-07-01', '10:00', 'Asia/Kolkata', 'bad').toUTC().toISO()).toBe('2026-07-01T04:30:00.000Z');
    expect(resolveLocalTime('2026-02-31', '10:00', 'UTC')).toEqual({ ok: false, reason: 'invalid' });
    expect(() => localInstant('2026-13-01', '10:00', 'UTC', 'Please enter a valid date and time')).toThrow('Please enter a valid date and time');
  });
});

describe('calendar: a non-existent local time (spring-forward gap) is refused with its own message', () => {
  it('02:30 on 8 March 2026 in New York and 01:30 on 29 March 2026 in London do not exist', () => {
    expect(resolveLocalTime('2026-03-08', '02:30', 'America/New_York')).toEqual({ ok: false, reason: 'nonexistent' });
    expect(() => localInstant('2026-03-29', '01:30', 'Europe/London', 'bad')).toThrow(nonexistentTimeMessage('2026-03-29', '01:30', 'Europe/London'));
    expect(nonexistentTimeMessage('2026-03-29', '01:30', 'Europe/London')).toMatch(/^01:30 does not exist on 2026-03-29 in Europe\/London/);
    // The minute before and the minute the clocks land on exist.
    expect(localInstant('2026-03-29', '00:59', 'Europe/London', 'bad').toUTC().toISO()).toBe('2026-03-29T00:59:00.000Z');
    expect(localInstant('2026-03-29', '02:00', 'Europe/London', 'bad').toUTC().toISO()).toBe('2026-03-29T01:00:00.000Z');
  });
});

describe('calendar: TZNAME is the zone abbreviation where one exists', () => {
  it('BST/GMT for London, EDT/EST for New York, IST for Kolkata, offset text where a zone has none', () => {
    expect(zoneAbbreviation('Europe/London', Date.parse('2026-07-01T12:00:00Z'))).toBe('BST');
    expect(zoneAbbreviation('Europe/London', Date.parse('2026-01-01T12:00:00Z'))).toBe('GMT');
    expect(zoneAbbreviation('America/New_York', Date.parse('2026-07-01T12:00:00Z'))).toBe('EDT');
    expect(zoneAbbreviation('Asia/Kolkata', Date.parse('2026-07-01T12:00:00Z'))).toBe('IST');
    expect(zoneAbbreviation('Europe/Berlin', Date.parse('2026-07-01T12:00:00Z'))).toBe('CEST');
    expect(zoneAbbreviation('Asia/Tokyo', Date.parse('2026-07-01T12:00:00Z'))).toBe('GMT+9');
    const london = clientStart(event(new Date('2026-07-01T09:00:00Z'), 'Europe/London'));
    expect(london.tzname).toContain('BST');
    expect(london.tzname).toContain('GMT');
    expect(london.tzname.some((n) => /GMT[+-]/.test(n))).toBe(false);
    const ny = clientStart(event(new Date('2026-07-01T14:00:00Z'), 'America/New_York'));
    expect(new Set(ny.tzname)).toEqual(new Set(['EDT', 'EST']));
  });
});

describe('e-mail: Message-ID and calendar UIDs use a host name with a domain', () => {
  it('takes PUBLIC_URL’s host when it is a domain, else mentorbridge.invalid; UIDs follow setUidDomain', () => {
    expect(messageIdDomain('https://mentor.uni.example.edu')).toBe('mentor.uni.example.edu');
    expect(messageIdDomain('http://localhost:3000')).toBe('mentorbridge.invalid');
    expect(messageIdDomain('http://127.0.0.1:3000')).toBe('mentorbridge.invalid');
    setUidDomain('mentor.uni.example.edu');
    try {
      expect(eventUid('workshop', 'w1')).toBe('workshop-w1@mentor.uni.example.edu');
      setUidDomain('localhost'); // not a domain name: ignored
      expect(eventUid('workshop', 'w1')).toBe('workshop-w1@mentor.uni.example.edu');
    } finally {
      setUidDomain('mentorbridge.invalid');
    }
    expect(eventUid('session', 's1')).toMatch(/^session-s1@[a-z0-9-]+(\.[a-z0-9-]+)+$/);
  });
});
