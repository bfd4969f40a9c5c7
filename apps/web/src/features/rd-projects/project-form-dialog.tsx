import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { RD_COMPENSATION_TYPES, RD_CURRENCIES, RD_DEGREE_LEVELS, RD_DOCUMENT_TYPES, RD_MESSAGES, RD_DURATIONS, RD_EXPERIENCE_LEVELS, RD_FIELDS, RD_MAX_POSITIONS, RD_MILESTONE_STATUSES, RD_PRIORITIES, RD_ROLE_TITLES, RD_STATUS_TRANSITIONS, RD_VISIBILITIES, RD_WORK_MODES, type RdStatus } from '@app/shared/rd-project-constants';
import { projectFormError, type AdminProjectDto, type ProjectBodyInput } from '@app/shared/rd-projects';
import { Button } from '../../components/ui/button.tsx';
import { FormDialog } from '../../components/ui/dialog.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import * as rd from './api.ts';
import { ChipInput, selectKey, useRdText } from './rd-ui.tsx';
import type { MessageKey } from '../../lib/i18n.tsx';

/** The project form's checks (shared with the server, which answers in English) as catalogue keys. */
const FORM_ERROR_KEYS: Record<string, MessageKey> = {
  [RD_MESSAGES.titleRequired]: 'rd.form.titleRequired',
  [RD_MESSAGES.summaryRequired]: 'rd.form.summaryRequired',
  [RD_MESSAGES.fieldRequired]: 'rd.form.fieldRequired',
  [RD_MESSAGES.supervisorRequired]: 'rd.form.supervisorRequired',
  [RD_MESSAGES.deadlineRequired]: 'rd.form.deadlineRequired',
  [RD_MESSAGES.endDateRequired]: 'rd.form.endDateRequired',
  [RD_MESSAGES.supervisorEmailInvalid]: 'rd.form.supervisorEmailInvalid',
  [RD_MESSAGES.deadlineFuture]: 'rd.form.deadlineFuture',
  [RD_MESSAGES.endAfterDeadline]: 'rd.form.endAfterDeadline',
};

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
  const text = useRdText();
  const { t } = text;
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
      toast.success(create ? t('rd.form.submittedForReview') : editing ? t('rd.form.updated') : t('rd.form.created'));
      void queryClient.invalidateQueries({ queryKey: create ? ['organisation'] : rd.rdKeys.admin });
      onSaved(saved);
    },
    onError: (e) => {
      const message = errorMessage(e, t('rd.apiFailed'));
      setAlert(message);
      toast.error(t('rd.form.saveFailed', { mode: editing ? 'update' : 'create', reason: message }));
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
      const key = FORM_ERROR_KEYS[error];
      setAlert(key ? t(key) : error);
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
    <FormDialog
      formId="rd-project-form"
      size="xl"
      title={editing ? t('rd.form.editTitle') : t('rd.form.newTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      formClassName="space-y-6"
      cancelLabel={t('rd.admin.cancel')}
      submitLabel={editing ? t('rd.form.update') : t('rd.form.create')}
      pendingLabel={t('rd.admin.saving')}
      pending={save.isPending}
    >
      <div ref={top}>{alert && <Alert kind="error">{alert}</Alert>}</div>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('rd.form.section', { section: 'basic' })}</legend>
        <TextField label={t('rd.form.projectTitle')} dir="auto" required value={form.title} onChange={(e) => set('title', e.target.value)} maxLength={200} />
        <TextArea label={t('rd.detail.summary')} dir="auto" required rows={2} value={form.summary} onChange={(e) => set('summary', e.target.value)} />
        <TextArea label={t('rd.detail.description')} dir="auto" required rows={4} value={form.description} onChange={(e) => set('description', e.target.value)} />
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField label={t('rd.browse.field')} required value={form.field} onChange={(e) => set('field', e.target.value)}>
            <option value="">{t('rd.form.chooseField')}</option>
            {RD_FIELDS.map((f) => <option key={f} value={f}>{text.field(f)}</option>)}
          </SelectField>
          <SelectField label={t('rd.form.priority')} value={form.priority} onChange={(e) => set('priority', pick(RD_PRIORITIES, e.target.value, 'medium'))}>
            {RD_PRIORITIES.map((p) => <option key={p} value={p}>{t('rd.priorityLevel', { priority: p })}</option>)}
          </SelectField>
          <SelectField label={t('rd.browse.duration')} required value={form.duration} onChange={(e) => set('duration', e.target.value)}>
            <option value="">{t('rd.apply.chooseDuration')}</option>
            {RD_DURATIONS.map((d) => <option key={d} value={d}>{text.duration(d)}</option>)}
          </SelectField>
        </div>
        <ChipInput label={t('rd.tags')} values={form.tags} onChange={(v) => set('tags', v)} />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('rd.form.section', { section: 'supervisor' })}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('rd.form.supervisorName')} dir="auto" required value={form.supervisor.name} onChange={(e) => setSup('name', e.target.value)} />
          <TextField label={t('rd.form.supervisorEmail')} dir="ltr" required type="email" value={form.supervisor.email} onChange={(e) => setSup('email', e.target.value)} />
          <TextField label={t('rd.form.supervisorTitle')} dir="auto" required value={form.supervisor.title} onChange={(e) => setSup('title', e.target.value)} />
          <TextField label={t('rd.form.department')} dir="auto" required value={form.supervisor.department} onChange={(e) => setSup('department', e.target.value)} />
        </div>
        <TextArea label={t('rd.form.bio')} dir="auto" rows={2} value={form.supervisor.bio} onChange={(e) => setSup('bio', e.target.value)} />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('rd.form.section', { section: 'objectives' })}</legend>
        {form.objectives.map((o, i) => (
          <div key={i} className="flex items-end gap-2">
            <div className="flex-1"><TextField label={t('rd.form.objective', { number: i + 1 })} dir="auto" value={o} onChange={(e) => set('objectives', form.objectives.map((x, j) => (j === i ? e.target.value : x)))} /></div>
            {form.objectives.length > 1 && (
              <Button variant="ghost" aria-label={t('rd.form.removeObjective', { number: i + 1 })} onClick={() => set('objectives', form.objectives.filter((_, j) => j !== i))}><Trash2 aria-hidden="true" className="h-4 w-4" /></Button>
            )}
          </div>
        ))}
        <Button variant="secondary" size="sm" onClick={() => set('objectives', [...form.objectives, ''])}><Plus aria-hidden="true" className="h-4 w-4" /> {t('rd.form.addObjective')}</Button>
        <h4 className="pt-2 text-sm font-semibold">{t('rd.form.milestones')}</h4>
        {form.milestones.map((m, i) => (
          <div key={i} className="grid gap-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-2">
            <TextField label={t('rd.form.milestoneTitle')} dir="auto" value={m.title} onChange={(e) => setMilestone(i, { title: e.target.value })} />
            <SelectField label={t('rd.admin.status')} value={m.status} onChange={(e) => setMilestone(i, { status: pick(RD_MILESTONE_STATUSES, e.target.value, 'pending') })}>
              {RD_MILESTONE_STATUSES.map((s) => <option key={s} value={s}>{t('rd.milestoneStatus', { status: selectKey(s) })}</option>)}
            </SelectField>
            <TextField label={t('rd.form.dueDate')} type="date" value={m.dueDate} onChange={(e) => setMilestone(i, { dueDate: e.target.value })} />
            <TextField label={t('rd.form.completedOn')} type="date" value={m.completedAt} onChange={(e) => setMilestone(i, { completedAt: e.target.value })} />
            <div className="sm:col-span-2"><TextArea label={t('rd.detail.description')} dir="auto" rows={2} value={m.description} onChange={(e) => setMilestone(i, { description: e.target.value })} /></div>
            <div><Button variant="ghost" size="sm" onClick={() => set('milestones', form.milestones.filter((_, j) => j !== i))}><Trash2 aria-hidden="true" className="h-4 w-4" /> {t('rd.form.removeMilestone')}</Button></div>
          </div>
        ))}
        <Button variant="secondary" size="sm" onClick={() => set('milestones', [...form.milestones, { title: '', description: '', status: 'pending', dueDate: '', completedAt: '' }])}><Plus aria-hidden="true" className="h-4 w-4" /> {t('rd.form.addMilestone')}</Button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('rd.form.section', { section: 'roles' })}</legend>
        {form.roles.map((r, i) => (
          <div key={r._id ?? `new-${i}`} className="space-y-3 rounded-xl border border-slate-200 p-3">
            <div className="flex items-center justify-between">
              <h4 className="font-medium">{t('rd.form.roleHeading', { number: i + 1, role: text.role(r.title) })}</h4>
              <Button variant="ghost" size="sm" disabled={form.roles.length === 1} title={form.roles.length === 1 ? t('rd.form.lastRole') : undefined} onClick={() => set('roles', form.roles.filter((_, j) => j !== i))}>
                <Trash2 aria-hidden="true" className="h-4 w-4" /> {t('rd.form.removeRole')}
              </Button>
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              <SelectField label={t('rd.form.roleTitle')} value={r.title} onChange={(e) => setRole(i, { title: pick(RD_ROLE_TITLES, e.target.value, 'intern') })}>
                {RD_ROLE_TITLES.map((title) => <option key={title} value={title}>{text.role(title)}</option>)}
              </SelectField>
              <TextField label={t('rd.form.maxPositions')} type="number" min={1} max={RD_MAX_POSITIONS} value={r.maxPositions} onChange={(e) => setRole(i, { maxPositions: e.target.value })} />
              <SelectField label={t('rd.browse.workMode')} value={r.workMode} onChange={(e) => setRole(i, { workMode: pick(RD_WORK_MODES, e.target.value, 'remote') })}>
                {RD_WORK_MODES.map((m) => <option key={m} value={m}>{text.workMode(m)}</option>)}
              </SelectField>
              {r.workMode === 'onsite' && <TextField label={t('rd.admin.review.location')} dir="auto" value={r.location} onChange={(e) => setRole(i, { location: e.target.value })} />}
              <SelectField label={t('rd.form.compensation')} value={r.compensationType} onChange={(e) => setRole(i, { compensationType: pick(RD_COMPENSATION_TYPES, e.target.value, 'certificate') })}>
                {RD_COMPENSATION_TYPES.map((c) => <option key={c} value={c}>{t('rd.compensation', { type: c })}</option>)}
              </SelectField>
              {(r.compensationType === 'paid' || r.compensationType === 'stipend') && (
                <>
                  <TextField label={t('rd.form.amount')} type="number" min={0} value={r.amount} onChange={(e) => setRole(i, { amount: e.target.value })} />
                  <SelectField label={t('rd.form.currency')} value={r.currency} onChange={(e) => setRole(i, { currency: pick(RD_CURRENCIES, e.target.value, 'INR') })}>
                    {RD_CURRENCIES.map((c) => <option key={c} value={c}>{c}</option>)}
                  </SelectField>
                </>
              )}
              <SelectField label={t('rd.form.degree')} value={r.degreeLevel} onChange={(e) => setRole(i, { degreeLevel: pick(RD_DEGREE_LEVELS, e.target.value, 'any') })}>
                {RD_DEGREE_LEVELS.map((d) => <option key={d} value={d}>{t('rd.degree', { degree: d })}</option>)}
              </SelectField>
              <TextField label={t('rd.form.minCgpa')} type="number" min={0} max={10} step={0.1} value={r.minCGPA} onChange={(e) => setRole(i, { minCGPA: e.target.value })} />
              <SelectField label={t('rd.form.experience')} value={r.experience} onChange={(e) => setRole(i, { experience: pick(RD_EXPERIENCE_LEVELS, e.target.value, 'none') })}>
                {RD_EXPERIENCE_LEVELS.map((x) => <option key={x} value={x}>{t('rd.experienceLevel', { level: x })}</option>)}
              </SelectField>
            </div>
            <TextArea label={t('rd.form.roleDescription')} dir="auto" rows={2} value={r.description} onChange={(e) => setRole(i, { description: e.target.value })} />
            <div className="grid gap-3 sm:grid-cols-3">
              <ChipInput label={t('rd.form.skills')} values={r.skillsRequired} onChange={(v) => setRole(i, { skillsRequired: v })} />
              <ChipInput label={t('rd.form.languages')} values={r.languages} onChange={(v) => setRole(i, { languages: v })} />
              <ChipInput label={t('rd.form.benefits')} values={r.benefits} onChange={(v) => setRole(i, { benefits: v })} />
            </div>
          </div>
        ))}
        <Button variant="secondary" size="sm" onClick={() => set('roles', [...form.roles, newRole()])}><Plus aria-hidden="true" className="h-4 w-4" /> {t('rd.form.addRole')}</Button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('rd.form.section', { section: 'process' })}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField label={t('rd.admin.deadline')} required type="date" value={form.deadline} onChange={(e) => set('deadline', e.target.value)} />
          <TextField label={t('rd.form.startDate')} type="date" value={form.startDate} onChange={(e) => set('startDate', e.target.value)} />
          <TextField label={t('rd.admin.expectedEnd')} required type="date" value={form.expectedEndDate} onChange={(e) => set('expectedEndDate', e.target.value)} />
        </div>
        <ChipInput label={t('rd.admin.req', { section: 'criteria' })} values={form.selectionCriteria} onChange={(v) => set('selectionCriteria', v)} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" checked={form.interviewRequired} onChange={(e) => set('interviewRequired', e.target.checked)} /> {t('rd.form.interviewRequired')}
        </label>
        <fieldset>
          <legend className="text-sm font-medium">{t('rd.admin.req', { section: 'documents' })}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {RD_DOCUMENT_TYPES.map((d) => (
              <label key={d} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={form.documentsRequired.includes(d)}
                  onChange={(e) => set('documentsRequired', e.target.checked ? [...form.documentsRequired, d] : form.documentsRequired.filter((x) => x !== d))}
                />
                {text.document(d)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <ChipInput label={t('rd.admin.req', { section: 'technical' })} values={form.technicalSkills} onChange={(v) => set('technicalSkills', v)} />
          <ChipInput label={t('rd.admin.req', { section: 'soft' })} values={form.softSkills} onChange={(v) => set('softSkills', v)} />
          <ChipInput label={t('rd.admin.req', { section: 'tools' })} values={form.tools} onChange={(v) => set('tools', v)} />
          <ChipInput label={t('rd.admin.req', { section: 'equipment' })} values={form.equipment} onChange={(v) => set('equipment', v)} />
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('rd.form.section', { section: 'settings' })}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label={t('rd.admin.visibilityLabel')} value={form.visibility} onChange={(e) => set('visibility', pick(RD_VISIBILITIES, e.target.value, 'public'))}>
            {RD_VISIBILITIES.map((v) => <option key={v} value={v}>{t('rd.visibility', { visibility: v })}</option>)}
          </SelectField>
          {!create && <SelectField label={t('rd.admin.status')} value={form.status} onChange={(e) => set('status', pick(statuses, e.target.value, form.status))} hint={t('rd.form.statusHint')}>
            {statuses.map((s) => <option key={s} value={s}>{t('rd.projectStatus', { status: s })}</option>)}
          </SelectField>}
        </div>
      </fieldset>
    </FormDialog>
  );
}
