import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  DAY_NAMES,
  DEFAULT_RULE,
  DEFAULT_TIMEZONE,
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
import { useFormat, useT, type MessageKey } from '../../lib/i18n.tsx';
import { MonthCalendar } from '../mentoring/month-calendar.tsx';
import { TimeZoneField } from '../../components/ui/time-zone-field.tsx';
import { useMonthAvailability } from '../mentoring/month-availability.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { useRules } from './api.ts';
import { Panel } from '../../components/ui/panel.tsx';

type Zone = string;
type Message = { kind: 'success' | 'error' | 'info'; text: string };

/** Spec 002 §2: 'Loading professional data...' until the id is 24 characters, then the manager. */
export function AvailabilityTab({ professionalId }: { professionalId: string | undefined }) {
  const t = useT();
  if (!isFullId(professionalId)) return <Spinner label={t('pro.availability.loadingProfessional')} />;
  return <AvailabilityManager professionalId={professionalId} />;
}

/** Words for a rule, its day and a calendar date in the page's language (Intl). */
function useRuleWords() {
  const t = useT();
  const format = useFormat();
  // 7 January 2024 was a Sunday: day i of DAY_NAMES (0 = Sunday) is 7 + i January.
  const weekday = (day: number) => format.date(Date.UTC(2024, 0, 7 + day), { weekday: 'long', timeZone: 'UTC' });
  const longDate = (date: string) =>
    format.date(`${date}T00:00:00Z`, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const describe = (rule: AvailabilityRule): string =>
    rule.isRecurring
      ? t('pro.availability.ruleWeekly', { day: weekday(rule.dayOfWeek ?? 0), start: rule.startTime, end: rule.endTime })
      : t('pro.availability.ruleOnce', { date: rule.date ? longDate(rule.date) : t('pro.availability.oneTime'), start: rule.startTime, end: rule.endTime });
  return { t, weekday, longDate, describe };
}

/** A spec message of the availability manager, in the page's language. */
type RuleNotice = Extract<MessageKey, `pro.availability.notice.${string}`>;

function AvailabilityManager({ professionalId }: { professionalId: string }) {
  const { t, describe: describeRule } = useRuleWords();
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
      setMessage({ kind: 'success', text: t('pro.availability.notice.ruleUpdated') });
      void invalidate();
    },
    onError: (e) =>
      setMessage({
        kind: 'error',
        text: t('pro.availability.failedWith', { message: t('pro.availability.notice.saveRuleFailed'), detail: errorMessage(e, t('pro.availability.notice.saveRuleFailed')) }),
      }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteRule(id),
    onSuccess: () => {
      setMessage({ kind: 'success', text: t('pro.availability.notice.ruleDeleted') });
      setDeleting(null);
      void invalidate();
    },
    onError: (e) => {
      setMessage({
        kind: 'error',
        text: errorMessage(e, t('pro.availability.notice.deleteFailed'))
          ? t('pro.availability.failedWith', { message: t('pro.availability.notice.deleteRuleFailed'), detail: errorMessage(e, t('pro.availability.notice.deleteFailed')) })
          : t('pro.availability.notice.deleteRuleFailed'),
      });
      setDeleting(null);
    },
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{t('pro.availability.heading')}</h2>
        <Button onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {t('pro.availability.add')}
        </Button>
      </div>
      <div aria-live="polite">{message && <Alert kind={message.kind}>{message.text}</Alert>}</div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel headingId="rules-heading" level={3} className="space-y-3" headingClassName="font-semibold text-slate-800" title={t('pro.availability.rules')}>
          {rules.isPending ? (
            <Spinner label={t('pro.availability.loadingRules')} />
          ) : rules.isError ? (
            <Alert kind="error">{t('pro.availability.notice.loadRulesFailed')}</Alert>
          ) : rules.data.length === 0 ? (
            <EmptyState title={t('pro.availability.emptyTitle')}>
              {t('pro.availability.emptyBody')}
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
                        <bdi>{rule.timezone}</bdi> · {t('pro.availability.kind', { kind: rule.isRecurring ? 'recurring' : 'once' })}
                        {rule.enabled ? '' : ` · ${t('pro.availability.disabled')}`}
                      </p>
                      {rule.notes && <p className="mt-1 text-sm text-slate-700" dir="auto">{rule.notes}</p>}
                      {overlapping.length > 0 && (
                        <p className="mt-1 inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                          {t('pro.availability.overlaps', { rules: overlapping.map(describeRule).join(t('pro.availability.ruleSeparator')) })}
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
                        {t('pro.availability.enabled')}
                      </label>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('pro.availability.editLabel', { rule: describeRule(rule) })}
                        onClick={() => setEditing(rule)}
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700"
                        aria-label={t('pro.availability.deleteLabel', { rule: describeRule(rule) })}
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
        </Panel>
        <OwnCalendar professionalId={professionalId} />
      </div>
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('pro.availability.add') : t('pro.availability.edit')}
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
                  ? { kind: 'info', text: t('pro.availability.overlapInfo', { message: t(text), rules: overlaps.map(describeRule).join(t('pro.availability.ruleSeparator')) }) }
                  : { kind: 'success', text: t(text) },
              );
              void invalidate();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('pro.availability.deleteTitle')}
        message={t('pro.availability.notice.deleteRuleConfirm')}
        confirmLabel={t('pro.availability.delete')}
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
  onDone: (message: RuleNotice, overlaps: AvailabilityRule[]) => void;
  onCancel: () => void;
}) {
  const { t, weekday } = useRuleWords();
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
    onSuccess: (answer) => onDone(rule ? 'pro.availability.notice.ruleUpdated' : 'pro.availability.notice.ruleCreated', answer.data.overlaps),
    onError: (e) =>
      setError(t('pro.availability.failedWith', { message: t('pro.availability.notice.saveRuleFailed'), detail: errorMessage(e, t('pro.availability.notice.saveRuleFailed')) })),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isRecurring && !date) return setError(t('pro.availability.notice.ruleDateRequired'));
    if (!isRecurring && date < todayIn(timezone)) return setError(t('pro.availability.notice.ruleDatePast'));
    if (endTime <= startTime) return setError(t('pro.availability.notice.endAfterStart'));
    setError(null);
    save.mutate();
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('pro.availability.ruleType')}</legend>
        <div className="mt-2 flex gap-4">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="rule-type" checked={isRecurring} onChange={() => setRecurring(true)} /> {t('pro.availability.recurringWeekly')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="rule-type" checked={!isRecurring} onChange={() => setRecurring(false)} /> {t('pro.availability.oneTime')}
          </label>
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {isRecurring ? (
          <SelectField label={t('pro.availability.dayOfWeek')} value={dayOfWeek} onChange={(e) => setDay(Number(e.target.value))}>
            {DAY_NAMES.map((d, i) => (
              <option key={d} value={i}>
                {weekday(i)}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label={t('pro.schedule.date')}
            type="date"
            required
            min={todayIn(timezone)}
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        )}
        <TimeZoneField label={t('pro.schedule.timezone')} value={timezone} onChange={setTimezone} />
        <SelectField label={t('pro.schedule.start')} value={startTime} onChange={(e) => setStart(e.target.value)}>
          {TIME_STEPS.map((step) => (
            <option key={step}>{step}</option>
          ))}
        </SelectField>
        <SelectField label={t('pro.schedule.end')} value={endTime} onChange={(e) => setEnd(e.target.value)}>
          {TIME_STEPS.map((step) => (
            <option key={step}>{step}</option>
          ))}
        </SelectField>
      </div>
      <TextArea label={t('pro.availability.notes')} rows={2} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} dir="auto" />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> {t('pro.availability.enabled')}
      </label>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('pro.common.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('pro.common.saving') : rule ? t('pro.common.saveChanges') : t('pro.availability.create')}
        </Button>
      </div>
    </form>
  );
}

/** The professional's own free slots as students see them (sessions and pending holds removed). */
function OwnCalendar({ professionalId }: { professionalId: string }) {
  const { t, longDate } = useRuleWords();
  // Shown in the professional's own zone first (decision 810); any zone on request.
  const [timezone, setTimezone] = useState<Zone>(useMyTimeZone());
  const { selected, availability, slots, calendar } = useMonthAvailability(professionalId, timezone, {
    selected: todayIn(timezone),
  });
  return (
    <Panel
      headingId="calendar-heading"
      level={3}
      className="space-y-3"
      headingClassName="font-semibold text-slate-800"
      headerClassName="flex flex-wrap items-end justify-between gap-2"
      title={t('pro.availability.calendar')}
      actions={
        <div className="w-48">
          <TimeZoneField label={t('pro.availability.showIn')} value={timezone} onChange={setTimezone} hint={null} />
        </div>
      }
    >
      {availability.isError && <Alert kind="error">{t('pro.availability.notice.loadAvailabilityFailed')}</Alert>}
      <MonthCalendar {...calendar} label={t('pro.availability.calendarLabel')} />
      <div>
        <h4 className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <CalendarClock className="h-4 w-4" aria-hidden="true" /> {selected ? longDate(selected) : t('pro.availability.selectDate')}
        </h4>
        {availability.isPending ? (
          <Spinner label={t('pro.availability.loading')} />
        ) : slots.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{t('pro.availability.noSlots')}</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {slots.map((s) => (
              <li key={s.start} className="rounded-md bg-green-50 px-2 py-1 text-sm text-green-900" title={s.notes ?? undefined} dir="ltr">
                {t('pro.availability.slot', { start: s.startTime, end: s.endTime })}

              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}
