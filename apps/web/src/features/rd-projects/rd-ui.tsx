import { Component, useState, type KeyboardEvent, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { RD_APPLICATION_STATUS_LABELS, RD_MESSAGES, daysUntil, projectStatusLabel, type RdApplicationStatus } from '@app/shared/rd-project-constants';
import type { RoleDto } from '@app/shared/rd-projects';
import { currentLocale } from '../../lib/language.ts';
import { Button } from '../../components/ui/button.tsx';

const STATUS_STYLES: Record<string, string> = {
  draft: 'bg-slate-100 text-slate-700',
  active: 'bg-green-100 text-green-800',
  paused: 'bg-amber-100 text-amber-900',
  completed: 'bg-blue-100 text-blue-800',
  cancelled: 'bg-red-100 text-red-800',
  pending: 'bg-amber-100 text-amber-900',
  'under-review': 'bg-blue-100 text-blue-800',
  'interview-scheduled': 'bg-purple-100 text-purple-800',
  accepted: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
  withdrawn: 'bg-slate-100 text-slate-700',
  'in-progress': 'bg-blue-100 text-blue-800',
  delayed: 'bg-red-100 text-red-800',
  low: 'bg-slate-100 text-slate-700',
  medium: 'bg-blue-100 text-blue-800',
  high: 'bg-orange-100 text-orange-900',
  urgent: 'bg-red-100 text-red-800',
};

export function Badge({ value, label }: { value: string; label?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ${STATUS_STYLES[value] ?? 'bg-slate-100 text-slate-700'}`}>
      {label ?? value.replace(/-/g, ' ')}
    </span>
  );
}

export function ProjectStatusBadge({ status }: { status: string }) {
  return <Badge value={projectStatusLabel(status)} />;
}

export function ApplicationStatusBadge({ status }: { status: RdApplicationStatus }) {
  return <Badge value={status} label={RD_APPLICATION_STATUS_LABELS[status]} />;
}

export const ROLE_LABELS: Record<string, string> = { intern: 'Intern', 'work-student': 'Work Student', 'part-time': 'Part-time', 'full-time': 'Full-time' };
export const roleLabel = (title: string) => ROLE_LABELS[title] ?? title;
export const capital = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1).replace(/-/g, ' ') : s);

export function compensationText(c: RoleDto['compensation']): string {
  if ((c.type === 'paid' || c.type === 'stipend') && c.amount !== null) {
    return `${capital(c.type)}: ${new Intl.NumberFormat(undefined, { style: 'currency', currency: c.currency ?? 'INR', maximumFractionDigits: 0 }).format(c.amount)}`;
  }
  return capital(c.type);
}

export function fmtDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00` : iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString(currentLocale(), { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * An application deadline's calendar date. A deadline entered as a date is stored as the end of that
 * day in UTC (docs/decisions/251), so it is shown in UTC: in India (UTC+5:30) the local date would be
 * the next day.
 */
export function fmtDeadline(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString(currentLocale(), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Deadline: more than 0 and up to 7 days shows a warning; 0 or less shows Expired / Application Closed. */
export function DeadlineNote({ deadline }: { deadline: string }) {
  const days = daysUntil(deadline);
  if (days <= 0) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2 text-sm font-medium text-red-700">
        <Badge value="cancelled" label="Expired" /> Application Closed
      </span>
    );
  }
  if (days <= 7) {
    return (
      <span className="text-sm font-medium text-amber-800" role="note">
        ⚠ Only {days} day{days === 1 ? '' : 's'} left to apply (closes {fmtDeadline(deadline)})
      </span>
    );
  }
  return <span className="text-sm text-slate-600">Apply by {fmtDeadline(deadline)} ({days} days left)</span>;
}

/** Chips added one at a time on Enter (trimmed, blanks and duplicates ignored). */
export function ChipInput({ label, values, onChange, placeholder }: { label: string; values: string[]; onChange: (v: string[]) => void; placeholder?: string }) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const v = draft.trim();
    if (v && !values.some((x) => x.toLowerCase() === v.toLowerCase())) onChange([...values, v]);
    setDraft('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <div>
      <label className="block text-sm font-medium text-slate-800">
        {label}
        <div className="mt-1 flex gap-2">
          <input
            className="block w-full rounded-lg border border-slate-500 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
            value={draft}
            placeholder={placeholder ?? 'Type and press Enter'}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKey}
          />
          <Button variant="secondary" size="sm" onClick={add}>Add</Button>
        </div>
      </label>
      {values.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {values.map((v) => (
            <li key={v} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-800">
              {v}
              <button type="button" aria-label={`Remove ${v}`} onClick={() => onChange(values.filter((x) => x !== v))} className="rounded-full p-0.5 hover:bg-slate-200">
                <X aria-hidden="true" className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Tags({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">{t}</li>
      ))}
    </ul>
  );
}

export function ListOrEmpty({ items, empty }: { items: string[]; empty: string }) {
  if (!items.length) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="list-disc space-y-1 ps-5 text-sm text-slate-800">
      {items.map((i) => (
        <li key={i}>{i}</li>
      ))}
    </ul>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold tracking-wide text-slate-900 uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** The R&D section's crash screen (spec 001 §2, spec 002 §2). */
export class RdErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('R&D projects crashed', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center">
        <h2 className="text-lg font-semibold text-red-900">{RD_MESSAGES.crashTitle}</h2>
        <p className="mt-1 text-sm text-red-800">{RD_MESSAGES.crashText}</p>
        <Button className="mt-4" onClick={() => window.location.reload()}>{RD_MESSAGES.crashButton}</Button>
      </div>
    );
  }
}
