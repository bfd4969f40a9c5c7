import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { STUDENT_MESSAGES, createStudentBody, type AdminStudentDto } from '@app/shared/admin';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { Alert, SelectField, TextField } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { useDebounced } from '../../lib/hooks.ts';
import { adminApi } from './api.ts';
import { MfaResetButton } from './mfa-reset.tsx';
import { DataTable, Detail, ExportButton, FilterSelect, ListState, Pill, SearchBox, useListState } from './ui.tsx';
import { PHONE_HINT } from '@app/shared/auth';

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
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [key]: e.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...f, year: Number(f.year) };
    const parsed = createStudentBody.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the form');
    setError(null);
    onSubmit(body);
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {error && <Alert kind="error">{error}</Alert>}
      <p className="text-sm text-slate-700">
        The student receives an e-mail with a link to choose their password (it works once, for 7 days). No password is ever sent by e-mail.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" required value={f.firstName} onChange={set('firstName')} />
        <TextField label="Last name" required value={f.lastName} onChange={set('lastName')} />
        <TextField label="Email" type="email" required value={f.email} onChange={set('email')} />
        <TextField label="Phone" type="tel" hint={PHONE_HINT} value={f.phone} onChange={set('phone')} />
        <TextField label="University" required value={f.university} onChange={set('university')} />
        <TextField label="Course" required value={f.course} onChange={set('course')} />
        <TextField label="Department" value={f.department} onChange={set('department')} />
        <SelectField label="Year" required value={f.year} onChange={set('year')}>
          {[1, 2, 3, 4, 5, 6].map((y) => (
            <option key={y}>{y}</option>
          ))}
        </SelectField>
        <TextField label="Roll number" required value={f.rollNumber} onChange={set('rollNumber')} />
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Add Student'}
        </Button>
      </div>
    </form>
  );
}

export function StudentsTab() {
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
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => adminApi.createStudent(body),
    onSuccess: () => {
      toast.success(STUDENT_MESSAGES.created);
      setAdding(false);
      void refresh();
    },
    onError: (error) => toast.error(`Failed to create student: ${errorMessage(error, 'API request failed')}`),
  });
  const status = useMutation({
    mutationFn: (s: AdminStudentDto) => adminApi.setUserStatus(s._id, !s.isActive),
    onSuccess: (r) => {
      toast.success(r.data.isActive ? STUDENT_MESSAGES.reactivated : STUDENT_MESSAGES.deactivated);
      setToggling(null);
      setViewing(null);
      void refresh();
    },
    onError: (error) => toast.error(`Failed to update student status: ${errorMessage(error, 'API request failed')}`),
  });
  const rows = query.data?.data.students ?? [];
  const pagination = query.data?.data.pagination;
  const exportQuery = { ...list.query, university: uni || undefined };
  return (
    <section aria-labelledby="students-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="students-heading" className="text-xl font-semibold">
          Students
        </h2>
        <div className="flex flex-wrap gap-2">
          <ExportButton kind="students" label="Students" query={exportQuery} />
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Add Student
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <SearchBox label="Search students" value={list.search} onChange={list.setSearch} />
        <input
          aria-label="University"
          placeholder="University"
          value={university}
          onChange={(e) => {
            setUniversity(e.target.value);
            list.setPage(1);
          }}
          className="rounded-lg border border-slate-500 px-3 py-2 text-sm"
        />
        <FilterSelect
          label="Status"
          value={list.filters.status ?? 'all'}
          onChange={(v) => list.setFilter('status', v)}
          options={[
            { value: 'all', label: 'All statuses' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
        />
      </div>
      <ListState query={query} empty={rows.length === 0}>
        <DataTable
          label="Students"
          rows={rows}
          rowKey={(s) => s._id}
          onOpen={setViewing}
          columns={[
            {
              header: 'Name / Email',
              cell: (s) => (
                <>
                  <span className="font-medium">{s.name}</span>
                  <span className="block text-xs text-slate-600">{s.email}</span>
                </>
              ),
            },
            {
              header: 'University',
              cell: (s) => (
                <>
                  {s.university ?? '—'}
                  <span className="block text-xs text-slate-600">
                    {[s.department ?? s.course, s.year ? `Year ${s.year}` : ''].filter(Boolean).join(' · ')}
                  </span>
                </>
              ),
            },
            { header: 'Activity', cell: (s) => `${s.registeredWorkshops} workshops · ${s.connectedProfessionals} connections` },
            { header: 'Status', cell: (s) => <Pill tone={s.isActive ? 'green' : 'slate'}>{s.status}</Pill> },
          ]}
          actions={(s) => (
            <span className="inline-flex flex-wrap gap-1">
              <Button size="sm" variant="secondary" onClick={() => setViewing(s)}>
                View
              </Button>
              <Button size="sm" variant={s.isActive ? 'danger' : 'secondary'} onClick={() => setToggling(s)}>
                {s.isActive ? 'Deactivate' : 'Reactivate'}
              </Button>
            </span>
          )}
        />
        {pagination && (
          <Pagination page={pagination.page} pages={pagination.pages} onChange={list.setPage} label="Students pages" />
        )}
      </ListState>
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add Student" size="lg">
        {adding && (
          <AddStudentForm busy={create.isPending} onCancel={() => setAdding(false)} onSubmit={(b) => create.mutate(b)} />
        )}
      </Dialog>
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.name ?? ''} description={viewing?.email}>
        {viewing && (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Phone">{viewing.phone}</Detail>
            <Detail label="University">{viewing.university}</Detail>
            <Detail label="Course">{viewing.course}</Detail>
            <Detail label="Department">{viewing.department}</Detail>
            <Detail label="Year">{viewing.year ? String(viewing.year) : ''}</Detail>
            <Detail label="Roll number">{viewing.rollNumber}</Detail>
            <Detail label="Registered workshops">{String(viewing.registeredWorkshops)}</Detail>
            <Detail label="Connected professionals">{String(viewing.connectedProfessionals)}</Detail>
            <Detail label="Status">{viewing.status}</Detail>
            <Detail label="Joined">{formatDate(viewing.createdAt)}</Detail>
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
        title={toggling?.isActive ? 'Deactivate student' : 'Reactivate student'}
        message={
          toggling?.isActive
            ? `Deactivate ${toggling.name}? They are signed out everywhere and cannot sign in; their data stays.`
            : `Reactivate ${toggling?.name ?? ''}? They can sign in again.`
        }
        confirmLabel={toggling?.isActive ? 'Deactivate' : 'Reactivate'}
        busy={status.isPending}
        onCancel={() => setToggling(null)}
        onConfirm={() => toggling && status.mutate(toggling)}
      />
    </section>
  );
}
