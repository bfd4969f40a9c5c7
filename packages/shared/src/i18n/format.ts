/**
 * Dates, times, numbers and lists in a person's language (and, where given, time zone), through
 * `Intl`: Hindi groups digits the Indian way (1,00,000), Arabic uses its own digits and separators.
 * The same functions serve the web app and the API (e-mails, documents).
 */
export interface Formatters {
  readonly locale: string;
  date(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string;
  dateTime(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string;
  time(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  list(values: readonly string[], options?: Intl.ListFormatOptions): string;
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    if (cache.size > 500) cache.clear();
    cache.set(key, f);
  }
  return f;
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/*
 * Text a server render formatted, handed to the browser with the page (decision 1310). A browser's first Intl
 * formatter costs 28–83 ms on the project's 2-core machine (ICU loads its locale data), in one task the page
 * cannot split: on a public page that is most of its Total Blocking Time (issue 27), and the text is
 * already in the server's HTML. So the server records what it formatted and the browser hydrates with the
 * same strings: same input, same text, and React sees exactly the markup it was sent.
 * Only what does not depend on where the code runs travels: numbers, lists, and dates in a named zone (a
 * date in the runtime's own zone is the server's zone on the server and the visitor's in the browser).
 */
const MAX_RECORDED = 2_000;
let recording: Map<string, string> | undefined;
let seeded: Map<string, string> | undefined;

/** Server: start recording what is formatted; the returned function stops and gives the record. */
export function recordFormats(): () => Record<string, string> {
  const record = new Map<string, string>();
  recording = record;
  return () => {
    if (recording === record) recording = undefined;
    return Object.fromEntries(record);
  };
}

/** Browser: the server's record for the page being hydrated (ignored when it is not an object of strings). */
export function seedFormats(record: unknown): void {
  if (!record || typeof record !== 'object') return;
  const entries = Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  seeded = new Map(entries);
}

/**
 * `value` formatted by the formatter for (kind, locale, options), built once. `valueKey` names the value
 * when its text may travel with the page (above); then a seeded text is used, and a recording keeps it.
 */
function formatWith<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => T,
  use: (formatter: T) => string,
  valueKey?: () => string,
): string {
  const formatter = `${kind}|${locale}|${JSON.stringify(options)}`;
  if (!valueKey || (!seeded && !recording)) return use(cached(formatter, make));
  const key = `${formatter}|${valueKey()}`;
  const known = seeded?.get(key);
  if (known !== undefined) return known;
  const text = use(cached(formatter, make));
  if (recording && recording.size < MAX_RECORDED) recording.set(key, text);
  return text;
}

/** Formatters for `locale` (a language tag: `hi`, `ar`, `es-MX`) in `timeZone` (IANA; the runtime's own when absent). */
export function formatters(locale: string, timeZone?: string): Formatters {
  const zone = timeZone ? { timeZone } : {};
  const dt = (defaults: Intl.DateTimeFormatOptions) => (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => {
    const o = { ...(options ?? defaults), ...zone };
    const date = toDate(value);
    const when = o.timeZone ? () => String(date.getTime()) : undefined;
    return formatWith('dt', locale, o, () => new Intl.DateTimeFormat(locale, o), (f) => f.format(date), when);
  };
  return {
    locale,
    date: dt({ dateStyle: 'medium' }),
    dateTime: dt({ dateStyle: 'medium', timeStyle: 'short' }),
    time: dt({ timeStyle: 'short' }),
    number: (value, options = {}) => formatWith('n', locale, options, () => new Intl.NumberFormat(locale, options), (f) => f.format(value), () => String(value)),
    list: (values, options = { type: 'conjunction' }) =>
      formatWith('l', locale, options, () => new Intl.ListFormat(locale, options), (f) => f.format(values), () => JSON.stringify(values)),
  };
}
