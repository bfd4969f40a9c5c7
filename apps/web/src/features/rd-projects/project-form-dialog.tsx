import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { RD_COMPENSATION_TYPES, RD_CURRENCIES, RD_DEGREE_LEVELS, RD_DOCUMENT_LABELS, RD_DOCUMENT_TYPES, RD_DURATIONS, RD_EXPERIENCE_LEVELS, RD_FIELDS, RD_MAX_POSITIONS, RD_MILESTONE_STATUSES, RD_PRIORITIES, RD_ROLE_TITLES, RD_STATUS_TRANSITIONS, RD_VISIBILITIES, RD_WORK_MODES, type RdStatus } from '@app/shared/rd-project-constants';
import { projectFormError, type AdminProjectDto, type ProjectBodyInput } from '@app/shared/rd-projects';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import * as rd from './api.ts';
import { ChipInput, capital, roleLabel } from './rd-ui.tsx';

interface RoleForm {
  _id?: string;
  title: (typeof RD_ROLE_TITLES)[number];
  description: string;
  maxPositions: string;
  skillsRequired: string[];
  degreeLevel: (typeof RD_DEGREE_LEVELS)[number];
  minCGPA: string;
  languages: string[];
  experience: (typeof RD_EXPERIENCE_LEVELS)[number];
  benefits: string[];
  workMode: (typeof RD_WORK_MODES)[number];
  compensationType: (typeof RD_COMPENSATION_TYPES)[number];
  amount: string;
  currency: (typeof RD_CURRENCIES)[number];
  location: string;
}

interface MilestoneForm {
  title: string;
  description: string;
  status: (typeof RD_MILESTONE_STATUSES)[number];
  dueDate: string;
  completedAt: string;
}

/** A new role: intern, 1 position, remote, certificate in INR, degree any, experience none, English (spec 001 §5). */
export const newRole = (): RoleForm => ({
  title: 'intern',
  description: '',
  maxPositions: '1',
  skillsRequired: [],
  degreeLevel: 'any',
  minCGPA: '',
  languages: ['English'],
  experience: 'none',
  benefits: [],
  workMode: 'remote',
  compensationType: 'certificate',
  amount: '',
  currency: 'INR',
  location: '',
});

const pick = <T extends string>(values: readonly T[], v: string, fallback: T): T => values.find((x) => x === v) ?? fallback;

function fromProject(p: AdminProjectDto | null) {
  return {
    title: p?.title ?? '',
    summary: p?.summary ?? '',
    description: p?.description ?? '',
    field: p?.field ?? '',
    priority: p?.priority ?? 'medium',
    visibility: p?.visibility ?? 'public',
    status: p?.status ?? 'draft',
    supervisor: { name: p?.supervisor.name ?? '', title: p?.supervisor.title ?? '', department: p?.supervisor.department ?? '', email: p?.supervisor.email ?? '', bio: p?.supervisor.bio ?? '' },
    duration: p?.timeline.duration ?? '',
    startDate: p?.timeline.startDate ?? '',
    expectedEndDate: p?.timeline.expectedEndDate ?? '',
    deadline: p ? p.applicationProcess.applicationDeadline.slice(0, 10) : '',
    objectives: p?.objectives.length ? [...p.objectives] : [''],
    tags: p?.tags ?? [],
    milestones: (p?.milestones ?? []).map<MilestoneForm>((m) => ({
      title: m.title,
      description: m.description,
      status: pick(RD_MILESTONE_STATUSES, m.status, 'pending'),
      dueDate: m.dueDate ?? '',
      completedAt: m.completedAt ?? '',
    })),
    roles: p?.roles.length
      ? p.roles.map<RoleForm>((r) => ({
          _id: r._id,
          title: r.title,
          description: r.description,
          maxPositions: String(r.maxPositions),
          skillsRequired: r.skillsRequired,
          degreeLevel: pick(RD_DEGREE_LEVELS, r.eligibilityCriteria.degreeLevel, 'any'),
          minCGPA: r.eligibilityCriteria.minCGPA === null ? '' : String(r.eligibilityCriteria.minCGPA),
          languages: r.eligibilityCriteria.languages,
          experience: pick(RD_EXPERIENCE_LEVELS, r.eligibilityCriteria.experience, 'none'),
          benefits: r.benefits,
          workMode: r.workMode,
          compensationType: r.compensation.type,
          amount: r.compensation.amount === null ? '' : String(r.compensation.amount),
          currency: pick(RD_CURRENCIES, r.compensation.currency ?? 'INR', 'INR'),
          location: r.location ?? '',
        }))
      : [newRole()],
    selectionCriteria: p?.applicationProcess.selectionCriteria ?? [],
    interviewRequired: p?.applicationProcess.interviewRequired ?? false,
    documentsRequired: p?.applicationProcess.documentsRequired ?? [],
    technicalSkills: p?.requirements.technicalSkills ?? [],
    softSkills: p?.requirements.softSkills ?? [],
    tools: p?.requirements.tools ?? [],
    equipment: p?.requirements.equipment ?? [],
  };
}
type FormState = ReturnType<typeof fromProject>;

