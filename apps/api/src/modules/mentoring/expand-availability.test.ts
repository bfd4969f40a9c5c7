import { describe, expect, it } from 'vitest';
import { expandAvailability, freeWindows, isInsideFree, dateRangeInstants, type RuleInput } from './expand-availability.ts';

const rule = (over: Partial<RuleInput>): RuleInput => ({
  id: 'r1',
  isRecurring: true,
  dayOfWeek: 1,
  date: null,
  startTime: '09:00',
  endTime: '17:00',
  timezone: 'Asia/Kolkata',
  notes: null,
  enabled: true,
  ...over,
});
const PAST = Date.UTC(2000, 0, 1);
const times = (day: { slots: { startTime: string }[] } | undefined) => day?.slots.map((s) => s.startTime);

describe('expandAvailability', () => {
  it('follows America/New_York into DST when viewed from Asia/Kolkata', () => {
    const days = expandAvailability({
      rules: [rule({ timezone: 'America/New_York' })],
      busy: [],
      from: '2025-03-01',
      to: '2025-03-15',
      timezone: 'Asia/Kolkata',
      now: PAST,
    });
    const byDate = Object.fromEntries(days.map((d) => [d.date, d]));
    // 3 March (EST, UTC-5): 09:00 New York = 19:30 India; the 8-hour window runs into 4 March.
    expect(times(byDate['2025-03-03'])).toEqual(['19:30', '20:30', '21:30', '22:30', '23:30']);
    expect(times(byDate['2025-03-04'])).toEqual(['00:30', '01:30', '02:30']);
    expect(byDate['2025-03-03']?.slots[0]?.start).toBe('2025-03-03T14:00:00.000Z');
    // 10 March (EDT, UTC-4): one hour earlier in India.
    expect(times(byDate['2025-03-10'])).toEqual(['18:30', '19:30', '20:30', '21:30', '22:30', '23:30']);
    expect(byDate['2025-03-10']?.slots[0]?.start).toBe('2025-03-10T13:00:00.000Z');
    expect(byDate['2025-03-11']?.slots.at(-1)).toMatchObject({
      startTime: '01:30',
      endTime: '02:30',
      end: '2025-03-10T21:00:00.000Z',
    });
  });

  it('follows Europe/London into BST when viewed from Asia/Kolkata', () => {
    const days = expandAvailability({
      rules: [rule({ dayOfWeek: 0, startTime: '10:00', endTime: '12:00', timezone: 'Europe/London', notes: 'Sunday clinic' })],
      busy: [],
      from: '2025-03-20',
      to: '2025-04-06',
      timezone: 'Asia/Kolkata',
      now: PAST,
    });
    expect(days.map((d) => [d.date, times(d)])).toEqual([
      ['2025-03-23', ['15:30', '16:30']],
      ['2025-03-30', ['14:30', '15:30']],
      ['2025-04-06', ['14:30', '15:30']],
    ]);
    expect(days[0]?.slots[0]).toMatchObject({ ruleId: 'r1', notes: 'Sunday clinic', endTime: '16:30' });
  });

  it('follows the viewer zone across its own DST change (Kolkata rule seen from New York)', () => {
    const days = expandAvailability({
      rules: [rule({ startTime: '09:00', endTime: '10:00' })], // Monday 09:00 India = 03:30 UTC
      busy: [],
      from: '2025-03-01',
      to: '2025-03-12',
      timezone: 'America/New_York',
      now: PAST,
    });
    // Shown on the Sunday evening before, 22:30 EST and then 23:30 EDT.
    expect(days.map((d) => [d.date, times(d)])).toEqual([
      ['2025-03-02', ['22:30']],
      ['2025-03-09', ['23:30']],
    ]);
  });

  it('respects month edges in the viewer zone', () => {
    const oneTime = rule({ isRecurring: false, dayOfWeek: null, date: '2025-02-01', startTime: '02:00', endTime: '03:00' });
    // 1 Feb 02:00 India = 31 Jan 15:30 New York: outside a February range, inside one starting 31 Jan.
    expect(
      expandAvailability({
        rules: [oneTime],
        busy: [],
        from: '2025-02-01',
        to: '2025-02-28',
        timezone: 'America/New_York',
        now: PAST,
      }),
    ).toEqual([]);
    const jan = expandAvailability({
      rules: [oneTime],
      busy: [],
      from: '2025-01-31',
      to: '2025-02-28',
      timezone: 'America/New_York',
      now: PAST,
    });
    expect(jan.map((d) => [d.date, times(d)])).toEqual([['2025-01-31', ['15:30']]]);
    // A recurring Friday rule on the last day of a month viewed from Tokyo lands on the 1st of the next.
    const late = rule({ dayOfWeek: 5, startTime: '20:00', endTime: '21:00', timezone: 'Europe/London' });
    const tokyo = expandAvailability({
      rules: [late],
      busy: [],
      from: '2025-01-31',
      to: '2025-02-01',
      timezone: 'Asia/Tokyo',
      now: PAST,
    });
    expect(tokyo.map((d) => [d.date, times(d)])).toEqual([['2025-02-01', ['05:00']]]);
    // A 31-day month plus a leap day.
    const leap = expandAvailability({
      rules: [rule({ dayOfWeek: 4, timezone: 'UTC', startTime: '00:00', endTime: '01:00' })],
      busy: [],
      from: '2024-02-01',
      to: '2024-03-31',
      timezone: 'UTC',
      now: PAST,
    });
    expect(leap.map((d) => d.date)).toEqual([
      '2024-02-01',
      '2024-02-08',
      '2024-02-15',
      '2024-02-22',
      '2024-02-29',
      '2024-03-07',
      '2024-03-14',
      '2024-03-21',
      '2024-03-28',
    ]);
  });

  it('removes busy times, past slots and disabled rules, and merges overlapping rules', () => {
    const rules = [
      rule({ id: 'a', timezone: 'UTC', startTime: '09:00', endTime: '12:00' }),
      rule({ id: 'b', timezone: 'UTC', startTime: '11:00', endTime: '13:00' }),
      rule({ id: 'off', timezone: 'UTC', startTime: '15:00', endTime: '18:00', enabled: false }),
    ];
    const busy = [{ start: Date.UTC(2025, 5, 2, 10, 0), end: Date.UTC(2025, 5, 2, 11, 0) }];
    const days = expandAvailability({
      rules,
      busy,
      from: '2025-06-02',
      to: '2025-06-09',
      timezone: 'UTC',
      now: Date.UTC(2025, 5, 2, 9, 30),
    });
    // 2 June: 09:00 is past, 10-11 busy; merged window 11-13. 9 June: the whole merged window 09-13.
    expect(days.map((d) => [d.date, d.slots.map((s) => `${s.startTime}-${s.endTime}`)])).toEqual([
      ['2025-06-02', ['11:00-12:00', '12:00-13:00']],
      ['2025-06-09', ['09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00']],
    ]);
  });

  it('offers a shorter tail of at least 30 minutes and drops shorter gaps', () => {
    const rules = [rule({ timezone: 'UTC', startTime: '09:00', endTime: '11:30' })];
    const busy = [{ start: Date.UTC(2025, 5, 2, 11, 10), end: Date.UTC(2025, 5, 2, 11, 20) }];
    const [day] = expandAvailability({ rules, busy, from: '2025-06-02', to: '2025-06-02', timezone: 'UTC', now: PAST });
    expect(day?.slots.map((s) => `${s.startTime}-${s.endTime}`)).toEqual(['09:00-10:00', '10:00-11:00']);
    const [day2] = expandAvailability({ rules, busy: [], from: '2025-06-02', to: '2025-06-02', timezone: 'UTC', now: PAST });
    expect(day2?.slots.map((s) => `${s.startTime}-${s.endTime}`)).toEqual(['09:00-10:00', '10:00-11:00', '11:00-11:30']);
  });

  it('resolves a rule inside the spring-forward gap without inventing time', () => {
    const gap = rule({
      isRecurring: false,
      dayOfWeek: null,
      date: '2025-03-09',
      startTime: '02:00',
      endTime: '04:00',
      timezone: 'America/New_York',
    });
    const [day] = expandAvailability({
      rules: [gap],
      busy: [],
      from: '2025-03-09',
      to: '2025-03-09',
      timezone: 'America/New_York',
      now: PAST,
    });
    expect(day?.slots.map((s) => [s.startTime, s.endTime, s.start])).toEqual([['03:00', '04:00', '2025-03-09T07:00:00.000Z']]);
  });

  it('checks that a requested interval lies inside a free window', () => {
    const range = dateRangeInstants('2025-06-02', '2025-06-02', 'UTC');
    const windows = freeWindows(
      [rule({ timezone: 'UTC' })],
      [{ start: Date.UTC(2025, 5, 2, 12), end: Date.UTC(2025, 5, 2, 13) }],
      range,
    );
    expect(isInsideFree(windows, Date.UTC(2025, 5, 2, 9), Date.UTC(2025, 5, 2, 10))).toBe(true);
    expect(isInsideFree(windows, Date.UTC(2025, 5, 2, 11, 30), Date.UTC(2025, 5, 2, 12, 30))).toBe(false);
    expect(isInsideFree(windows, Date.UTC(2025, 5, 2, 16, 30), Date.UTC(2025, 5, 2, 17, 30))).toBe(false);
  });

  it('expands six weeks of a busy schedule (its time is measured by npm run bench, not asserted here)', () => {
    const zones = ['Asia/Kolkata', 'America/New_York', 'Europe/London', 'Asia/Tokyo', 'UTC', 'Asia/Singapore'];
    const rules = Array.from({ length: 14 }, (_, i) =>
      rule({
        id: `r${i}`,
        dayOfWeek: i % 7,
        timezone: zones[i % zones.length],
        startTime: i < 7 ? '08:00' : '18:00',
        endTime: i < 7 ? '16:00' : '22:00',
      }),
    );
    const busy = Array.from({ length: 40 }, (_, i) => ({
      start: Date.UTC(2025, 2, 1 + i, 10),
      end: Date.UTC(2025, 2, 1 + i, 11),
    }));
    const input = { rules, busy, from: '2025-02-23', to: '2025-04-05', timezone: 'Asia/Kolkata', now: PAST };
    const days = expandAvailability(input);
    expect(days.length).toBeGreaterThan(35);
    // Deterministic: the same input expands to the same days.
    expect(expandAvailability(input)).toEqual(days);
  });
});

