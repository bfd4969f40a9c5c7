import { Component, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { daysUntil, projectStatusLabel, type RdApplicationStatus } from '@app/shared/rd-project-constants';
import type { RoleDto } from '@app/shared/rd-projects';
import { Button } from '../../components/ui/button.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useT, type MessageKey } from '../../lib/i18n.tsx';
import { useMyTimeZoneReader } from '../profile/my-time-zone.ts';

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

/** The select key of a fixed value in the catalogue's selects: "cover-letter" → "cover_letter", "1+ years" → "1_years". */
export const selectKey = (value: string) => value.replace(/[^A-Za-z0-9]+/g, '_');

/** A status, priority or milestone state: its colour from the value, its text in the reader's language. */
export function Badge({ value, label }: { value: string; label?: string }) {
  const t = useT();
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ${STATUS_STYLES[value] ?? 'bg-slate-100 text-slate-700'}`}>
      {label ?? t('rd.badge', { value: selectKey(value) })}
    </span>
  );
}

export function ProjectStatusBadge({ status }: { status: string }) {
  return <Badge value={projectStatusLabel(status)} />;
}

export function ApplicationStatusBadge({ status }: { status: RdApplicationStatus }) {
  const t = useT();
  return <Badge value={status} label={t('rd.applicationStatus', { status: selectKey(status) })} />;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The R&D section's fixed values (fields, roles, work modes, documents…) and dates in the reader's language.
 * A date-only value (a milestone's due date) is that calendar day wherever the reader is; a moment is shown
 * in the reader's time zone; an application deadline in UTC: a deadline entered as a date is stored as the
 * end of that day in UTC (docs/decisions/251), so in India (UTC+5:30) the local date would be the next day.
 */
export function useRdText() {
  const t = useT();
  const format = useFormat();
  // Read when a moment is shown (decision 1310): most R&D dates are days or deadlines, shown in UTC.
  const myZone = useMyTimeZoneReader();
  return useMemo(() => {
    const day = (iso: string | null | undefined, deadline = false): string => {
      if (!iso) return '—';
      const dateOnly = DATE_ONLY.test(iso);
      const d = new Date(dateOnly ? `${iso}T00:00:00Z` : iso);
      if (Number.isNaN(d.getTime())) return '—';
      return format.date(d, { year: 'numeric', month: 'short', day: 'numeric', timeZone: dateOnly || deadline ? 'UTC' : myZone() });
    };
    const compensationType = (type: string) => t('rd.compensation', { type });
    return {
      t,
      format,
      /** The reader's zone, read when asked. */
      get zone() {
        return myZone();
      },
      field: (field: string) => t('rd.field', { field: selectKey(field) }),
      role: (role: string) => t('rd.role', { role: selectKey(role) }),
      workMode: (mode: string) => t('rd.workMode', { mode }),
      duration: (duration: string) => t('rd.duration', { duration: selectKey(duration) }),
      document: (type: string) => t('rd.document', { type: selectKey(type) }),
      applicationStatus: (status: string) => t('rd.applicationStatus', { status: selectKey(status) }),
      badge: (value: string) => t('rd.badge', { value: selectKey(value) }),
      compensation: (c: RoleDto['compensation']): string => {
        if ((c.type === 'paid' || c.type === 'stipend') && c.amount !== null) {
          const amount = format.number(c.amount, { style: 'currency', currency: c.currency ?? 'INR', maximumFractionDigits: 0 });
          return t('rd.compensationAmount', { type: compensationType(c.type), amount });
        }
        return compensationType(c.type);
      },
      /** A date (date-only values as that day; moments in the reader's zone). */
      date: (iso: string | null | undefined) => day(iso),
      /** An application deadline's calendar date (UTC, decision 251). */
      deadline: (iso: string | null | undefined) => day(iso, true),
      /** A moment with its time, in the reader's zone. */
      dateTime: (iso: string) => format.dateTime(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: myZone() }),
      number: (n: number) => format.number(n),
      /** An enumeration as the reader's language writes one ("A, B, C" in English, with و in Arabic). */
      list: (items: readonly string[]) => format.list(items, { type: 'unit', style: 'short' }),
    };
  }, [t, format, myZone]);
}

/** Deadline: more than 0 and up to 7 days shows a warning; 0 or less shows Expired / Application Closed. */
export function DeadlineNote({ deadline }: { deadline: string }) {
  const text = useRdText();
  const t = text.t;
  const days = daysUntil(deadline);
  if (days <= 0) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2 text-sm font-medium text-red-700">
        <Badge value="cancelled" label={t('rd.deadline.expired')} /> {t('rd.deadline.closed')}
      </span>
    );
  }
  if (days <= 7) {
    return (
      <span className="text-sm font-medium text-amber-800" role="note">
        {t('rd.deadline.soon', { days, date: text.deadline(deadline) })}
      </span>
    );
  }
  return <span className="text-sm text-slate-600">{t('rd.deadline.applyBy', { days, date: text.deadline(deadline) })}</span>;
}

/** Chips added one at a time on Enter (trimmed, blanks and duplicates ignored). */
export function ChipInput({ label, values, onChange, placeholder }: { label: string; values: string[]; onChange: (v: string[]) => void; placeholder?: string }) {
  const t = useT();
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
            dir="auto"
            placeholder={placeholder ?? t('rd.chip.placeholder')}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKey}
          />
          <Button variant="secondary" size="sm" onClick={add}>{t('rd.chip.add')}</Button>
        </div>
      </label>
      {values.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {values.map((v) => (
            <li key={v} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-800">
              <bdi>{v}</bdi>
              <button type="button" aria-label={t('rd.chip.remove', { value: v })} onClick={() => onChange(values.filter((x) => x !== v))} className="rounded-full p-0.5 hover:bg-slate-200">
                <X aria-hidden="true" className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A project card's head: the title (h2 on the public page, h3 in the student's tab), its field, its priority. */
export function ProjectCardHead({ title, field, priority, level }: { title: string; field: string; priority: string; level: 2 | 3 }) {
  const text = useRdText();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="flex items-start justify-between gap-2">
      <div className="min-w-0">
        <Heading dir="auto" className={level === 2 ? 'text-lg font-semibold break-words' : 'text-base font-semibold break-words text-slate-900'}>{title}</Heading>
        <p className="text-xs text-slate-600">{text.field(field)}</p>
      </div>
      <Badge value={priority} />
    </div>
  );
}

export function Tags({ tags }: { tags: string[] }) {
  const t = useT();
  if (!tags.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('rd.tags')}>
      {tags.map((tag) => (
        <li key={tag} dir="auto" className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">{tag}</li>
      ))}
    </ul>
  );
}

export function ListOrEmpty({ items, empty }: { items: string[]; empty: string }) {
  if (!items.length) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="list-disc space-y-1 ps-5 text-sm text-slate-800">
      {items.map((i) => (
        <li key={i} dir="auto">{i}</li>
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
    return <RdCrash />;
  }
}

function RdCrash() {
  const t = useT();
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <h2 className="text-lg font-semibold text-red-900">{t('rd.crash.title')}</h2>
      <p className="mt-1 text-sm text-red-800">{t('rd.crash.text')}</p>
      <Button className="mt-4" onClick={() => window.location.reload()}>{t('rd.crash.button')}</Button>
    </div>
  );
}

/**
 * An R&D action: on success a toast (`done`), the `invalidate` queries refetched, then `then`; on failure a
 * toast `failed` with the reason ({reason}).
 */
export function useRdMutation<V, D>({ mutationFn, done, invalidate, failed, then }: {
  mutationFn: (variables: V) => Promise<D>;
  done: (data: D) => string;
  invalidate: QueryKey;
  failed: MessageKey;
  then?: (data: D) => void;
}) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      toast.success(done(data));
      then?.(data);
      void queryClient.invalidateQueries({ queryKey: invalidate });
    },
    onError: (e) => toast.error(t(failed, { reason: errorMessage(e, t('rd.apiFailed')) })),
  });
}
