import { useMemo, useState } from 'react';
import { useAvailability } from './api.ts';
import { monthGrid, monthStart } from './calendar-utils.ts';
import { todayIn, type AvailabilitySlot } from './shared.ts';

/**
 * One month of a professional's free slots in `timezone`, with the chosen day: shared by the student's
 * slot picker and the professional's own calendar (the same query, grid and per-day counts).
 */
export function useMonthAvailability(professionalId: string, timezone: string, start: { date?: string | null; selected?: string | null } = {}) {
  const today = todayIn(timezone);
  const [month, setMonth] = useState(() => monthStart(start.date ?? today));
  const [selected, setSelected] = useState<string | null>(start.selected ?? null);
  const grid = useMemo(() => monthGrid(month), [month]);
  const availability = useAvailability(professionalId, grid[0] ?? month, grid[grid.length - 1] ?? month, timezone);
  const byDate = useMemo(() => {
    const map: Record<string, AvailabilitySlot[]> = {};
    for (const day of availability.data?.availability ?? []) map[day.date] = day.slots;
    return map;
  }, [availability.data]);
  const counts = useMemo(() => Object.fromEntries(Object.entries(byDate).map(([d, s]) => [d, s.length])), [byDate]);
  const slots = selected ? (byDate[selected] ?? []) : [];
  /** What `MonthCalendar` needs, spread onto it. */
  const calendar = { month, onMonthChange: setMonth, selected, onSelect: setSelected, counts, today };
  return { today, selected, setSelected, availability, slots, calendar };
}
