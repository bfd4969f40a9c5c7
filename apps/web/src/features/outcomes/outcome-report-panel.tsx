import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { OutcomeReport, ReportFilters } from '@app/shared/outcomes';
import type { HealthState } from '@app/shared/relationships';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useT, type MessageKey } from '../../lib/i18n.tsx';
import { downloadReport, useCloseProgramme, useOutcomeReport } from './api.ts';
import { BarChart } from './charts.tsx';
import { FigureGrid } from '../../components/ui/figure-grid.tsx';

// recharts comes with the survey charts only, in their own chunk (decision 524).
const SurveyCharts = lazy(() => import('./survey-charts.tsx').then((m) => ({ default: m.SurveyCharts })));
// Health over time (decision 1090) draws with recharts too, so it loads lazily as well.
const HealthOverTimeChart = lazy(() => import('./health-over-time-chart.tsx').then((m) => ({ default: m.HealthOverTimeChart })));

/** The report's filters live in the page's address (shareable, kept on reload; decision 1010). */
const COHORT_PARAM = 'reportCohort';
const ORG_PARAM = 'reportMentorOrg';
function useReportFilters(): [ReportFilters, (next: ReportFilters) => void] {
  const [params, setParams] = useSearchParams();
  const year = Number(params.get(COHORT_PARAM));
  const org = params.get(ORG_PARAM)?.trim();
  const filters: ReportFilters = {
    ...(Number.isInteger(year) && year >= 1 && year <= 10 ? { cohort: year } : {}),
    ...(org ? { mentorOrganisation: org.slice(0, 200) } : {}),
  };
  const set = (next: ReportFilters) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next.cohort !== undefined) out.set(COHORT_PARAM, String(next.cohort));
        else out.delete(COHORT_PARAM);
        if (next.mentorOrganisation) out.set(ORG_PARAM, next.mentorOrganisation);
        else out.delete(ORG_PARAM);
        return out;
      },
      { replace: true },
    );
  return [filters, set];
}

const HEALTH_KEYS: Record<HealthState, MessageKey> = {
  healthy: 'out.health.healthy',
  attention: 'out.health.attention',
  'at-risk': 'out.health.atRisk',
  ended: 'out.health.ended',
};

/**
 * The programme's outcome report (issue 26, decision 930) for its coordinator: figures, charts with
 * their tables, CSV/XLSX downloads, and closing the programme. `base` is the organiser's route prefix.
 */
export function OutcomeReportPanel({ base, programmeId }: { base: string; programmeId: string }) {
  const t = useT();
  const [filters, setFilters] = useReportFilters();
  const q = useOutcomeReport(base, programmeId, filters);
  if (q.isPending) return <Spinner label={t('out.loading')} />;
  if (q.isError) return <ErrorState message={errorMessage(q.error, t('out.loadError'))} onRetry={() => void q.refetch()} />;
  return (
    <Report
      base={base}
      programmeId={programmeId}
      r={q.data}
      filters={filters}
      setFilters={setFilters}
      updating={q.isPlaceholderData}
    />
  );
}

