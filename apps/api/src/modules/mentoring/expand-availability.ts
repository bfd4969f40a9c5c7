import { DateTime } from 'luxon';
import { offsetAt, wallToInstant } from './zone-offsets.ts';
import { SLOT_MIN_MINUTES, SLOT_MINUTES, type AvailabilityDay, type AvailabilitySlot } from '@app/shared/mentoring';

/**
 * Pure availability expansion: rules (each in its own IANA zone) → dated windows → minus busy
 * intervals (scheduled sessions, pending slot holds) → slots, grouped by the viewer's local date.
 * Every computation is on UTC instants; zones only matter where a wall-clock time is turned into an
 * instant (the rule's zone) or an instant is shown (the viewer's zone), so DST in either zone is exact.
 */
export interface RuleInput {
  id: string;
  isRecurring: boolean;
  dayOfWeek: number | null;
  date: string | null;
  startTime: string;
  endTime: string;
  timezone: string;
  notes: string | null;
  enabled: boolean;
}

export interface Interval {
  start: number; // epoch ms, inclusive
  end: number; // epoch ms, exclusive
}

export interface FreeWindow extends Interval {
  ruleId: string;
  notes: string | null;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A calendar date 'YYYY-MM-DD' as days since the epoch (date-only arithmetic, no zone). */
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
const dateOfDay = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);

function wallTime(date: string, time: string, zone: string): number {
  // A wall time that does not exist (spring-forward gap) moves forward, as luxon does.
  return wallToInstant(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)),
    Number(date.slice(8, 10)),
    Number(time.slice(0, 2)),
    Number(time.slice(3, 5)),
    zone,
  );
}

/** Start (inclusive) and end (exclusive) instants of a local-date range in a zone. */
export function dateRangeInstants(from: string, to: string, zone: string): Interval {
  return {
    start: DateTime.fromISO(from, { zone }).startOf('day').toMillis(),
    end: DateTime.fromISO(to, { zone }).plus({ days: 1 }).startOf('day').toMillis(),
  };
}

/** Every window of the enabled rules overlapping [range.start, range.end), merged where they overlap. */
export function ruleWindows(rules: readonly RuleInput[], range: Interval): FreeWindow[] {
  // Any zone is at most ±14 h from UTC: widen the date scan by two days on each side.
  const firstDay = Math.floor(range.start / DAY) - 2;
  const lastDay = Math.floor((range.end - 1) / DAY) + 2;
  const windows: FreeWindow[] = [];
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const dates: string[] = [];
    if (!rule.isRecurring) {
      if (rule.date) {
        const n = dayNumber(rule.date);
        if (n >= firstDay && n <= lastDay) dates.push(rule.date);
      }
    } else if (rule.dayOfWeek !== null && rule.dayOfWeek >= 0 && rule.dayOfWeek <= 6) {
      // 1 Jan 1970 (day 0) was a Thursday (4).
      const weekday = (((firstDay + 4) % 7) + 7) % 7;
      for (let n = firstDay + ((rule.dayOfWeek - weekday + 7) % 7); n <= lastDay; n += 7) dates.push(dateOfDay(n));
    }
    for (const date of dates) {
      const start = wallTime(date, rule.startTime, rule.timezone);
      const end = wallTime(date, rule.endTime, rule.timezone);
      if (!(end > start) || end <= range.start || start >= range.end) continue;
      windows.push({ start, end, ruleId: rule.id, notes: rule.notes });
    }
  }
  windows.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: FreeWindow[] = [];
  for (const w of windows) {
    const last = merged[merged.length - 1];
    if (last && w.start <= last.end) {
      if (w.end > last.end) last.end = w.end;
    } else {
      merged.push({ ...w });
    }
  }
  return merged;
}

/** Windows minus busy intervals (busy may be unsorted and overlapping). */
export function subtractBusy(windows: readonly FreeWindow[], busy: readonly Interval[]): FreeWindow[] {
  const sorted = [...busy].filter((b) => b.end > b.start).sort((a, b) => a.start - b.start);
  const out: FreeWindow[] = [];
  let first = 0;
  for (const w of windows) {
    while (first < sorted.length && (sorted[first]?.end ?? 0) <= w.start) first++;
    let cursor = w.start;
    for (let i = first; i < sorted.length; i++) {
      const b = sorted[i];
      if (!b || b.start >= w.end) break;
      if (b.start > cursor) out.push({ ...w, start: cursor, end: b.start });
      if (b.end > cursor) cursor = b.end;
      if (cursor >= w.end) break;
    }
    if (cursor < w.end) out.push({ ...w, start: cursor, end: w.end });
  }
  return out;
}

/** Free windows of the rules in a range, minus busy times. */
export function freeWindows(rules: readonly RuleInput[], busy: readonly Interval[], range: Interval): FreeWindow[] {
  return subtractBusy(ruleWindows(rules, range), busy);
}

/** True when [start, end) lies inside one free window. */
export function isInsideFree(windows: readonly FreeWindow[], start: number, end: number): boolean {
  return windows.some((w) => w.start <= start && end <= w.end);
}

function localParts(ms: number, zone: string) {
  const offset = offsetAt(zone, ms);
  const iso = new Date(ms + offset * MINUTE).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

export interface ExpandInput {
  rules: readonly RuleInput[];
  busy: readonly Interval[];
  /** Viewer's local dates, inclusive. */
  from: string;
  to: string;
  /** Viewer's IANA zone: dates and times of the answer are in it. */
  timezone: string;
  /** Slots starting before this instant are left out. */
  now: number;
  slotMinutes?: number;
  minSlotMinutes?: number;
}

/** The student's view: free slots grouped by the viewer's local date (only dates with slots). */
export function expandAvailability(input: ExpandInput): AvailabilityDay[] {
  const slotMs = (input.slotMinutes ?? SLOT_MINUTES) * MINUTE;
  const minMs = (input.minSlotMinutes ?? SLOT_MIN_MINUTES) * MINUTE;
  const range = dateRangeInstants(input.from, input.to, input.timezone);
  const zone = input.timezone;
  const days = new Map<string, AvailabilitySlot[]>();
  for (const w of freeWindows(input.rules, input.busy, range)) {
    for (let t = w.start; w.end - t >= minMs;) {
      const end = Math.min(t + slotMs, w.end);
      if (t >= input.now && t >= range.start && t < range.end) {
        const s = localParts(t, zone);
        const e = localParts(end, zone);
        const slot: AvailabilitySlot = {
          date: s.date,
          startTime: s.time,
          endTime: e.time,
          start: new Date(t).toISOString(),
          end: new Date(end).toISOString(),
          ruleId: w.ruleId,
          notes: w.notes,
        };
        const list = days.get(s.date);
        if (list) list.push(slot);
        else days.set(s.date, [slot]);
      }
      t = end;
    }
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, slots]) => ({ date, slots }));
}