describe('zone offsets', () => {
  it('agrees with luxon for random wall times and instants in every offered zone', async () => {
    const { DateTime } = await import('luxon');
    const { offsetAt, wallToInstant } = await import('./zone-offsets.ts');
    const zones = ['Asia/Kolkata', 'UTC', 'America/New_York', 'Europe/London', 'Asia/Tokyo', 'Asia/Singapore'];
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 3000; i++) {
      const zone = zones[i % zones.length] ?? 'UTC';
      const [year, month, day, hour, minute] = [2023 + rand(4), 1 + rand(12), 1 + rand(28), rand(24), rand(4) * 15];
      // Bias half of the cases onto DST change days.
      const onChange =
        i % 2 === 0 && zone === 'America/New_York'
          ? { month: i % 4 ? 3 : 11, day: i % 4 ? 9 + rand(7) : 1 + rand(7), hour: rand(4) }
          : {};
      const wall = { year, month, day, hour, minute, ...onChange };
      const expected = DateTime.fromObject(wall, { zone }).toMillis();
      expect(
        wallToInstant(wall.year, wall.month, wall.day, wall.hour, wall.minute, zone),
        `${zone} ${JSON.stringify(wall)}`,
      ).toBe(expected);
      const instant = Date.UTC(year, month - 1, day, hour, minute);
      expect(offsetAt(zone, instant)).toBe(DateTime.fromMillis(instant, { zone }).offset);
    }
  });
});
