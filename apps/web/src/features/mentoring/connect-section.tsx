import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Send } from 'lucide-react';
import {
  DEFAULT_TIMEZONE,
  LIMITS_SHORT,
  MENTORING_MESSAGES,
  MENTORING_TIMEZONES,
  todayIn,
  type AvailabilitySlot,
} from './shared.ts';
import { Button } from '../../components/ui/button.tsx';
import { Alert, SelectField, TextArea } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { isFullId, mentoringKeys, sendConnect, useAvailability } from './api.ts';
import { longDate, monthGrid, monthStart } from './calendar-utils.ts';
import { MonthCalendar } from './month-calendar.tsx';

/**
 * The student's "connect with a professional" block (spec 000 §2, 002 §2 "Student availability
 * picker"): the professional's free slots on a 42-day month grid in a chosen timezone (Asia/Kolkata
 * by default), 'Request this slot' per slot, an optional message and 'Request Connection'.
 */
export function ConnectSection({
  professionalId,
  professionalName,
  onDone,
}: {
  professionalId: string;
  professionalName: string;
  onDone?: () => void;
}) {
  const toast = useToast();
  const client = useQueryClient();
  const [timezone, setTimezone] = useState<string>(DEFAULT_TIMEZONE);
  const today = todayIn(timezone);
  const [month, setMonth] = useState(() => monthStart(today));
  const [selected, setSelected] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const grid = useMemo(() => monthGrid(month), [month]);
  const from = grid[0] ?? month;
  const to = grid[grid.length - 1] ?? month;
  const availability = useAvailability(professionalId, from, to, timezone);

  const byDate = useMemo(() => {
    const map: Record<string, AvailabilitySlot[]> = {};
    for (const day of availability.data?.availability ?? []) map[day.date] = day.slots;
    return map;
  }, [availability.data]);
  const counts = useMemo(() => Object.fromEntries(Object.entries(byDate).map(([d, s]) => [d, s.length])), [byDate]);
  const slots = selected ? (byDate[selected] ?? []) : [];
  const paused = availability.data?.acceptingRequests === false;

  const connect = useMutation({
    mutationFn: (slot: AvailabilitySlot | null) =>
      sendConnect(professionalId, {
        message: message.trim() || undefined,
        slot: slot ? { start: slot.start, end: slot.end, timezone: timezone as (typeof MENTORING_TIMEZONES)[number] } : undefined,
      }),
    onSuccess: () => {
      setFailure(null);
      setMessage('');
      toast.success(MENTORING_MESSAGES.connectSent);
      void client.invalidateQueries({ queryKey: mentoringKeys.all });
      onDone?.();
    },
    onError: (error) => {
      setFailure(errorMessage(error, MENTORING_MESSAGES.connectFailed));
      // A slot taken meanwhile: show the fresh picture.
      if (error instanceof ApiError && error.status === 409) void availability.refetch();
    },
  });

  if (!isFullId(professionalId)) return null;

  return (
    <section aria-labelledby="connect-heading" className="space-y-4">
      <h3 id="connect-heading" className="text-lg font-semibold text-slate-900">
        Connect with {professionalName}
      </h3>

      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-3">
          <SelectField
            label="Timezone"
            value={timezone}
            onChange={(e) => {
              setTimezone(e.target.value);
              setSelected(null);
            }}
          >
            {MENTORING_TIMEZONES.map((tz) => (
              <option key={tz} value={tz}>
                {tz}
              </option>
            ))}
          </SelectField>
          <MonthCalendar
            month={month}
            onMonthChange={setMonth}
            selected={selected}
            onSelect={setSelected}
            counts={counts}
            today={today}
            minMonth={monthStart(today)}
          />
        </div>

        <div>
          <h4 className="flex items-center gap-2 font-medium text-slate-900">
            <CalendarClock className="h-4 w-4" aria-hidden="true" />
            {selected ? longDate(selected) : 'Select a date'}
          </h4>
          <div className="mt-2" aria-live="polite">
            {availability.isPending && isFullId(professionalId) ? (
              <Spinner label="Loading availability…" />
            ) : availability.isError ? (
              <Alert kind="error">{MENTORING_MESSAGES.fetchAvailabilityFailed}</Alert>
            ) : !selected ? (
              <p className="text-sm text-slate-600">
                {Object.keys(counts).length
                  ? 'Choose a highlighted day to see its free slots.'
                  : 'No available slots this month. You can still send a connection request.'}
              </p>
            ) : slots.length === 0 ? (
              <p className="text-sm text-slate-600">No available slots on this day.</p>
            ) : (
              <ul className="space-y-2">
                {slots.map((slot) => (
                  <li
                    key={slot.start}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2"
                  >
                    <div>
                      <p className="font-medium text-slate-900">
                        {slot.startTime} – {slot.endTime} <span className="text-xs font-normal text-slate-600">({timezone})</span>
                      </p>
                      {slot.notes && <p className="text-xs text-slate-600">{slot.notes}</p>}
                    </div>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={connect.isPending || paused}
                      onClick={() => connect.mutate(slot)}
                    >
                      Request this slot
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>

      <TextArea
        label="Message (optional)"
        rows={3}
        maxLength={LIMITS_SHORT}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        placeholder={`Introduce yourself and tell ${professionalName} what you would like help with`}
      />
      {paused && <Alert kind="info">{MENTORING_MESSAGES.notAccepting}</Alert>}
      {failure && <Alert kind="error">{failure}</Alert>}
      <Button onClick={() => connect.mutate(null)} disabled={connect.isPending || paused}>
        <Send className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
        {connect.isPending ? 'Sending...' : 'Request Connection'}
      </Button>
    </section>
  );
}
