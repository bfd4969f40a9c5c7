import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  DAY_NAMES,
  DEFAULT_RULE,
  DEFAULT_TIMEZONE,
  MENTORING_MESSAGES,
  RULE_MESSAGE_CLEAR_MS,
  TIME_STEPS,
  rulesOverlap,
  todayIn,
  type AvailabilityRule,
  type AvailabilityRuleBody,
} from '@app/shared/mentoring';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { EmptyState, Spinner } from '../../components/ui/feedback.tsx';
import { errorMessage } from '../../lib/api.ts';
import { createRule, deleteRule, isFullId, updateRule, useInvalidateMentoring } from '../mentoring/api.ts';
import { longDate } from '../mentoring/calendar-utils.ts';
import { MonthCalendar } from '../mentoring/month-calendar.tsx';
import { TimeZoneField } from '../../components/ui/time-zone-field.tsx';
import { useMonthAvailability } from '../mentoring/month-availability.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { useRules } from './api.ts';

type Zone = string;
type Message = { kind: 'success' | 'error' | 'info'; text: string };

/** Spec 002 §2: 'Loading professional data...' until the id is 24 characters, then the manager. */
export function AvailabilityTab({ professionalId }: { professionalId: string | undefined }) {
  if (!isFullId(professionalId)) return <Spinner label="Loading professional data..." />;
  return <AvailabilityManager professionalId={professionalId} />;
}

function describeRule(rule: AvailabilityRule): string {
  const when = rule.isRecurring ? `Every ${DAY_NAMES[rule.dayOfWeek ?? 0]}` : rule.date ? longDate(rule.date) : 'One-time';
  return `${when}, ${rule.startTime}–${rule.endTime}`;
}

