import { CalendarClock } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { TimeZoneField } from '../../components/ui/time-zone-field.tsx';
import { useMonthAvailability } from './month-availability.ts';
import { monthStart } from './calendar-utils.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { MonthCalendar } from './month-calendar.tsx';
import type { AvailabilitySlot } from './shared.ts';


/**
 * A professional's free slots (their availability minus booked and held times, from the server) on a
 * month grid in a chosen zone; each slot has one action button. Used to book and to reschedule.
 */
export function SlotPicker({
  professionalId,
  timezone,
  onTimezone,
  actionLabel,
  onPick,
  picked,
  disabled,
  idPrefix,
}: {
  professionalId: string;
  timezone: string;
  onTimezone: (zone: string) => void;
  actionLabel: string;
  onPick: (slot: AvailabilitySlot) => void;
  picked?: AvailabilitySlot | null;
  disabled?: boolean;
  idPrefix: string;
}) {
  const t = useT();
  const format = useFormat();
  const { today, selected, setSelected, availability, slots, calendar } = useMonthAvailability(professionalId, timezone, {
    date: picked?.date,
    selected: picked?.date,
  });

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="space-y-3">
        <TimeZoneField
          value={timezone}
          onChange={(zone) => {
            onTimezone(zone);
            setSelected(null);
          }}
        />
        <MonthCalendar {...calendar} minMonth={monthStart(today)} />
      </div>
      <div>
        <h4 id={`${idPrefix}-day`} className="flex items-center gap-2 font-medium text-slate-900">
          <CalendarClock className="h-4 w-4" aria-hidden="true" />
          {selected ? format.date(`${selected}T00:00:00Z`, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) : t('mentoring.slots.selectDate')}
        </h4>
        <div className="mt-2" aria-live="polite">
          {availability.isPending ? (
            <Spinner label={t('mentoring.slots.loading')} />
          ) : availability.isError ? (
            <Alert kind="error">{t('mentoring.slots.fetchFailed')}</Alert>
          ) : !selected ? (
            <p className="text-sm text-slate-600">{Object.keys(calendar.counts).length ? t('mentoring.slots.chooseDay') : t('mentoring.slots.noneThisMonth')}</p>
          ) : slots.length === 0 ? (
            <p className="text-sm text-slate-600">{t('mentoring.slots.noneThisDay')}</p>
          ) : (
            <ul className="space-y-2" aria-labelledby={`${idPrefix}-day`}>
              {slots.map((slot) => {
                const chosen = picked?.start === slot.start && picked.end === slot.end;
                return (
                  <li
                    key={slot.start}
                    className={`flex flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-2 ${chosen ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
                  >
                    <div>
                      <p className="font-medium text-slate-900">
                        {slot.startTime} – {slot.endTime} <span className="text-xs font-normal text-slate-600">({timezone})</span>
                      </p>
                      {slot.notes && <p className="text-xs text-slate-600">{slot.notes}</p>}
                    </div>
                    <Button
                      size="sm"
                      variant={chosen ? 'primary' : 'secondary'}
                      disabled={disabled}
                      aria-pressed={chosen}
                      aria-label={`${actionLabel}: ${slot.startTime} – ${slot.endTime}`}
                      onClick={() => onPick(slot)}
                    >
                      {actionLabel}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
