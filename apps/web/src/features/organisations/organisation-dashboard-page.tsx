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

/** Issue 28 (decision 731): a domain affiliates students once a member's confirmed address at it proves it. */
const DOMAIN_UNPROVEN = 'Not proven yet: confirm an address at this domain (or add it under a proven domain) before it counts';
/** Decision 822: the stronger proof, a DNS TXT record the organisation publishes. */
const DOMAIN_DNS_HINT = 'Or publish this TXT record at your DNS provider, then check it:';

// The organisation admin's own data rights (issue 24): export, erasure, choices, who accessed the record.
const YourDataSection = lazy(() => import('../privacy/your-data-section.tsx').then((m) => ({ default: m.YourDataSection })));
const AdminProgrammesTab = lazy(() => import('../programmes/admin-programmes-tab.tsx').then((m) => ({ default: m.AdminProgrammesTab })));
const SsoPanel = lazy(() => import('../sso/sso-panel.tsx').then((m) => ({ default: m.SsoPanel })));
const UniversityWorkshopsPanel = lazy(() => import('./university-workshops-panel.tsx').then((m) => ({ default: m.UniversityWorkshopsPanel })));
const ProjectFormDialog = lazy(() => import('../rd-projects/project-form-dialog.tsx').then((m) => ({ default: m.ProjectFormDialog })));
const ApplicationsDialog = lazy(() => import('../rd-projects/applications-dialog.tsx').then((m) => ({ default: m.ApplicationsDialog })));

const ORG_FORM_COPY = {
  domainMissing: 'Enter the domain to add, for example university.edu',
  emailMissing: 'Enter the e-mail address to invite',
} as const;

export function UniversityDashboardPage() {
  return <OrganisationDashboard kind="university" />;
}
export function CompanyDashboardPage() {
  return <OrganisationDashboard kind="company" />;
}

type Tab = 'organisation' | 'students' | 'cohort' | 'workshops' | 'programmes' | 'sso' | 'projects' | 'performance' | 'data';

