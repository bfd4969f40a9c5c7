import { useEffect, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Edit, Eye, Plus, RefreshCw, Share2, Trash2, Users } from 'lucide-react';
import { RD_ADMIN_PAGE_SIZE, RD_DOCUMENT_LABELS, RD_FIELDS, RD_MESSAGES, RD_STATUSES, RD_STATUS_TRANSITIONS, milestoneStatusLabel, projectStatusLabel, transitionLabel, type RdStatus } from '@app/shared/rd-project-constants';
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
import { Badge, ListOrEmpty, ProjectStatusBadge, RdErrorBoundary, Section, Tags, capital, compensationText, fmtDate, fmtDeadline, roleLabel } from './rd-ui.tsx';

/** The admin console's R&D Projects tab (spec 001 §2). */
export function AdminRdProjectsTab() {
  return (
    <RdErrorBoundary>
      <AdminRdProjects />
    </RdErrorBoundary>
  );
}

function useStatusChange(onDone?: (p: AdminProjectDto) => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: RdStatus }) => rd.adminSetStatus(id, status),
    onSuccess: (r) => {
      toast.success(`Project ${r.data.project.status} successfully!`);
      void queryClient.invalidateQueries({ queryKey: rd.rdKeys.admin });
      onDone?.(r.data.project);
    },
    onError: (e) => toast.error(`Failed to update project status: ${errorMessage(e, 'API request failed')}`),
  });
}

