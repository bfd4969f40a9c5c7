import { currentLocale } from './language.ts';

/**
 * Whether the viewer's clock reads the same as `timeZone` at this instant. Zone names are not
 * compared: browsers report aliases (Asia/Kolkata is "Asia/Calcutta" in Chromium).
 */
export function viewerSeesSameTime(iso: string, timeZone: string): boolean {
  const d = new Date(iso);
  const opts: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  try {
    return d.toLocaleString('en-GB', { ...opts, timeZone }) === d.toLocaleString('en-GB', opts);
  } catch {
    return false;
  }
}

/** 'Mar 3, 2026, 10:00 AM' in `timeZone` (the viewer's locale). */
export function dateTimeIn(iso: string, timeZone?: string): string {
  const opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Date(iso).toLocaleString(currentLocale(), { ...opts, timeZone });
  } catch {
    return new Date(iso).toLocaleString(currentLocale(), opts);
  }
}

/** Whether two zones read the same wall clock at this instant (aliases such as Asia/Calcutta compare equal). */
function sameClock(iso: string, a: string, b: string): boolean {
  const d = new Date(iso);
  const opts: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  try {
    return d.toLocaleString('en-GB', { ...opts, timeZone: a }) === d.toLocaleString('en-GB', { ...opts, timeZone: b });
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
