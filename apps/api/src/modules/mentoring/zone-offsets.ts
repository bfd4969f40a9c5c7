import { IANAZone } from 'luxon';
import { zoneTransitions } from '../../lib/calendar.ts';

/**
 * Fast UTC offsets for IANA zones. luxon asks Intl for every offset (~12 µs a call, ~40 µs for a
 * wall-time conversion); expanding six weeks of availability needs thousands. The zone's transitions
 * are computed once per zone and year (with luxon) and then looked up, which is exact and ~100x faster.
 */
interface YearTable {
  initial: number;
  transitions: { at: number; to: number }[];
}

const cache = new Map<string, YearTable>();
const DAY = 86_400_000;
const MINUTE = 60_000;

function table(zone: string, year: number): YearTable {
  const key = `${zone}|${year}`;
  let entry = cache.get(key);
  if (!entry) {
    const start = Date.UTC(year, 0, 1) - 2 * DAY;
    const end = Date.UTC(year + 1, 0, 1) + 2 * DAY;
    const iana = IANAZone.create(zone);
    if (!iana.isValid) throw new Error(`Unknown timezone: ${zone}`);
    entry = {
      initial: iana.offset(start),
      transitions: zoneTransitions(zone, start, end).map((t) => ({ at: t.at, to: t.to })),
    };
    if (cache.size > 500) cache.clear();
    cache.set(key, entry);
  }
  return entry;
}

/** The zone's UTC offset in minutes at an instant. */
export function offsetAt(zone: string, ms: number): number {
  if (zone === 'UTC') return 0;
  const t = table(zone, new Date(ms).getUTCFullYear());
  let offset = t.initial;
  for (const tr of t.transitions) {
    if (ms >= tr.at) offset = tr.to;
    else break;
  }
  return offset;
}

/**
 * The instant of a wall-clock time in a zone. Like luxon: a time inside a spring-forward gap moves
 * forward by the gap; an ambiguous time (fall back) takes the earlier instant.
 */
export function wallToInstant(year: number, month: number, day: number, hour: number, minute: number, zone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (zone === 'UTC') return wall;
  // At most one transition lies within ±18 h: the offsets on either side are the only candidates.
  const before = offsetAt(zone, wall - 18 * 3_600_000);
  const after = offsetAt(zone, wall + 18 * 3_600_000);
  let best: number | undefined;
  for (const o of before === after ? [before] : [before, after]) {
    const t = wall - o * MINUTE;
    if (offsetAt(zone, t) === o && (best === undefined || t < best)) best = t;
  }
  // No candidate: the wall time is in a gap; the offset before the change moves it forward.
  return best ?? wall - Math.min(before, after) * MINUTE;
}
