import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import type { MyOrganisationData } from '@app/shared/organisations';
import { useSearchParams } from 'react-router';
import { AppShell } from '../../app/app-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Skeleton, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, SelectField, TextField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { ExportButtons } from '../../components/data/export-buttons.tsx';
import { DelegatedBy, DelegationsPanel } from './delegations-panel.tsx';
import { useDebounced, useDocumentTitle } from '../../lib/hooks.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import {
  addDomain,
  invite,
  postProject,
  removeDomain,
  checkDomainDns,
  useCohort,
  useCompanyProjects,
  useMyOrganisation,
  useOrganisationMutation,
  usePerformance,
  useUniversityStudents,
} from './api.ts';

// Issue 28 (decision 731): a domain affiliates students once a member's confirmed address at it proves it
// (org.domains.unproven); decision 822: the stronger proof, a DNS TXT record the organisation publishes (org.domains.dnsHint).

// The organisation admin's own data rights (issue 24): export, erasure, choices, who accessed the record.
const YourDataSection = lazy(() => import('../privacy/your-data-section.tsx').then((m) => ({ default: m.YourDataSection })));
const AdminProgrammesTab = lazy(() => import('../programmes/admin-programmes-tab.tsx').then((m) => ({ default: m.AdminProgrammesTab })));
const SsoPanel = lazy(() => import('../sso/sso-panel.tsx').then((m) => ({ default: m.SsoPanel })));
const UniversityWorkshopsPanel = lazy(() => import('./university-workshops-panel.tsx').then((m) => ({ default: m.UniversityWorkshopsPanel })));
const ProjectFormDialog = lazy(() => import('../rd-projects/project-form-dialog.tsx').then((m) => ({ default: m.ProjectFormDialog })));
const ApplicationsDialog = lazy(() => import('../rd-projects/applications-dialog.tsx').then((m) => ({ default: m.ApplicationsDialog })));


/** The DNS record as a zone-file line: technical text, the same in every language. */
const dnsLine = (record: { name: string; value: string }) => `${record.name}  TXT  "${record.value}"`;

export function UniversityDashboardPage() {
  return <OrganisationDashboard kind="university" />;
}
export function CompanyDashboardPage() {
  return <OrganisationDashboard kind="company" />;
}

type Tab = 'organisation' | 'students' | 'cohort' | 'workshops' | 'programmes' | 'sso' | 'projects' | 'performance' | 'data';

/** The dashboard of a university_admin or company_admin (issue 15): its own organisation only. */
function OrganisationDashboard({ kind }: { kind: 'university' | 'company' }) {
  const t = useT();
  const fallbackTitle = t('org.dashboard.title', { kind });
  useDocumentTitle(fallbackTitle);
  const me = useMyOrganisation();
  // The tab lives in the query string (?tab=): bookmarkable, and Back returns to the previous tab.
  const [params, setParams] = useSearchParams();
  const approved = me.data?.data.organisation.status === 'approved';
  const tabs: { id: Tab; label: string }[] =
    kind === 'university'
      ? [
          { id: 'organisation', label: t('org.tabs.university') },
          { id: 'students', label: t('org.tabs.students') },
          { id: 'cohort', label: t('org.tabs.cohort') },
          { id: 'workshops', label: t('org.tabs.workshops') },
          { id: 'programmes', label: t('org.tabs.programmes') },
          { id: 'sso', label: t('org.tabs.sso') },
          { id: 'data', label: t('org.tabs.data') },
        ]
      : [
          { id: 'organisation', label: t('org.tabs.company') },
          { id: 'projects', label: t('org.tabs.projects') },
          { id: 'performance', label: t('org.tabs.performance') },
          { id: 'data', label: t('org.tabs.data') },
        ];
  const wanted = params.get('tab');
  const tab: Tab = tabs.find((item) => item.id === wanted)?.id ?? 'organisation';
  const setTab = (next: Tab) => {
    if (next !== tab) setParams(next === 'organisation' ? {} : { tab: next });
  };
  return (
    <AppShell>
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900" dir="auto">{me.data ? me.data.data.organisation.name : fallbackTitle}</h1>
        {me.isPending ? (
          <Skeleton className="h-40" />
        ) : me.isError ? (
          <ErrorState message={errorMessage(me.error, t('org.dashboard.loadFailed'))} onRetry={() => void me.refetch()} />
        ) : (
          <>
            <StatusBanner data={me.data.data} />
            {approved ? (
              <>
                <Tabs items={tabs} value={tab} onChange={setTab} label={t('org.tabs.label')} idPrefix="org" />
                <TabPanel idPrefix="org" id={tab}>
                  {tab === 'organisation' && <OrganisationPanel data={me.data.data} />}
                  {tab === 'students' && <StudentsPanel />}
                  {tab === 'cohort' && <CohortPanel />}
                  {tab === 'workshops' && (
                    <Suspense fallback={<Spinner />}>
                      <UniversityWorkshopsPanel />
                    </Suspense>
                  )}
                  {tab === 'projects' && <ProjectsPanel />}
                  {tab === 'performance' && <PerformancePanel />}
                  {tab === 'data' && (
                    <Suspense fallback={<Spinner />}>
                      <YourDataSection />
                    </Suspense>
                  )}
                  {(tab === 'programmes' || tab === 'sso') && (
                    <Suspense fallback={<Spinner />}>
                      {tab === 'programmes' ? <AdminProgrammesTab organiser="university" /> : <SsoPanel />}
                    </Suspense>
                  )}
                </TabPanel>
              </>
            ) : (
              <OrganisationPanel data={me.data.data} readOnly />
            )}
          </>
        )}
      </main>
    </AppShell>
  );
}

