import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { WORKSHOP_CATEGORIES } from '@app/shared/workshop-constants';
import type { WorkshopDto } from '@app/shared/workshops';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { formatDate } from '../../lib/format.ts';
import { formatInZone } from '../../lib/zoned-time.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { WorkshopForm } from '../workshops/workshop-form.tsx';
import { SeatsBar } from '../workshops/seats-bar.tsx';
import { adminApi } from './api.ts';
import { useWorkshopMutations, workshopsManageApi } from '../workshops/manage-workshops.ts';
import { AttendancePanel, LifecycleActions, PhaseBadge } from '../workshops/lifecycle-ui.tsx';
import { DataTable, Detail, ExportButton, FilterSelect, ListState, SearchBox, useListState } from './ui.tsx';
import { rejectUniversityWorkshop } from '../organisations/api.ts';
import { DecisionDialog, type Pending } from '../organisations/decision-dialog.tsx';

const api = workshopsManageApi('/admin/workshops');
const KEY = 'admin-workshops';

function WorkshopDetails({ workshop, tab, onChanged }: { workshop: WorkshopDto; tab: 'details' | 'registrations'; onChanged: () => unknown }) {
  const viewerZone = useMyTimeZone();
  const when = formatInZone(workshop.schedule.startsAt, workshop.schedule.timezone, viewerZone);
  if (tab === 'registrations') return <AttendancePanel base="/admin/workshops" manage={api} workshop={workshop} onChanged={onChanged} />;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Detail label="Category">{workshop.category}</Detail>
      <Detail label="Level">{workshop.difficulty}</Detail>
      <Detail label="Delivery">{workshop.deliveryMode}</Detail>
      {workshop.organisationName && <Detail label="Audience">{`Only students of ${workshop.organisationName}`}</Detail>}
      <Detail label="Status">
        <PhaseBadge workshop={workshop} />
      </Detail>
      <Detail label="Schedule">
        {`${when.text} – ${workshop.schedule.endTime}`}
        {when.local && <span className="block text-xs text-slate-600">{when.local}</span>}
      </Detail>
      <Detail label="Instructor">
        {workshop.instructor
          ? `${workshop.instructor.name}${workshop.instructor.email ? ` (${workshop.instructor.email})` : ''}`
          : ''}
      </Detail>
      <Detail label="Registrations">{`${workshop.registeredCount}/${workshop.capacity.maxParticipants}`}</Detail>
      <Detail label="Meeting link">
        {workshop.meetingDetails?.link ? (
          <a className="text-brand-700 underline" href={workshop.meetingDetails.link} target="_blank" rel="noopener noreferrer">
            {workshop.meetingDetails.link}
          </a>
        ) : (
          ''
        )}
      </Detail>
      <Detail className="sm:col-span-2" label="Description">{workshop.description}</Detail>
      <Detail label="Tags">{workshop.tags.join(', ')}</Detail>
      <Detail label="Prerequisites">{workshop.prerequisites.join(', ')}</Detail>
      <Detail className="sm:col-span-2" label="Learning outcomes">{workshop.learningOutcomes.join(', ')}</Detail>
    </dl>
  );
}

