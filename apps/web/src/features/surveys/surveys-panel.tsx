import { useState, type FormEvent } from 'react';
import {
  QUESTION_KINDS,
  SURVEY_AUDIENCES,
  SURVEY_KINDS,
  SURVEY_TEMPLATES,
  SURVEY_TRIGGERS,
  type QuestionKind,
  type SurveyAudience,
  type SurveyBody,
  type SurveyKind,
  type SurveySummary,
  type SurveyTrigger,
} from '@app/shared/surveys';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useT, type MessageKey } from '../../lib/i18n.tsx';
import { useCancelSurvey, useCreateSurvey, useProgrammeSurveys } from './api.ts';
import { SurveyResultsView } from './survey-results.tsx';
import { Panel } from '../../components/ui/panel.tsx';

type T = ReturnType<typeof useT>;

/** The list's member a select's value names (the select only offers members). */
function pick<K extends string>(list: readonly K[], value: string, fallback: K): K {
  return list.find((k) => k === value) ?? fallback;
}

const KIND_LABEL: Record<QuestionKind, MessageKey> = {
  rating: 'survey.q.kind.rating',
  nps: 'survey.q.kind.nps',
  scale: 'survey.q.kind.scale',
  choice: 'survey.q.kind.choice',
  text: 'survey.q.kind.text',
};
const TRIGGER_LABEL: Record<SurveyTrigger, MessageKey> = {
  start: 'survey.trigger.start',
  day: 'survey.trigger.day',
  midpoint: 'survey.trigger.midpoint',
  end: 'survey.trigger.end',
  date: 'survey.trigger.date',
  'first-meeting': 'survey.trigger.firstMeeting',
};
const AUDIENCE_LABEL: Record<SurveyAudience, MessageKey> = {
  everyone: 'survey.audience.everyone',
  mentees: 'survey.audience.mentees',
  mentors: 'survey.audience.mentors',
};
const TEMPLATE_LABEL: Record<SurveyKind, MessageKey> = {
  custom: 'survey.template.custom',
  'pairing-fit': 'survey.template.pairingFit',
  'mid-programme': 'survey.template.mid',
  closing: 'survey.template.closing',
};

interface DraftQuestion {
  kind: QuestionKind;
  prompt: string;
  required: boolean;
  options: string;
  scaleMax: string;
  lowLabel: string;
  highLabel: string;
}
interface Draft {
  kind: SurveyKind;
  title: string;
  audience: SurveyAudience;
  trigger: SurveyTrigger;
  day: string;
  date: string;
  reminderAfterDays: string;
  questions: DraftQuestion[];
}

const blankQuestion = (): DraftQuestion => ({ kind: 'rating', prompt: '', required: true, options: '', scaleMax: '5', lowLabel: '', highLabel: '' });
const blankDraft = (): Draft => ({ kind: 'custom', title: '', audience: 'everyone', trigger: 'start', day: '30', date: '', reminderAfterDays: '5', questions: [blankQuestion()] });

/** A template in the coordinator's language: every text can still be changed before scheduling. */
function fromTemplate(t: T, kind: SurveyKind): Draft {
  const tpl = SURVEY_TEMPLATES.find((x) => x.kind === kind);
  if (!tpl) return blankDraft();
  return {
    ...blankDraft(),
    kind,
    title: t(tpl.titleKey),
    trigger: tpl.trigger,
    day: String(tpl.day ?? 30),
    questions: tpl.questions.map((q) => ({
      ...blankQuestion(),
      kind: q.kind,
      prompt: t(q.promptKey),
      required: q.required,
      options: (q.optionKeys ?? []).map((k) => t(k)).join('\n'),
      scaleMax: String(q.scaleMax ?? 5),
    })),
  };
}

function bodyOf(d: Draft): SurveyBody {
  return {
    title: d.title,
    kind: d.kind,
    audience: d.audience,
    trigger: d.trigger,
    ...(d.trigger === 'day' ? { day: Number(d.day) } : {}),
    ...(d.trigger === 'date' ? { date: d.date } : {}),
    reminderAfterDays: Number(d.reminderAfterDays),
    questions: d.questions.map((q) => ({
      kind: q.kind,
      prompt: q.prompt,
      required: q.required,
      ...(q.kind === 'choice'
        ? {
            options: q.options
              .split('\n')
              .map((o) => o.trim())
              .filter(Boolean),
          }
        : {}),
      ...(q.kind === 'scale' ? { scaleMax: Number(q.scaleMax), lowLabel: q.lowLabel, highLabel: q.highLabel } : {}),
    })),
  };
}

