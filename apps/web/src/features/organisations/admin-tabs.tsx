import { useState } from 'react';
import { EXPERT_STATUSES, ORGANISATION_STATUSES, type ExpertStatus, type OrganisationStatus } from '@app/shared/organisation-constants';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { errorMessage } from '../../lib/api.ts';
import {
  actOnOrganisation,
  decideExpert,
  moderateProject,
  useAdminOrganisations,
  useExpertApplications,
  useModerationQueue,
} from './api.ts';
import { DecisionDialog, type Pending } from './decision-dialog.tsx';
import { DelegatedBy } from './delegations-panel.tsx';

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Issue 28: domain proof and overlaps shown to the approving admin. */
const domainCopy = {
  unproven: 'not proven yet',
  overlapTitle: 'Domain overlap',
  overlap: (domain: string, other: string, org: string, status: string) =>
    `${domain} overlaps ${other}, held by ${org} (${status}). Sub-domains belong to the parent domain's organisation unless it delegated them.`,
};

/** The expert verification queue with the evidence of each application. */
export function VerificationTab() {
  const [status, setStatus] = useState<ExpertStatus>('pending');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending | null>(null);
  const list = useExpertApplications(status, page);
  return (
    <section aria-labelledby="verification-heading" className="space-y-4">
      <h2 id="verification-heading" className="text-xl font-semibold">Expert verification</h2>
      <Tabs items={EXPERT_STATUSES.map((s) => ({ id: s, label: label(s) }))} value={status} onChange={(s) => { setStatus(s); setPage(1); }} label="Application status" idPrefix="verification" />
      <TabPanel idPrefix="verification" id={status}>
      {list.isPending ? (
        <Skeleton className="h-40" />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, 'Failed to load applications')} onRetry={() => void list.refetch()} />
      ) : list.data.data.applications.length === 0 ? (
        <EmptyState title={`No ${status} applications`} />
      ) : (
        <>
          <ul className="space-y-3">
            {list.data.data.applications.map((a) => (
              <li key={a.id} className="rounded-2xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold">{a.name}</p>
                    <p className="text-sm text-slate-600">{a.title} at {a.company} · {a.expertise} · {a.experience} years</p>
                  </div>
                  {a.status === 'pending' && (
                    <div className="flex gap-2">
                      <Button size="sm" onClick={() => setPending({ title: 'Approve expert', message: `Approve ${a.name}? They become visible to students at once.`, confirmLabel: 'Approve', needsReason: false, run: () => decideExpert(a.id, 'approve'), done: 'Expert verified' })}>
                        Approve<span className="sr-only"> {a.name}</span>
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setPending({ title: 'Reject application', message: `Reject ${a.name}'s application?`, confirmLabel: 'Reject', needsReason: true, run: (r) => decideExpert(a.id, 'reject', r), done: 'Application rejected' })}>
                        Reject<span className="sr-only"> {a.name}</span>
                      </Button>
                    </div>
                  )}
                </div>
                <h3 className="mt-3 text-sm font-semibold">Evidence</h3>
                <ul className="mt-1 space-y-1 text-sm">
                  <li>E-mail {a.email}: {a.emailConfirmed ? 'confirmed' : 'not confirmed'}</li>
                  <li>Work e-mail: {a.workEmail ? `${a.workEmail} (${a.workEmailConfirmed ? 'confirmed by code' : 'not confirmed'})` : 'none given'}</li>
                  <li>Known company domain: {a.domainMatch ? a.domainMatch.name : 'no match'}</li>
                  <li>Company endorsement: {a.endorsedBy ? a.endorsedBy.name : 'none'}</li>
                  <li>
                    Profile link:{' '}
                    <a href={a.profileUrl} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-700 underline">{a.profileUrl}</a>
                  </li>
                  {a.motivation && <li>Motivation: {a.motivation}</li>}
                  {a.bio && <li>Bio: {a.bio}</li>}
                  {a.reason && <li>Reason given: {a.reason}</li>}
                </ul>
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={list.data.data.pagination.pages} onChange={setPage} label="Applications pages" />
        </>
      )}
      </TabPanel>
      <DecisionDialog pending={pending} onClose={() => setPending(null)} />
    </section>
  );
}

