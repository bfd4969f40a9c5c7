import { TIME_STEPS, todayIn } from '@app/shared/mentoring';
import { nonexistentTimeProblem } from '@app/shared/time-zones';
import { TimeZoneField } from '../../components/ui/time-zone-field.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { useT } from '../../lib/i18n.tsx';

export interface ScheduleValue {
  date: string;
  startTime: string;
  endTime: string;
  timezone: string;
}

/** Date, start, end (30-minute steps) and timezone: used by Schedule Session and Reschedule. */
export function ScheduleFields({ value, onChange }: { value: ScheduleValue; onChange: (v: ScheduleValue) => void }) {
  const t = useT();
  const set = (patch: Partial<ScheduleValue>) => onChange({ ...value, ...patch });
  // A time the clocks skip on that date (decision 820) is named here, in the API's own words (in the page's language).
  const skipped = value.date ? [value.startTime, value.endTime].find((time) => nonexistentTimeProblem(value.date, [time], value.timezone)) : undefined;
  const gap = skipped ? t('pro.schedule.nonexistent', { time: skipped.slice(0, 5), date: value.date, zone: value.timezone }) : null;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {gap && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {gap}
        </p>
      )}
      <TextField
        label={t('pro.schedule.date')}
        type="date"
        required
        min={todayIn(value.timezone)}
        value={value.date}
        onChange={(e) => set({ date: e.target.value })}
      />
      <TimeZoneField label={t('pro.schedule.timezone')} value={value.timezone} onChange={(timezone) => set({ timezone })} />
      <SelectField label={t('pro.schedule.start')} required value={value.startTime} onChange={(e) => set({ startTime: e.target.value })}>
        {TIME_STEPS.map((step) => (
          <option key={step}>{step}</option>
        ))}
      </SelectField>
      <SelectField label={t('pro.schedule.end')} required value={value.endTime} onChange={(e) => set({ endTime: e.target.value })}>
        {TIME_STEPS.map((step) => (
          <option key={step}>{step}</option>
        ))}
      </SelectField>
    </div>
  );
}
