import { MENTORING_TIMEZONES } from '@app/shared/mentoring';
import { isTimeZone } from '@app/shared/time-zones';

/** The browser's own IANA zone (decision 702); UTC if the browser cannot say. */
export function browserZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}

let cache: string[] | null = null;

/** Every IANA zone the browser knows, plus the common names it may spell differently (Asia/Kolkata, UTC). */
export function allZones(): string[] {
  if (cache) return cache;
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  cache = [...new Set([...zones, ...MENTORING_TIMEZONES, browserZone()])].sort((a, b) => a.localeCompare(b));
  return cache;
}

export { isTimeZone };
