import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { AdminStudentDto } from '@app/shared/admin';
import { STUDENT_MESSAGES } from '@app/shared/admin-constants';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { useDebounced } from '../../lib/hooks.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { adminApi } from './api.ts';
import { useSpecText } from './messages.ts';
import { MfaResetButton } from './mfa-reset.tsx';
import { AdminForm, Detail, ExportButton, FilterSelect, ListSection, NameCell, SearchBox, StatusPill, useListState } from './ui.tsx';

const KEY = 'admin-students';

function AddStudentForm({
  busy,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  onSubmit: (body: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const [f, setF] = useState({
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    university: '',
    course: '',
    department: '',
    year: '1',
    rollNumber: '',
  });
  const set = (key: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [key]: e.target.value });
  return (
    <AdminForm
      schema={() => import('./schemas.ts').then((m) => m.createStudentBody)}
      body={() => ({ ...f, year: Number(f.year) })}
      labels={Object.fromEntries(
        (['firstName', 'lastName', 'email', 'phone', 'university', 'course', 'department', 'year', 'rollNumber'] as const).map((k) => [
          k,
          t(`admin.field.${k}`),
        ]),
      )}
      onSubmit={onSubmit}
      onCancel={onCancel}
      busy={busy}
      submitLabel={t('admin.students.add')}
    >
      <p className="text-sm text-slate-700">{t('admin.students.inviteNote')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('admin.field.firstName')} required value={f.firstName} onChange={set('firstName')} />
        <TextField label={t('admin.field.lastName')} required value={f.lastName} onChange={set('lastName')} />
        <TextField label={t('admin.field.email')} type="email" required value={f.email} onChange={set('email')} />
        <TextField label={t('admin.field.phone')} type="tel" hint={t('auth.signUp.phoneHint')} value={f.phone} onChange={set('phone')} />
        <TextField label={t('admin.field.university')} required value={f.university} onChange={set('university')} />
        <TextField label={t('admin.field.course')} required value={f.course} onChange={set('course')} />
        <TextField label={t('admin.field.department')} value={f.department} onChange={set('department')} />
        <SelectField label={t('admin.field.year')} required value={f.year} onChange={set('year')}>
          {[1, 2, 3, 4, 5, 6].map((y) => (
            <option key={y} value={y}>
              {format.number(y)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('admin.field.rollNumber')} required value={f.rollNumber} onChange={set('rollNumber')} />
      </div>
    </AdminForm>
  );
}

export function StudentsTab() {
  const t = useT();
  const format = useFormat();
  const spec = useSpecText();
  const toast = useToast();
  const qc = useQueryClient();
  const list = useListState({ status: 'all' });
  const [university, setUniversity] = useState('');
  const uni = useDebounced(university, 500);
  const query = useQuery({
    queryKey: [KEY, list.query, uni],
    queryFn: () => adminApi.students({ ...list.query, university: uni || undefined }),
    placeholderData: keepPreviousData,
  });
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<AdminStudentDto | null>(null);
  const [toggling, setToggling] = useState<AdminStudentDto | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: [KEY] });
  const failed = (key: 'admin.students.createFailed' | 'admin.students.statusFailed') => (error: unknown) =>
    toast.error(`${t(key)}: ${errorMessage(error, t('common.somethingWrong'))}`);
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => adminApi.createStudent(body),
    onSuccess: () => {
      toast.success(spec(STUDENT_MESSAGES.created));
      setAdding(false);
      void refresh();
    },
    onError: failed('admin.students.createFailed'),
  });
  const status = useMutation({
    mutationFn: (s: AdminStudentDto) => adminApi.setUserStatus(s._id, !s.isActive),
    onSuccess: (r) => {
      toast.success(spec(r.data.isActive ? STUDENT_MESSAGES.reactivated : STUDENT_MESSAGES.deactivated));
      setToggling(null);
      setViewing(null);
      void refresh();
    },
    onError: failed('admin.students.statusFailed'),
  });
  const exportQuery = { ...list.query, university: uni || undefined };
  const title = t('admin.students.title');
  const yearOf = (year: number | null | undefined) => (year ? t('admin.students.year', { year }) : '');
  return (
    <ListSection
      id="students"
      title={title}
      tools={
        <>
          <ExportButton kind="students" label={title} query={exportQuery} />
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" /> {t('admin.students.add')}
          </Button>
        </>
      }
      filters={
        <>
          <SearchBox label={t('admin.students.search')} value={list.search} onChange={list.setSearch} />
          <input
            aria-label={t('admin.field.university')}
            placeholder={t('admin.field.university')}
            value={university}
            dir="auto"
            onChange={(e) => {
              setUniversity(e.target.value);
              list.setPage(1);
            }}
            className="rounded-lg border border-slate-500 px-3 py-2 text-sm"
          />
          <FilterSelect
            label={t('admin.field.status')}
            value={list.filters.status ?? 'all'}
            onChange={(v) => list.setFilter('status', v)}
            options={[
              { value: 'all', label: t('admin.status.all') },
              { value: 'active', label: t('admin.status.active') },
              { value: 'inactive', label: t('admin.status.inactive') },
            ]}
          />
        </>
      }
      query={query}
      rows={query.data?.data.students ?? []}
      pagination={query.data?.data.pagination}
      onPage={list.setPage}
      table={{
        rowKey: (s) => s._id,
        onOpen: setViewing,
        columns: [
          { header: t('admin.students.col.nameEmail'), cell: (s) => <NameCell name={s.name} detail={<bdi>{s.email}</bdi>} /> },
          {
            header: t('admin.field.university'),
            cell: (s) => (
              <NameCell
                name={s.university ?? '—'}
                detail={[s.department ?? s.course, yearOf(s.year)].filter(Boolean).join(' · ')}
              />
            ),
          },
          {
            header: t('admin.students.col.activity'),
            cell: (s) => t('admin.students.activity', { workshops: s.registeredWorkshops, connections: s.connectedProfessionals }),
          },
          { header: t('admin.field.status'), cell: (s) => <StatusPill active={s.isActive} /> },
        ],
        actions: (s) => (
          <span className="inline-flex flex-wrap gap-1">
            <Button size="sm" variant="secondary" onClick={() => setViewing(s)}>
              {t('admin.action.view')}
            </Button>
            <Button size="sm" variant={s.isActive ? 'danger' : 'secondary'} onClick={() => setToggling(s)}>
              {s.isActive ? t('admin.action.deactivate') : t('admin.action.reactivate')}
            </Button>
          </span>
        ),
      }}
    >
      <Dialog open={adding} onClose={() => setAdding(false)} title={t('admin.students.add')} size="lg">
        {adding && (
          <AddStudentForm busy={create.isPending} onCancel={() => setAdding(false)} onSubmit={(b) => create.mutate(b)} />
        )}
      </Dialog>
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.name ?? ''} description={viewing?.email}>
        {viewing && (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label={t('admin.field.phone')}>{viewing.phone && <bdi dir="ltr">{viewing.phone}</bdi>}</Detail>
            <Detail label={t('admin.field.university')}>{viewing.university && <bdi>{viewing.university}</bdi>}</Detail>
            <Detail label={t('admin.field.course')}>{viewing.course && <bdi>{viewing.course}</bdi>}</Detail>
            <Detail label={t('admin.field.department')}>{viewing.department && <bdi>{viewing.department}</bdi>}</Detail>
            <Detail label={t('admin.field.year')}>{viewing.year ? format.number(viewing.year) : ''}</Detail>
            <Detail label={t('admin.field.rollNumber')}>{viewing.rollNumber && <bdi>{viewing.rollNumber}</bdi>}</Detail>
            <Detail label={t('admin.students.registeredWorkshops')}>{format.number(viewing.registeredWorkshops)}</Detail>
            <Detail label={t('admin.students.connectedProfessionals')}>{format.number(viewing.connectedProfessionals)}</Detail>
            <Detail label={t('admin.field.status')}>{viewing.isActive ? t('admin.status.isActive') : t('admin.status.isInactive')}</Detail>
            <Detail label={t('admin.students.joined')}>{formatDate(viewing.createdAt)}</Detail>
          </dl>
        )}
        {viewing && (
          <div className="mt-4 flex justify-end">
            <MfaResetButton userId={viewing._id} name={viewing.name} />
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={toggling !== null}
        title={toggling?.isActive ? t('admin.students.deactivateTitle') : t('admin.students.reactivateTitle')}
        message={
          toggling?.isActive
            ? t('admin.students.deactivateMessage', { name: toggling.name })
            : t('admin.students.reactivateMessage', { name: toggling?.name ?? '' })
        }
        confirmLabel={toggling?.isActive ? t('admin.action.deactivate') : t('admin.action.reactivate')}
        busy={status.isPending}
        onCancel={() => setToggling(null)}
        onConfirm={() => toggling && status.mutate(toggling)}
      />
    </ListSection>
  );
}