/**
 * The coordinator's surveys of a published programme (issue 26): what is scheduled or sent, how many
 * answered, the aggregated results, and a form to schedule a new one from a template or from scratch.
 */
export function SurveysPanel({ base, programmeId }: { base: string; programmeId: string }) {
  const t = useT();
  const q = useProgrammeSurveys(base, programmeId);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Panel
      headingId="surveys-heading"
      level={3}
      className="space-y-4"
      title={t('survey.panel.title')}
      intro={t('survey.panel.intro', { threshold: q.data?.threshold ?? 5 })}
      actions={
        !creating && (
          <Button variant="secondary" onClick={() => setCreating(true)}>
            {t('survey.panel.new')}
          </Button>
        )
      }
    >
      {creating && <SurveyBuilder base={base} programmeId={programmeId} onDone={() => setCreating(false)} />}
      {q.isPending ? (
        <Spinner label={t('survey.panel.loading')} />
      ) : q.isError ? (
        <ErrorState message={errorMessage(q.error, t('survey.panel.loadError'))} onRetry={() => void q.refetch()} />
      ) : q.data.surveys.length === 0 ? (
        <EmptyState title={t('survey.panel.empty')} />
      ) : (
        <ul className="space-y-3" data-testid="survey-list">
          {q.data.surveys.map((s) => (
            <SurveyRow key={s.id} s={s} base={base} programmeId={programmeId} open={open === s.id} onToggle={() => setOpen(open === s.id ? null : s.id)} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function SurveyRow({ s, base, programmeId, open, onToggle }: { s: SurveySummary; base: string; programmeId: string; open: boolean; onToggle: () => void }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const cancel = useCancelSurvey(base, programmeId);
  const [error, setError] = useState<string | null>(null);
  const when = f.date(s.sendAt, { dateStyle: 'medium' });
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="survey-row">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-semibold text-slate-900">{s.title}</h4>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${s.status === 'sent' ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'}`}>
          {s.status === 'sent' ? t('survey.status.sent') : t('survey.status.scheduled')}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {s.trigger === 'first-meeting' ? t('survey.row.firstMeeting') : s.status === 'sent' ? t('survey.row.sentOn', { date: when }) : t('survey.row.sendsOn', { date: when })}
        {' · '}
        {t(AUDIENCE_LABEL[s.audience])}
      </p>
      <p className="text-sm text-slate-700">{t('survey.row.answered', { responses: s.responses, recipients: s.recipients })}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onToggle} aria-expanded={open}>
          {open ? t('survey.row.hideResults') : t('survey.row.showResults')}
        </Button>
        {s.status === 'scheduled' && (
          <Button
            variant="ghost"
            size="sm"
            disabled={cancel.isPending}
            onClick={() => {
              setError(null);
              cancel.mutate(s.id, { onSuccess: () => toast.success(t('survey.row.cancelled')), onError: (err) => setError(errorMessage(err, t('survey.saveError'))) });
            }}
          >
            {t('survey.row.cancel')}
          </Button>
        )}
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      {open && <SurveyResultsView base={base} programmeId={programmeId} surveyId={s.id} />}
    </li>
  );
}

function SurveyBuilder({ base, programmeId, onDone }: { base: string; programmeId: string; onDone: () => void }) {
  const t = useT();
  const toast = useToast();
  const create = useCreateSurvey(base, programmeId);
  const [d, setD] = useState<Draft>(blankDraft);
  const [error, setError] = useState<string | null>(null);
  const setQ = (i: number, patch: Partial<DraftQuestion>) => setD({ ...d, questions: d.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(bodyOf(d), {
      onSuccess: () => {
        toast.success(t('survey.builder.saved'));
        onDone();
      },
      onError: (err) => setError(errorMessage(err, t('survey.saveError'))),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-300 bg-slate-50 p-4" aria-labelledby="survey-builder-heading">
      <h4 id="survey-builder-heading" className="font-semibold text-slate-900">
        {t('survey.builder.title')}
      </h4>
      <SelectField label={t('survey.builder.template')} value={d.kind} onChange={(e) => setD(fromTemplate(t, pick(SURVEY_KINDS, e.target.value, 'custom')))}>
        {(['custom', 'pairing-fit', 'mid-programme', 'closing'] as const).map((k) => (
          <option key={k} value={k}>
            {t(TEMPLATE_LABEL[k])}
          </option>
        ))}
      </SelectField>
      <TextField label={t('survey.builder.name')} value={d.title} onChange={(e) => setD({ ...d, title: e.target.value })} required maxLength={200} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={t('survey.builder.when')} value={d.trigger} onChange={(e) => setD({ ...d, trigger: pick(SURVEY_TRIGGERS, e.target.value, d.trigger) })}>
          {SURVEY_TRIGGERS.map((k) => (
            <option key={k} value={k}>
              {t(TRIGGER_LABEL[k])}
            </option>
          ))}
        </SelectField>
        {d.trigger === 'day' && <TextField label={t('survey.builder.day')} type="number" min={1} max={365} value={d.day} onChange={(e) => setD({ ...d, day: e.target.value })} />}
        {d.trigger === 'date' && <TextField label={t('survey.builder.date')} type="date" value={d.date} onChange={(e) => setD({ ...d, date: e.target.value })} />}
        <SelectField label={t('survey.builder.audience')} value={d.audience} onChange={(e) => setD({ ...d, audience: pick(SURVEY_AUDIENCES, e.target.value, d.audience) })}>
          {SURVEY_AUDIENCES.map((k) => (
            <option key={k} value={k}>
              {t(AUDIENCE_LABEL[k])}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('survey.builder.reminder')}
          hint={t('survey.builder.reminderHint')}
          type="number"
          min={0}
          max={30}
          value={d.reminderAfterDays}
          onChange={(e) => setD({ ...d, reminderAfterDays: e.target.value })}
        />
      </div>
      <ol className="space-y-3">
        {d.questions.map((q, i) => (
          <li key={i}>
            <fieldset className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
              <legend className="px-1 text-sm font-semibold text-slate-900">{t('survey.builder.question', { n: i + 1 })}</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                <SelectField label={t('survey.builder.kind')} value={q.kind} onChange={(e) => setQ(i, { kind: pick(QUESTION_KINDS, e.target.value, q.kind) })}>
                  {QUESTION_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(KIND_LABEL[k])}
                    </option>
                  ))}
                </SelectField>
                <div className="sm:col-span-2">
                  <TextField label={t('survey.builder.prompt')} value={q.prompt} onChange={(e) => setQ(i, { prompt: e.target.value })} maxLength={200} />
                </div>
              </div>
              {q.kind === 'choice' && <TextArea label={t('survey.builder.options')} hint={t('survey.builder.optionsHint')} rows={3} value={q.options} onChange={(e) => setQ(i, { options: e.target.value })} />}
              {q.kind === 'scale' && (
                <div className="grid gap-2 sm:grid-cols-3">
                  <TextField label={t('survey.builder.scaleMax')} type="number" min={3} max={10} value={q.scaleMax} onChange={(e) => setQ(i, { scaleMax: e.target.value })} />
                  <TextField label={t('survey.builder.lowLabel')} value={q.lowLabel} onChange={(e) => setQ(i, { lowLabel: e.target.value })} maxLength={100} />
                  <TextField label={t('survey.builder.highLabel')} value={q.highLabel} onChange={(e) => setQ(i, { highLabel: e.target.value })} maxLength={100} />
                </div>
              )}
              <div className="flex flex-wrap items-center justify-between gap-2">
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" className="h-4 w-4" checked={q.required} onChange={(e) => setQ(i, { required: e.target.checked })} />
                  {t('survey.builder.required')}
                </label>
                {d.questions.length > 1 && (
                  <Button variant="ghost" size="sm" onClick={() => setD({ ...d, questions: d.questions.filter((_, j) => j !== i) })}>
                    {t('survey.builder.remove', { n: i + 1 })}
                  </Button>
                )}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setD({ ...d, questions: [...d.questions, blankQuestion()] })} disabled={d.questions.length >= 20}>
          {t('survey.builder.addQuestion')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {t('survey.builder.schedule')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('survey.builder.cancel')}
        </Button>
      </div>
    </form>
  );
}
