/**
 * Small helpers for presenters on the list paths (issue 13, decision 667).
 *
 * - `isoOf`: `Date#toISOString` costs ~1 µs in V8 and a list page formats 40–80 instants, most of them
 *   again and again (the same projects, workshops and ideas on every request). The string is a pure
 *   function of the instant, so it is kept (bounded: emptied at 50,000 instants).
 * - `extend`: a DTO that adds fields to another one. `{ ...base, more }` over a 35-field DTO measured
 *   15–26 µs per object in Node 20 (V8 falls off its fast clone path for objects that large), against
 *   well under 1 µs for adding the fields to the object the base presenter just built.
 */
const isoByInstant = new Map<number, string>();

export function isoOf(d: Date): string {
  const ms = d.getTime();
  let text = isoByInstant.get(ms);
  if (text === undefined) {
    text = d.toISOString(); // throws RangeError for an invalid date, as before (nothing is kept)
    if (isoByInstant.size >= 50_000) isoByInstant.clear();
    isoByInstant.set(ms, text);
  }
  return text;
}

/** `base` with `extra`'s fields added: `base` must be a fresh object its caller owns (a presenter's result). */
export function extend<T extends object, U extends object>(base: T, extra: U): T & U {
  const target = base as Record<string, unknown>;
  for (const key of Object.keys(extra)) target[key] = (extra as Record<string, unknown>)[key];
  return base as T & U;
}