function StatusBanner({ data }: { data: MyOrganisationData }) {
  const t = useT();
  const o = data.organisation;
  if (o.status === 'approved') return null;
  return (
    <Alert kind="info">
      {t('org.dashboard.awaiting', { kind: o.type })}
      {!o.contactConfirmed && ` ${t('org.dashboard.confirmEmail')}`}
    </Alert>
  );
}

function OrganisationPanel({ data, readOnly = false }: { data: MyOrganisationData; readOnly?: boolean }) {
  const t = useT();
  const toast = useToast();
  const o = data.organisation;
  const [domain, setDomain] = useState('');
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState<'member' | 'expert'>('member');
  const [error, setError] = useState<string | null>(null);
  // Empty fields are explained on submit, next to the field, instead of a silently disabled button.
  const [domainError, setDomainError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const add = useOrganisationMutation(addDomain);
  const remove = useOrganisationMutation(removeDomain);
  const dns = useOrganisationMutation(checkDomainDns);
  const send = useOrganisationMutation((v: { email: string; kind: 'member' | 'expert' }) => invite(v.email, v.kind));

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!domain.trim()) {
      setDomainError(t('org.domains.missing'));
      (e.currentTarget as HTMLFormElement).querySelector('input')?.focus();
      return;
    }
    setDomainError(null);
    add.mutate(domain.trim(), {
      onSuccess: () => {
        toast.success(t('org.domains.added', { domain: domain.trim() }));
        setDomain('');
      },
      onError: (err) => setError(errorMessage(err, t('org.domains.addFailed'))),
    });
  };
  const onInvite = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim()) {
      setEmailError(t('org.members.emailMissing'));
      (e.currentTarget as HTMLFormElement).querySelector('input')?.focus();
      return;
    }
    setEmailError(null);
    send.mutate(
      { email: email.trim(), kind },
      {
        onSuccess: () => {
          toast.success(t('org.members.invited', { email: email.trim() }));
          setEmail('');
        },
        onError: (err) => setError(errorMessage(err, t('org.members.inviteFailed'))),
      },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="org-details" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="org-details" className="text-lg font-semibold">{t('org.details.heading')}</h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">{t('org.details.status')}</dt>
          <dd className="font-medium">{t('org.details.statusValue', { status: o.status })}</dd>
          <dt className="text-slate-600">{t('org.details.website')}</dt>
          <dd className="break-all" dir="ltr">{o.website}</dd>
          {o.country && (
            <>
              <dt className="text-slate-600">{t('org.details.country')}</dt>
              <dd dir="auto">{o.country}</dd>
            </>
          )}
          <dt className="text-slate-600">{t('org.details.contact')}</dt>
          <dd className="break-all"><bdi>{o.contactEmail}</bdi> {t('org.details.confirmed', { confirmed: o.contactConfirmed ? 'yes' : 'no' })}</dd>
        </dl>
      </section>
      <section aria-labelledby="org-domains" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="org-domains" className="text-lg font-semibold">{t('org.domains.heading')}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {t('org.domains.intro', { kind: o.type })}
        </p>
        <ul className="mt-3 space-y-2">
          {o.domains.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm">
              <span className="min-w-0 break-all">
                <bdi>{d.domain}</bdi>
                {d.delegatedBy && <DelegatedBy parent={d.delegatedBy} />}
                {!d.verified && <span className="ms-2 text-xs text-amber-800">{t('org.domains.unproven')}</span>}
                {!d.verified && (
                  <span className="mt-1 block text-xs text-slate-700">
                    {t('org.domains.dnsHint')}
                    <code className="mt-1 block break-all rounded bg-white px-2 py-1" dir="ltr">{dnsLine(d.dnsRecord)}</code>
                    {!readOnly && (
                      <Button
                        size="sm"
                        variant="secondary"
                        className="mt-1"
                        disabled={dns.isPending}
                        onClick={() =>
                          dns.mutate(d.id, {
                            onSuccess: () => toast.success(t('org.domains.dnsProven')),
                            onError: (err) => setError(errorMessage(err, t('org.domains.dnsFailed'))),
                          })
                        }
                      >
                        {dns.isPending ? t('org.domains.checking') : t('org.domains.checkDns', { domain: d.domain })}
                      </Button>
                    )}
                  </span>
                )}
              </span>
              {!readOnly && o.domains.length > 1 && (
                <Button size="sm" variant="ghost" aria-label={t('org.domains.remove', { domain: d.domain })} onClick={() => remove.mutate(d.id, { onError: (err) => setError(errorMessage(err, t('org.domains.removeFailed'))) })}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              )}
            </li>
          ))}
        </ul>
        {!readOnly && (
          <form onSubmit={onAdd} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
            <TextField label={t('org.domains.new')} className="flex-1" dir="ltr" hint={t('org.domains.newHint')} error={domainError ?? undefined} value={domain} onChange={(e) => { setDomain(e.target.value); setDomainError(null); }} />
            <Button type="submit" disabled={add.isPending}>{add.isPending ? t('org.domains.adding') : t('org.domains.add')}</Button>
          </form>
        )}
      </section>
      <section aria-labelledby="org-members" className="rounded-2xl border border-slate-200 bg-white p-5 lg:col-span-2">
        <h2 id="org-members" className="text-lg font-semibold">{t('org.members.heading')}</h2>
        <div aria-live="polite" className="mt-2">{error && <Alert kind="error">{error}</Alert>}</div>
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {data.members.map((m) => (
            <li key={m.userId} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-medium" dir="auto">{m.name}</span>
              <span className="break-all text-slate-600" dir="ltr">{m.email}</span>
            </li>
          ))}
          {data.invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap justify-between gap-2 py-2 text-slate-600">
              <span className="break-all" dir="ltr">{i.email}</span>
              <span>{t('org.members.invitation', { kind: i.kind === 'expert' ? 'expert' : 'member', accepted: i.acceptedAt ? 'yes' : 'no' })}</span>
            </li>
          ))}
        </ul>
        {!readOnly && (
          <form onSubmit={onInvite} className="mt-3 grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
            <TextField label={t('org.members.inviteEmail')} type="email" dir="ltr" error={emailError ?? undefined} value={email} onChange={(e) => { setEmail(e.target.value); setEmailError(null); }} />
            {o.type === 'company' ? (
              <SelectField label={t('org.members.as')} value={kind} onChange={(e) => setKind(e.target.value === 'expert' ? 'expert' : 'member')}>
                <option value="member">{t('org.members.coAdmin')}</option>
                <option value="expert">{t('org.members.employeeExpert')}</option>
              </SelectField>
            ) : (
              <span className="sr-only">{t('org.members.invitedAsCoAdmin')}</span>
            )}
            <Button type="submit" disabled={send.isPending}>{send.isPending ? t('org.members.sending') : t('org.members.send')}</Button>
          </form>
        )}
      </section>
      <DelegationsPanel data={data} readOnly={readOnly} />
    </div>
  );
}

