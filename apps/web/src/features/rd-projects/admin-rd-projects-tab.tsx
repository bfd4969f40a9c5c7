import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Edit, Eye, Plus, RefreshCw, Share2, Trash2, Users } from 'lucide-react';
import { RD_ADMIN_PAGE_SIZE, RD_FIELDS, RD_STATUSES, RD_STATUS_TRANSITIONS, milestoneStatusLabel, projectStatusLabel, type RdStatus } from '@app/shared/rd-project-constants';
import type { AdminProjectDto } from '@app/shared/rd-projects';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDebounced } from '../../lib/hooks.ts';
import * as rd from './api.ts';
import { ApplicationsDialog } from './applications-dialog.tsx';
import { ProjectFormDialog } from './project-form-dialog.tsx';
import { Badge, ListOrEmpty, ProjectStatusBadge, RdErrorBoundary, Section, Tags, useRdMutation, useRdText } from './rd-ui.tsx';

/** The button that moves a project from one status to another (Resume is Activate from paused). */
const transitionAction = (from: RdStatus, to: RdStatus) =>
  to === 'active' ? (from === 'paused' ? 'resume' : 'activate') : to === 'paused' ? 'pause' : to === 'completed' ? 'complete' : 'cancel';

/** The admin console's R&D Projects tab (spec 001 §2). */
export function AdminRdProjectsTab() {
  return (
    <RdErrorBoundary>
      <AdminRdProjects />
    </RdErrorBoundary>
  );
}

function useStatusChange(onDone?: (p: AdminProjectDto) => void) {
  const { t } = useRdText();
  return useRdMutation({
    mutationFn: ({ id, status }: { id: string; status: RdStatus }) => rd.adminSetStatus(id, status),
    done: (r) => t('rd.admin.statusDone', { status: r.data.project.status }),
    invalidate: rd.rdKeys.admin,
    failed: 'rd.admin.statusFailed',
    then: (r) => onDone?.(r.data.project),
  });
}

