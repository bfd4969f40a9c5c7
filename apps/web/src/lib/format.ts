import { formatters } from '@app/shared/i18n/format';
import { currentLocale } from './language.ts';

/** 'Just now', minutes, hours, days up to 7, then a date (spec 000 §9). */
export function relativeTime(iso: string | Date, now = Date.now()): string {
  const then = typeof iso === 'string' ? new Date(iso).getTime() : iso.getTime();
  const locale = currentLocale();
  const seconds = Math.floor((now - then) / 1000);
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days > 7) return formatters(locale).date(then, { year: 'numeric', month: 'short', day: 'numeric' });
  // English keeps the spec's wording ("Just now", "5 minutes ago"); other languages get Intl's phrasing.
  if (!locale.toLowerCase().startsWith('en')) {
    const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    if (seconds < 60) return rtf.format(0, 'second');
    if (minutes < 60) return rtf.format(-minutes, 'minute');
    if (hours < 24) return rtf.format(-hours, 'hour');
    return rtf.format(-days, 'day');
  }
  if (seconds < 60) return 'Just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

export function formatDate(iso: string | null | undefined, options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' }): string {
  if (!iso) return '';
  const d = new Date(iso);
  // Through the shared cached formatters: a list formats many dates with one Intl.DateTimeFormat.
  return Number.isNaN(d.getTime()) ? '' : formatters(currentLocale()).date(d, options);
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}

/** 'under_review' → 'under review' */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ');
}