function AdminRdProjects() {
  const toast = useToast();
  const queryClient = useQueryClient();
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

  const remove = useMutation({
    mutationFn: (id: string) => rd.adminDeleteProject(id),
    onSuccess: () => {
      toast.success('R&D Project deleted successfully!');
      setDeleting(null);
      setViewing(null);
      void queryClient.invalidateQueries({ queryKey: rd.rdKeys.admin });
    },
    onError: (e) => toast.error(`Failed to delete project: ${errorMessage(e, 'API request failed')}`),
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">R&amp;D Projects</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RefreshCw aria-hidden="true" className={`h-4 w-4 ${list.isFetching ? 'animate-spin' : ''}`} /> Refresh
          </Button>
          <Button onClick={() => setEditing('new')}><Plus aria-hidden="true" className="h-4 w-4" /> New Project</Button>
        </div>
      </div>
      <div className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <TextField label="Search" type="search" placeholder="Title, summary or supervisor" value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All statuses</option>
          {RD_STATUSES.map((s) => <option key={s} value={s}>{capital(s)}</option>)}
        </SelectField>
        <SelectField label="Field" value={field} onChange={(e) => setField(e.target.value)}>
          <option value="">All fields</option>
          {RD_FIELDS.map((f) => <option key={f} value={f}>{f}</option>)}
        </SelectField>
      </div>

      {list.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading projects">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-14" />)}</div>
      ) : list.isError ? (
        <ErrorState message={`Failed to load projects: ${errorMessage(list.error, 'API request failed')}`} onRetry={() => void list.refetch()} />
      ) : list.data.projects.length === 0 ? (
        <EmptyState title="No R&D projects found" action={<Button onClick={() => setEditing('new')}>New Project</Button>}>
          {query.search || query.status || query.field ? 'No projects match your filters.' : 'Create the first project to start receiving applications.'}
        </EmptyState>
      ) : (
        <>
          {/* Narrow screens (a phone, or 200 % zoom): cards, never a table to scroll sideways (WCAG 1.4.10). */}
          <ul className="space-y-3 lg:hidden" aria-label="R&D projects">
            {list.data.projects.map((p) => (
              <li key={p._id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="min-w-0 font-medium break-words text-slate-900" dir="auto">{p.title}</h3>
                  <ProjectStatusBadge status={p.status} />
                </div>
                <p className="text-xs text-slate-600">{p.field}</p>
                <dl className="mt-2 grid grid-cols-1 gap-1 min-[400px]:grid-cols-2">
                  <div><dt className="inline text-slate-600">Supervisor: </dt><dd className="inline break-words"><bdi>{p.supervisor.name}</bdi></dd></div>
                  <div><dt className="inline text-slate-600">Duration: </dt><dd className="inline">{p.duration} month{p.duration === 1 ? '' : 's'}</dd></div>
                  <div><dt className="inline text-slate-600">Capacity: </dt><dd className="inline">{p.currentParticipants}/{p.maxParticipants} ({p.availableSlots} available)</dd></div>
                  <div><dt className="inline text-slate-600">Applications: </dt><dd className="inline">{p.totalApplications} ({p.pendingApplications} pending)</dd></div>
                </dl>
                <div className="mt-3 flex flex-wrap gap-1">
                  <IconButton label={`View ${p.title}`} onClick={() => setViewing(p)}><Eye className="h-4 w-4" aria-hidden="true" /></IconButton>
                  <IconButton label={`Manage applications of ${p.title}`} onClick={() => setManaging(p)}><Users className="h-4 w-4" aria-hidden="true" /></IconButton>
                  <IconButton label={`Edit ${p.title}`} onClick={() => setEditing(p)}><Edit className="h-4 w-4" aria-hidden="true" /></IconButton>
                  <IconButton label={`Delete ${p.title}`} onClick={() => setDeleting(p)}><Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" /></IconButton>
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white lg:block">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">Project</th>
                  <th scope="col" className="px-4 py-3">Supervisor</th>
                  <th scope="col" className="px-4 py-3">Duration</th>
                  <th scope="col" className="px-4 py-3">Capacity</th>
                  <th scope="col" className="px-4 py-3">Applications</th>
                  <th scope="col" className="px-4 py-3">Status</th>
                  <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.projects.map((p) => (
                  <tr key={p._id} className="cursor-pointer hover:bg-slate-50" onClick={() => setViewing(p)}>
                    <td className="px-4 py-3">
                      <button type="button" className="text-start font-medium text-slate-900 hover:underline" onClick={(e) => { e.stopPropagation(); setViewing(p); }}>{p.title}</button>
                      <div className="text-xs text-slate-600">{p.field}</div>
                    </td>
                    <td className="px-4 py-3">
                      <div>{p.supervisor.name}</div>
                      <div className="text-xs text-slate-600">{p.supervisor.department}</div>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <div>{p.duration} month{p.duration === 1 ? '' : 's'}</div>
                      <div className="text-xs text-slate-600">{p.startDate ? fmtDate(p.startDate) : fmtDeadline(p.applicationProcess.applicationDeadline)} – {fmtDate(p.endDate)}</div>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <div>{p.currentParticipants}/{p.maxParticipants}</div>
                      <div className="text-xs text-slate-600">{p.availableSlots} slot{p.availableSlots === 1 ? '' : 's'} available</div>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <div>{p.totalApplications} <span className="text-xs text-amber-800">({p.pendingApplications} pending)</span></div>
                      <button type="button" className="text-xs text-brand-700 underline" onClick={(e) => { e.stopPropagation(); setManaging(p); }}>View Applications</button>
                    </td>
                    <td className="px-4 py-3"><ProjectStatusBadge status={p.status} /></td>
                    <td className="px-4 py-3">
                      <div className="flex gap-1" onClick={(e) => e.stopPropagation()} role="presentation">
                        <IconButton label={`View ${p.title}`} onClick={() => setViewing(p)}><Eye className="h-4 w-4" aria-hidden="true" /></IconButton>
                        <IconButton label={`Manage applications of ${p.title}`} onClick={() => setManaging(p)}><Users className="h-4 w-4" aria-hidden="true" /></IconButton>
                        <IconButton label={`Edit ${p.title}`} onClick={() => setEditing(p)}><Edit className="h-4 w-4" aria-hidden="true" /></IconButton>
                        <IconButton label={`Delete ${p.title}`} onClick={() => setDeleting(p)}><Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" /></IconButton>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pages={list.data.pagination.pages} onChange={setPage} label="R&D projects pages" />
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
        title="Delete project?"
        message={`Delete "${deleting?.title ?? ''}" with its roles and all applications? This cannot be undone.`}
        confirmLabel="Delete"
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
  const toast = useToast();
  const detail = useQuery({ queryKey: rd.rdKeys.adminDetail(id), queryFn: () => rd.adminGetProject(id) });
  const [tab, setTab] = useState<DetailTab>('overview');
  const change = useStatusChange(() => void detail.refetch());
  const p = detail.data;
  const share = async () => {
    const url = `${window.location.origin}/projects`;
    try {
      await navigator.clipboard.writeText(url);
      toast.info('Link to the public projects page copied');
    } catch {
      toast.info(url);
    }
  };
  return (
    <Dialog
      open
      size="xl"
      onClose={onClose}
      title={p?.title ?? 'Project details'}
      description={p ? <span className="inline-flex flex-wrap items-center gap-2"><ProjectStatusBadge status={p.status} /><Badge value={p.priority} label={`${p.priority} priority`} /></span> : undefined}
      footer={
        p && (
          <div className="flex w-full flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-slate-600">
              Created by {p.createdBy ? `${p.createdBy.firstName} ${p.createdBy.lastName}` : 'a former administrator'} · {fmtDate(p.createdAt)} · updated {fmtDate(p.updatedAt)}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => void share()}><Share2 aria-hidden="true" className="h-4 w-4" /> Share</Button>
              <Button variant="secondary" onClick={() => onApplications(p)}><Users aria-hidden="true" className="h-4 w-4" /> Applications</Button>
              <Button onClick={() => onEdit(p)}><Edit aria-hidden="true" className="h-4 w-4" /> Edit Project</Button>
            </div>
          </div>
        )
      }
    >
      {detail.isPending ? (
        <div className="space-y-3"><Skeleton className="h-8" /><Skeleton className="h-32" /></div>
      ) : detail.isError ? (
        <ErrorState message={errorMessage(detail.error, 'API request failed')} onRetry={() => void detail.refetch()} />
      ) : (
        <div className="space-y-4">
          <Tabs<DetailTab>
            idPrefix="rd-detail"
            label="Project details"
            value={tab}
            onChange={setTab}
            items={[
              { id: 'overview', label: 'Overview' },
              { id: 'roles', label: 'Roles & Applications' },
              { id: 'timeline', label: 'Timeline & Milestones' },
              { id: 'requirements', label: 'Requirements' },
            ]}
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
  const status = projectStatusLabel(p.status);
  return (
    <div className="space-y-5">
      <dl className="grid gap-2 text-sm sm:grid-cols-4">
        <div><dt className="text-slate-600">Field</dt><dd className="font-medium">{p.field}</dd></div>
        <div><dt className="text-slate-600">Duration</dt><dd className="font-medium">{p.timeline.duration ?? `${p.duration} months`}</dd></div>
        <div><dt className="text-slate-600">Visibility</dt><dd className="font-medium capitalize">{p.visibility}</dd></div>
        <div><dt className="text-slate-600">Created</dt><dd className="font-medium">{fmtDate(p.createdAt)}</dd></div>
      </dl>
      <Section title="Supervisor">
        <p className="text-sm"><span className="font-medium">{p.supervisor.name}</span>{p.supervisor.title && `, ${p.supervisor.title}`}{p.supervisor.department && ` · ${p.supervisor.department}`}</p>
        <p className="text-sm"><a className="text-brand-700 underline" href={`mailto:${p.supervisor.email}`}>{p.supervisor.email}</a></p>
        {p.supervisor.bio && <p className="text-sm text-slate-700">{p.supervisor.bio}</p>}
      </Section>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {[
          ['Total applications', p.totalApplications],
          ['Pending review', p.pendingApplications],
          ['Accepted', p.acceptedApplications],
          ['Active students', p.activeStudents],
        ].map(([label, n]) => (
          <div key={label} className="rounded-xl bg-slate-50 p-3 text-center">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold">{n}</dd>
          </div>
        ))}
      </dl>
      <Section title="Description"><p className="text-sm whitespace-pre-line">{p.description || p.summary}</p></Section>
      <Section title="Objectives"><ListOrEmpty items={p.objectives} empty="No objectives listed" /></Section>
      <Tags tags={p.tags} />
      <Section title="Overall progress">
        <div className="flex items-center gap-3">
          <ProgressBar value={p.progress} label="Milestones completed" className="h-2 flex-1" />
          <span className="text-sm font-medium">{p.progress}%</span>
        </div>
      </Section>
      <Section title="Status">
        {RD_STATUS_TRANSITIONS[status].length === 0 ? (
          <p className="text-sm text-slate-600">This project is {status}; no further status changes are possible.</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {RD_STATUS_TRANSITIONS[status].map((to) => (
              <Button key={to} variant={to === 'cancelled' ? 'danger' : 'secondary'} disabled={busy} onClick={() => onStatus(to)}>{transitionLabel(status, to)}</Button>
            ))}
          </div>
        )}
      </Section>
    </div>
  );
}

function RolesTab({ project: p }: { project: AdminProjectDto }) {
  if (!p.roles.length) return <p className="text-sm text-slate-600">{RD_MESSAGES.noRoles}</p>;
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {p.roles.map((r) => (
        <li key={r._id} className="space-y-1 rounded-xl border border-slate-200 p-3 text-sm">
          <div className="flex items-center justify-between">
            <span className="font-semibold">{roleLabel(r.title)}</span>
            <span>{r.currentPositions}/{r.maxPositions} filled · {r.availablePositions > 0 ? `${r.availablePositions} open` : 'Full'}</span>
          </div>
          {r.description && <p className="text-slate-700">{r.description}</p>}
          <p>Skills: {r.skillsRequired.length ? r.skillsRequired.join(', ') : '—'}</p>
          <p>Degree: {r.eligibilityCriteria.degreeLevel === 'any' ? 'Any' : capital(r.eligibilityCriteria.degreeLevel)}{r.eligibilityCriteria.minCGPA !== null && ` · Min CGPA ${r.eligibilityCriteria.minCGPA}`}</p>
          <p>Experience: {r.eligibilityCriteria.experience === 'none' ? 'None required' : capital(r.eligibilityCriteria.experience)} · Languages: {r.eligibilityCriteria.languages.join(', ') || 'English'}</p>
          <p>Work mode: {capital(r.workMode)}{r.location && ` · ${r.location}`}</p>
          <p>Compensation: {compensationText(r.compensation)}</p>
          {r.benefits.length > 0 && <p>Benefits: {r.benefits.join(', ')}</p>}
        </li>
      ))}
    </ul>
  );
}

function TimelineTab({ project: p }: { project: AdminProjectDto }) {
  return (
    <div className="space-y-4">
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div><dt className="text-slate-600">Application deadline</dt><dd className="font-medium">{fmtDeadline(p.applicationProcess.applicationDeadline)}</dd></div>
        <div><dt className="text-slate-600">Expected end date</dt><dd className="font-medium">{fmtDate(p.timeline.expectedEndDate)}</dd></div>
        <div><dt className="text-slate-600">Duration</dt><dd className="font-medium">{p.timeline.duration ?? `${p.duration} months`}</dd></div>
      </dl>
      {p.milestones.length === 0 ? (
        <p className="text-sm text-slate-600">{RD_MESSAGES.noMilestones}</p>
      ) : (
        <ol className="space-y-2">
          {p.milestones.map((m, i) => (
            <li key={`${m.title}-${i}`} className="rounded-xl border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{m.title}</span>
                <Badge value={milestoneStatusLabel(m.status)} />
              </div>
              {m.description && <p className="text-slate-700">{m.description}</p>}
              <p className="text-xs text-slate-600">Due {fmtDate(m.dueDate)}{m.completedAt && ` · completed ${fmtDate(m.completedAt)}`}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function RequirementsTab({ project: p }: { project: AdminProjectDto }) {
  const r = p.requirements;
  const a = p.applicationProcess;
  const nothing = !a.documentsRequired.length && !a.selectionCriteria.length && !r.technicalSkills.length && !r.softSkills.length && !r.tools.length && !r.equipment.length;
  if (nothing && !a.interviewRequired) return <p className="text-sm text-slate-600">No specific requirements listed for this project.</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Section title="Documents required"><ListOrEmpty items={a.documentsRequired.map((d) => RD_DOCUMENT_LABELS[d])} empty="None" /></Section>
      <Section title="Selection criteria"><ListOrEmpty items={a.selectionCriteria} empty="None" /></Section>
      <Section title="Interview"><p className="text-sm">{a.interviewRequired ? 'An interview is required' : 'No interview required'}</p></Section>
      <Section title="Technical skills"><ListOrEmpty items={r.technicalSkills} empty="None" /></Section>
      <Section title="Soft skills"><ListOrEmpty items={r.softSkills} empty="None" /></Section>
      <Section title="Tools"><ListOrEmpty items={r.tools} empty="None" /></Section>
      <Section title="Equipment"><ListOrEmpty items={r.equipment} empty="None" /></Section>
    </div>
  );
}
