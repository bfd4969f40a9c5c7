import { ChevronLeft, ChevronRight } from 'lucide-react';
import { addMonths, monthGrid } from './calendar-utils.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';

/** 1 January 2023 was a Sunday: the week's days in the page's language, Sunday first. */
const SUNDAY_FIRST = Array.from({ length: 7 }, (_, i) => Date.UTC(2023, 0, 1 + i));

/**
 * A 42-day month grid, Sunday first. Days with `counts[date] > 0` are marked; the selected day is
 * highlighted. Each day is a button (keyboard operable) announcing its slot count.
 */
export function MonthCalendar({
  month,
  onMonthChange,
  selected,
  onSelect,
  counts,
  today,
  minMonth,
  label,
}: {
  month: string;
  onMonthChange: (month: string) => void;
  selected: string | null;
  onSelect: (date: string) => void;
  counts: Record<string, number>;
  today: string;
  minMonth?: string;
  label?: string;
}) {
  const t = useT();
  const format = useFormat();
  const days = monthGrid(month);
  const canGoBack = !minMonth || month > minMonth;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          className="rounded p-1 text-slate-700 hover:bg-slate-100 disabled:opacity-40"
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={!canGoBack}
          aria-label={t('mentoring.calendar.previous')}
        >
          <ChevronLeft className="h-5 w-5 rtl:-scale-x-100" aria-hidden="true" />
        </button>
        <p className="font-semibold text-slate-900" aria-live="polite">
          {format.date(`${month.slice(0, 7)}-01T00:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' })}
        </p>
        <button
          type="button"
          className="rounded p-1 text-slate-700 hover:bg-slate-100"
          onClick={() => onMonthChange(addMonths(month, 1))}
          aria-label={t('mentoring.calendar.next')}
        >
          <ChevronRight className="h-5 w-5 rtl:-scale-x-100" aria-hidden="true" />
        </button>
      </div>
      <div role="grid" aria-label={label ?? t('mentoring.calendar.label')} className="grid grid-cols-7 gap-1 text-center text-sm">
        <div role="row" className="contents">
          {SUNDAY_FIRST.map((d) => (
            <div role="columnheader" key={d} className="py-1 text-xs font-medium text-slate-600">
              {format.date(d, { weekday: 'short', timeZone: 'UTC' })}
            </div>
          ))}
        </div>
        {Array.from({ length: 6 }, (_, week) => (
          <div role="row" className="contents" key={week}>
            {days.slice(week * 7, week * 7 + 7).map((date) => {
              const inMonth = date.slice(0, 7) === month.slice(0, 7);
              const count = counts[date] ?? 0;
              const isSelected = date === selected;
              const past = date < today;
              return (
                <div role="gridcell" key={date} aria-selected={isSelected}>
                  <button
                    type="button"
                    onClick={() => onSelect(date)}
                    // Past days hold no bookable time: not selectable (and so exempt from contrast rules).
                    disabled={past}
                    aria-label={t('mentoring.calendar.day', { date, count })}
                    className={[
                      'relative flex h-9 w-full items-center justify-center rounded-md',
                      isSelected
                        ? 'bg-brand-700 text-white'
                        : count
                          ? 'bg-green-50 text-green-900 hover:bg-green-100'
                          : 'hover:bg-slate-100',
                      inMonth ? '' : 'text-slate-600',
                      past && !isSelected ? 'cursor-not-allowed text-slate-400' : '',
                      date === today && !isSelected ? 'ring-1 ring-brand-600' : '',
                    ].join(' ')}
                  >
                    {Number(date.slice(8, 10))}
                    {count > 0 && !isSelected && (
                      <span aria-hidden="true" className="absolute bottom-1 h-1 w-1 rounded-full bg-green-600" />
                    )}
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
