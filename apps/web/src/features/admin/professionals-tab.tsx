import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import type { AdminProfessionalDto } from '@app/shared/admin';
import { CURRENCIES, PROFESSIONAL_MESSAGES } from '@app/shared/admin-constants';
import { EXPERTISE_OPTIONS } from '@app/shared/professionals';
import { uniqueTrimmed } from '@app/shared/text';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { adminApi } from './api.ts';
import { BulkUploadDialog } from './bulk-upload-dialog.tsx';
import { useSpecText } from './messages.ts';
import { AdminForm, Detail, ExportButton, FilterSelect, ListSection, NameCell, Pill, SearchBox, StatusPill, useListState } from './ui.tsx';

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
  const t = useT();
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
        <Button variant="secondary" onClick={add} aria-label={t('admin.list.addTo', { list: label })}>
          {t('admin.list.add')}
        </Button>
      </div>
      <ul className="mt-2 flex flex-wrap gap-1">
        {items.map((s) => (
          <li key={s} className="flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs">
            <bdi>{s}</bdi>
            <button
              type="button"
              aria-label={t('admin.list.remove', { item: s })}
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
  const t = useT();
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
  const set = (key: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [key]: e.target.value });

  const body = () => ({
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
  });
  return (
    <AdminForm
      schema={() => import('./schemas.ts').then((m) => m.createProfessionalBody)}
      body={body}
      labels={{
        name: t('admin.field.name'),
        email: t('admin.field.email'),
        phone: t('admin.field.phone'),
        title: t('admin.field.title'),
        company: t('admin.field.company'),
        expertise: t('admin.field.expertise'),
        experience: t('admin.professionals.yearsOfExperience'),
        bio: t('admin.professionals.bio'),
        specializations: t('admin.professionals.specializations'),
        skills: t('admin.professionals.skills'),
        'pricing.hourlyRate': t('admin.professionals.hourlyRate'),
        'pricing.currency': t('admin.professionals.currency'),
        'socialLinks.linkedin': t('admin.professionals.linkedin'),
        'socialLinks.twitter': t('admin.professionals.twitter'),
        'socialLinks.website': t('admin.professionals.website'),
      }}
      onSubmit={onSubmit}
      onCancel={onCancel}
      busy={busy}
      submitLabel={initial ? t('admin.professionals.update') : t('admin.professionals.add')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('admin.field.name')} required value={f.name} onChange={set('name')} />
        <TextField label={t('admin.field.email')} type="email" required value={f.email} onChange={set('email')} />
        <TextField label={t('admin.field.phone')} type="tel" required hint={t('auth.signUp.phoneHint')} value={f.phone} onChange={set('phone')} />
        <TextField label={t('admin.field.title')} required value={f.title} onChange={set('title')} />
        <TextField label={t('admin.field.company')} required value={f.company} onChange={set('company')} />
        <SelectField label={t('admin.field.expertise')} required value={f.expertise} onChange={set('expertise')}>
          <option value="">{t('admin.professionals.selectExpertise')}</option>
          {EXPERTISE_OPTIONS.map((e) => (
            <option key={e}>{e}</option>
          ))}
        </SelectField>
        <TextField
          label={t('admin.professionals.yearsOfExperience')}
          type="number"
          min={0}
          step={1}
          required
          value={f.experience}
          onChange={set('experience')}
        />
        <div className="grid grid-cols-2 gap-2">
          <TextField label={t('admin.professionals.hourlyRate')} type="number" min={0} value={f.hourlyRate} onChange={set('hourlyRate')} />
          <SelectField label={t('admin.professionals.currency')} value={f.currency} onChange={set('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </SelectField>
        </div>
      </div>
      <TextArea label={t('admin.professionals.bio')} required rows={3} value={f.bio} onChange={set('bio')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ListInput
          label={t('admin.professionals.specializations')}
          items={specializations}
          setItems={setSpecs}
          draft={specDraft}
          setDraft={setSpecDraft}
        />
        <ListInput label={t('admin.professionals.skills')} items={skills} setItems={setSkills} draft={skillDraft} setDraft={setSkillDraft} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t('admin.professionals.linkedin')} type="url" placeholder={t('admin.professionals.urlPlaceholder')} value={f.linkedin} onChange={set('linkedin')} />
        <TextField label={t('admin.professionals.twitter')} type="url" placeholder={t('admin.professionals.urlPlaceholder')} value={f.twitter} onChange={set('twitter')} />
        <TextField label={t('admin.professionals.website')} type="url" placeholder={t('admin.professionals.urlPlaceholder')} value={f.website} onChange={set('website')} />
      </div>
    </AdminForm>
  );
}

export function ProfessionalsTab({ openCreate, onCreateHandled }: { openCreate?: boolean; onCreateHandled?: () => void }) {
  const t = useT();
  const format = useFormat();
  const spec = useSpecText();
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
  const failed = (what: string, error: unknown) => toast.error(`${what}: ${errorMessage(error, t('common.somethingWrong'))}`);

  const save = useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Record<string, unknown> }) =>
      id ? adminApi.updateProfessional(id, body) : adminApi.createProfessional(body),
    onSuccess: (_r, { id }) => {
      toast.success(spec(id ? PROFESSIONAL_MESSAGES.updated : PROFESSIONAL_MESSAGES.created));
      setEditing(null);
      onCreateHandled?.();
      void refresh();
    },
    onError: (error, { id }) => failed(id ? t('admin.professionals.updateFailed') : t('admin.professionals.createFailed'), error),
  });
  const verify = useMutation({
    mutationFn: (p: AdminProfessionalDto) => adminApi.updateProfessional(p._id, { isVerified: !p.isVerified }),
    onSuccess: (r) => {
      toast.success(spec(r.data.professional.isVerified ? PROFESSIONAL_MESSAGES.verified : PROFESSIONAL_MESSAGES.unverified));
      setVerifying(null);
      void refresh();
    },
    onError: (error) => failed(t('admin.professionals.verifyFailed'), error),
  });
  const remove = useMutation({
    mutationFn: (p: AdminProfessionalDto) => adminApi.deleteProfessional(p._id),
    onSuccess: () => {
      toast.success(spec(PROFESSIONAL_MESSAGES.deleted));
      setDeleting(null);
      void refresh();
    },
    onError: (error) => failed(t('admin.professionals.deleteFailed'), error),
  });

  const closeEditor = () => {
    setEditing(null);
    onCreateHandled?.();
  };
  const title = t('admin.professionals.title');
  const years = (n: number) => t('admin.professionals.years', { count: n });
  return (
    <ListSection
      id="pros"
      title={title}
      tools={
        <>
          <ExportButton kind="professionals" label={title} query={list.query} />
          <Button variant="secondary" onClick={() => setBulk(true)}>
            <Upload aria-hidden="true" className="h-4 w-4" /> {t('admin.professionals.bulkUpload')}
          </Button>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="h-4 w-4" /> {t('admin.professionals.add')}
          </Button>
        </>
      }
      filters={
        <>
          <SearchBox label={t('admin.professionals.search')} value={list.search} onChange={list.setSearch} />
          <FilterSelect
            label={t('admin.field.expertise')}
            value={list.filters.expertise ?? 'all'}
            onChange={(v) => list.setFilter('expertise', v)}
            options={[{ value: 'all', label: t('admin.professionals.allExpertise') }, ...EXPERTISE_OPTIONS.map((e) => ({ value: e, label: e }))]}
          />
        </>
      }
      query={query}
      rows={query.data?.data.professionals ?? []}
      pagination={query.data?.data.pagination}
      onPage={list.setPage}
      table={{
        rowKey: (p) => p._id,
        onOpen: setViewing,
        columns: [
          { header: t('admin.professionals.col.nameTitle'), cell: (p) => <NameCell name={p.name} detail={p.title} /> },
          { header: t('admin.professionals.col.expertiseYears'), cell: (p) => <NameCell name={p.expertise} detail={years(p.experience)} /> },
          { header: t('admin.field.company'), cell: (p) => <bdi>{p.company}</bdi> },
          {
            header: t('admin.field.status'),
            cell: (p) => (
              <span className="flex flex-wrap gap-1">
                <StatusPill active={p.isActive} />
                {p.isVerified && (
                  <Pill tone="blue">
                    <BadgeCheck aria-hidden="true" className="h-3 w-3" /> {t('admin.professionals.verified')}
                  </Pill>
                )}
              </span>
            ),
          },
        ],
        actions: (p) => (
          <span className="inline-flex flex-wrap gap-1">
            <Button size="sm" variant="ghost" onClick={() => setEditing(p)} aria-label={t('admin.action.editNamed', { name: p.name })}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setVerifying(p)} disabled={verify.isPending}>
              {p.isVerified ? t('admin.professionals.unverify') : t('admin.professionals.verify')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDeleting(p)} aria-label={t('admin.action.deleteNamed', { name: p.name })}>
              <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
            </Button>
          </span>
        ),
      }}
    >
      <Dialog
        open={editing !== null}
        onClose={closeEditor}
        title={editing === 'new' ? t('admin.professionals.add') : t('admin.professionals.edit')}
        size="xl"
      >
        {editing !== null && (
          <ProfessionalForm
            initial={editing === 'new' ? null : editing}
            busy={save.isPending}
            onCancel={closeEditor}
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
            <Detail label={t('admin.field.email')}>
              <bdi>{viewing.email}</bdi>
            </Detail>
            <Detail label={t('admin.field.phone')}>{viewing.phone && <bdi dir="ltr">{viewing.phone}</bdi>}</Detail>
            <Detail label={t('admin.field.company')}>{viewing.company && <bdi>{viewing.company}</bdi>}</Detail>
            <Detail label={t('admin.field.expertise')}>{viewing.expertise}</Detail>
            <Detail label={t('admin.professionals.experience')}>{years(viewing.experience)}</Detail>
            <Detail label={t('admin.professionals.hourlyRate')}>
              {viewing.pricing.hourlyRate == null
                ? t('admin.professionals.rateNotSet')
                : t('professionals.rate', {
                    money: format.number(viewing.pricing.hourlyRate, {
                      style: 'currency',
                      currency: viewing.pricing.currency,
                      maximumFractionDigits: 2,
                      minimumFractionDigits: 0,
                    }),
                  })}
            </Detail>
            <Detail label={t('admin.field.status')}>
              {t('admin.professionals.statusLine', {
                active: viewing.isActive ? 'yes' : 'no',
                verified: viewing.isVerified ? 'yes' : 'no',
                temporary: viewing.isTemporaryPassword ? 'yes' : 'no',
              })}
            </Detail>
            <Detail label={t('admin.professionals.workshops')}>{format.number(viewing.workshopsCount)}</Detail>
            <Detail className="sm:col-span-2" label={t('admin.professionals.bio')}>
              {viewing.bio && <span dir="auto">{viewing.bio}</span>}
            </Detail>
            <Detail label={t('admin.professionals.specializations')}>
              {viewing.specializations.length > 0 && <bdi>{format.list(viewing.specializations)}</bdi>}
            </Detail>
            <Detail label={t('admin.professionals.skills')}>
              {viewing.skills.length > 0 && <bdi>{format.list(viewing.skills)}</bdi>}
            </Detail>
            <Detail className="sm:col-span-2" label={t('admin.professionals.links')}>
              {Object.entries(viewing.socialLinks).map(([k, v]) => (
                <a key={k} href={v} target="_blank" rel="noopener noreferrer" className="me-3 text-brand-700 underline">
                  {k === 'linkedin' ? t('admin.professionals.linkedin') : k === 'twitter' ? t('admin.professionals.twitter') : t('admin.professionals.website')}
                </a>
              ))}
            </Detail>
          </dl>
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('admin.professionals.deleteTitle')}
        message={t('admin.professionals.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('admin.action.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
      <ConfirmDialog
        open={verifying !== null}
        title={verifying?.isVerified ? t('admin.professionals.unverifyTitle') : t('admin.professionals.verifyTitle')}
        message={
          verifying?.isVerified
            ? t('admin.professionals.unverifyMessage', { name: verifying.name })
            : t('admin.professionals.verifyMessage', { name: verifying?.name ?? '' })
        }
        confirmLabel={verifying?.isVerified ? t('admin.professionals.unverify') : t('admin.professionals.verify')}
        tone={verifying?.isVerified ? 'danger' : 'primary'}
        busy={verify.isPending}
        onCancel={() => setVerifying(null)}
        onConfirm={() => verifying && verify.mutate(verifying)}
      />
      <BulkUploadDialog open={bulk} onClose={() => setBulk(false)} onCreated={() => void refresh()} />
    </ListSection>
  );
}
