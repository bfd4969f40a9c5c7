import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useFormat, useT } from '../../lib/i18n.tsx';

/** Pages to show: first, last, current ±1, with ellipses between (spec 000 §9). */
export function pageItems(current: number, pages: number): (number | 'ellipsis')[] {
  const wanted = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | 'ellipsis')[] = [];
  for (const [i, page] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (prev !== undefined && page - prev > 1) items.push('ellipsis');
    items.push(page);
  }
  return items;
}

export function Pagination({ page, pages, onChange, label }: { page: number; pages: number; onChange: (page: number) => void; label?: string }) {
  const t = useT();
  const format = useFormat();
  if (pages <= 1) return null;
  const base = 'min-w-9 rounded-lg px-3 py-1.5 text-sm';
  return (
    <nav aria-label={label ?? t('shell.pagination.label')} className="mt-6 flex flex-wrap items-center justify-center gap-1">
      <button type="button" className={`${base} text-slate-700 hover:bg-slate-100 disabled:opacity-40`} onClick={() => onChange(page - 1)} disabled={page <= 1} aria-label={t('shell.pagination.previous')}>
        <ChevronLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
      </button>
      {pageItems(page, pages).map((item, i) =>
        item === 'ellipsis' ? (
          <span key={`e${i}`} className="px-2 text-slate-500" aria-hidden="true">…</span>
        ) : (
          <button
            key={item}
            type="button"
            onClick={() => onChange(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('shell.pagination.page', { page: item })}
            className={`${base} ${item === page ? 'bg-brand-700 font-semibold text-white' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            {format.number(item)}
          </button>
        ),
      )}
      <button type="button" className={`${base} text-slate-700 hover:bg-slate-100 disabled:opacity-40`} onClick={() => onChange(page + 1)} disabled={page >= pages} aria-label={t('shell.pagination.next')}>
        <ChevronRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
      </button>
    </nav>
  );
}
