/**
 * Time zones (decision 702): any IANA zone the runtime knows, checked with Intl so that the API (Node)
 * and the browser agree without a list of our own.
 */
export const TIME_ZONE_MESSAGE = 'Please choose a valid time zone';

/** A zone name such as 'Europe/London' or 'UTC' (not an offset such as '+05:30'). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
