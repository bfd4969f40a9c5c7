import { formatters } from '@app/shared/i18n/format';
import { currentLocale } from './language.ts';

// Every date here goes through the shared formatters, which keep one Intl.DateTimeFormat per locale, zone and
// options: building one is the expensive part (a list of workshop cards formats dozens of dates while the page
// hydrates, issue 27's Total Blocking Time), formatting with it is cheap.
const CLOCK: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const clockIn = (d: Date, timeZone?: string) => formatters('en-GB', timeZone).dateTime(d, CLOCK);

/**
 * Whether the viewer's clock reads the same as `timeZone` at this instant. Zone names are not
 * compared: browsers report aliases (Asia/Kolkata is "Asia/Calcutta" in Chromium).
 */
export function viewerSeesSameTime(iso: string, timeZone: string): boolean {
  return sameClock(iso, timeZone);
}

/** 'Mar 3, 2026, 10:00 AM' in `timeZone` (the viewer's locale). */
export function dateTimeIn(iso: string, timeZone?: string): string {
  try {
    return formatters(currentLocale(), timeZone).dateTime(iso);
  } catch {
    return formatters(currentLocale()).dateTime(iso);
  }
}

/** Whether two zones (`b` absent: the viewer's own) read the same wall clock at this instant (aliases such as Asia/Calcutta compare equal). */
function sameClock(iso: string, a: string, b?: string): boolean {
  const d = new Date(iso);
  try {
    return clockIn(d, a) === clockIn(d, b);
  } catch {
    return false;
  }
}

/**
 * An instant shown in a schedule's own zone, named; plus the viewer's time when it differs. `viewerZone`
 * is the signed-in person's profile zone (decision 810); without it, the browser's.
 */
export function formatInZone(iso: string, timeZone: string, viewerZone?: string): { text: string; local?: string } {
  const text = `${dateTimeIn(iso, timeZone)} (${timeZone})`;
  if (viewerZone) {
    if (sameClock(iso, timeZone, viewerZone)) return { text };
    return { text, local: `${dateTimeIn(iso, viewerZone)} your time (${viewerZone})` };
  }
  if (viewerSeesSameTime(iso, timeZone)) return { text };
  return { text, local: `${dateTimeIn(iso)} your time` };
}
