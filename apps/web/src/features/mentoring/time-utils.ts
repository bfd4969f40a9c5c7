/** Wall-clock date (YYYY-MM-DD) and time (HH:mm) of an instant in an IANA zone. */
export function wallClock(iso: string, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** 'Mon, 3 Mar 2025, 10:00–11:00 (Asia/Kolkata)' */
export function slotText(start: string, end: string, timeZone: string): string {
  const day = new Date(start).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  });
  return `${day}, ${wallClock(start, timeZone).time}–${wallClock(end, timeZone).time} (${timeZone})`;
}