function AdminRdProjects() {
  const text = useRdText();
  const { t } = text;
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [field, setField] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search, 500);
  useEffect(() => setPage(1), [debounced, status, field]);
  const query = { page, limit: RD_ADMIN_PAGE_SIZE, search: debounced.trim() || undefined, status: status || undefined, field: field || undefined };
  const list = useQuery({ queryKey: rd.rdKeys.adminList(query), queryFn: () => rd.adminListProjects(query) });
  const [viewing, setViewing] = useState<AdminProjectDto | null>(null);
  const [editing, setEditing] = useState<AdminProjectDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminProjectDto | null>(null);
  const [managing, setManaging] = useState<AdminProjectDto | null>(null);

  const remove = useRdMutation({
    mutationFn: (id: string) => rd.adminDeleteProject(id),
    done: () => t('rd.admin.deleted'),
    invalidate: rd.rdKeys.admin,
    failed: 'rd.admin.deleteFailed',
    then: () => {
      setDeleting(null);
      setViewing(null);
    },
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">{t('rd.admin.title')}</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RefreshCw aria-hidden="true" className={`h-4 w-4 ${list.isFetching ? 'animate-spin' : ''}`} /> {t('rd.admin.refresh')}
          </Button>
          <Button onClick={() => setEditing('new')}><Plus aria-hidden="true" className="h-4 w-4" /> {t('rd.admin.new')}</Button>
        </div>
      </div>
      <div className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <TextField label={t('rd.browse.search')} type="search" dir="auto" placeholder={t('rd.admin.searchHint')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label={t('rd.admin.status')} value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t('rd.admin.allStatuses')}</option>
          {RD_STATUSES.map((s) => <option key={s} value={s}>{t('rd.projectStatus', { status: s })}</option>)}
        </SelectField>
        <SelectField label={t('rd.browse.field')} value={field} onChange={(e) => setField(e.target.value)}>
          <option value="">{t('rd.browse.allFields')}</option>
          {RD_FIELDS.map((f) => <option key={f} value={f}>{text.field(f)}</option>)}
        </SelectField>
      </div>

      {list.isPending ? (
        <div className="space-y-2" role="status" aria-label={t('rd.loadingProjects')}>{[0, 1, 2].map((i) => <Skeleton key={i} className="h-14" />)}</div>
      ) : list.isError ? (
        <ErrorState message={t('rd.browse.loadFailed', { reason: errorMessage(list.error, t('rd.apiFailed')) })} onRetry={() => void list.refetch()} />
      ) : list.data.projects.length === 0 ? (
        <EmptyState title={t('rd.admin.none')} action={<Button onClick={() => setEditing('new')}>{t('rd.admin.new')}</Button>}>
          {query.search || query.status || query.field ? t('rd.admin.noneMatch') : t('rd.admin.noneYet')}
        </EmptyState>
      ) : (
        <>
          {/* Narrow screens (a phone, or 200 % zoom): cards, never a table to scroll sideways (WCAG 1.4.10). */}
          <ul className="space-y-3 lg:hidden" aria-label={t('rd.admin.listLabel')}>
            {list.data.projects.map((p) => (
              <li key={p._id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="min-w-0 font-medium break-words text-slate-900" dir="auto">{p.title}</h3>
                  <ProjectStatusBadge status={p.status} />
                </div>
                <p className="text-xs text-slate-600">{text.field(p.field)}</p>
                <dl className="mt-2 grid grid-cols-1 gap-1 min-[400px]:grid-cols-2">
                  <div><dt className="inline text-slate-600">{t('rd.admin.supervisorLabel')}</dt>{' '}<dd className="inline break-words"><bdi>{p.supervisor.name}</bdi></dd></div>
                  <div><dt className="inline text-slate-600">{t('rd.admin.durationLabel')}</dt>{' '}<dd className="inline">{t('rd.admin.months', { count: p.duration })}</dd></div>
                  <div><dt className="inline text-slate-600">{t('rd.admin.capacityLabel')}</dt>{' '}<dd className="inline">{t('rd.admin.capacity', { current: p.currentParticipants, max: p.maxParticipants, available: p.availableSlots })}</dd></div>
                  <div><dt className="inline text-slate-600">{t('rd.admin.applicationsLabel')}</dt>{' '}<dd className="inline">{t('rd.admin.applicationsCount', { total: p.totalApplications, pending: p.pendingApplications })}</dd></div>
                </dl>
                <div className="mt-3 flex flex-wrap gap-1">
                  <IconButton label={t('rd.admin.view', { title: p.title })} onClick={() => setViewing(p)}><Eye className="h-4 w-4" aria-hidden="true" /></IconButton>
                  <IconButton label={t('rd.admin.manage', { title: p.title })} onClick={() => setManaging(p)}><Users className="h-4 w-4" aria-hidden="true" /></IconButton>
                  <IconButton label={t('rd.admin.edit', { title: p.title })} onClick={() => setEditing(p)}><Edit className="h-4 w-4" aria-hidden="true" /></IconButton>
                  <IconButton label={t('rd.admin.delete', { title: p.title })} onClick={() => setDeleting(p)}><Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" /></IconButton>
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white lg:block">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  {(['project', 'supervisor', 'duration', 'capacity', 'applications', 'status'] as const).map((column) => (
                    <th key={column} scope="col" className="px-4 py-3">{t('rd.admin.col', { column })}</th>
                  ))}
                  <th scope="col" className="px-4 py-3"><span className="sr-only">{t('rd.admin.col', { column: 'actions' })}</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.projects.map((p) => (
                  <tr key={p._id} className="cursor-pointer hover:bg-slate-50" onClick={() => setViewing(p)}>
                    <td className="px-4 py-3">
                      <button type="button" className="text-start font-medium text-slate-900 hover:underline" onClick={(e) => { e.stopPropagation(); setViewing(p); }}><bdi>{p.title}</bdi></button>
                      <div className="text-xs text-slate-600">{text.field(p.field)}</div>
                    </td>
                    <td className="px-4 py-3">
                      <div dir="auto">{p.supervisor.name}</div>
                      <div dir="auto" className="text-xs text-slate-600">{p.supervisor.department}</div>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <div>{t('rd.admin.months', { count: p.duration })}</div>
                      <div className="text-xs text-slate-600">{p.startDate ? text.date(p.startDate) : text.deadline(p.applicationProcess.applicationDeadline)} – {text.date(p.endDate)}</div>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <div>{p.currentParticipants}/{p.maxParticipants}</div>
                      <div className="text-xs text-slate-600">{t('rd.admin.slots', { count: p.availableSlots })}</div>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <div>{p.totalApplications} <span className="text-xs text-amber-800">{t('rd.admin.pending', { count: p.pendingApplications })}</span></div>
                      <button type="button" className="text-xs text-brand-700 underline" onClick={(e) => { e.stopPropagation(); setManaging(p); }}>{t('rd.admin.viewApplications')}</button>
                    </td>
                    <td className="px-4 py-3"><ProjectStatusBadge status={p.status} /></td>
                    <td className="px-4 py-3">
                      <div className="flex gap-1" onClick={(e) => e.stopPropagation()} role="presentation">
                        <IconButton label={t('rd.admin.view', { title: p.title })} onClick={() => setViewing(p)}><Eye className="h-4 w-4" aria-hidden="true" /></IconButton>
                        <IconButton label={t('rd.admin.manage', { title: p.title })} onClick={() => setManaging(p)}><Users className="h-4 w-4" aria-hidden="true" /></IconButton>
                        <IconButton label={t('rd.admin.edit', { title: p.title })} onClick={() => setEditing(p)}><Edit className="h-4 w-4" aria-hidden="true" /></IconButton>
                        <IconButton label={t('rd.admin.delete', { title: p.title })} onClick={() => setDeleting(p)}><Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" /></IconButton>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pages={list.data.pagination.pages} onChange={setPage} label={t('rd.browse.pages')} />
        </>
      )}

      {viewing && (
        <ProjectDetailModal
          id={viewing._id}
          onClose={() => setViewing(null)}
          onEdit={(p) => { setViewing(null); setEditing(p); }}
          onApplications={(p) => setManaging(p)}
        />
      )}
      {editing && (
        <ProjectFormDialog
          project={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      {managing && <ApplicationsDialog projectId={managing._id} title={managing.title} onClose={() => setManaging(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('rd.admin.deleteTitle')}
        message={t('rd.admin.deleteBody', { title: deleting?.title ?? '' })}
        confirmLabel={t('rd.admin.deleteConfirm')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting._id)}
      />
    </div>
  );
}

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} className="rounded-lg p-2 text-slate-700 hover:bg-slate-100">
      {children}
    </button>
  );
}

type DetailTab = 'overview' | 'roles' | 'timeline' | 'requirements';

function ProjectDetailModal({ id, onClose, onEdit, onApplications }: { id: string; onClose: () => void; onEdit: (p: AdminProjectDto) => void; onApplications: (p: AdminProjectDto) => void }) {
  const text = useRdText();
  const { t } = text;
  const toast = useToast();
  const detail = useQuery({ queryKey: rd.rdKeys.adminDetail(id), queryFn: () => rd.adminGetProject(id) });
  const [tab, setTab] = useState<DetailTab>('overview');
  const change = useStatusChange(() => void detail.refetch());
  const p = detail.data;
  const share = async () => {
    const url = `${window.location.origin}/projects`;
    try {
      await navigator.clipboard.writeText(url);
      toast.info(t('rd.admin.linkCopied'));
    } catch {
      toast.info(url);
    }
  };
  return (
    <Dialog
      open
      size="xl"
      onClose={onClose}
      title={p?.title ?? t('rd.detail.fallbackTitle')}
      description={p ? <span className="inline-flex flex-wrap items-center gap-2"><ProjectStatusBadge status={p.status} /><Badge value={p.priority} label={t('rd.priority', { priority: p.priority })} /></span> : undefined}
      footer={
        p && (
          <div className="flex w-full flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-slate-600">
              {t('rd.admin.createdBy', { name: p.createdBy ? `${p.createdBy.firstName} ${p.createdBy.lastName}` : t('rd.admin.formerAdmin'), created: text.date(p.createdAt), updated: text.date(p.updatedAt) })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => void share()}><Share2 aria-hidden="true" className="h-4 w-4" /> {t('rd.admin.share')}</Button>
              <Button variant="secondary" onClick={() => onApplications(p)}><Users aria-hidden="true" className="h-4 w-4" /> {t('rd.admin.applications')}</Button>
              <Button onClick={() => onEdit(p)}><Edit aria-hidden="true" className="h-4 w-4" /> {t('rd.admin.editProject')}</Button>
            </div>
          </div>
        )
      }
    >
      {detail.isPending ? (
        <div className="space-y-3"><Skeleton className="h-8" /><Skeleton className="h-32" /></div>
      ) : detail.isError ? (
        <ErrorState message={errorMessage(detail.error, t('rd.apiFailed'))} onRetry={() => void detail.refetch()} />
      ) : (
        <div className="space-y-4">
          <Tabs<DetailTab>
            idPrefix="rd-detail"
            label={t('rd.detail.fallbackTitle')}
            value={tab}
            onChange={setTab}
            items={(['overview', 'roles', 'timeline', 'requirements'] as const).map((id) => ({ id, label: t('rd.admin.tab', { tab: id }) }))}
          />
          <TabPanel idPrefix="rd-detail" id={tab}>
            {tab === 'overview' && <Overview project={detail.data} onStatus={(status) => change.mutate({ id: detail.data._id, status })} busy={change.isPending} />}
            {tab === 'roles' && <RolesTab project={detail.data} />}
            {tab === 'timeline' && <TimelineTab project={detail.data} />}
            {tab === 'requirements' && <RequirementsTab project={detail.data} />}
          </TabPanel>
        </div>
      )}
    </Dialog>
  );
}

function Overview({ project: p, onStatus, busy }: { project: AdminProjectDto; onStatus: (s: RdStatus) => void; busy: boolean }) {
  const text = useRdText();
  const { t } = text;
  const status = projectStatusLabel(p.status);
  return (
    <div className="space-y-5">
      <dl className="grid gap-2 text-sm sm:grid-cols-4">
        <div><dt className="text-slate-600">{t('rd.admin.fieldLabel')}</dt><dd className="font-medium">{text.field(p.field)}</dd></div>
        <div><dt className="text-slate-600">{t('rd.admin.durationTitle')}</dt><dd className="font-medium">{p.timeline.duration ? text.duration(p.timeline.duration) : t('rd.admin.months', { count: p.duration })}</dd></div>
        <div><dt className="text-slate-600">{t('rd.admin.visibilityLabel')}</dt><dd className="font-medium capitalize">{t('rd.visibility', { visibility: p.visibility })}</dd></div>
        <div><dt className="text-slate-600">{t('rd.admin.created')}</dt><dd className="font-medium">{text.date(p.createdAt)}</dd></div>
      </dl>
      <Section title={t('rd.detail.supervisor')}>
        <p dir="auto" className="text-sm"><span className="font-medium">{p.supervisor.name}</span>{p.supervisor.title && `, ${p.supervisor.title}`}{p.supervisor.department && ` · ${p.supervisor.department}`}</p>
        <p className="text-sm"><a dir="ltr" className="break-all text-brand-700 underline" href={`mailto:${p.supervisor.email}`}>{p.supervisor.email}</a></p>
        {p.supervisor.bio && <p dir="auto" className="text-sm text-slate-700">{p.supervisor.bio}</p>}
      </Section>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {([
          ['total', p.totalApplications],
          ['pending', p.pendingApplications],
          ['accepted', p.acceptedApplications],
          ['active', p.activeStudents],
        ] as const).map(([stat, n]) => (
          <div key={stat} className="rounded-xl bg-slate-50 p-3 text-center">
            <dt className="text-xs text-slate-600">{t('rd.admin.stat', { stat })}</dt>
            <dd className="text-lg font-semibold">{text.number(n)}</dd>
          </div>
        ))}
      </dl>
      <Section title={t('rd.detail.description')}><p dir="auto" className="text-sm whitespace-pre-line">{p.description || p.summary}</p></Section>
      <Section title={t('rd.detail.objectives')}><ListOrEmpty items={p.objectives} empty={t('rd.detail.noObjectives')} /></Section>
      <Tags tags={p.tags} />
      <Section title={t('rd.admin.progress')}>
        <div className="flex items-center gap-3">
          <ProgressBar value={p.progress} label={t('rd.admin.milestonesDone')} className="h-2 flex-1" />
          <span className="text-sm font-medium">{text.format.number(p.progress / 100, { style: 'percent' })}</span>
        </div>
      </Section>
      <Section title={t('rd.admin.status')}>
        {RD_STATUS_TRANSITIONS[status].length === 0 ? (
          <p className="text-sm text-slate-600">{t('rd.admin.final', { status: text.badge(status) })}</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {RD_STATUS_TRANSITIONS[status].map((to) => (
              <Button key={to} variant={to === 'cancelled' ? 'danger' : 'secondary'} disabled={busy} onClick={() => onStatus(to)}>{t('rd.admin.transition', { action: transitionAction(status, to) })}</Button>
            ))}
          </div>
        )}
      </Section>
    </div>
  );
}

function RolesTab({ project: p }: { project: AdminProjectDto }) {
  const text = useRdText();
  const { t } = text;
  if (!p.roles.length) return <p className="text-sm text-slate-600">{t('rd.noRoles')}</p>;
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {p.roles.map((r) => (
        <li key={r._id} className="space-y-1 rounded-xl border border-slate-200 p-3 text-sm">
          <div className="flex items-center justify-between">
            <span className="font-semibold">{text.role(r.title)}</span>
            <span>{t('rd.admin.filled', { current: r.currentPositions, max: r.maxPositions })} · {r.availablePositions > 0 ? t('rd.admin.openCount', { count: r.availablePositions }) : t('rd.detail.full')}</span>
          </div>
          {r.description && <p dir="auto" className="text-slate-700">{r.description}</p>}
          <p>{t('rd.detail.skills', { skills: r.skillsRequired.length ? text.list(r.skillsRequired) : '—' })}</p>
          <p>{t('rd.admin.degree', { degree: t('rd.degree', { degree: r.eligibilityCriteria.degreeLevel }) })}{r.eligibilityCriteria.minCGPA !== null && ` · ${t('rd.admin.minCgpa', { cgpa: text.number(r.eligibilityCriteria.minCGPA) })}`}</p>
          <p>{t('rd.admin.experienceLanguages', { experience: r.eligibilityCriteria.experience === 'none' ? t('rd.admin.noExperience') : t('rd.experienceLevel', { level: r.eligibilityCriteria.experience }), languages: text.list(r.eligibilityCriteria.languages.length ? r.eligibilityCriteria.languages : ['English']) })}</p>
          <p>{t('rd.admin.workMode', { mode: text.workMode(r.workMode) })}{r.location && <>{' · '}<bdi>{r.location}</bdi></>}</p>
          <p>{t('rd.admin.compensation', { compensation: text.compensation(r.compensation) })}</p>
          {r.benefits.length > 0 && <p>{t('rd.admin.benefits', { benefits: text.list(r.benefits) })}</p>}
        </li>
      ))}
    </ul>
  );
}

function TimelineTab({ project: p }: { project: AdminProjectDto }) {
  const text = useRdText();
  const { t } = text;
  return (
    <div className="space-y-4">
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div><dt className="text-slate-600">{t('rd.admin.deadline')}</dt><dd className="font-medium">{text.deadline(p.applicationProcess.applicationDeadline)}</dd></div>
        <div><dt className="text-slate-600">{t('rd.admin.expectedEnd')}</dt><dd className="font-medium">{text.date(p.timeline.expectedEndDate)}</dd></div>
        <div><dt className="text-slate-600">{t('rd.admin.durationTitle')}</dt><dd className="font-medium">{p.timeline.duration ? text.duration(p.timeline.duration) : t('rd.admin.months', { count: p.duration })}</dd></div>
      </dl>
      {p.milestones.length === 0 ? (
        <p className="text-sm text-slate-600">{t('rd.noMilestones')}</p>
      ) : (
        <ol className="space-y-2">
          {p.milestones.map((m, i) => (
            <li key={`${m.title}-${i}`} className="rounded-xl border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span dir="auto" className="font-medium">{m.title}</span>
                <Badge value={milestoneStatusLabel(m.status)} />
              </div>
              {m.description && <p dir="auto" className="text-slate-700">{m.description}</p>}
              <p className="text-xs text-slate-600">{t('rd.admin.due', { date: text.date(m.dueDate) })}{m.completedAt && ` · ${t('rd.admin.completedOn', { date: text.date(m.completedAt) })}`}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function RequirementsTab({ project: p }: { project: AdminProjectDto }) {
  const text = useRdText();
  const { t } = text;
  const r = p.requirements;
  const a = p.applicationProcess;
  const nothing = !a.documentsRequired.length && !a.selectionCriteria.length && !r.technicalSkills.length && !r.softSkills.length && !r.tools.length && !r.equipment.length;
  if (nothing && !a.interviewRequired) return <p className="text-sm text-slate-600">{t('rd.admin.noRequirements')}</p>;
  const none = t('rd.detail.none');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Section title={t('rd.admin.req', { section: 'documents' })}><ListOrEmpty items={a.documentsRequired.map((d) => text.document(d))} empty={none} /></Section>
      <Section title={t('rd.admin.req', { section: 'criteria' })}><ListOrEmpty items={a.selectionCriteria} empty={none} /></Section>
      <Section title={t('rd.admin.req', { section: 'interview' })}><p className="text-sm">{a.interviewRequired ? t('rd.admin.interviewRequired') : t('rd.admin.noInterview')}</p></Section>
      <Section title={t('rd.admin.req', { section: 'technical' })}><ListOrEmpty items={r.technicalSkills} empty={none} /></Section>
      <Section title={t('rd.admin.req', { section: 'soft' })}><ListOrEmpty items={r.softSkills} empty={none} /></Section>
      <Section title={t('rd.admin.req', { section: 'tools' })}><ListOrEmpty items={r.tools} empty={none} /></Section>
      <Section title={t('rd.admin.req', { section: 'equipment' })}><ListOrEmpty items={r.equipment} empty={none} /></Section>
    </div>
  );
}
