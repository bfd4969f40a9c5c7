import { isTimeZone } from '@app/shared/time-zones';

/** Old names some browsers still report (ICU's canonical ids) → today's IANA names. */
const CURRENT_NAME: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Etc/UTC': 'UTC',
  'Etc/GMT': 'UTC',
};
const current = (zone: string) => CURRENT_NAME[zone] ?? zone;

let ownZone: string | undefined;

/** The browser's own IANA zone (decision 702); UTC if the browser cannot say. Read once: every date on a page asks. */
export function browserZone(): string {
  if (ownZone) return ownZone;
  try {
    const zone = current(Intl.DateTimeFormat().resolvedOptions().timeZone);
    ownZone = zone && isTimeZone(zone) ? zone : 'UTC';
  } catch {
    ownZone = 'UTC';
  }
  return ownZone;
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
  cache = [...new Set([...zones.map(current), ...Object.values(CURRENT_NAME), browserZone()])].sort((a, b) => a.localeCompare(b));
  return cache;
}

export { isTimeZone };
