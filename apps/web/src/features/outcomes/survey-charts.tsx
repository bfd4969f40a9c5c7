import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { SurveyReportSection } from '@app/shared/outcomes';
import { MIN_RESPONSES } from '@app/shared/surveys';
import { useFormat, useLanguage, useT, type MessageKey } from '../../lib/i18n.tsx';
import { useTableToggle } from '../../components/ui/table-toggle.tsx';
import { ChartDataTable } from '../../components/ui/data-table.tsx';

// The report's survey charts (decision 1011) with recharts, the app's charting library (decision 524).
// This module is a lazy chunk of the report panel, so only a coordinator reading a report with survey
// results downloads recharts.

const NPS_GROUP = (value: number): MessageKey =>
  value >= 9 ? 'out.survey.promoter' : value >= 7 ? 'out.survey.passive' : 'out.survey.detractor';

export function SurveyCharts({ sections, filtered }: { sections: SurveyReportSection[]; filtered: boolean }) {
  const t = useT();
  return (
    <section aria-labelledby="survey-results-heading" className="space-y-3" data-testid="report-surveys">
      <h4 id="survey-results-heading" className="text-base font-semibold text-slate-900">
        {t('out.survey.heading')}
      </h4>
      {filtered && <p className="text-sm text-slate-700">{t('out.survey.anonymousNote')}</p>}
      {sections.length === 0 ? (
        <p className="text-sm text-slate-600">{t('out.survey.none')}</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          {sections.map((s) => (
            <SurveyChart key={s.key} s={s} />
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * One question's distribution. The drawing is hidden from assistive technology (its bars carry their
 * numbers as text); the data table is always in the page for screen readers and shown on request. Bars
 * are one colour: an NPS answer's group (detractor, passive, promoter) is written in the table and
 * explained under the score, never told by colour.
 */
function SurveyChart({ s }: { s: SurveyReportSection }) {
  const t = useT();
  const format = useFormat();
  const { direction } = useLanguage();
  const { shown: showTable, tableId, toggle: tableToggle } = useTableToggle(t('out.survey.showTable'), t('out.survey.hideTable'));
  const nps = s.questionKind === 'nps';
  const rows = s.distribution.map((d) => ({ label: d.key, value: d.count, display: format.number(d.count) }));
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3" data-testid="survey-chart">
      <figcaption className="text-sm font-semibold text-slate-900">
        {t('out.survey.title', { survey: s.title, question: s.prompt })}
      </figcaption>
      {s.suppressed ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="survey-suppressed">
          {t('out.survey.suppressed', { count: s.responses, threshold: MIN_RESPONSES })}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {t('out.survey.responses', { count: s.responses })}
            {s.score !== null && (
              <>
                {' · '}
                <strong className="font-semibold text-slate-900">
                  {nps
                    ? t('out.survey.nps', { score: format.number(s.score) })
                    : t('out.survey.mean', { mean: format.number(s.score, { maximumFractionDigits: 2 }) })}
                </strong>
              </>
            )}
          </p>
          {nps && <p className="mt-1 text-xs text-slate-600">{t('out.survey.npsHelp')}</p>}
          <div aria-hidden="true" className="mt-2 h-48 w-full">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={rows} margin={{ top: 16, right: 8, bottom: 4, left: 8 }} accessibilityLayer={false}>
                <CartesianGrid vertical={false} stroke="#e2e8f0" />
                <XAxis dataKey="label" reversed={direction === 'rtl'} interval={0} tick={{ fill: '#334155', fontSize: 12 }} />
                <YAxis allowDecimals={false} hide />
                <Bar dataKey="value" fill="#4338ca" radius={[4, 4, 0, 0]} isAnimationActive={false}>
                  <LabelList dataKey="display" position="top" fill="#334155" fontSize={11} />
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
          {tableToggle}
          <div id={tableId} className={showTable ? 'mt-2 overflow-x-auto' : 'sr-only'}>
            <ChartDataTable
              caption={t('out.survey.title', { survey: s.title, question: s.prompt })}
              head={t('out.survey.answer')}
              columns={[
                ...(nps ? [{ key: 'group', label: t('out.survey.group'), text: true }] : []),
                { key: 'count', label: t('out.survey.count') },
              ]}
              rows={rows.map((r) => ({
                key: r.label,
                label: r.label,
                cells: nps ? [t(NPS_GROUP(Number(r.label))), r.display] : [r.display],
              }))}
            />
          </div>
        </>
      )}
    </figure>
  );
}
