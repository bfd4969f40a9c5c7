import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import {
  CURRENCIES,
  PROFESSIONAL_MESSAGES,
  createProfessionalBody,
  type AdminProfessionalDto,
} from '@app/shared/admin';
import { EXPERTISE_OPTIONS } from '@app/shared/professionals';
import { uniqueTrimmed } from '@app/shared/text';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { hourlyRate } from '../../lib/format.ts';
import { adminApi } from './api.ts';
import { BulkUploadDialog } from './bulk-upload-dialog.tsx';
import { DataTable, Detail, ExportButton, FilterSelect, ListState, Pill, SearchBox, useListState } from './ui.tsx';
import { PHONE_HINT } from '@app/shared/auth';

const KEY = 'admin-professionals';

function ListInput({
  label,
  items,
  setItems,
  draft,
  setDraft,
}: {
  label: string;
  items: string[];
  setItems: (v: string[]) => void;
  draft: string;
  setDraft: (v: string) => void;
}) {
  const add = () => {
    setItems(uniqueTrimmed([...items, draft]));
    setDraft('');
  };
  return (
    <div>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label={label}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </div>
        <Button variant="secondary" onClick={add} aria-label={`Add ${label.toLowerCase()}`}>
          Add
        </Button>
      </div>
      <ul className="mt-2 flex flex-wrap gap-1">
        {items.map((s) => (
          <li key={s} className="flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs">
            {s}
            <button
              type="button"
              aria-label={`Remove ${s}`}
              onClick={() => setItems(items.filter((x) => x !== s))}
              className="text-slate-600"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProfessionalForm({
  initial,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: AdminProfessionalDto | null;
  busy: boolean;
  onSubmit: (body: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const [f, setF] = useState({
    name: initial?.name ?? '',
    email: initial?.email ?? '',
    phone: initial?.phone ?? '',
    title: initial?.title ?? '',
    company: initial?.company ?? '',
    expertise: initial?.expertise ?? '',
    experience: String(initial?.experience ?? ''),
    bio: initial?.bio ?? '',
    hourlyRate: initial?.pricing.hourlyRate == null ? '' : String(initial.pricing.hourlyRate),
    currency: initial?.pricing.currency ?? 'USD',
    linkedin: initial?.socialLinks.linkedin ?? '',
    twitter: initial?.socialLinks.twitter ?? '',
    website: initial?.socialLinks.website ?? '',
  });
  const [specializations, setSpecs] = useState<string[]>(initial?.specializations ?? []);
  const [skills, setSkills] = useState<string[]>(initial?.skills ?? []);
  const [specDraft, setSpecDraft] = useState('');
  const [skillDraft, setSkillDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [key]: e.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: f.name,
      email: f.email,
      phone: f.phone,
      title: f.title,
      company: f.company,
      expertise: f.expertise,
      experience: f.experience === '' ? 0 : Math.trunc(Number(f.experience)),
      bio: f.bio,
      specializations,
      skills,
      pricing: { hourlyRate: f.hourlyRate === '' ? null : Number(f.hourlyRate), currency: f.currency },
      socialLinks: { linkedin: f.linkedin, twitter: f.twitter, website: f.website },
    };
    const parsed = createProfessionalBody.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the form');
    setError(null);
    onSubmit(body);
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" required value={f.name} onChange={set('name')} />
        <TextField label="Email" type="email" required value={f.email} onChange={set('email')} />
        <TextField label="Phone" type="tel" required hint={PHONE_HINT} value={f.phone} onChange={set('phone')} />
        <TextField label="Title" required value={f.title} onChange={set('title')} />
        <TextField label="Company" required value={f.company} onChange={set('company')} />
        <SelectField label="Expertise" required value={f.expertise} onChange={set('expertise')}>
          <option value="">Select expertise</option>
          {EXPERTISE_OPTIONS.map((e) => (
            <option key={e}>{e}</option>
          ))}
        </SelectField>
        <TextField
          label="Years of experience"
          type="number"
          min={0}
          step={1}
          required
          value={f.experience}
          onChange={set('experience')}
        />
        <div className="grid grid-cols-2 gap-2">
          <TextField label="Hourly rate" type="number" min={0} value={f.hourlyRate} onChange={set('hourlyRate')} />
          <SelectField label="Currency" value={f.currency} onChange={set('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </SelectField>
        </div>
      </div>
      <TextArea label="Bio" required rows={3} value={f.bio} onChange={set('bio')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ListInput
          label="Specializations"
          items={specializations}
          setItems={setSpecs}
          draft={specDraft}
          setDraft={setSpecDraft}
        />
        <ListInput label="Skills" items={skills} setItems={setSkills} draft={skillDraft} setDraft={setSkillDraft} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="LinkedIn" type="url" placeholder="https://" value={f.linkedin} onChange={set('linkedin')} />
        <TextField label="Twitter" type="url" placeholder="https://" value={f.twitter} onChange={set('twitter')} />
        <TextField label="Website" type="url" placeholder="https://" value={f.website} onChange={set('website')} />
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : initial ? 'Update Professional' : 'Add Professional'}
        </Button>
      </div>
    </form>
  );
}

export function ProfessionalsTab({ openCreate, onCreateHandled }: { openCreate?: boolean; onCreateHandled?: () => void }) {
  const toast = useToast();
  const qc = useQueryClient();
  const list = useListState({ expertise: 'all' });
  const [editing, setEditing] = useState<AdminProfessionalDto | 'new' | null>(openCreate ? 'new' : null);
  const [viewing, setViewing] = useState<AdminProfessionalDto | null>(null);
  const [deleting, setDeleting] = useState<AdminProfessionalDto | null>(null);
  const [verifying, setVerifying] = useState<AdminProfessionalDto | null>(null);
  const [bulk, setBulk] = useState(false);
  const query = useQuery({
    queryKey: [KEY, list.query],
    queryFn: () => adminApi.professionals(list.query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: [KEY] });

  const save = useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Record<string, unknown> }) =>
      id ? adminApi.updateProfessional(id, body) : adminApi.createProfessional(body),
    onSuccess: (_r, { id }) => {
      toast.success(id ? PROFESSIONAL_MESSAGES.updated : PROFESSIONAL_MESSAGES.created);
      setEditing(null);
      onCreateHandled?.();
      void refresh();
    },
    onError: (error, { id }) =>
      toast.error(`Failed to ${id ? 'update' : 'create'} professional: ${errorMessage(error, 'API request failed')}`),
  });
  const verify = useMutation({
    mutationFn: (p: AdminProfessionalDto) => adminApi.updateProfessional(p._id, { isVerified: !p.isVerified }),
    onSuccess: (r) => {
      toast.success(r.data.professional.isVerified ? PROFESSIONAL_MESSAGES.verified : PROFESSIONAL_MESSAGES.unverified);
      setVerifying(null);
      void refresh();
    },
    onError: (error) => toast.error(`Failed to update verification status: ${errorMessage(error, 'API request failed')}`),
  });
  const remove = useMutation({
    mutationFn: (p: AdminProfessionalDto) => adminApi.deleteProfessional(p._id),
    onSuccess: () => {
      toast.success(PROFESSIONAL_MESSAGES.deleted);
      setDeleting(null);
      void refresh();
    },
    onError: (error) => toast.error(`Failed to delete professional: ${errorMessage(error, 'API request failed')}`),
  });

  const rows = query.data?.data.professionals ?? [];
  const pagination = query.data?.data.pagination;
  return (
    <section aria-labelledby="pros-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pros-heading" className="text-xl font-semibold">
          Professionals
        </h2>
        <div className="flex flex-wrap gap-2">
          <ExportButton kind="professionals" label="Professionals" query={list.query} />
          <Button variant="secondary" onClick={() => setBulk(true)}>
            <Upload aria-hidden="true" className="h-4 w-4" /> Bulk Upload
          </Button>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Add Professional
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <SearchBox label="Search professionals" value={list.search} onChange={list.setSearch} />
        <FilterSelect
          label="Expertise"
          value={list.filters.expertise ?? 'all'}
          onChange={(v) => list.setFilter('expertise', v)}
          options={[{ value: 'all', label: 'All expertise' }, ...EXPERTISE_OPTIONS.map((e) => ({ value: e, label: e }))]}
        />
      </div>
      <ListState query={query} empty={rows.length === 0}>
        <DataTable
          label="Professionals"
          rows={rows}
          rowKey={(p) => p._id}
          onOpen={setViewing}
          columns={[
            {
              header: 'Name / Title',
              cell: (p) => (
                <>
                  <span className="font-medium">{p.name}</span>
                  <span className="block text-xs text-slate-600">{p.title}</span>
                </>
              ),
            },
            {
              header: 'Expertise / Years',
              cell: (p) => (
                <>
                  {p.expertise}
                  <span className="block text-xs text-slate-600">{p.experience} years</span>
                </>
              ),
            },
            { header: 'Company', cell: (p) => p.company },
            {
              header: 'Status',
              cell: (p) => (
                <span className="flex flex-wrap gap-1">
                  <Pill tone={p.isActive ? 'green' : 'slate'}>{p.status}</Pill>
                  {p.isVerified && (
                    <Pill tone="blue">
                      <BadgeCheck aria-hidden="true" className="h-3 w-3" /> Verified
                    </Pill>
                  )}
                </span>
              ),
            },
          ]}
          actions={(p) => (
            <span className="inline-flex flex-wrap gap-1">
              <Button size="sm" variant="ghost" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setVerifying(p)} disabled={verify.isPending}>
                {p.isVerified ? 'Unverify' : 'Verify'}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDeleting(p)} aria-label={`Delete ${p.name}`}>
                <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
              </Button>
            </span>
          )}
        />
        {pagination && (
          <Pagination page={pagination.page} pages={pagination.pages} onChange={list.setPage} label="Professionals pages" />
        )}
      </ListState>
      <Dialog
        open={editing !== null}
        onClose={() => {
          setEditing(null);
          onCreateHandled?.();
        }}
        title={editing === 'new' ? 'Add Professional' : 'Edit Professional'}
        size="xl"
      >
        {editing !== null && (
          <ProfessionalForm
            initial={editing === 'new' ? null : editing}
            busy={save.isPending}
            onCancel={() => {
              setEditing(null);
              onCreateHandled?.();
            }}
            onSubmit={(body) => save.mutate({ id: editing === 'new' ? undefined : editing._id, body })}
          />
        )}
      </Dialog>
      <Dialog
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing?.name ?? ''}
        description={viewing?.title}
        size="lg"
      >
        {viewing && (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Email">{viewing.email}</Detail>
            <Detail label="Phone">{viewing.phone}</Detail>
            <Detail label="Company">{viewing.company}</Detail>
            <Detail label="Expertise">{viewing.expertise}</Detail>
            <Detail label="Experience">{viewing.experience} years</Detail>
            <Detail label="Hourly rate">
              {viewing.pricing.hourlyRate == null ? 'Not set' : hourlyRate(viewing.pricing.hourlyRate, viewing.pricing.currency)}
            </Detail>
            <Detail label="Status">{`${viewing.status}${viewing.isVerified ? ', verified' : ', not verified'}${viewing.isTemporaryPassword ? ', temporary password' : ''}`}</Detail>
            <Detail label="Workshops">{viewing.workshopsCount}</Detail>
            <Detail className="sm:col-span-2" label="Bio">{viewing.bio}</Detail>
            <Detail label="Specializations">{viewing.specializations.join(', ')}</Detail>
            <Detail label="Skills">{viewing.skills.join(', ')}</Detail>
            <Detail className="sm:col-span-2" label="Links">
                {Object.entries(viewing.socialLinks).map(([k, v]) => (
                  <a key={k} href={v} target="_blank" rel="noopener noreferrer" className="me-3 text-brand-700 underline">
                    {k}
                  </a>
                ))}
            </Detail>
          </dl>
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete professional"
        message={`Delete ${deleting?.name ?? ''}? The account is deactivated: it can no longer sign in, its history stays and it can be reactivated.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
      <ConfirmDialog
        open={verifying !== null}
        title={verifying?.isVerified ? 'Remove verification' : 'Verify professional'}
        message={
          verifying?.isVerified
            ? `Remove the verified badge from ${verifying.name}? Students see the change on the public profile at once.`
            : `Verify ${verifying?.name ?? ''}? Students see a verified badge on the public profile: confirm that you have checked who they are.`
        }
        confirmLabel={verifying?.isVerified ? 'Unverify' : 'Verify'}
        tone={verifying?.isVerified ? 'danger' : 'primary'}
        busy={verify.isPending}
        onCancel={() => setVerifying(null)}
        onConfirm={() => verifying && verify.mutate(verifying)}
      />
      <BulkUploadDialog open={bulk} onClose={() => setBulk(false)} onCreated={() => void refresh()} />
    </section>
  );
}
