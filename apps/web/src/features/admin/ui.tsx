import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import type { z } from 'zod';
import { FormButtons } from '../../components/ui/dialog.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { ExportButtons } from '../../components/data/export-buttons.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDebounced } from '../../lib/hooks.ts';
import { useT } from '../../lib/i18n.tsx';
import { useSpecText } from './messages.ts';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * A list that is a table on wide screens and stacked cards on phones. Rows open their detail with a
 * click, Enter or Space; action buttons inside a row do not open it.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  onOpen,
  label,
  actions,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  onOpen?: (row: T) => void;
  label: string;
  actions?: (row: T) => ReactNode;
}) {
  const t = useT();
  const onKey = (event: KeyboardEvent, row: T) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen?.(row);
    }
  };
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={`px-4 py-3 font-semibold ${c.className ?? ''}`}>
                  {c.header}
                </th>
              ))}
              {actions && (
                <th scope="col" className="px-4 py-3 text-end font-semibold">
                  {t('admin.table.actions')}
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                tabIndex={onOpen ? 0 : undefined}
                onClick={onOpen ? () => onOpen(row) : undefined}
                onKeyDown={(e) => onKey(e, row)}
                className={onOpen ? 'cursor-pointer hover:bg-slate-50 focus:bg-brand-50' : ''}
              >
                {columns.map((c) => (
                  <td key={c.header} className={`px-4 py-3 align-top ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
                {actions && (
                  <td
                    className="px-4 py-3 text-end whitespace-nowrap"
                    onClick={(e) => e.stopPropagation()}
                    onKeyDown={(e) => e.stopPropagation()}
                  >
                    {actions(row)}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-2xl border border-slate-200 bg-white p-4">
            {/* The card's first field (the name or title) is the button that opens the details; the
                card itself is not a button, so the fields and actions never nest inside a control. */}
            <div className="space-y-2">
              {columns.map((c, i) => (
                <div key={c.header} className="text-sm">
                  <span className="block text-xs font-semibold text-slate-500 uppercase">{c.header}</span>
                  {i === 0 && onOpen ? (
                    <button
                      type="button"
                      onClick={() => onOpen(row)}
                      className="block w-full rounded text-start underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                    >
                      {c.cell(row)}
                    </button>
                  ) : (
                    c.cell(row)
                  )}
                </div>
              ))}
            </div>
            {actions && <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">{actions(row)}</div>}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Search text debounced 500 ms; a new search (or filter) resets the page to 1. */
export function useListState(initialFilters: Record<string, string> = {}) {
  const [search, setSearchRaw] = useState('');
  const [filters, setFiltersRaw] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search, 500);
  const [lastSearch, setLastSearch] = useState(debounced);
  if (lastSearch !== debounced) {
    setLastSearch(debounced);
    setPage(1);
  }
  return {
    search,
    setSearch: setSearchRaw,
    debounced,
    filters,
    setFilter: (key: string, value: string) => {
      setFiltersRaw((f) => ({ ...f, [key]: value }));
      setPage(1);
    },
    page,
    setPage,
    query: {
      page,
      limit: 10,
      search: debounced || undefined,
      ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v && v !== 'all')),
    },
  };
}

export function SearchBox({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <div className="relative min-w-0 flex-1 sm:max-w-xs">
      <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 inset-s-3 h-4 w-4 text-slate-500" />
      <input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-full rounded-lg border border-slate-500 bg-white py-2 pe-3 ps-9 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
      />
    </div>
  );
}

export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="rounded-lg border border-slate-500 bg-white px-3 py-2 text-sm"
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** Export buttons: the list with its current filters as CSV or Excel (decision 942). */
export function ExportButton({
  kind,
  label,
  query,
}: {
  kind: 'students' | 'professionals' | 'workshops' | 'ideas';
  label: string;
  query: Record<string, string | number | undefined>;
}) {
  const { page: _page, limit: _limit, ...filters } = query;
  void _page;
  void _limit;
  return <ExportButtons path={`/admin/export/${kind}`} what={label} fileStem={`${kind}-${new Date().toISOString().slice(0, 10)}`} query={filters} />;
}

export function ListState<T>({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; data?: T };
  empty: boolean;
  children: ReactNode;
}) {
  const t = useT();
  if (query.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        <span className="sr-only">{t('admin.list.loading')}</span>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError)
    return <ErrorState message={errorMessage(query.error, t('common.somethingWrong'))} onRetry={() => void query.refetch()} />;
  if (empty) return <EmptyState title={t('admin.list.emptyTitle')}>{t('admin.list.emptyText')}</EmptyState>;
  return <>{children}</>;
}

export function Pill({ tone, children }: { tone: 'green' | 'slate' | 'red' | 'blue' | 'amber'; children: ReactNode }) {
  const styles = {
    green: 'bg-green-100 text-green-800',
    slate: 'bg-slate-100 text-slate-800',
    red: 'bg-red-100 text-red-800',
    blue: 'bg-blue-100 text-blue-800',
    amber: 'bg-amber-100 text-amber-900',
  }[tone];
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${styles}`}>{children}</span>
  );
}

/** Active or inactive, as a coloured pill. */
export function StatusPill({ active }: { active: boolean }) {
  const t = useT();
  return <Pill tone={active ? 'green' : 'slate'}>{active ? t('admin.status.isActive') : t('admin.status.isInactive')}</Pill>;
}

const isBlank = (v: ReactNode) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** One term of a `<dl>`: the wrapping div is the dl's direct child (a div around it breaks the list). */
export function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{isBlank(children) ? '—' : children}</dd>
    </div>
  );
}

/**
 * One admin list section (students, professionals, workshops, ideas): its heading and tools, the
 * filters, then the list's loading, error and empty states, the table and its pages.
 */
export function ListSection<T>({
  id,
  title,
  tableLabel,
  tools,
  filters,
  query,
  rows,
  pagination,
  onPage,
  table,
  children,
}: {
  id: string;
  title: string;
  /** The table's name when it differs from the heading. */
  tableLabel?: string;
  tools?: ReactNode;
  filters?: ReactNode;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  rows: T[];
  pagination?: { page: number; pages: number };
  onPage: (page: number) => void;
  table: Omit<Parameters<typeof DataTable<T>>[0], 'rows' | 'label'>;
  /** Dialogs of the section. */
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {title}
        </h2>
        {tools && <div className="flex flex-wrap gap-2">{tools}</div>}
      </div>
      {filters && <div className="flex flex-wrap gap-2">{filters}</div>}
      <ListState query={query} empty={rows.length === 0}>
        <DataTable {...table} rows={rows} label={tableLabel ?? title} />
        {pagination && (
          <Pagination page={pagination.page} pages={pagination.pages} onChange={onPage} label={t('admin.list.pages', { what: title })} />
        )}
      </ListState>
      {children}
    </section>
  );
}

/**
 * An admin form checked in the browser with the API's own schema before it is sent: the first
 * problem (in the page's language) shows above the fields; Cancel and the submit button below.
 */
export function AdminForm<B>({
  schema,
  body,
  labels = {},
  onSubmit,
  onCancel,
  busy,
  submitLabel,
  children,
}: {
  /** The API's schema for the body, loaded when the form is submitted (decision 950). */
  schema: () => Promise<z.ZodType>;
  body: () => B;
  /** The form's labels by the body's field (`pricing.hourlyRate`), naming a field in a message the schema left to zod. */
  labels?: Record<string, string>;
  onSubmit: (body: B) => void;
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const t = useT();
  const spec = useSpecText();
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = body();
    const [contract, { checkForm }] = await Promise.all([schema(), import('../../lib/form-check.ts')]);
    const checked = checkForm(contract, value, t, {
      own: spec,
      label: (field) => labels[field],
    });
    if (!checked.success) return setError(checked.messages[0] || t('admin.form.check'));
    setError(null);
    onSubmit(value);
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      {error && <Alert kind="error">{error}</Alert>}
      {children}
      <AdminFormButtons onCancel={onCancel} busy={busy} submitLabel={submitLabel} />
    </form>
  );
}

/** An admin form's closing row under a rule: Cancel, and the submit button ("Saving…" while it runs). */
export function AdminFormButtons({ onCancel, busy, submitLabel }: { onCancel: () => void; busy: boolean; submitLabel: string }) {
  const t = useT();
  return (
    <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
      <FormButtons onCancel={onCancel} cancelLabel={t('admin.form.cancel')} submitLabel={submitLabel} pendingLabel={t('admin.form.saving')} pending={busy} />
    </div>
  );
}

/** A person or item in a list: the name (as typed, isolated) and a second line. */
export function NameCell({ name, detail }: { name: string; detail?: ReactNode }) {
  return (
    <>
      <bdi className="font-medium">{name}</bdi>
      {detail !== undefined && (
        <span dir="auto" className="block text-xs text-slate-600">
          {detail}
        </span>
      )}
    </>
  );
}