function Filters({
  r,
  filters,
  setFilters,
}: {
  r: OutcomeReport;
  filters: ReportFilters;
  setFilters: (f: ReportFilters) => void;
}) {
  const t = useT();
  const id = useId();
  const cohorts =
    r.filters.cohorts.some((c) => c.key === filters.cohort) || filters.cohort === undefined
      ? r.filters.cohorts
      : [...r.filters.cohorts, { key: filters.cohort, count: 0 }];
  const orgs =
    !filters.mentorOrganisation ||
    r.filters.mentorOrganisations.some((o) => o.key.toLowerCase() === filters.mentorOrganisation?.toLowerCase())
      ? r.filters.mentorOrganisations
      : [...r.filters.mentorOrganisations, { key: filters.mentorOrganisation, count: 0 }];
  const selectedOrg = orgs.find((o) => o.key.toLowerCase() === filters.mentorOrganisation?.toLowerCase())?.key ?? '';
  const select = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900';
  return (
    <fieldset
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3"
      data-testid="report-filters"
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('out.filter.legend')}</legend>
      <div className="min-w-48 flex-1">
        <label htmlFor={`${id}-cohort`} className="text-sm text-slate-800">
          {t('out.filter.cohort')}
        </label>
        <select
          id={`${id}-cohort`}
          className={select}
          value={filters.cohort ?? ''}
          onChange={(e) => setFilters({ ...filters, cohort: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">{t('out.filter.allCohorts')}</option>
          {cohorts.map((c) => (
            <option key={c.key} value={c.key}>
              {t('out.filter.year', { year: c.key, count: c.count })}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-48 flex-1">
        <label htmlFor={`${id}-org`} className="text-sm text-slate-800">
          {t('out.filter.org')}
        </label>
        <select
          id={`${id}-org`}
          className={select}
          value={selectedOrg}
          onChange={(e) => setFilters({ ...filters, mentorOrganisation: e.target.value || undefined })}
        >
          <option value="">{t('out.filter.allOrgs')}</option>
          {orgs.map((o) => (
            <option key={o.key} value={o.key}>
              {t('out.filter.orgOption', { name: o.key, count: o.count })}
            </option>
          ))}
        </select>
      </div>
      {(filters.cohort !== undefined || filters.mentorOrganisation) && (
        <Button variant="secondary" size="sm" onClick={() => setFilters({})}>
          {t('out.filter.clear')}
        </Button>
      )}
    </fieldset>
  );
}

function Report({
  base,
  programmeId,
  r,
  filters,
  setFilters,
  updating,
}: {
  base: string;
  programmeId: string;
  r: OutcomeReport;
  filters: ReportFilters;
  setFilters: (f: ReportFilters) => void;
  updating: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const pct = (x: number | null) => (x === null ? '—' : format.number(x, { style: 'percent', maximumFractionDigits: 0 }));
  const get = async (fmt: 'csv' | 'xlsx', table: 'summary' | 'pairs') => {
    try {
      await downloadReport(base, programmeId, fmt, table, filters);
    } catch (e) {
      toast.error(errorMessage(e, t('out.downloadError')));
    }
  };
  const figures: Array<[string, string]> = [
    [t('out.fig.pairs'), format.number(r.pairs.total)],
    [t('out.fig.active'), format.number(r.pairs.active)],
    [t('out.fig.matchRate'), pct(r.participation.matchRate)],
    [t('out.fig.meetings'), format.number(r.meetings.held)],
    [t('out.fig.hours'), format.number(r.meetings.mentorHours + r.meetings.menteeHours)],
    [t('out.fig.firstWeek'), `${format.number(r.firstMeeting.withinWeek)} / ${format.number(r.pairs.total)}`],
    [t('out.fig.medianFirst'), r.firstMeeting.medianDays === null ? '—' : t('out.days', { count: r.firstMeeting.medianDays })],
    [t('out.fig.goals'), `${format.number(r.goals.achieved)} / ${format.number(r.goals.set)}`],
  ];
  return (
    <section aria-labelledby="outcome-report-heading" className="space-y-4" data-testid="outcome-report">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="outcome-report-heading" className="text-lg font-semibold text-slate-900">
          {t('out.title')}
        </h3>
        {r.closure && (
          <span className="rounded-full bg-slate-200 px-3 py-1 text-sm text-slate-800" data-testid="programme-closed">
            {t('out.closedOn', { date: format.date(r.closure.closedAt, { dateStyle: 'medium' }) })}
          </span>
        )}
      </div>
      <Filters r={r} filters={filters} setFilters={setFilters} />
      <p className="sr-only" aria-live="polite">
        {updating ? t('out.loading') : ''}
      </p>
      <FigureGrid items={figures} className={updating ? 'opacity-60' : ''} testId="report-figures" />
      <div className="grid gap-3 md:grid-cols-2">
        <BarChart
          title={t('out.chart.meetings')}
          unit={t('out.unit.meetings')}
          bars={r.meetings.byMonth.map((m) => ({ label: m.month, value: m.meetings }))}
          testId="chart-meetings"
        />
        <BarChart
          title={t('out.chart.hours')}
          unit={t('out.unit.hours')}
          bars={r.meetings.byMonth.map((m) => ({ label: m.month, value: m.hours }))}
        />
        <BarChart
          title={t('out.chart.health')}
          unit={t('out.unit.pairs')}
          bars={r.health.map((h) => ({ label: t(HEALTH_KEYS[h.key]), value: h.count }))}
        />
        <BarChart
          title={t('out.chart.ratings')}
          unit={t('out.unit.checkIns')}
          bars={r.ratings.map((x) => ({ label: x.key, value: x.count }))}
        />
        <BarChart
          title={t('out.chart.retention')}
          unit={t('out.unit.percent')}
          bars={r.retention
            .filter((x) => x.rate !== null)
            .map((x) => ({ label: t('out.day', { day: x.day }), value: Math.round((x.rate ?? 0) * 100) }))}
        />
      </div>
      <Suspense fallback={<Spinner label={t('out.loading')} />}>
        <HealthOverTimeChart series={r.healthOverTime} />
      </Suspense>
      <Suspense fallback={<Spinner label={t('out.loading')} />}>
        <SurveyCharts sections={r.surveys} filtered={filters.cohort !== undefined || !!filters.mentorOrganisation} />
      </Suspense>
      <p className="text-sm text-slate-700">{t('out.filter.exportNote')}</p>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('out.downloads')}>
        <Button variant="secondary" size="sm" onClick={() => void get('csv', 'summary')}>
          {t('out.download.csv')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void get('xlsx', 'summary')}>
          {t('out.download.xlsx')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void get('csv', 'pairs')}>
          {t('out.download.pairsCsv')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void get('xlsx', 'pairs')}>
          {t('out.download.pairsXlsx')}
        </Button>
      </div>
      {!r.closure && <CloseProgramme base={base} programmeId={programmeId} name={r.programme.name} active={r.pairs.active} />}
    </section>
  );
}

function CloseProgramme({
  base,
  programmeId,
  name,
  active,
}: {
  base: string;
  programmeId: string;
  name: string;
  active: number;
}) {
  const t = useT();
  const toast = useToast();
  const close = useCloseProgramme(base, programmeId);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [minMeetings, setMinMeetings] = useState('3');
  const [requireAgreement, setRequireAgreement] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const n = Number(minMeetings);
    if (!Number.isInteger(n) || n < 0 || n > 50) return setError(t('out.close.badMeetings'));
    if (typed.trim() !== name.trim()) return setError(t('out.close.nameMismatch'));
    close.mutate(
      { confirmName: typed, criteria: { requireAgreement, minMeetings: n, minGoalsAchieved: 0 } },
      {
        onSuccess: (res) => {
          setOpen(false);
          toast.success(t('out.close.done', { certificates: res.data.closure.certificates }));
        },
        onError: (err) => setError(errorMessage(err, t('out.close.error'))),
      },
    );
  };
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-3">
      <p className="text-sm text-slate-800">{t('out.close.intro')}</p>
      <Button variant="danger" size="sm" className="mt-2" onClick={() => setOpen(true)}>
        {t('out.close.open')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('out.close.title', { name })}
        description={t('out.close.warning', { active })}
      >
        <form id="close-programme-form" onSubmit={submit} className="space-y-3" noValidate>
          {error && <Alert kind="error">{error}</Alert>}
          <TextField
            label={t('out.close.minMeetings')}
            type="number"
            inputMode="numeric"
            min={0}
            max={50}
            value={minMeetings}
            onChange={(e) => setMinMeetings(e.target.value)}
          />
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={requireAgreement}
              onChange={(e) => setRequireAgreement(e.target.checked)}
            />
            {t('out.close.requireAgreement')}
          </label>
          <TextField
            label={t('out.close.typeName', { name })}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
          />
        </form>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('out.close.cancel')}
          </Button>
          <Button variant="danger" type="submit" form="close-programme-form" disabled={close.isPending}>
            {t('out.close.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