function StudentsPanel() {
  const t = useT();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 500);
  const list = useUniversityStudents(page, debounced.trim());
  return (
    <section aria-labelledby="students-heading" className="space-y-4 pt-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="students-heading" className="text-lg font-semibold">{t('org.students.heading')}</h2>
        <ExportButtons path="/organisations/me/students/export" what={t('org.tabs.students')} fileStem="students" />
      </div>
      <TextField label={t('org.students.search')} type="search" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
      {list.isPending ? (
        <Skeleton className="h-32" />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t('org.students.loadFailed'))} onRetry={() => void list.refetch()} />
      ) : list.data.data.students.length === 0 ? (
        <EmptyState title={debounced ? t('org.students.noMatch') : t('org.students.empty')}>
          {t('org.students.emptyBody')}
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-3 md:grid-cols-2">
            {list.data.data.students.map((s) => (
              <li key={s.id} className="rounded-2xl border border-slate-200 bg-white p-4">
                <p className="font-semibold"><bdi>{s.name}</bdi> <span className="ms-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">{t('org.students.verified')}</span></p>
                <p className="text-sm break-all text-slate-600" dir="ltr">{s.email}</p>
                <p className="text-sm text-slate-600" dir="auto">{[s.course, s.year ? t('org.students.year', { year: s.year }) : null].filter(Boolean).join(' · ')}</p>
                <dl className="mt-3 grid grid-cols-4 gap-2 text-center text-xs">
                  {([[t('org.students.sessions'), s.sessions], [t('org.tabs.workshops'), s.workshopsAttended], [t('org.students.ideas'), s.ideas], [t('org.students.applications'), s.applications]] as const).map(([label, n]) => (
                    <div key={label} className="rounded-lg bg-slate-50 p-2">
                      <dt className="text-slate-600">{label}</dt>
                      <dd className="text-base font-semibold">{format.number(n)}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={list.data.data.pagination.pages} onChange={setPage} label={t('org.students.pages')} />
        </>
      )}
    </section>
  );
}

function CohortPanel() {
  const t = useT();
  const format = useFormat();
  const cohort = useCohort();
  if (cohort.isPending) return <Skeleton className="h-40" />;
  if (cohort.isError) return <ErrorState message={errorMessage(cohort.error, t('org.cohort.loadFailed'))} onRetry={() => void cohort.refetch()} />;
  const { totals, byYear } = cohort.data.data;
  const max = Math.max(1, ...byYear.map((y) => y.students));
  return (
    <section aria-labelledby="cohort-heading" className="space-y-4 pt-4">
      <h2 id="cohort-heading" className="text-lg font-semibold">{t('org.cohort.heading')}</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {([[t('org.tabs.students'), totals.students], [t('org.students.sessions'), totals.sessions], [t('org.cohort.workshopsAttended'), totals.workshopsAttended], [t('org.students.ideas'), totals.ideas], [t('org.cohort.applications'), totals.applications]] as const).map(([label, n]) => (
          <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4 text-center">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-2xl font-semibold">{format.number(n)}</dd>
          </div>
        ))}
      </dl>
      {byYear.length === 0 ? (
        <EmptyState title={t('org.cohort.empty')} />
      ) : (
        <figure className="rounded-2xl border border-slate-200 bg-white p-4">
          <figcaption className="text-sm font-medium">{t('org.cohort.chartCaption')}</figcaption>
          <ul className="mt-3 space-y-2">
            {byYear.map((y) => (
              <li key={String(y.year)} className="grid grid-cols-[5rem_1fr] items-center gap-2 text-sm">
                <span>{y.year ? t('org.students.year', { year: y.year }) : t('org.cohort.unknownYear')}</span>
                <span className="relative h-6 rounded bg-slate-100" aria-label={t('org.cohort.barLabel', { students: y.students, active: y.active })} role="img">
                  <span className="absolute inset-y-0 inset-s-0 rounded bg-brand-200" style={{ width: `${(y.students / max) * 100}%` }} />
                  <span className="absolute inset-y-0 inset-s-0 rounded bg-brand-700" style={{ width: `${(y.active / max) * 100}%` }} />
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-600">{t('org.cohort.legend')}</p>
        </figure>
      )}
    </section>
  );
}

function ProjectsPanel() {
  const t = useT();
  const projects = useCompanyProjects();
  const [creating, setCreating] = useState(false);
  const [reviewing, setReviewing] = useState<{ id: string; title: string } | null>(null);
  return (
    <section aria-labelledby="projects-heading" className="space-y-4 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="projects-heading" className="text-lg font-semibold">{t('org.projects.heading')}</h2>
        <Button onClick={() => setCreating(true)}>{t('org.projects.post')}</Button>
      </div>
      <p className="text-sm text-slate-600">{t('org.projects.reviewNote')}</p>
      {projects.isPending ? (
        <Skeleton className="h-32" />
      ) : projects.isError ? (
        <ErrorState message={errorMessage(projects.error, t('org.projects.loadFailed'))} onRetry={() => void projects.refetch()} />
      ) : projects.data.data.projects.length === 0 ? (
        <EmptyState title={t('org.projects.empty')} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {projects.data.data.projects.map((p) => (
            <li key={p.id} className="rounded-2xl border border-slate-200 bg-white p-4">
              <p className="font-semibold" dir="auto">{p.title}</p>
              <p className="text-sm text-slate-600" dir="auto">{p.field}</p>
              <p className="mt-2 text-sm">
                {t('org.projects.review')} <strong>{t('org.projects.moderation', { status: p.moderation })}</strong>
                {p.reason && <span className="text-slate-600"> — <bdi>{p.reason}</bdi></span>}
              </p>
              <p className="text-sm">{t('org.projects.counts', { applications: p.applications, accepted: p.accepted })}</p>
              <Button className="mt-3" size="sm" variant="secondary" onClick={() => setReviewing({ id: p.id, title: p.title })}>
                {t('org.projects.reviewApplications')}<span className="sr-only"> {t('org.projects.reviewApplicationsTo', { title: p.title })}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Suspense fallback={<Spinner />}>
        {creating && <ProjectFormDialog project={null} create={postProject} onClose={() => setCreating(false)} onSaved={() => setCreating(false)} />}
        {reviewing && <ApplicationsDialog projectId={reviewing.id} title={reviewing.title} base="/organisations/me/projects" onClose={() => setReviewing(null)} />}
      </Suspense>
    </section>
  );
}

function PerformancePanel() {
  const t = useT();
  const format = useFormat();
  const perf = usePerformance();
  if (perf.isPending) return <Skeleton className="h-40" />;
  if (perf.isError) return <ErrorState message={errorMessage(perf.error, t('org.performance.loadFailed'))} onRetry={() => void perf.refetch()} />;
  const { projects, mentors } = perf.data.data;
  return (
    <section aria-labelledby="perf-heading" className="space-y-4 pt-4">
      <h2 id="perf-heading" className="text-lg font-semibold">{t('org.performance.heading')}</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {([[t('org.performance.posted'), projects.posted], [t('org.performance.live'), projects.live], [t('org.students.applications'), projects.applications], [t('org.performance.accepted'), projects.accepted]] as const).map(([label, n]) => (
          <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4 text-center">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-2xl font-semibold">{format.number(n)}</dd>
          </div>
        ))}
      </dl>
      <h3 className="font-semibold">{t('org.performance.mentors')}</h3>
      {mentors.length === 0 ? (
        <EmptyState title={t('org.performance.noMentors')}>{t('org.performance.noMentorsBody')}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {mentors.map((m) => (
            <li key={m.id} className="flex flex-wrap justify-between gap-2 p-3">
              <span className="font-medium" dir="auto">{m.name}</span>
              <span className="text-slate-600">
                {[
                  t('org.performance.verified', { verified: m.verified ? 'yes' : 'no' }),
                  t('org.performance.sessions', { count: m.sessions }),
                  m.rating === null ? t('org.performance.noRatings') : t('org.performance.rated', { rating: format.number(m.rating, { maximumFractionDigits: 1 }) }),
                ].join(' · ')}
              </span>

            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
