import type { QuestionResult } from '@app/shared/surveys';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useSurveyResults } from './api.ts';

/**
 * A survey's results for its coordinator (decision 920): nothing but the count until at least the
 * threshold of people answered, then per question a distribution, a mean or an NPS, and free text.
 */
export function SurveyResultsView({ base, programmeId, surveyId }: { base: string; programmeId: string; surveyId: string }) {
  const t = useT();
  const q = useSurveyResults(base, programmeId, surveyId);
  if (q.isPending) return <Spinner label={t('survey.results.loading')} />;
  if (q.isError) return <ErrorState message={errorMessage(q.error, t('survey.results.loadError'))} onRetry={() => void q.refetch()} />;
  const r = q.data;
  return (
    <div className="mt-3 space-y-4" data-testid="survey-results">
      {!r.enough ? (
        <Alert kind="info">{t('survey.results.notEnough', { count: r.survey.responses, threshold: r.threshold })}</Alert>
      ) : (
        <p className="text-sm text-slate-700">{t('survey.results.basis', { count: r.survey.responses, recipients: r.survey.recipients })}</p>
      )}
      {r.enough && (
        <ol className="space-y-4">
          {r.questions.map((x) => (
            <li key={x.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <QuestionBlock q={x} threshold={r.threshold} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function QuestionBlock({ q, threshold }: { q: QuestionResult; threshold: number }) {
  const t = useT();
  const f = useFormat();
  const max = Math.max(1, ...q.distribution.map((d) => d.count));
  return (
    <>
      <h5 className="font-medium text-slate-900">{q.prompt}</h5>
      <p className="text-xs text-slate-600">{t('survey.results.answered', { count: q.answered })}</p>
      {!q.shown ? (
        <p className="mt-2 text-sm text-slate-700">{t('survey.results.questionHidden', { threshold })}</p>
      ) : (
        <div className="mt-2 space-y-2">
          {q.nps !== null && <p className="text-sm font-semibold text-slate-900">{t('survey.results.nps', { score: f.number(q.nps) })}</p>}
          {q.mean !== null && q.kind !== 'nps' && <p className="text-sm text-slate-800">{t('survey.results.mean', { mean: f.number(q.mean) })}</p>}
          {q.distribution.length > 0 && (
            <table className="w-full text-sm">
              <caption className="sr-only">{t('survey.results.distribution', { question: q.prompt })}</caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">{t('survey.results.value')}</th>
                  <th scope="col">{t('survey.results.count')}</th>
                </tr>
              </thead>
              <tbody>
                {q.distribution.map((d) => (
                  <tr key={d.value}>
                    <th scope="row" className="w-28 py-0.5 pe-2 text-start font-normal text-slate-800">
                      {d.value}
                    </th>
                    <td className="py-0.5">
                      <div className="flex items-center gap-2">
                        <div className="h-3 rounded bg-brand-600" style={{ width: `${Math.round((d.count / max) * 100)}%`, minWidth: d.count > 0 ? '0.25rem' : 0 }} aria-hidden="true" />
                        <span className="text-slate-700">{f.number(d.count)}</span>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {q.kind === 'text' && (
            <ul className="list-disc space-y-1 ps-5 text-sm text-slate-800">
              {q.texts.map((text, i) => (
                <li key={i}>{text}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