/** The dashboard of a university_admin or company_admin (issue 15): its own organisation only. */
function OrganisationDashboard({ kind }: { kind: 'university' | 'company' }) {
  useDocumentTitle(kind === 'university' ? 'University Dashboard' : 'Company Dashboard');
  const me = useMyOrganisation();
  // The tab lives in the query string (?tab=): bookmarkable, and Back returns to the previous tab.
  const [params, setParams] = useSearchParams();
  const approved = me.data?.data.organisation.status === 'approved';
  const tabs: { id: Tab; label: string }[] =
    kind === 'university'
      ? [
          { id: 'organisation', label: 'University' },
          { id: 'students', label: 'Students' },
          { id: 'cohort', label: 'Cohort' },
          { id: 'workshops', label: 'Workshops' },
          { id: 'programmes', label: 'Programmes' },
          { id: 'sso', label: 'Single sign-on' },
          { id: 'data', label: 'Your data' },
        ]
      : [
          { id: 'organisation', label: 'Company' },
          { id: 'projects', label: 'Projects' },
          { id: 'performance', label: 'Performance' },
          { id: 'data', label: 'Your data' },
        ];
  const wanted = params.get('tab');
  const tab: Tab = tabs.find((t) => t.id === wanted)?.id ?? 'organisation';
  const setTab = (next: Tab) => {
    if (next !== tab) setParams(next === 'organisation' ? {} : { tab: next });
  };
  return (
    <AppShell>
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">{me.data ? me.data.data.organisation.name : kind === 'university' ? 'University Dashboard' : 'Company Dashboard'}</h1>
        {me.isPending ? (
          <Skeleton className="h-40" />
        ) : me.isError ? (
          <ErrorState message={errorMessage(me.error, 'Failed to load your organisation')} onRetry={() => void me.refetch()} />
        ) : (
          <>
            <StatusBanner data={me.data.data} />
            {approved ? (
              <>
                <Tabs items={tabs} value={tab} onChange={setTab} label="Organisation sections" idPrefix="org" />
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
  const o = data.organisation;
  if (o.status === 'approved') return null;
  return (
    <Alert kind="info">
      {o.type === 'university' ? 'Your university' : 'Your company'} is awaiting approval by an administrator.
      {!o.contactConfirmed && ' Please confirm your e-mail address with the link we sent you.'}
    </Alert>
  );
}

function OrganisationPanel({ data, readOnly = false }: { data: MyOrganisationData; readOnly?: boolean }) {
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
      setDomainError(ORG_FORM_COPY.domainMissing);
      (e.currentTarget as HTMLFormElement).querySelector('input')?.focus();
      return;
    }
    setDomainError(null);
    add.mutate(domain.trim(), {
      onSuccess: () => {
        toast.success(`Domain ${domain.trim()} added`);
        setDomain('');
      },
      onError: (err) => setError(errorMessage(err, 'Failed to add the domain')),
    });
  };
  const onInvite = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim()) {
      setEmailError(ORG_FORM_COPY.emailMissing);
      (e.currentTarget as HTMLFormElement).querySelector('input')?.focus();
      return;
    }
    setEmailError(null);
    send.mutate(
      { email: email.trim(), kind },
      {
        onSuccess: () => {
          toast.success(`Invitation sent to ${email.trim()}`);
          setEmail('');
        },
        onError: (err) => setError(errorMessage(err, 'Failed to send the invitation')),
      },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="org-details" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="org-details" className="text-lg font-semibold">Details</h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">Status</dt>
          <dd className="font-medium capitalize">{o.status}</dd>
          <dt className="text-slate-600">Website</dt>
          <dd className="break-all">{o.website}</dd>
          {o.country && (
            <>
              <dt className="text-slate-600">Country</dt>
              <dd>{o.country}</dd>
            </>
          )}
          <dt className="text-slate-600">Contact</dt>
          <dd className="break-all">{o.contactEmail} {o.contactConfirmed ? '(confirmed)' : '(not confirmed yet)'}</dd>
        </dl>
      </section>
      <section aria-labelledby="org-domains" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="org-domains" className="text-lg font-semibold">E-mail domains</h2>
        <p className="mt-1 text-sm text-slate-600">
          {o.type === 'university'
            ? 'A student who confirms an address at one of these domains is shown as a verified student of your university.'
            : 'Invitations go to addresses at these domains.'}
        </p>
        <ul className="mt-3 space-y-2">
          {o.domains.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm">
              <span className="min-w-0 break-all">
                {d.domain}
                {d.delegatedBy && <DelegatedBy parent={d.delegatedBy} />}
                {!d.verified && <span className="ms-2 text-xs text-amber-800">{DOMAIN_UNPROVEN}</span>}
                {!d.verified && (
                  <span className="mt-1 block text-xs text-slate-700">
                    {DOMAIN_DNS_HINT}
                    <code className="mt-1 block break-all rounded bg-white px-2 py-1">{`${d.dnsRecord.name}  TXT  "${d.dnsRecord.value}"`}</code>
                    {!readOnly && (
                      <Button
                        size="sm"
                        variant="secondary"
                        className="mt-1"
                        disabled={dns.isPending}
                        onClick={() =>
                          dns.mutate(d.id, {
                            onSuccess: () => toast.success('Domain proven by its DNS record'),
                            onError: (err) => setError(errorMessage(err, 'The DNS record could not be checked')),
                          })
                        }
                      >
                        {dns.isPending ? 'Checking…' : `Check DNS record for ${d.domain}`}
                      </Button>
                    )}
                  </span>
                )}
              </span>
              {!readOnly && o.domains.length > 1 && (
                <Button size="sm" variant="ghost" aria-label={`Remove ${d.domain}`} onClick={() => remove.mutate(d.id, { onError: (err) => setError(errorMessage(err, 'Failed to remove the domain')) })}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              )}
            </li>
          ))}
        </ul>
        {!readOnly && (
          <form onSubmit={onAdd} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
            <TextField label="New domain" className="flex-1" hint="Your website's domain or one of its sub-domains" error={domainError ?? undefined} value={domain} onChange={(e) => { setDomain(e.target.value); setDomainError(null); }} />
            <Button type="submit" disabled={add.isPending}>{add.isPending ? 'Adding…' : 'Add domain'}</Button>
          </form>
        )}
      </section>
      <section aria-labelledby="org-members" className="rounded-2xl border border-slate-200 bg-white p-5 lg:col-span-2">
        <h2 id="org-members" className="text-lg font-semibold">Members and invitations</h2>
        <div aria-live="polite" className="mt-2">{error && <Alert kind="error">{error}</Alert>}</div>
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {data.members.map((m) => (
            <li key={m.userId} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-medium">{m.name}</span>
              <span className="break-all text-slate-600">{m.email}</span>
            </li>
          ))}
          {data.invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap justify-between gap-2 py-2 text-slate-600">
              <span className="break-all">{i.email}</span>
              <span>{i.kind === 'expert' ? 'Expert invitation' : 'Co-admin invitation'} · {i.acceptedAt ? 'accepted' : 'pending'}</span>
            </li>
          ))}
        </ul>
        {!readOnly && (
          <form onSubmit={onInvite} className="mt-3 grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
            <TextField label="Invite by e-mail" type="email" error={emailError ?? undefined} value={email} onChange={(e) => { setEmail(e.target.value); setEmailError(null); }} />
            {o.type === 'company' ? (
              <SelectField label="As" value={kind} onChange={(e) => setKind(e.target.value === 'expert' ? 'expert' : 'member')}>
                <option value="member">Co-admin</option>
                <option value="expert">Employee expert (endorsed)</option>
              </SelectField>
            ) : (
              <span className="sr-only">Invited as a co-admin</span>
            )}
            <Button type="submit" disabled={send.isPending}>{send.isPending ? 'Sending…' : 'Send invitation'}</Button>
          </form>
        )}
      </section>
      <DelegationsPanel data={data} readOnly={readOnly} />
    </div>
  );
}

