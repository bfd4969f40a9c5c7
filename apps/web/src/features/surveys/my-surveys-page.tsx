import { useState, type FormEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { Question, SurveyForm } from '@app/shared/surveys';
import { dashboardPath } from '@app/shared/roles';
import { AppShell } from '../../app/app-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, TextArea } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useSession } from '../../lib/session.ts';
import { useAnswerSurvey, useMySurveys, useSurvey } from './api.ts';

/** Mentors and students: the surveys their programmes sent them (/surveys), and one to answer (/surveys/:id, the e-mail's link). */
export function MySurveysPage() {
  const t = useT();
  useDocumentTitle(t('survey.mine.title'));
  const session = useSession();
  const { id } = useParams();
  if (!session) return <Navigate to="/signin" replace />;
  if (session.role !== 'student' && session.role !== 'professional') return <Navigate to={dashboardPath(session.role)} replace />;
  return (
    <AppShell>
      <main id="main" className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
        {id ? (
          <>
            <Link to="/surveys" className="text-sm font-medium text-brand-700 underline">
              {t('survey.mine.back')}
            </Link>
            <AnswerSurvey id={id} />
          </>
        ) : (
          <>
            <Link to={dashboardPath(session.role)} className="text-sm font-medium text-brand-700 underline">
              {t('survey.mine.backToDashboard')}
            </Link>
            <h1 className="mt-2 text-2xl font-bold text-slate-900">{t('survey.mine.title')}</h1>
            <p className="mt-1 mb-6 text-slate-600">{t('survey.mine.intro')}</p>
            <SurveyList />
          </>
        )}
      </main>
    </AppShell>
  );
}

function SurveyList() {
  const t = useT();
  const f = useFormat();
  const list = useMySurveys();
  if (list.isPending) return <Spinner label={t('survey.mine.loading')} />;
  if (list.isError) return <ErrorState message={errorMessage(list.error, t('survey.mine.loadError'))} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <EmptyState title={t('survey.mine.empty')} />;
  return (
    <ul className="space-y-3">
      {list.data.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <div>
            <h2 className="font-semibold text-slate-900">{s.title}</h2>
            <p className="text-sm text-slate-700">{t('survey.mine.from', { programme: s.programmeName, date: f.date(s.invitedAt, { dateStyle: 'medium' }) })}</p>
          </div>
          {s.answered ? (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">{t('survey.mine.answered')}</span>
          ) : (
            <Link to={`/surveys/${s.id}`} className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-800">
              {t('survey.mine.answer', { title: s.title })}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

function AnswerSurvey({ id }: { id: string }) {
  const t = useT();
  const q = useSurvey(id);
  if (q.isPending) return <Spinner label={t('survey.mine.loading')} />;
  if (q.isError) return <ErrorState message={errorMessage(q.error, t('survey.mine.loadError'))} onRetry={() => void q.refetch()} />;
  return <AnswerForm survey={q.data} />;
}

type Value = number | string | null;

function AnswerForm({ survey }: { survey: SurveyForm }) {
  const t = useT();
  const toast = useToast();
  const answer = useAnswerSurvey(survey.id);
  const [values, setValues] = useState<Record<string, Value>>({});
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const missing = survey.questions.some((x) => x.required && (values[x.id] === undefined || values[x.id] === null || values[x.id] === ''));
    if (missing) {
      setError(t('survey.answer.requiredMissing'));
      return;
    }
    answer.mutate({ answers: values }, { onSuccess: () => toast.success(t('survey.answer.thanks')), onError: (err) => setError(errorMessage(err, t('survey.saveError'))) });
  };
  return (
    <>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{survey.title}</h1>
      <p className="mt-1 text-slate-600">{t('survey.answer.intro', { programme: survey.programmeName })}</p>
      {survey.answered ? (
        <div className="mt-6">
          <Alert kind="success">{t('survey.answer.done')}</Alert>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-6 space-y-4">
          {survey.questions.map((x, i) => (
            <QuestionInput key={x.id} q={x} n={i + 1} value={values[x.id] ?? null} onChange={(v) => setValues({ ...values, [x.id]: v })} />
          ))}
          {error && <Alert kind="error">{error}</Alert>}
          <Button type="submit" disabled={answer.isPending}>
            {t('survey.answer.submit')}
          </Button>
        </form>
      )}
    </>
  );
}

function QuestionInput({ q, n, value, onChange }: { q: Question; n: number; value: Value; onChange: (v: Value) => void }) {
  const t = useT();
  const legend = (
    <legend id={`${q.id}-legend`} className="px-1 font-medium text-slate-900">
      {t('survey.answer.number', { n })} {q.prompt}
      {q.required ? (
        <span aria-hidden="true" className="text-red-700">
          {' *'}
        </span>
      ) : (
        <span className="text-sm font-normal text-slate-600"> {t('survey.answer.optional')}</span>
      )}
    </legend>
  );
  if (q.kind === 'text') {
    return (
      <TextArea
        label={
          <>
            {t('survey.answer.number', { n })} {q.prompt} {!q.required && <span className="font-normal text-slate-600">{t('survey.answer.optional')}</span>}
          </>
        }
        rows={4}
        maxLength={2000}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  const choices: Array<{ value: number | string; label: string }> =
    q.kind === 'choice'
      ? q.options.map((o) => ({ value: o, label: o }))
      : Array.from({ length: q.kind === 'nps' ? 11 : q.kind === 'rating' ? 5 : (q.scaleMax ?? 5) }, (_, i) => {
          const v = q.kind === 'nps' ? i : i + 1;
          return { value: v, label: String(v) };
        });
  const [low, high] =
    q.kind === 'nps' ? [t('survey.answer.npsLow'), t('survey.answer.npsHigh')] : q.kind === 'rating' ? [t('survey.answer.ratingLow'), t('survey.answer.ratingHigh')] : [q.lowLabel, q.highLabel];
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-3" role="radiogroup" aria-labelledby={`${q.id}-legend`} aria-required={q.required}>
      {legend}
      {q.kind !== 'choice' && (low || high) && (
        <p className="mt-1 text-xs text-slate-600">{t('survey.answer.ends', { low: low || '—', high: high || '—' })}</p>
      )}
      <div className={`mt-2 flex flex-wrap gap-2 ${q.kind === 'choice' ? 'flex-col' : ''}`}>
        {choices.map((c) => (
          <label key={String(c.value)} className="flex min-h-11 min-w-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
            <input type="radio" name={q.id} className="h-4 w-4" checked={value === c.value} onChange={() => onChange(c.value)} />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