/** Universities and companies by status, with every decision confirmed and audited; the project moderation queue. */
export function OrganisationsTab() {
  const [status, setStatus] = useState<OrganisationStatus>('pending');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending | null>(null);
  const list = useAdminOrganisations(status, page);
  const queue = useModerationQueue();
  return (
    <div className="space-y-8">
      <section aria-labelledby="orgs-heading" className="space-y-4">
        <h2 id="orgs-heading" className="text-xl font-semibold">Organisations</h2>
        <Tabs items={ORGANISATION_STATUSES.map((s) => ({ id: s, label: label(s) }))} value={status} onChange={(s) => { setStatus(s); setPage(1); }} label="Organisation status" idPrefix="orgs" />
        <TabPanel idPrefix="orgs" id={status}>
        {list.isPending ? (
          <Skeleton className="h-40" />
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error, 'Failed to load organisations')} onRetry={() => void list.refetch()} />
        ) : list.data.data.organisations.length === 0 ? (
          <EmptyState title={`No ${status} organisations`} />
        ) : (
          <>
            <ul className="space-y-3">
              {list.data.data.organisations.map((o) => (
                <li key={o.id} className="rounded-2xl border border-slate-200 bg-white p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-semibold">{o.name} <span className="text-sm font-normal text-slate-600">({label(o.type)})</span></p>
                      <p className="text-sm break-all text-slate-600">
                        {o.website} ·{' '}
                        {o.domains.map((d, i) => (
                          <span key={d.id}>
                            {i > 0 && ', '}
                            {d.verified ? d.domain : `${d.domain} (${domainCopy.unproven})`}
                            {d.delegatedBy && <DelegatedBy parent={d.delegatedBy} />}
                          </span>
                        ))}
                      </p>
                      {o.overlaps.length > 0 && (
                        <div role="alert" className="mt-1 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
                          <p className="font-semibold">{domainCopy.overlapTitle}</p>
                          <ul>
                            {o.overlaps.map((x) => (
                              <li key={`${x.domain}-${x.otherDomain}`}>{domainCopy.overlap(x.domain, x.otherDomain, x.organisation, x.status)}</li>
                            ))}
                          </ul>
                        </div>
                      )}
                      <p className="text-sm text-slate-600">Contact {o.contactEmail} {o.contactConfirmed ? '(confirmed)' : '(not confirmed)'} · {o.memberCount} member(s)</p>
                      {o.decisionReason && <p className="text-sm text-slate-600">Reason: {o.decisionReason}</p>}
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {o.status === 'pending' && (
                        <>
                          <Button size="sm" onClick={() => setPending({ title: 'Approve organisation', message: `Approve ${o.name}?`, confirmLabel: 'Approve', needsReason: false, run: () => actOnOrganisation(o.id, 'approve'), done: 'Organisation approved' })}>
                            Approve<span className="sr-only"> {o.name}</span>
                          </Button>
                          <Button size="sm" variant="secondary" onClick={() => setPending({ title: 'Reject organisation', message: `Reject ${o.name}?`, confirmLabel: 'Reject', needsReason: true, run: (r) => actOnOrganisation(o.id, 'reject', r), done: 'Organisation rejected' })}>
                            Reject<span className="sr-only"> {o.name}</span>
                          </Button>
                        </>
                      )}
                      {o.status === 'approved' && (
                        <Button size="sm" variant="secondary" onClick={() => setPending({ title: 'Suspend organisation', message: `Suspend ${o.name}? Its projects leave the public lists and its members cannot sign in until it is reinstated. Nothing is deleted.`, confirmLabel: 'Suspend', needsReason: true, run: (r) => actOnOrganisation(o.id, 'suspend', r), done: 'Organisation suspended' })}>
                          Suspend<span className="sr-only"> {o.name}</span>
                        </Button>
                      )}
                      {o.status === 'suspended' && (
                        <Button size="sm" onClick={() => setPending({ title: 'Reinstate organisation', message: `Reinstate ${o.name}?`, confirmLabel: 'Reinstate', needsReason: false, run: () => actOnOrganisation(o.id, 'reinstate'), done: 'Organisation reinstated' })}>
                          Reinstate<span className="sr-only"> {o.name}</span>
                        </Button>
                      )}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <Pagination page={page} pages={list.data.data.pagination.pages} onChange={setPage} label="Organisations pages" />
          </>
        )}
        </TabPanel>
      </section>
      <section aria-labelledby="moderation-heading" className="space-y-4">
        <h2 id="moderation-heading" className="text-xl font-semibold">Company projects awaiting moderation</h2>
        {queue.isPending ? (
          <Skeleton className="h-24" />
        ) : queue.isError ? (
          <ErrorState message={errorMessage(queue.error, 'Failed to load the queue')} onRetry={() => void queue.refetch()} />
        ) : queue.data.data.projects.length === 0 ? (
          <EmptyState title="No projects awaiting moderation" />
        ) : (
          <ul className="space-y-3">
            {queue.data.data.projects.map((p) => (
              <li key={p.id} className="rounded-2xl border border-slate-200 bg-white p-4">
                <p className="font-semibold">{p.title}</p>
                <p className="text-sm text-slate-600">{p.organisation.name} · {p.field}</p>
                <p className="mt-1 text-sm">{p.summary}</p>
                <div className="mt-3 flex gap-2">
                  <Button size="sm" onClick={() => setPending({ title: 'Publish project', message: `Publish "${p.title}"? Students will see it at once.`, confirmLabel: 'Publish', needsReason: false, run: () => moderateProject(p.id, 'approve'), done: 'Project published' })}>
                    Publish<span className="sr-only"> {p.title}</span>
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setPending({ title: 'Reject project', message: `Reject "${p.title}"?`, confirmLabel: 'Reject', needsReason: true, run: (r) => moderateProject(p.id, 'reject', r), done: 'Project rejected' })}>
                    Reject<span className="sr-only"> {p.title}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <DecisionDialog pending={pending} onClose={() => setPending(null)} />
    </div>
  );
}
