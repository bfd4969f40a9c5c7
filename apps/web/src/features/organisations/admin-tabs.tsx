import { useState } from 'react';
import { EXPERT_STATUSES, ORGANISATION_STATUSES, type ExpertStatus, type OrganisationStatus } from '@app/shared/organisation-constants';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
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

// Issue 28: domain proof and overlaps are shown to the approving admin (org.admin.domainUnproven, org.admin.overlap).

/** The expert verification queue with the evidence of each application. */
export function VerificationTab() {
  const t = useT();
  const [status, setStatus] = useState<ExpertStatus>('pending');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending | null>(null);
  const list = useExpertApplications(status, page);
  return (
    <section aria-labelledby="verification-heading" className="space-y-4">
      <h2 id="verification-heading" className="text-xl font-semibold">{t('org.admin.verificationHeading')}</h2>
      <Tabs items={EXPERT_STATUSES.map((s) => ({ id: s, label: t('org.details.statusValue', { status: s }) }))} value={status} onChange={(s) => { setStatus(s); setPage(1); }} label={t('org.admin.applicationStatus')} idPrefix="verification" />
      <TabPanel idPrefix="verification" id={status}>
      {list.isPending ? (
        <Skeleton className="h-40" />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error, t('org.admin.applicationsFailed'))} onRetry={() => void list.refetch()} />
      ) : list.data.data.applications.length === 0 ? (
        <EmptyState title={t('org.admin.noApplications', { status })} />
      ) : (
        <>
          <ul className="space-y-3">
            {list.data.data.applications.map((a) => (
              <li key={a.id} className="rounded-2xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold" dir="auto">{a.name}</p>
                    <p className="text-sm text-slate-600">{t('org.admin.expertLine', { title: a.title, company: a.company, expertise: a.expertise, years: t('pro.settings.years', { count: a.experience }) })}</p>
                  </div>
                  {a.status === 'pending' && (
                    <div className="flex gap-2">
                      <Button size="sm" onClick={() => setPending({ title: t('org.admin.approveExpert'), message: t('org.admin.approveExpertBody', { name: a.name }), confirmLabel: t('org.admin.approve'), needsReason: false, run: () => decideExpert(a.id, 'approve'), done: t('org.admin.expertVerified') })}>
                        {t('org.admin.approve')}<span className="sr-only"> {a.name}</span>
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setPending({ title: t('org.admin.rejectApplication'), message: t('org.admin.rejectApplicationBody', { name: a.name }), confirmLabel: t('org.admin.reject'), needsReason: true, run: (r) => decideExpert(a.id, 'reject', r), done: t('org.admin.applicationRejected') })}>
                        {t('org.admin.reject')}<span className="sr-only"> {a.name}</span>
                      </Button>
                    </div>
                  )}
                </div>
                <h3 className="mt-3 text-sm font-semibold">{t('org.admin.evidence')}</h3>
                <ul className="mt-1 space-y-1 text-sm">
                  <li>{t('org.admin.evidenceEmail', { email: a.email, confirmed: a.emailConfirmed ? 'yes' : 'no' })}</li>
                  <li>{a.workEmail ? t('org.admin.evidenceWorkEmail', { email: a.workEmail, confirmed: a.workEmailConfirmed ? 'yes' : 'no' }) : t('org.admin.evidenceWorkEmailNone')}</li>
                  <li>{t('org.admin.evidenceDomain', { name: a.domainMatch ? a.domainMatch.name : '', matched: a.domainMatch ? 'yes' : 'no' })}</li>
                  <li>{t('org.admin.evidenceEndorsement', { name: a.endorsedBy ? a.endorsedBy.name : '', endorsed: a.endorsedBy ? 'yes' : 'no' })}</li>
                  <li>
                    {t('org.admin.profileLink')}{' '}
                    <a href={a.profileUrl} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-700 underline" dir="ltr">{a.profileUrl}</a>
                  </li>
                  {a.motivation && <li>{t('org.admin.motivation')} <bdi>{a.motivation}</bdi></li>}
                  {a.bio && <li>{t('org.admin.bio')} <bdi>{a.bio}</bdi></li>}
                  {a.reason && <li>{t('org.admin.reasonGiven')} <bdi>{a.reason}</bdi></li>}
                </ul>
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={list.data.data.pagination.pages} onChange={setPage} label={t('org.admin.applicationsPages')} />
        </>
      )}
      </TabPanel>
      <DecisionDialog pending={pending} onClose={() => setPending(null)} />
    </section>
  );
}

