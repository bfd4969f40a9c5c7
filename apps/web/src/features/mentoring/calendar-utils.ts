import { CALENDAR_GRID_DAYS } from '@app/shared/mentoring';

/** Date-only arithmetic on 'YYYY-MM-DD' strings (UTC based, so no local-zone surprises). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function addMonths(monthFirst: string, months: number): string {
  const d = new Date(`${monthFirst}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months, 1);
  return d.toISOString().slice(0, 10);
}

/** The 42 days of a month grid, Sunday first (spec 002 §2). */
export function monthGrid(monthFirst: string): string[] {
  const first = new Date(`${monthFirst}T00:00:00Z`);
  const start = addDays(monthFirst, -first.getUTCDay());
  return Array.from({ length: CALENDAR_GRID_DAYS }, (_, i) => addDays(start, i));
}

export function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