export function WorkshopsTab({ openCreate, onCreateHandled }: { openCreate?: boolean; onCreateHandled?: () => void }) {
  const qc = useQueryClient();
  const list = useListState({ category: 'all' });
  const [editing, setEditing] = useState<WorkshopDto | 'new' | null>(openCreate ? 'new' : null);
  const [viewing, setViewing] = useState<{ w: WorkshopDto; tab: 'details' | 'registrations' } | null>(null);
  const [deleting, setDeleting] = useState<WorkshopDto | null>(null);
  const [deciding, setDeciding] = useState<Pending | null>(null);
  const query = useQuery({ queryKey: [KEY, list.query], queryFn: () => api.list(list.query), placeholderData: keepPreviousData });
  const instructors = useQuery({ queryKey: [KEY, 'instructors'], queryFn: adminApi.instructors, enabled: editing !== null });
  const refresh = () => qc.invalidateQueries({ queryKey: [KEY] });
  const closeForm = () => {
    setEditing(null);
    onCreateHandled?.();
  };

  const { save, publish, remove } = useWorkshopMutations(api, {
    refresh,
    saved: closeForm,
    deleted: () => setDeleting(null),
  });

  const rows = query.data?.data.workshops ?? [];
  const pagination = query.data?.data.pagination;
  return (
    <section aria-labelledby="ws-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="ws-heading" className="text-xl font-semibold">
          Workshops
        </h2>
        <div className="flex flex-wrap gap-2">
          <ExportButton kind="workshops" label="Workshops" query={list.query} />
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Create Workshop
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <SearchBox label="Search workshops" value={list.search} onChange={list.setSearch} />
        <FilterSelect
          label="Category"
          value={list.filters.category ?? 'all'}
          onChange={(v) => list.setFilter('category', v)}
          options={[{ value: 'all', label: 'All categories' }, ...WORKSHOP_CATEGORIES.map((c) => ({ value: c, label: c }))]}
        />
      </div>
      <ListState query={query} empty={rows.length === 0}>
        <DataTable
          label="Workshops"
          rows={rows}
          rowKey={(w) => w._id}
          onOpen={(w) => setViewing({ w, tab: 'details' })}
          columns={[
            {
              header: 'Title',
              cell: (w) => (
                <>
                  <span className="font-medium">{w.title}</span>
                  <span className="block text-xs text-slate-600">
                    {w.category} · {w.difficulty}
                  </span>
                  {w.organisationName && (
                    <span className="mt-1 inline-block rounded bg-violet-100 px-1.5 py-0.5 text-xs font-medium text-violet-800">
                      Only for students of {w.organisationName}
                      {w.status === 'draft' ? ' · awaiting approval' : ''}
                    </span>
                  )}
                </>
              ),
            },
            { header: 'Instructor', cell: (w) => w.instructor?.name ?? '—' },
            {
              header: 'Schedule',
              cell: (w) => (
                <>
                  {formatDate(w.schedule.date)}
                  <span className="block text-xs text-slate-600">
                    {w.schedule.startTime}–{w.schedule.endTime} {w.schedule.timezone}
                  </span>
                </>
              ),
            },
            {
              header: 'Registrations',
              cell: (w) => {
                return (
                  <div className="min-w-28">
                    <span className="text-sm">
                      {w.registeredCount}/{w.capacity.maxParticipants}
                    </span>
                    <SeatsBar workshop={w} className="mt-1 h-1.5" />
                    <button
                      type="button"
                      className="mt-1 text-xs text-brand-700 underline"
                      onClick={(e) => {
                        e.stopPropagation();
                        setViewing({ w, tab: 'registrations' });
                      }}
                    >
                      View Details
                    </button>
                  </div>
                );
              },
            },
            {
              header: 'Status',
              cell: (w) => <PhaseBadge workshop={w} />,
            },
          ]}
          actions={(w) => (
            <span className="inline-flex flex-wrap gap-1">
              {(w.status === 'draft' || w.status === 'published') && (
                <Button size="sm" variant="ghost" onClick={() => setEditing(w)} aria-label={`Edit ${w.title}`}>
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                </Button>
              )}
              <LifecycleActions base="/admin/workshops" workshop={w} onChanged={refresh} />
              {w.phase === 'draft' || w.phase === 'upcoming' ? (
                <Button size="sm" variant="secondary" onClick={() => publish.mutate(w)} disabled={publish.isPending}>
                  {w.status === 'published' ? 'Unpublish' : 'Publish'}
                </Button>
              ) : null}
              {w.organisationId && w.status === 'draft' && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    setDeciding({
                      title: 'Reject submission',
                      message: `Reject "${w.title}" from ${w.organisationName ?? 'the university'}? It is removed, and the university is told why.`,
                      confirmLabel: 'Reject',
                      needsReason: true,
                      reasonLabel: 'Reason (sent to the university)',
                      run: (reason) => rejectUniversityWorkshop(w._id, reason ?? ''),
                      done: 'Submission rejected. The university has been told why.',
                      after: refresh,
                    })
                  }
                >
                  Reject<span className="sr-only"> {w.title}</span>
                </Button>
              )}
              {(w.status === 'draft' || w.status === 'published') && (
                <Button size="sm" variant="ghost" onClick={() => setDeleting(w)} aria-label={`Delete ${w.title}`}>
                  <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
                </Button>
              )}
            </span>
          )}
        />
        {pagination && (
          <Pagination page={pagination.page} pages={pagination.pages} onChange={list.setPage} label="Workshops pages" />
        )}
      </ListState>
      <Dialog
        open={editing !== null}
        onClose={closeForm}
        title={editing === 'new' ? 'Create Workshop' : 'Edit Workshop'}
        size="xl"
      >
        {editing !== null && (
          <WorkshopForm
            mode="admin"
            initial={editing === 'new' ? null : editing}
            instructors={instructors.data?.data.professionals ?? []}
            busy={save.isPending}
            onCancel={closeForm}
            onSubmit={(value) => save.mutate({ id: editing === 'new' ? undefined : editing._id, value })}
          />
        )}
      </Dialog>
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.w.title ?? ''} size="lg">
        {viewing && (
          <>
            <Tabs
              idPrefix="workshop-detail"
              label="Workshop"
              value={viewing.tab}
              onChange={(tab) => setViewing({ ...viewing, tab })}
              items={[
                { id: 'details', label: 'Workshop Details' },
                { id: 'registrations', label: 'Registrations' },
              ]}
            />
            <div className="pt-4">
              <TabPanel idPrefix="workshop-detail" id={viewing.tab}>
                <WorkshopDetails workshop={viewing.w} tab={viewing.tab} onChanged={refresh} />
              </TabPanel>
            </div>
          </>
        )}
      </Dialog>
      <DecisionDialog pending={deciding} onClose={() => setDeciding(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete workshop"
        message={`Delete "${deleting?.title ?? ''}"? A workshop with registrations is cancelled instead, and its registered students are told.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