/** Universities and companies by status, with every decision confirmed and audited; the project moderation queue. */
export function OrganisationsTab() {
  const t = useT();
  const [status, setStatus] = useState<OrganisationStatus>('pending');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending | null>(null);
  const list = useAdminOrganisations(status, page);
  const queue = useModerationQueue();
  return (
    <div className="space-y-8">
      <section aria-labelledby="orgs-heading" className="space-y-4">
        <h2 id="orgs-heading" className="text-xl font-semibold">{t('org.admin.organisationsHeading')}</h2>
        <Tabs items={ORGANISATION_STATUSES.map((s) => ({ id: s, label: t('org.details.statusValue', { status: s }) }))} value={status} onChange={(s) => { setStatus(s); setPage(1); }} label={t('org.admin.organisationStatus')} idPrefix="orgs" />
        <TabPanel idPrefix="orgs" id={status}>
        {list.isPending ? (
          <Skeleton className="h-40" />
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error, t('org.admin.organisationsFailed'))} onRetry={() => void list.refetch()} />
        ) : list.data.data.organisations.length === 0 ? (
          <EmptyState title={t('org.admin.noOrganisations', { status })} />
        ) : (
          <>
            <ul className="space-y-3">
              {list.data.data.organisations.map((o) => (
                <li key={o.id} className="rounded-2xl border border-slate-200 bg-white p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-semibold"><bdi>{o.name}</bdi> <span className="text-sm font-normal text-slate-600">{t('org.admin.type', { kind: o.type })}</span></p>
                      <p className="text-sm break-all text-slate-600">
                        <bdi>{o.website}</bdi> ·{' '}
                        {o.domains.map((d, i) => (
                          <span key={d.id}>
                            {i > 0 && t('org.admin.domainSeparator')}
                            {d.verified ? <bdi>{d.domain}</bdi> : t('org.admin.domainUnproven', { domain: d.domain })}
                            {d.delegatedBy && <DelegatedBy parent={d.delegatedBy} />}
                          </span>
                        ))}
                      </p>
                      {o.overlaps.length > 0 && (
                        <div role="alert" className="mt-1 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
                          <p className="font-semibold">{t('org.admin.overlapTitle')}</p>
                          <ul>
                            {o.overlaps.map((x) => (
                              <li key={`${x.domain}-${x.otherDomain}`}>
                                {t('org.admin.overlap', { domain: x.domain, other: x.otherDomain, organisation: x.organisation, status: t('org.details.statusValue', { status: x.status }) })}
                              </li>
                            ))}
                          </ul>
                        </div>
                      )}
                      <p className="text-sm text-slate-600">
                        {t('org.admin.contactLine', { email: o.contactEmail, confirmed: o.contactConfirmed ? 'yes' : 'no', members: o.memberCount })}
                      </p>
                      {o.decisionReason && <p className="text-sm text-slate-600">{t('org.pending.reason')} <bdi>{o.decisionReason}</bdi></p>}
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {o.status === 'pending' && (
                        <>
                          <Button size="sm" onClick={() => setPending({ title: t('org.admin.approveOrganisation'), message: t('org.admin.approveOrganisationBody', { name: o.name }), confirmLabel: t('org.admin.approve'), needsReason: false, run: () => actOnOrganisation(o.id, 'approve'), done: t('org.admin.organisationApproved') })}>
                            {t('org.admin.approve')}<span className="sr-only"> {o.name}</span>
                          </Button>
                          <Button size="sm" variant="secondary" onClick={() => setPending({ title: t('org.admin.rejectOrganisation'), message: t('org.admin.rejectOrganisationBody', { name: o.name }), confirmLabel: t('org.admin.reject'), needsReason: true, run: (r) => actOnOrganisation(o.id, 'reject', r), done: t('org.admin.organisationRejected') })}>
                            {t('org.admin.reject')}<span className="sr-only"> {o.name}</span>
                          </Button>
                        </>
                      )}
                      {o.status === 'approved' && (
                        <Button size="sm" variant="secondary" onClick={() => setPending({ title: t('org.admin.suspendOrganisation'), message: t('org.admin.suspendOrganisationBody', { name: o.name }), confirmLabel: t('org.admin.suspend'), needsReason: true, run: (r) => actOnOrganisation(o.id, 'suspend', r), done: t('org.admin.organisationSuspended') })}>
                          {t('org.admin.suspend')}<span className="sr-only"> {o.name}</span>
                        </Button>
                      )}
                      {o.status === 'suspended' && (
                        <Button size="sm" onClick={() => setPending({ title: t('org.admin.reinstateOrganisation'), message: t('org.admin.reinstateOrganisationBody', { name: o.name }), confirmLabel: t('org.admin.reinstate'), needsReason: false, run: () => actOnOrganisation(o.id, 'reinstate'), done: t('org.admin.organisationReinstated') })}>
                          {t('org.admin.reinstate')}<span className="sr-only"> {o.name}</span>
                        </Button>
                      )}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <Pagination page={page} pages={list.data.data.pagination.pages} onChange={setPage} label={t('org.admin.organisationsPages')} />
          </>
        )}
        </TabPanel>
      </section>
      <section aria-labelledby="moderation-heading" className="space-y-4">
        <h2 id="moderation-heading" className="text-xl font-semibold">{t('org.admin.moderationHeading')}</h2>
        {queue.isPending ? (
          <Skeleton className="h-24" />
        ) : queue.isError ? (
          <ErrorState message={errorMessage(queue.error, t('org.admin.queueFailed'))} onRetry={() => void queue.refetch()} />
        ) : queue.data.data.projects.length === 0 ? (
          <EmptyState title={t('org.admin.noModeration')} />
        ) : (
          <ul className="space-y-3">
            {queue.data.data.projects.map((p) => (
              <li key={p.id} className="rounded-2xl border border-slate-200 bg-white p-4">
                <p className="font-semibold" dir="auto">{p.title}</p>
                <p className="text-sm text-slate-600"><bdi>{p.organisation.name}</bdi> · <bdi>{p.field}</bdi></p>
                <p className="mt-1 text-sm" dir="auto">{p.summary}</p>
                <div className="mt-3 flex gap-2">
                  <Button size="sm" onClick={() => setPending({ title: t('org.admin.publishProject'), message: t('org.admin.publishProjectBody', { title: p.title }), confirmLabel: t('org.admin.publish'), needsReason: false, run: () => moderateProject(p.id, 'approve'), done: t('org.admin.projectPublished') })}>
                    {t('org.admin.publish')}<span className="sr-only"> {p.title}</span>
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setPending({ title: t('org.admin.rejectProject'), message: t('org.admin.rejectProjectBody', { title: p.title }), confirmLabel: t('org.admin.reject'), needsReason: true, run: (r) => moderateProject(p.id, 'reject', r), done: t('org.admin.projectRejected') })}>
                    {t('org.admin.reject')}<span className="sr-only"> {p.title}</span>

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
