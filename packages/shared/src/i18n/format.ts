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
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    if (cache.size > 500) cache.clear();
    cache.set(key, f);
  }
  return f;
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** Formatters for `locale` (a language tag: `hi`, `ar`, `es-MX`) in `timeZone` (IANA; the runtime's own when absent). */
export function formatters(locale: string, timeZone?: string): Formatters {
  const zone = timeZone ? { timeZone } : {};
  const dt = (defaults: Intl.DateTimeFormatOptions) => (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => {
    const o = { ...(options ?? defaults), ...zone };
    return cached('dt', locale, o, () => new Intl.DateTimeFormat(locale, o)).format(toDate(value));
  };
  return {
    locale,
    date: dt({ dateStyle: 'medium' }),
    dateTime: dt({ dateStyle: 'medium', timeStyle: 'short' }),
    time: dt({ timeStyle: 'short' }),
    number: (value, options = {}) => cached('n', locale, options, () => new Intl.NumberFormat(locale, options)).format(value),
    list: (values, options = { type: 'conjunction' }) => cached('l', locale, options, () => new Intl.ListFormat(locale, options)).format(values),
  };
}