function StudentsPanel() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 500);
  const list = useUniversityStudents(page, debounced.trim());
  return (
    <section aria-labelledby="students-heading" className="space-y-4 pt-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="students-heading" className="text-lg font-semibold">Your students</h2>
        <ExportButtons path="/organisations/me/students/export" what="Students" fileStem="students" />
      </div>
      <TextField label="Search students" type="search" value={search} onChange={(e) => { setSearch(e.target.value); setPage(1); }} />
      {list.isPending ? (
        <Skeleton className="h-32" />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, 'Failed to load students')} onRetry={() => void list.refetch()} />
      ) : list.data.data.students.length === 0 ? (
        <EmptyState title={debounced ? 'No student matches your search' : 'No verified students yet'}>
          Students appear here once they confirm an address at one of your domains.
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-3 md:grid-cols-2">
            {list.data.data.students.map((s) => (
              <li key={s.id} className="rounded-2xl border border-slate-200 bg-white p-4">
                <p className="font-semibold">{s.name} <span className="ms-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">Verified student</span></p>
                <p className="text-sm break-all text-slate-600">{s.email}</p>
                <p className="text-sm text-slate-600">{[s.course, s.year ? `Year ${s.year}` : null].filter(Boolean).join(' · ')}</p>
                <dl className="mt-3 grid grid-cols-4 gap-2 text-center text-xs">
                  {([['Sessions', s.sessions], ['Workshops', s.workshopsAttended], ['Ideas', s.ideas], ['Applications', s.applications]] as const).map(([label, n]) => (
                    <div key={label} className="rounded-lg bg-slate-50 p-2">
                      <dt className="text-slate-600">{label}</dt>
                      <dd className="text-base font-semibold">{n}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={list.data.data.pagination.pages} onChange={setPage} label="Students pages" />
        </>
      )}
    </section>
  );
}

function CohortPanel() {
  const cohort = useCohort();
  if (cohort.isPending) return <Skeleton className="h-40" />;
  if (cohort.isError) return <ErrorState message={errorMessage(cohort.error, 'Failed to load the cohort')} onRetry={() => void cohort.refetch()} />;
  const { totals, byYear } = cohort.data.data;
  const max = Math.max(1, ...byYear.map((y) => y.students));
  return (
    <section aria-labelledby="cohort-heading" className="space-y-4 pt-4">
      <h2 id="cohort-heading" className="text-lg font-semibold">Cohort engagement</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {([['Students', totals.students], ['Sessions', totals.sessions], ['Workshops attended', totals.workshopsAttended], ['Ideas', totals.ideas], ['R&D applications', totals.applications]] as const).map(([label, n]) => (
          <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4 text-center">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-2xl font-semibold">{n}</dd>
          </div>
        ))}
      </dl>
      {byYear.length === 0 ? (
        <EmptyState title="No students yet" />
      ) : (
        <figure className="rounded-2xl border border-slate-200 bg-white p-4">
          <figcaption className="text-sm font-medium">Students and active students by year of study</figcaption>
          <ul className="mt-3 space-y-2">
            {byYear.map((y) => (
              <li key={String(y.year)} className="grid grid-cols-[5rem_1fr] items-center gap-2 text-sm">
                <span>{y.year ? `Year ${y.year}` : 'Unknown'}</span>
                <span className="relative h-6 rounded bg-slate-100" aria-label={`${y.students} students, ${y.active} active`} role="img">
                  <span className="absolute inset-y-0 inset-s-0 rounded bg-brand-200" style={{ width: `${(y.students / max) * 100}%` }} />
                  <span className="absolute inset-y-0 inset-s-0 rounded bg-brand-700" style={{ width: `${(y.active / max) * 100}%` }} />
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-600">Dark: students who took part in a session, workshop, idea or application. Light: all students.</p>
        </figure>
      )}
    </section>
  );
}

function ProjectsPanel() {
  const projects = useCompanyProjects();
  const [creating, setCreating] = useState(false);
  const [reviewing, setReviewing] = useState<{ id: string; title: string } | null>(null);
  return (
    <section aria-labelledby="projects-heading" className="space-y-4 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="projects-heading" className="text-lg font-semibold">Your R&D projects</h2>
        <Button onClick={() => setCreating(true)}>Post a project</Button>
      </div>
      <p className="text-sm text-slate-600">Every project is reviewed by an administrator before students can see it.</p>
      {projects.isPending ? (
        <Skeleton className="h-32" />
      ) : projects.isError ? (
        <ErrorState message={errorMessage(projects.error, 'Failed to load projects')} onRetry={() => void projects.refetch()} />
      ) : projects.data.data.projects.length === 0 ? (
        <EmptyState title="No projects yet" />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {projects.data.data.projects.map((p) => (
            <li key={p.id} className="rounded-2xl border border-slate-200 bg-white p-4">
              <p className="font-semibold">{p.title}</p>
              <p className="text-sm text-slate-600">{p.field}</p>
              <p className="mt-2 text-sm">
                Review: <strong>{p.moderation === 'pending' ? 'awaiting approval' : p.moderation}</strong>
                {p.reason && <span className="text-slate-600"> — {p.reason}</span>}
              </p>
              <p className="text-sm">Applications: {p.applications} · Accepted: {p.accepted}</p>
              <Button className="mt-3" size="sm" variant="secondary" onClick={() => setReviewing({ id: p.id, title: p.title })}>
                Review applications<span className="sr-only"> to {p.title}</span>
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
  const perf = usePerformance();
  if (perf.isPending) return <Skeleton className="h-40" />;
  if (perf.isError) return <ErrorState message={errorMessage(perf.error, 'Failed to load performance')} onRetry={() => void perf.refetch()} />;
  const { projects, mentors } = perf.data.data;
  return (
    <section aria-labelledby="perf-heading" className="space-y-4 pt-4">
      <h2 id="perf-heading" className="text-lg font-semibold">How your projects and mentors perform</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {([['Projects posted', projects.posted], ['Live', projects.live], ['Applications', projects.applications], ['Accepted', projects.accepted]] as const).map(([label, n]) => (
          <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4 text-center">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-2xl font-semibold">{n}</dd>
          </div>
        ))}
      </dl>
      <h3 className="font-semibold">Endorsed mentors</h3>
      {mentors.length === 0 ? (
        <EmptyState title="No endorsed mentors yet">Invite your employees as experts from the Company tab.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
          {mentors.map((m) => (
            <li key={m.id} className="flex flex-wrap justify-between gap-2 p-3">
              <span className="font-medium">{m.name}</span>
              <span className="text-slate-600">{m.verified ? 'Verified' : 'Awaiting verification'} · {m.sessions} sessions · {m.rating === null ? 'no ratings' : `rated ${m.rating}`}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