/**
 * `create`: a company posting its own project (issue 15) — sent there instead, always as a new project that
 * goes live once an administrator approves it (so no status choice).
 */
export function ProjectFormDialog({
  project,
  onClose,
  onSaved,
  create,
}: {
  project: AdminProjectDto | null;
  onClose: () => void;
  onSaved: (p: AdminProjectDto | null) => void;
  create?: (body: ProjectBodyInput) => Promise<unknown>;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => fromProject(project));
  const [alert, setAlert] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const editing = Boolean(project);
  const statuses: RdStatus[] = project ? [project.status, ...RD_STATUS_TRANSITIONS[project.status]] : ['draft', 'active'];

  const save = useMutation({
    mutationFn: async (body: ProjectBodyInput) => {
      if (create) {
        await create(body);
        return null;
      }
      const r = await (project ? rd.adminUpdateProject(project._id, body) : rd.adminCreateProject(body));
      return r.data.project;
    },
    onSuccess: (saved) => {
      toast.success(create ? 'Project submitted for review' : editing ? 'R&D Project updated successfully!' : 'R&D Project created successfully!');
      void queryClient.invalidateQueries({ queryKey: create ? ['organisation'] : rd.rdKeys.admin });
      onSaved(saved);
    },
    onError: (e) => {
      const message = errorMessage(e, 'API request failed');
      setAlert(message);
      toast.error(`Failed to ${editing ? 'update' : 'create'} project: ${message}`);
    },
  });

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setSup = (key: keyof FormState['supervisor'], value: string) => setForm((f) => ({ ...f, supervisor: { ...f.supervisor, [key]: value } }));
  const setRole = (i: number, patch: Partial<RoleForm>) => setForm((f) => ({ ...f, roles: f.roles.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  const setMilestone = (i: number, patch: Partial<MilestoneForm>) => setForm((f) => ({ ...f, milestones: f.milestones.map((m, j) => (j === i ? { ...m, ...patch } : m)) }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const originalDeadline = project?.applicationProcess.applicationDeadline;
    const deadline = originalDeadline && form.deadline === originalDeadline.slice(0, 10) ? originalDeadline : form.deadline;
    const core = { title: form.title, summary: form.summary, field: form.field, supervisor: form.supervisor, applicationProcess: { applicationDeadline: deadline }, timeline: { expectedEndDate: form.expectedEndDate } };
    const error = projectFormError(core, new Date(), { deadlineUnchanged: deadline === originalDeadline });
    if (error) {
      setAlert(error);
      top.current?.scrollIntoView({ block: 'start' });
      return;
    }
    setAlert(null);
    const num = (v: string) => (v.trim() === '' ? null : Number(v));
    const body: ProjectBodyInput = {
      title: form.title.trim(),
      summary: form.summary.trim(),
      description: form.description,
      field: form.field,
      priority: form.priority,
      visibility: form.visibility,
      status: form.status,
      supervisor: form.supervisor,
      timeline: { duration: form.duration ? pick(RD_DURATIONS, form.duration, '3-6 months') : null, startDate: form.startDate || null, expectedEndDate: form.expectedEndDate },
      objectives: form.objectives.map((o) => o.trim()).filter(Boolean),
      tags: form.tags,
      milestones: form.milestones.filter((m) => m.title.trim()).map((m) => ({ title: m.title.trim(), description: m.description, status: m.status, dueDate: m.dueDate || null, completedAt: m.completedAt || null })),
      roles: form.roles.map((r) => {
        const max = Number.parseInt(r.maxPositions, 10);
        return {
          ...(r._id ? { _id: r._id } : {}),
          title: r.title,
          description: r.description,
          // Max positions falls back to 1 (spec 001 §5).
          maxPositions: Number.isFinite(max) && max >= 1 ? Math.min(max, RD_MAX_POSITIONS) : 1,
          skillsRequired: r.skillsRequired,
          eligibilityCriteria: { degreeLevel: r.degreeLevel, minCGPA: num(r.minCGPA), languages: r.languages, experience: r.experience },
          benefits: r.benefits,
          workMode: r.workMode,
          compensation: { type: r.compensationType, amount: num(r.amount), currency: r.currency },
          location: r.workMode === 'onsite' ? r.location : null,
        };
      }),
      applicationProcess: { applicationDeadline: deadline, selectionCriteria: form.selectionCriteria, interviewRequired: form.interviewRequired, documentsRequired: form.documentsRequired },
      requirements: { technicalSkills: form.technicalSkills, softSkills: form.softSkills, tools: form.tools, equipment: form.equipment },
    };
    save.mutate(body);
  };

  return (
    <Dialog
      open
      size="xl"
      onClose={onClose}
      title={editing ? 'Edit R&D Project' : 'Create New R&D Project'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" form="rd-project-form" disabled={save.isPending}>{save.isPending ? 'Saving…' : editing ? 'Update Project' : 'Create Project'}</Button>
        </>
      }
    >
      <form id="rd-project-form" className="space-y-6" onSubmit={onSubmit} noValidate>
        <div ref={top}>{alert && <Alert kind="error">{alert}</Alert>}</div>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold">Basic Information</legend>
          <TextField label="Project title" required value={form.title} onChange={(e) => set('title', e.target.value)} maxLength={200} />
          <TextArea label="Summary" required rows={2} value={form.summary} onChange={(e) => set('summary', e.target.value)} />
          <TextArea label="Description" required rows={4} value={form.description} onChange={(e) => set('description', e.target.value)} />
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField label="Field" required value={form.field} onChange={(e) => set('field', e.target.value)}>
              <option value="">Select a field</option>
              {RD_FIELDS.map((f) => <option key={f} value={f}>{f}</option>)}
            </SelectField>
            <SelectField label="Priority" value={form.priority} onChange={(e) => set('priority', pick(RD_PRIORITIES, e.target.value, 'medium'))}>
              {RD_PRIORITIES.map((p) => <option key={p} value={p}>{capital(p)}</option>)}
            </SelectField>
            <SelectField label="Duration" required value={form.duration} onChange={(e) => set('duration', e.target.value)}>
              <option value="">Select a duration</option>
              {RD_DURATIONS.map((d) => <option key={d} value={d}>{d}</option>)}
            </SelectField>
          </div>
          <ChipInput label="Tags" values={form.tags} onChange={(v) => set('tags', v)} />
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold">Supervisor Information</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Supervisor name" required value={form.supervisor.name} onChange={(e) => setSup('name', e.target.value)} />
            <TextField label="Supervisor email" required type="email" value={form.supervisor.email} onChange={(e) => setSup('email', e.target.value)} />
            <TextField label="Title" required value={form.supervisor.title} onChange={(e) => setSup('title', e.target.value)} />
            <TextField label="Department" required value={form.supervisor.department} onChange={(e) => setSup('department', e.target.value)} />
          </div>
          <TextArea label="Bio" rows={2} value={form.supervisor.bio} onChange={(e) => setSup('bio', e.target.value)} />
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold">Project Objectives</legend>
          {form.objectives.map((o, i) => (
            <div key={i} className="flex items-end gap-2">
              <div className="flex-1"><TextField label={`Objective ${i + 1}`} value={o} onChange={(e) => set('objectives', form.objectives.map((x, j) => (j === i ? e.target.value : x)))} /></div>
              {form.objectives.length > 1 && (
                <Button variant="ghost" aria-label={`Remove objective ${i + 1}`} onClick={() => set('objectives', form.objectives.filter((_, j) => j !== i))}><Trash2 aria-hidden="true" className="h-4 w-4" /></Button>
              )}
            </div>
          ))}
          <Button variant="secondary" size="sm" onClick={() => set('objectives', [...form.objectives, ''])}><Plus aria-hidden="true" className="h-4 w-4" /> Add objective</Button>
          <h4 className="pt-2 text-sm font-semibold">Milestones</h4>
          {form.milestones.map((m, i) => (
            <div key={i} className="grid gap-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-2">
              <TextField label="Milestone title" value={m.title} onChange={(e) => setMilestone(i, { title: e.target.value })} />
              <SelectField label="Status" value={m.status} onChange={(e) => setMilestone(i, { status: pick(RD_MILESTONE_STATUSES, e.target.value, 'pending') })}>
                {RD_MILESTONE_STATUSES.map((s) => <option key={s} value={s}>{capital(s)}</option>)}
              </SelectField>
              <TextField label="Due date" type="date" value={m.dueDate} onChange={(e) => setMilestone(i, { dueDate: e.target.value })} />
              <TextField label="Completed on" type="date" value={m.completedAt} onChange={(e) => setMilestone(i, { completedAt: e.target.value })} />
              <div className="sm:col-span-2"><TextArea label="Description" rows={2} value={m.description} onChange={(e) => setMilestone(i, { description: e.target.value })} /></div>
              <div><Button variant="ghost" size="sm" onClick={() => set('milestones', form.milestones.filter((_, j) => j !== i))}><Trash2 aria-hidden="true" className="h-4 w-4" /> Remove milestone</Button></div>
            </div>
          ))}
          <Button variant="secondary" size="sm" onClick={() => set('milestones', [...form.milestones, { title: '', description: '', status: 'pending', dueDate: '', completedAt: '' }])}><Plus aria-hidden="true" className="h-4 w-4" /> Add milestone</Button>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold">Roles and Positions</legend>
          {form.roles.map((r, i) => (
            <div key={r._id ?? `new-${i}`} className="space-y-3 rounded-xl border border-slate-200 p-3">
              <div className="flex items-center justify-between">
                <h4 className="font-medium">Role {i + 1}: {roleLabel(r.title)}</h4>
                <Button variant="ghost" size="sm" disabled={form.roles.length === 1} title={form.roles.length === 1 ? 'The last remaining role cannot be removed' : undefined} onClick={() => set('roles', form.roles.filter((_, j) => j !== i))}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" /> Remove role
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-3">
                <SelectField label="Role title" value={r.title} onChange={(e) => setRole(i, { title: pick(RD_ROLE_TITLES, e.target.value, 'intern') })}>
                  {RD_ROLE_TITLES.map((t) => <option key={t} value={t}>{roleLabel(t)}</option>)}
                </SelectField>
                <TextField label="Max positions" type="number" min={1} max={RD_MAX_POSITIONS} value={r.maxPositions} onChange={(e) => setRole(i, { maxPositions: e.target.value })} />
                <SelectField label="Work mode" value={r.workMode} onChange={(e) => setRole(i, { workMode: pick(RD_WORK_MODES, e.target.value, 'remote') })}>
                  {RD_WORK_MODES.map((m) => <option key={m} value={m}>{capital(m)}</option>)}
                </SelectField>
                {r.workMode === 'onsite' && <TextField label="Location" value={r.location} onChange={(e) => setRole(i, { location: e.target.value })} />}
                <SelectField label="Compensation" value={r.compensationType} onChange={(e) => setRole(i, { compensationType: pick(RD_COMPENSATION_TYPES, e.target.value, 'certificate') })}>
                  {RD_COMPENSATION_TYPES.map((c) => <option key={c} value={c}>{capital(c)}</option>)}
                </SelectField>
                {(r.compensationType === 'paid' || r.compensationType === 'stipend') && (
                  <>
                    <TextField label="Amount" type="number" min={0} value={r.amount} onChange={(e) => setRole(i, { amount: e.target.value })} />
                    <SelectField label="Currency" value={r.currency} onChange={(e) => setRole(i, { currency: pick(RD_CURRENCIES, e.target.value, 'INR') })}>
                      {RD_CURRENCIES.map((c) => <option key={c} value={c}>{c}</option>)}
                    </SelectField>
                  </>
                )}
                <SelectField label="Degree level" value={r.degreeLevel} onChange={(e) => setRole(i, { degreeLevel: pick(RD_DEGREE_LEVELS, e.target.value, 'any') })}>
                  {RD_DEGREE_LEVELS.map((d) => <option key={d} value={d}>{d === 'phd' ? 'PhD' : capital(d)}</option>)}
                </SelectField>
                <TextField label="Minimum CGPA" type="number" min={0} max={10} step={0.1} value={r.minCGPA} onChange={(e) => setRole(i, { minCGPA: e.target.value })} />
                <SelectField label="Experience" value={r.experience} onChange={(e) => setRole(i, { experience: pick(RD_EXPERIENCE_LEVELS, e.target.value, 'none') })}>
                  {RD_EXPERIENCE_LEVELS.map((x) => <option key={x} value={x}>{capital(x)}</option>)}
                </SelectField>
              </div>
              <TextArea label="Role description" rows={2} value={r.description} onChange={(e) => setRole(i, { description: e.target.value })} />
              <div className="grid gap-3 sm:grid-cols-3">
                <ChipInput label="Required skills" values={r.skillsRequired} onChange={(v) => setRole(i, { skillsRequired: v })} />
                <ChipInput label="Languages" values={r.languages} onChange={(v) => setRole(i, { languages: v })} />
                <ChipInput label="Benefits" values={r.benefits} onChange={(v) => setRole(i, { benefits: v })} />
              </div>
            </div>
          ))}
          <Button variant="secondary" size="sm" onClick={() => set('roles', [...form.roles, newRole()])}><Plus aria-hidden="true" className="h-4 w-4" /> Add role</Button>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold">Application Process</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField label="Application deadline" required type="date" value={form.deadline} onChange={(e) => set('deadline', e.target.value)} />
            <TextField label="Start date" type="date" value={form.startDate} onChange={(e) => set('startDate', e.target.value)} />
            <TextField label="Expected end date" required type="date" value={form.expectedEndDate} onChange={(e) => set('expectedEndDate', e.target.value)} />
          </div>
          <ChipInput label="Selection criteria" values={form.selectionCriteria} onChange={(v) => set('selectionCriteria', v)} />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" checked={form.interviewRequired} onChange={(e) => set('interviewRequired', e.target.checked)} /> Interview required
          </label>
          <fieldset>
            <legend className="text-sm font-medium">Documents required</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {RD_DOCUMENT_TYPES.map((d) => (
                <label key={d} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={form.documentsRequired.includes(d)}
                    onChange={(e) => set('documentsRequired', e.target.checked ? [...form.documentsRequired, d] : form.documentsRequired.filter((x) => x !== d))}
                  />
                  {RD_DOCUMENT_LABELS[d]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <ChipInput label="Technical skills" values={form.technicalSkills} onChange={(v) => set('technicalSkills', v)} />
            <ChipInput label="Soft skills" values={form.softSkills} onChange={(v) => set('softSkills', v)} />
            <ChipInput label="Tools" values={form.tools} onChange={(v) => set('tools', v)} />
            <ChipInput label="Equipment" values={form.equipment} onChange={(v) => set('equipment', v)} />
          </div>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold">Project Settings</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField label="Visibility" value={form.visibility} onChange={(e) => set('visibility', pick(RD_VISIBILITIES, e.target.value, 'public'))}>
              {RD_VISIBILITIES.map((v) => <option key={v} value={v}>{capital(v)}</option>)}
            </SelectField>
            {!create && <SelectField label="Status" value={form.status} onChange={(e) => set('status', pick(statuses, e.target.value, form.status))} hint="Only the changes the project's status allows are offered.">
              {statuses.map((s) => <option key={s} value={s}>{capital(s)}</option>)}
            </SelectField>}
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