function AvailabilityManager({ professionalId }: { professionalId: string }) {
  const rules = useRules(true);
  const invalidate = useInvalidateMentoring();
  const [message, setMessageState] = useState<Message | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const setMessage = (m: Message | null) => {
    clearTimeout(timer.current);
    setMessageState(m);
    // An overlap warning stays until the next action: it asks for a decision.
    if (m && m.kind !== 'info') timer.current = setTimeout(() => setMessageState(null), RULE_MESSAGE_CLEAR_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const [editing, setEditing] = useState<AvailabilityRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AvailabilityRule | null>(null);

  const toggle = useMutation({
    mutationFn: (rule: AvailabilityRule) => updateRule(rule._id, toBody(rule, { enabled: !rule.enabled })),
    onSuccess: () => {
      setMessage({ kind: 'success', text: MENTORING_MESSAGES.ruleUpdated });
      void invalidate();
    },
    onError: (e) =>
      setMessage({
        kind: 'error',
        text: `${MENTORING_MESSAGES.saveRuleFailed}: ${errorMessage(e, MENTORING_MESSAGES.saveRuleFailed)}`,
      }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteRule(id),
    onSuccess: () => {
      setMessage({ kind: 'success', text: MENTORING_MESSAGES.ruleDeleted });
      setDeleting(null);
      void invalidate();
    },
    onError: (e) => {
      setMessage({
        kind: 'error',
        text: errorMessage(e, MENTORING_MESSAGES.deleteFailed)
          ? `${MENTORING_MESSAGES.deleteRuleFailed}: ${errorMessage(e, MENTORING_MESSAGES.deleteFailed)}`
          : MENTORING_MESSAGES.deleteRuleFailed,
      });
      setDeleting(null);
    },
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Availability</h2>
        <Button onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add availability
        </Button>
      </div>
      <div aria-live="polite">{message && <Alert kind={message.kind}>{message.text}</Alert>}</div>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="rules-heading" className="space-y-3">
          <h3 id="rules-heading" className="font-semibold text-slate-800">
            Rules
          </h3>
          {rules.isPending ? (
            <Spinner label="Loading availability rules…" />
          ) : rules.isError ? (
            <Alert kind="error">{MENTORING_MESSAGES.loadRulesFailed}</Alert>
          ) : rules.data.length === 0 ? (
            <EmptyState title="No availability yet">
              Add recurring weekly hours or a one-time slot so students can request a time.
            </EmptyState>
          ) : (
            <ul className="space-y-2">
              {rules.data.map((rule) => {
                const overlapping = rule.enabled ? rules.data.filter((o) => o._id !== rule._id && o.enabled && rulesOverlap(o, rule)) : [];
                return (
                <li
                  key={rule._id}
                  className={`rounded-lg border p-3 ${rule.enabled ? 'border-slate-200 bg-white' : 'border-dashed border-slate-300 bg-slate-50'}`}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-medium text-slate-900">{describeRule(rule)}</p>
                      <p className="text-xs text-slate-600">
                        {rule.timezone} · {rule.isRecurring ? 'Recurring' : 'One-time'}
                        {rule.enabled ? '' : ' · Disabled'}
                      </p>
                      {rule.notes && <p className="mt-1 text-sm text-slate-700">{rule.notes}</p>}
                      {overlapping.length > 0 && (
                        <p className="mt-1 inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                          Overlaps {overlapping.map(describeRule).join('; ')}
                        </p>
                      )}
                    </div>
                    <div className="flex items-center gap-1">
                      <label className="flex items-center gap-1 text-xs text-slate-700">
                        <input
                          type="checkbox"
                          checked={rule.enabled}
                          disabled={toggle.isPending}
                          onChange={() => toggle.mutate(rule)}
                        />
                        Enabled
                      </label>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Edit ${describeRule(rule)}`}
                        onClick={() => setEditing(rule)}
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700"
                        aria-label={`Delete ${describeRule(rule)}`}
                        onClick={() => setDeleting(rule)}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </Button>
                    </div>
                  </div>
                </li>
                );
              })}
            </ul>
          )}
        </section>
        <OwnCalendar professionalId={professionalId} />
      </div>
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add availability' : 'Edit availability'}
        size="lg"
      >
        {editing !== null && (
          <RuleForm
            key={editing === 'new' ? 'new' : editing._id}
            rule={editing === 'new' ? null : editing}
            onDone={(text, overlaps) => {
              setEditing(null);
              setMessage(
                overlaps.length > 0
                  ? { kind: 'info', text: `${text} It overlaps ${overlaps.map(describeRule).join('; ')}: students see one combined window. Edit or disable one of them if that is not what you meant.` }
                  : { kind: 'success', text },
              );
              void invalidate();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete rule"
        message={MENTORING_MESSAGES.deleteRuleConfirm}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting._id)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function toBody(rule: AvailabilityRule, patch: Partial<AvailabilityRuleBody> = {}): AvailabilityRuleBody {
  return {
    isRecurring: rule.isRecurring,
    dayOfWeek: rule.dayOfWeek,
    date: rule.date,
    startTime: rule.startTime,
    endTime: rule.endTime,
    timezone: rule.timezone as Zone,
    notes: rule.notes ?? '',
    enabled: rule.enabled,
    ...patch,
  };
}

function RuleForm({
  rule,
  onDone,
  onCancel,
}: {
  rule: AvailabilityRule | null;
  onDone: (message: string, overlaps: AvailabilityRule[]) => void;
  onCancel: () => void;
}) {
  const [isRecurring, setRecurring] = useState(rule?.isRecurring ?? true);
  const [dayOfWeek, setDay] = useState<number>(rule?.dayOfWeek ?? DEFAULT_RULE.dayOfWeek);
  const [timezone, setTimezone] = useState<Zone>((rule?.timezone as Zone | undefined) ?? DEFAULT_TIMEZONE);
  const [date, setDate] = useState(rule?.date ?? todayIn(timezone));
  const [startTime, setStart] = useState(rule?.startTime ?? DEFAULT_RULE.startTime);
  const [endTime, setEnd] = useState(rule?.endTime ?? DEFAULT_RULE.endTime);
  const [notes, setNotes] = useState(rule?.notes ?? '');
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => {
      const body: AvailabilityRuleBody = {
        isRecurring,
        dayOfWeek: isRecurring ? dayOfWeek : null,
        date: isRecurring ? null : date,
        startTime,
        endTime,
        timezone,
        notes,
        enabled,
      };
      return rule ? updateRule(rule._id, body) : createRule(body);
    },
    onSuccess: (answer) => onDone(rule ? MENTORING_MESSAGES.ruleUpdated : MENTORING_MESSAGES.ruleCreated, answer.data.overlaps),
    onError: (e) => setError(`${MENTORING_MESSAGES.saveRuleFailed}: ${errorMessage(e, MENTORING_MESSAGES.saveRuleFailed)}`),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isRecurring && !date) return setError(MENTORING_MESSAGES.ruleDateRequired);
    if (!isRecurring && date < todayIn(timezone)) return setError(MENTORING_MESSAGES.ruleDatePast);
    if (endTime <= startTime) return setError(MENTORING_MESSAGES.endAfterStart);
    setError(null);
    save.mutate();
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Rule type</legend>
        <div className="mt-2 flex gap-4">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="rule-type" checked={isRecurring} onChange={() => setRecurring(true)} /> Recurring (weekly)
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="rule-type" checked={!isRecurring} onChange={() => setRecurring(false)} /> One-time
          </label>
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {isRecurring ? (
          <SelectField label="Day of week" value={dayOfWeek} onChange={(e) => setDay(Number(e.target.value))}>
            {DAY_NAMES.map((d, i) => (
              <option key={d} value={i}>
                {d}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label="Date"
            type="date"
            required
            min={todayIn(timezone)}
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        )}
        <TimeZoneField label="Timezone" value={timezone} onChange={setTimezone} />
        <SelectField label="Start time" value={startTime} onChange={(e) => setStart(e.target.value)}>
          {TIME_STEPS.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </SelectField>
        <SelectField label="End time" value={endTime} onChange={(e) => setEnd(e.target.value)}>
          {TIME_STEPS.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </SelectField>
      </div>
      <TextArea label="Notes (optional)" rows={2} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Enabled
      </label>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : rule ? 'Save changes' : 'Create rule'}
        </Button>
      </div>
    </form>
  );
}

/** The professional's own free slots as students see them (sessions and pending holds removed). */
function OwnCalendar({ professionalId }: { professionalId: string }) {
  // Shown in the professional's own zone first (decision 810); any zone on request.
  const [timezone, setTimezone] = useState<Zone>(useMyTimeZone());
  const { selected, availability, slots, calendar } = useMonthAvailability(professionalId, timezone, {
    selected: todayIn(timezone),
  });
  return (
    <section aria-labelledby="calendar-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 id="calendar-heading" className="font-semibold text-slate-800">
          Calendar
        </h3>
        <div className="w-48">
          <TimeZoneField label="Show in timezone" value={timezone} onChange={setTimezone} hint={null} />
        </div>
      </div>
      {availability.isError && <Alert kind="error">{MENTORING_MESSAGES.loadAvailabilityFailed}</Alert>}
      <MonthCalendar {...calendar} label="Your availability calendar" />
      <div>
        <h4 className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <CalendarClock className="h-4 w-4" aria-hidden="true" /> {selected ? longDate(selected) : 'Select a date'}
        </h4>
        {availability.isPending ? (
          <Spinner label="Loading availability…" />
        ) : slots.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No open slots on this day.</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {slots.map((s) => (
              <li key={s.start} className="rounded-md bg-green-50 px-2 py-1 text-sm text-green-900" title={s.notes ?? undefined}>
                {s.startTime}–{s.endTime}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
